"""Shootout commands of the tables window, its standings panel, and the chip-count dialog.

A shootout is started from the toolbar (with an optional time limit per table). Players who go
out are marked from the seat menu (or busted at the cashier: the shootout follows); a table whose
time is up is settled by chip counts. Once every table has its winner, the same toolbar button
seats the winners, with the chips they won, for the next round (the final table when they fit at
one). The panel lists the standings (places by order of busts, and by chip count at a time
limit); with a time limit each table's oval shows the time left, repainted every second from the
services' clock (the timer only repaints; it never counts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QMenu,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.payouts import ordinal
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.seating import RoomView, ShootoutStanding, ShootoutView
from clockapp.ui.actions import TablesAction
from clockapp.ui.inks import ink_sheet
from clockapp.ui.seating.context import TablesContext
from clockapp.ui.seating.dialogs import ShootoutChoice, ShootoutDialog
from clockapp.ui.seating.room import RoomView as RoomGraphicsView
from clockapp.ui.table_model import AnyIndex, RowTableModel
from clockapp.ui.ticks import guarded

#: The largest chip count the dialog accepts.
MAX_CHIPS = 2_000_000_000


def clock_text(left: timedelta) -> str:
    """Time left as the ovals show it.

    >>> clock_text(timedelta(minutes=42, seconds=5)), clock_text(timedelta(hours=1, seconds=1))
    ('42:05 left', '1:00:01 left')
    >>> clock_text(timedelta(0))
    'time is up'
    """
    seconds = int(left.total_seconds())
    if seconds <= 0:
        return _("time is up")
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return _("{hours}:{minutes:02d}:{seconds:02d} left").format(
            hours=hours, minutes=minutes, seconds=seconds
        )
    return _("{minutes}:{seconds:02d} left").format(minutes=minutes, seconds=seconds)


def table_status(view: ShootoutView, now: datetime) -> dict[int, str]:
    """The line each shootout table's oval shows: its winner, or the time left."""
    current = view.shootout.current
    left = view.time_left(now)
    status = {}
    for table in current.seating.tables:
        winner = current.winners.get(table.number)
        through = current.through.get(table.number)
        if winner is not None:
            status[table.number] = _("won by {name}").format(
                name=view.names.get(winner, f"#{winner}")
            )
        elif through:
            names = ", ".join(view.names.get(p, f"#{p}") for p in through)
            status[table.number] = _("through: {names}").format(names=names)
        elif table.number in left:
            status[table.number] = clock_text(left[table.number])
        else:
            status[table.number] = _("playing")
    return status


STANDING_HEADERS = (N_("Place"), N_("Player"), N_("Round"), N_("Table"), N_("Status"))


class StandingsModel(RowTableModel[ShootoutStanding]):
    """The shootout standings: players still in, then by finishing place."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(STANDING_HEADERS, parent)

    @property
    def rows(self) -> tuple[ShootoutStanding, ...]:
        """The rows shown."""
        return self._rows

    def set_rows(self, rows: Sequence[ShootoutStanding]) -> None:
        """Show these rows."""
        self._set_rows(rows)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.row_at(index)
        if row is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            place = "" if row.place is None else ordinal(row.place)
            table = "" if row.table is None else str(row.table)
            return (place, row.name, str(row.round), table, row.status)[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (0, 2, 3):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


class ShootoutPanel(QGroupBox):
    """The shootout's round, its clock, what it could not follow, and the standings."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Shootout"), parent)
        layout = QVBoxLayout(self)
        self.round_label = QLabel(self)
        self.round_label.setWordWrap(True)
        font = self.round_label.font()
        font.setBold(True)
        self.round_label.setFont(font)
        layout.addWidget(self.round_label)
        self.notes_label = QLabel(self)
        self.notes_label.setWordWrap(True)
        self.notes_label.setStyleSheet(ink_sheet("#b3261e"))
        self.notes_label.hide()
        layout.addWidget(self.notes_label)
        self.model = StandingsModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table, 1)
        self.view: ShootoutView | None = None
        self.hide()

    def show_view(self, view: ShootoutView | None, now: datetime) -> None:
        """Show a shootout (hidden when there is none)."""
        self.view = view
        if view is None:
            self.model.set_rows(())
            self.hide()
            return
        self.model.set_rows(view.standings())
        self.notes_label.setText("\n".join(view.notes))
        self.notes_label.setVisible(bool(view.notes))
        self.tick(now)
        self.show()

    def tick(self, now: datetime) -> None:
        """Say the round and the time left (called every second while a time limit runs)."""
        view = self.view
        if view is None:
            return
        shootout = view.shootout
        current = shootout.current
        champion = shootout.champion
        if champion is not None:
            text = _("{name} wins the shootout.").format(
                name=view.names.get(champion, f"#{champion}")
            )
        else:
            playing = sum(1 for t in current.seating.tables if not current.is_done(t.number))
            tables = len(current.seating.tables)
            text = (
                ngettext(
                    "Shootout final table: {playing} of {count} table playing",
                    "Shootout final table: {playing} of {count} tables playing",
                    tables,
                )
                if current.is_final
                else ngettext(
                    "Shootout round {round}: {playing} of {count} table playing",
                    "Shootout round {round}: {playing} of {count} tables playing",
                    tables,
                )
            ).format(round=current.number, playing=playing, count=tables)
            left = view.time_left(now)
            if left:
                text += "; " + clock_text(min(left.values()))
            elif shootout.limit_of() is not None:
                text += "; " + _("no clock")
            text += "."
        self.round_label.setText(text)


