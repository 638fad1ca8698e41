"""`ReportsPanel`: the table captains' reports waiting in the director's window.

Each report a table sends from its phone waits here until the director decides: Enter accepts
the selected one, E edits it first (`EditReportDialog`), Delete rejects it. Every decision is one
service call on the station's worker (`bus.submit`); the list is read there too, again whenever a
change touches the reports. An accepted bust is pushed on the station's undo stack, so Undo
reverses it as the usual bust undo (and Redo records it again).
The panel hides itself while nothing waits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp import formats
from clockapp.core.captains import MAX_CHIPS, NOTE_MAX, Report, ReportKind
from clockapp.errors import DomainError
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.captains import Accepted, TableReport
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.services.chip_race import RacePlayer, RaceTable
from clockapp.services.results.views import BustReport
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.errors import report as report_error
from clockapp.ui.table_model import AnyIndex, RowTableModel
from clockapp.ui.undo import UndoHistory
from clockapp.ui.undo_step import UndoStep

COLUMNS = (N_("Table"), N_("Received"), N_("Report"))
#: What makes the list worth reading again: only the reports' own changes (a buy-in or a seat
#: move must not cost the station a read; an edit's players are checked again as it is accepted).
READ_ON = Change.REPORTS
#: The reason kept on an undone bust that a captain reported.
UNDO_REASON = "undo of a captain's report"


@dataclass(frozen=True)
class ReportsRead:
    """What the panel shows: the reports waiting, and each table's players (for an edit)."""

    reports: tuple[TableReport, ...]
    tables: tuple[RaceTable, ...]


def read_reports(services: Services, tournament_id: int) -> ReportsRead:
    """The reports waiting and the tables' players, in one read (on the worker)."""
    reports = services.captains.reports(tournament_id)
    tables = services.chip_counts.tables(tournament_id) if reports else ()
    return ReportsRead(reports, tables)


class ReportsModel(RowTableModel[TableReport]):
    """The reports waiting, oldest first."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(tuple(_(column) for column in COLUMNS), parent)

    def set_reports(self, reports: tuple[TableReport, ...]) -> None:
        """Show these reports (the views keep their selection where the rows stay)."""
        self._update_rows(reports, key=lambda r: r.id)

    def reports(self) -> tuple[TableReport, ...]:
        """The reports shown."""
        return self._rows

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The table, the time it came in, the report in a sentence."""
        item = self.row_at(index)
        if item is None or role != Qt.ItemDataRole.DisplayRole:
            return None
        column = index.column()
        if column == 0:
            return item.label
        if column == 1:
            return formats.time_of_day(item.received_at.astimezone())
        return item.text


