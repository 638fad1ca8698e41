"""The night's bad beats, the least likely first ("1 in 990"): the worst-beat award is objective.

A `BeatsModel` over the service's ranked `BeatView`s, in a small window that follows the bus.
The ranking is read on the station's worker, never on the GUI thread.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from clockapp.i18n import N_, pgettext
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.services.showdown import BeatView
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.errors import message_for
from clockapp.ui.table_model import AnyIndex, RowTableModel

HEADERS = (
    N_("#"),
    N_("Chance"),
    N_("Won by"),
    N_("Beaten"),
    pgettext("bad beats column: the street the money went in on", "All in on the"),
)


class BeatsModel(RowTableModel[BeatView]):
    """One row per bad-beat candidate, ranked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tuple(_(h) for h in HEADERS), parent)

    def set_beats(self, beats: Sequence[BeatView]) -> None:
        """Show `beats` (already ranked)."""
        self._set_rows(beats)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """The rank, the chance, the winner, who was beaten and the street."""
        beat = self.row_at(index)
        if beat is None or role != Qt.ItemDataRole.DisplayRole:
            return None
        values = (
            str(index.row() + 1),
            beat.odds,
            beat.winner,
            ", ".join(beat.beaten),
            beat.street,
        )
        return values[index.column()]


class BeatsWindow(QDialog):
    """The ranked bad beats of the bus's tournament."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("The night's worst beats"))
        self.setObjectName("beats_window")
        self._services = services
        self._bus = bus
        root = QVBoxLayout(self)
        self.summary_label = QLabel("")
        self.summary_label.setWordWrap(True)
        root.addWidget(self.summary_label)
        self.model = BeatsModel(self)
        self.table = QTableView(self)
        self.table.setAccessibleName(_("Bad beats"))
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        root.addWidget(self.table, 1)
        self.resize(640, 320)
        self._reading = LatestRead(bus, self._read, self._on_read, self._on_read_failed)
        bus.changed.connect(self._on_bus_changed)
        self.refresh()

    def refresh(self) -> None:
        """Read the ranking again, on the station's worker; shown when it answers."""
        self._reading.ask()

    def _read(self) -> Sequence[BeatView]:
        """On the worker."""
        return self._services.showdown.beats(self._bus.tournament_id)

    def _on_read(self, beats: Sequence[BeatView]) -> None:
        self.model.set_beats(beats)
        if beats:
            worst = beats[0]
            self.summary_label.setText(
                _(
                    "The worst beat so far: {winner} against {beaten}, {odds} when the money "
                    "went in on the {street}."
                ).format(
                    winner=worst.winner,
                    beaten=", ".join(worst.beaten),
                    odds=worst.odds,
                    street=worst.street,
                )
            )
        else:
            self.summary_label.setText(
                _(
                    "No bad beat recorded yet: record one from a showdown on the wall "
                    "(Ctrl+Shift+V) or from the rulings window."
                )
            )

    def _on_read_failed(self, error: Exception) -> None:
        self.summary_label.setText(
            _("The bad beats could not be read: {error}").format(error=message_for(error))
        )

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(Change.ENTRIES) and self.isVisible():
            self.refresh()