class ChipsDialog(QDialog):
    """Chip counts for a list of players."""

    def __init__(
        self, title: str, note: str, players: Sequence[tuple[int, str]], parent: QWidget | None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        form = QFormLayout(self)
        label = QLabel(note, self)
        label.setWordWrap(True)
        form.addRow(label)
        self.spins: dict[int, QSpinBox] = {}
        for registration_id, name in players:
            spin = QSpinBox(self)
            spin.setRange(1, MAX_CHIPS)
            spin.setSingleStep(100)
            spin.setGroupSeparatorShown(True)
            form.addRow(name, spin)
            self.spins[registration_id] = spin
        box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        form.addRow(box)

    def value(self) -> dict[int, int]:
        """Chips by registration id."""
        return {rid: spin.value() for rid, spin in self.spins.items()}


class ShootoutCommands(QObject):
    """Start a shootout, mark players out, settle a table at its time limit, next round.

    Shows the shootout in `panel` and each table's line on the ovals of `room_view`; `timer`
    repaints the time left each second (the time comes from the services). The `ask_*`
    attributes open the dialogs, each returning the answer or None for Cancel; tests replace
    them with plain functions.
    """

    def __init__(
        self,
        context: TablesContext,
        panel: ShootoutPanel,
        room_view: RoomGraphicsView,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._context = context
        self._panel = panel
        self._room_view = room_view
        self._parent = parent
        self.ask_shootout: Callable[[], ShootoutChoice | None] = self._ask_shootout
        self.ask_chips: Callable[[str, str, Sequence[tuple[int, str]]], dict[int, int] | None] = (
            self._ask_chips
        )
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(guarded("the shootout clock", self._on_timer_timeout))

    def start_or_advance(self) -> None:
        """Start a shootout, or seat the winners for the next round once every table has one."""
        tid = self._context.tid
        seating = self._context.services.seating
        view = self._panel.view  # the shootout as last read (the room's snapshot)
        if view is None or view.shootout.champion is not None:
            choice = self.ask_shootout()
            if choice is None:
                return

            def started(started: ShootoutView) -> None:
                tables = len(started.shootout.current.seating.tables)
                going = started.shootout.advance_of()
                self._context.banner.show_message(
                    (
                        ngettext(
                            "Shootout: round 1 drawn at {tables} table; each plays down to one "
                            "winner.",
                            "Shootout: round 1 drawn at {tables} tables; each plays down to one "
                            "winner.",
                            tables,
                        )
                        if going == 1
                        else ngettext(
                            "Shootout: round 1 drawn at {tables} table; each plays down to "
                            "{going} players, who all go on.",
                            "Shootout: round 1 drawn at {tables} tables; each plays down to "
                            "{going} players, who all go on.",
                            tables,
                        )
                    ).format(tables=tables, going=going),
                    "info",
                )

            self._context.submit(
                lambda: seating.start_shootout(tid, **choice.start_arguments()),
                started,
                key=TablesAction.SHOOTOUT,
                action=TablesAction.SHOOTOUT,
            )
            return
        current = view.shootout.current
        if not current.finished:
            waiting = [t.number for t in current.seating.tables if not current.is_done(t.number)]
            self._context.banner.show_message(
                ngettext(
                    "Round {round}: table {tables} still plays. Right-click a player who goes out.",
                    "Round {round}: tables {tables} still play. Right-click a player who goes out.",
                    len(waiting),
                ).format(round=current.number, tables=", ".join(map(str, waiting))),
                "info",
            )
            return
        winners = [(rid, view.names.get(rid, f"#{rid}")) for rid in current.advancing]
        chips = self.ask_chips(
            _("Next shootout round"),
            _("Chips each table winner brings to the next round:"),
            winners,
        )
        if chips is None:
            return

        def advanced(advanced: ShootoutView) -> None:
            self._context.banner.show_message(
                _("The winners redraw for the final table.")
                if advanced.shootout.current.is_final
                else _("The winners redraw for the next round."),
                "info",
            )

        self._context.submit(
            lambda: seating.advance_shootout(tid, chips),
            advanced,
            key=TablesAction.SHOOTOUT,
            action=TablesAction.SHOOTOUT,
        )

    def wanted(self, room: RoomView) -> bool:
        """Whether a read of `room` reads the shootout too (one is on, or the panel shows one
        that may have just ended)."""
        return room.shootout or self._panel.view is not None

    def show(self, room: RoomView, view: ShootoutView | None) -> dict[int, str]:
        """Show the shootout read with the room in the panel; the line each table's oval
        shows."""
        now = self._context.services.now()
        self._panel.show_view(view, now)
        if view is not None and view.deadline is not None and view.shootout.champion is None:
            self.timer.start()
        else:
            self.timer.stop()
        if view is None or not room.shootout:
            return {}
        return table_status(view, now)

    def _on_timer_timeout(self) -> None:
        view = self._panel.view
        if view is None:
            self.timer.stop()
            return
        now = self._context.services.now()
        self._panel.tick(now)
        for number, text in table_status(view, now).items():
            item = self._room_view.items_by_table.get(number)
            if item is not None and item.status != text:
                item.status = text
                item.update()

    def out(self, registration_id: int) -> None:
        """A player is out of the shootout (and of the tournament: the cashier records it)."""
        tid = self._context.tid
        seating = self._context.services.seating

        def out(view: ShootoutView) -> None:
            if view.shootout.champion is not None:
                name = view.names.get(view.shootout.champion, "")
                self._context.banner.show_message(
                    _("{name} wins the shootout.").format(name=name), "info"
                )

        self._context.submit(
            lambda: seating.shootout_bust(tid, registration_id),
            out,
            key=("shootout out", registration_id),
        )

    def time_up(self, table: int) -> None:
        """A table's time is up: ask the chip counts and settle it."""
        if self._context.room is None:
            return
        players = [
            (s.registration_id, s.name)
            for s in self._context.room.table(table).seats
            if s.registration_id is not None
        ]
        chips = self.ask_chips(
            _("Time is up at table {table}").format(table=table),
            _(
                "Chip counts: the chip leader wins the table, the others finish by chips "
                "(recorded at the cashier as out on one hand)."
            ),
            players,
        )
        if chips is None:
            return
        tid = self._context.tid
        seating = self._context.services.seating
        self._context.submit(
            lambda: seating.shootout_time_limit(tid, table, chips),
            key=("shootout time", table),
        )

    def add_seat_actions(self, menu: QMenu, table: int, number: int) -> None:
        """Add a seat's commands during a shootout to its right-click menu."""
        room = self._context.room
        if room is None:
            return
        rid = room.table(table).seat(number).registration_id
        if rid is None:
            return
        menu.addAction(_("Out of the shootout"), lambda: self.out(rid))
        time_up = menu.addAction(_("Time is up at this table…"), lambda: self.time_up(table))
        view = self._panel.view
        deadline = None if view is None else view.deadline
        if deadline is None or self._context.now() < deadline:
            # The service refuses a time-out before the round's limit; say so here.
            time_up.setEnabled(False)
            menu.setToolTipsVisible(True)
            time_up.setToolTip(
                _("This round has no time limit: the table plays down.")
                if deadline is None
                else _("Not yet: the round's time limit has not passed.")
            )

    def shootout_dialog(self) -> ShootoutDialog:
        """The dialog of a new shootout, starting from the plan the tournament's template set
        (read with the room)."""
        room = self._context.room
        return ShootoutDialog(self._parent, None if room is None else room.shootout_plan)

    def _ask_shootout(self) -> ShootoutChoice | None:
        dialog = self.shootout_dialog()
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_chips(
        self, title: str, note: str, players: Sequence[tuple[int, str]]
    ) -> dict[int, int] | None:
        dialog = ChipsDialog(title, note, players, self._parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None