class ReportsView(QTableView):
    """The list; its keys (Enter, Delete, E) win over the window's shortcuts while it has focus."""

    KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Delete, Qt.Key.Key_E)

    def __init__(self, on_key: Callable[[Qt.Key], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._on_key = on_key

    def event(self, event: QEvent) -> bool:
        """Take the panel's keys before the window's shortcuts (E opens the structure editor)."""
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self._ours(event)
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter accepts, E edits, Delete rejects the selected report."""
        if self._ours(event):
            self._on_key(Qt.Key(event.key()))
            event.accept()
            return
        super().keyPressEvent(event)

    def _ours(self, event: QKeyEvent) -> bool:
        plain = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        return event.key() in self.KEYS and plain == Qt.KeyboardModifier.NoModifier


class ReportsPanel(QGroupBox):
    """The reports waiting, and the director's three answers to the selected one."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        history: UndoHistory | None,
        on_error: Callable[[str], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Reports from the tables"), parent)
        self.setObjectName("reports_panel")
        self._services = services
        self._bus = bus
        self._history = history
        self._on_error = on_error
        self.held = ReportsRead((), ())
        self.edit_dialog: EditReportDialog | None = None
        self._setup_ui()
        self._read = LatestRead(
            bus, lambda: read_reports(services, bus.tournament_id), self.show_read, self._failed
        )
        bus.changed.connect(self._on_bus_changed)
        self.hide()
        self._read.ask()

    def _setup_ui(self) -> None:
        column = QVBoxLayout(self)
        self.summary = QLabel("")
        self.summary.setObjectName("reports_summary")
        column.addWidget(self.summary)
        self.model = ReportsModel(self)
        self.view = ReportsView(self._on_view_key)
        self.view.setObjectName("reports_view")
        self.view.setAccessibleName(_("Reports from the tables"))
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.view.setMaximumHeight(160)
        column.addWidget(self.view)
        buttons = QHBoxLayout()
        self.accept_button = QPushButton(_("Accept (Enter)"))
        self.accept_button.setObjectName("accept_report")
        self.edit_button = QPushButton(_("Edit… (E)"))
        self.edit_button.setObjectName("edit_report")
        self.reject_button = QPushButton(_("Reject (Delete)"))
        self.reject_button.setObjectName("reject_report")
        for button in (self.accept_button, self.edit_button, self.reject_button):
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            buttons.addWidget(button)
        column.addLayout(buttons)
        self.accept_button.clicked.connect(lambda _=False: self.accept_selected())
        self.edit_button.clicked.connect(lambda _=False: self.edit_selected())
        self.reject_button.clicked.connect(lambda _=False: self.reject_selected())

    # ---------------------------------------------------------------- reading

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(READ_ON):
            self._read.ask()

    def show_read(self, held: ReportsRead) -> None:
        """Show the reports read (the first one selected when nothing was)."""
        self.held = held
        self.model.set_reports(held.reports)
        count = len(held.reports)
        self.summary.setText(
            ngettext(
                "{count} report waits: Enter accepts, E edits, Delete rejects.",
                "{count} reports wait: Enter accepts, E edits, Delete rejects.",
                count,
            ).format(count=count)
        )
        if count and not self.view.selectionModel().hasSelection():
            self.view.selectRow(0)
        self.setVisible(bool(count))

    def _failed(self, error: Exception) -> None:
        if isinstance(error, DomainError):
            self._on_error(str(error))
        else:
            report_error(error, self)

    # ---------------------------------------------------------------- deciding

    def selected(self) -> TableReport | None:
        """The report selected (None: none)."""
        rows = self.view.selectionModel().selectedRows()
        return self.model.row_at(rows[0]) if rows else None

    def _on_view_key(self, key: Qt.Key) -> None:
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.accept_selected()
        elif key == Qt.Key.Key_Delete:
            self.reject_selected()
        else:
            self.edit_selected()

    def accept_selected(self) -> bool:
        """Accept the selected report on the worker; False when nothing was asked."""
        chosen = self.selected()
        return chosen is not None and self.accept_report(chosen.id)

    def accept_report(self, report_id: int, edited: Report | None = None) -> bool:
        """Accept one report (as `edited`) on the worker; False when nothing was asked."""
        tid, captains = self._bus.tournament_id, self._services.captains
        return self._bus.submit(
            lambda: captains.accept(tid, report_id, edited),
            lambda accepted: self._on_accepted(tid, accepted),
            self._failed,
            control=self.accept_button,
            key=(ReportsPanel, "decide"),
            asker=self,
        )

    def reject_selected(self) -> bool:
        """Reject the selected report on the worker; False when nothing was asked."""
        chosen = self.selected()
        if chosen is None:
            return False
        tid, captains = self._bus.tournament_id, self._services.captains
        return self._bus.submit(
            lambda: captains.reject(tid, chosen.id),
            None,
            self._failed,
            control=self.reject_button,
            key=(ReportsPanel, "decide"),
            asker=self,
        )

    def edit_selected(self) -> EditReportDialog | None:
        """Open the selected report to edit; OK accepts it as edited."""
        chosen = self.selected()
        if chosen is None:
            return None
        table = next((t for t in self.held.tables if t.number == chosen.table_number), None)
        players = table.players if table is not None else ()
        dialog = EditReportDialog(chosen, players, self)
        dialog.accepted.connect(lambda: self._on_edit_accepted(chosen.id, dialog))
        dialog.finished.connect(dialog.deleteLater)
        self.edit_dialog = dialog
        dialog.open()
        return dialog

    def _on_edit_accepted(self, report_id: int, dialog: EditReportDialog) -> None:
        try:
            edited = dialog.edited()
        except DomainError as error:
            self._on_error(str(error))
            return
        self.accept_report(report_id, edited)

    def _on_accepted(self, tid: int, accepted: Accepted) -> None:
        self._on_error("")
        bust = accepted.bust
        if bust is None or self._history is None or tid != self._bus.tournament_id:
            return
        self._history.stack.push(self._bust_step(tid, accepted.report.report, bust, accepted))

    def _bust_step(
        self, tid: int, report: Report, bust: BustReport, accepted: Accepted
    ) -> UndoStep:
        """The accepted bust as a step of the undo stack: the usual bust undo, and a redo."""
        results = self._services.results
        assert report.busted is not None
        busted, busted_by = report.busted, report.busted_by
        recorded = list(bust.bust_ids)

        def undo() -> Outcome[BustReport]:
            return results.undo_bust(tid, busted, UNDO_REASON, recorded[0] if recorded else None)

        def redo() -> Outcome[BustReport]:
            again = results.bust(tid, busted, busted_by=busted_by, follow_seating=True)
            recorded[:] = again.value.bust_ids
            return again

        return UndoStep(
            _("Bust reported from {table}").format(table=accepted.report.label), redo, undo
        )


class EditReportDialog(QDialog):
    """One report, as the director corrects it before accepting it."""

    def __init__(
        self, report: TableReport, players: tuple[RacePlayer, ...], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Edit the report from {table}").format(table=report.label))
        self._report = report.report
        self._players = players
        form = QFormLayout(self)
        form.addRow(QLabel(report.text))
        self.busted: QComboBox | None = None
        self.busted_by: QComboBox | None = None
        self.spins: dict[int, QSpinBox] = {}
        self.note: QLineEdit | None = None
        kind = self._report.kind
        if kind is ReportKind.BUST:
            self.busted = self._players_box(self._report.busted, "")
            self.busted_by = self._players_box(self._report.busted_by, _("Not said"))
            form.addRow(_("Out:"), self.busted)
            form.addRow(_("Busted by:"), self.busted_by)
        elif kind is ReportKind.CHIP_COUNTS:
            counted = dict(self._report.counts)
            for player in players:
                spin = QSpinBox()
                spin.setRange(0, min(MAX_CHIPS, 2**31 - 1))
                spin.setGroupSeparatorShown(True)
                spin.setValue(counted.get(player.registration_id, 0))
                self.spins[player.registration_id] = spin
                form.addRow(
                    _("Seat {seat}: {name}").format(seat=player.seat, name=player.name), spin
                )
        else:
            self.note = QLineEdit(self._report.note)
            self.note.setMaxLength(NOTE_MAX)
            form.addRow(_("Note:"), self.note)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(_("Accept as edited"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _players_box(self, chosen: int | None, blank: str) -> QComboBox:
        box = QComboBox()
        if blank:
            box.addItem(blank, None)
        for player in self._players:
            box.addItem(
                _("Seat {seat}: {name}").format(seat=player.seat, name=player.name),
                player.registration_id,
            )
        index = box.findData(chosen)
        box.setCurrentIndex(max(0, index))
        return box

    def edited(self) -> Report:
        """The report as edited (a `CaptainError` when it no longer makes sense)."""
        base = self._report
        if self.busted is not None and self.busted_by is not None:
            return Report(
                base.kind,
                base.table_number,
                busted=self.busted.currentData(),
                busted_by=self.busted_by.currentData(),
            )
        if self.spins:
            counts = tuple((rid, spin.value()) for rid, spin in self.spins.items() if spin.value())
            return Report(base.kind, base.table_number, counts=counts)
        note = self.note.text().strip() if self.note is not None else base.note
        return Report(base.kind, base.table_number, player=base.player, note=note)
