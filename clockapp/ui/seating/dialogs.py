"""The tables window's short dialogs: add tables, where the button is, move a player, which table
breaks, final table.

Each dialog takes what it shows in its constructor and hands back the director's answer through a
`value()` method; the window opens it with `exec()` (tests replace the window's `ask_*` hooks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.event_templates import ShootoutPlan
from clockapp.core.seating import MAX_SEATS
from clockapp.core.seating.balancing import NeedButton
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.seating import MAX_TABLES, RoomView, TableInfo


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class AddTablesDialog(QDialog):
    """How many tables to add, and how many seats each has."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Add tables"))
        form = QFormLayout(self)
        self.count = QSpinBox(self)
        self.count.setRange(1, MAX_TABLES)
        self.count.setValue(1)
        self.seats = QSpinBox(self)
        self.seats.setRange(2, MAX_SEATS)
        self.seats.setValue(10)
        form.addRow(_("&Tables to add"), self.count)
        form.addRow(_("&Seats at each"), self.seats)
        form.addRow(_buttons(self))

    def value(self) -> tuple[int, int]:
        """(tables, seats each)."""
        return self.count.value(), self.seats.value()


class ButtonDialog(QDialog):
    """Balancing asks: which seat has the button for the next hand at this table?"""

    def __init__(self, need: NeedButton, table: TableInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Button at {table}").format(table=table.label))
        layout = QVBoxLayout(self)
        question = QLabel(need.reason, self)
        question.setWordWrap(True)
        question.setMinimumWidth(420)
        layout.addWidget(question)
        self.seat = QComboBox(self)
        for seat in table.seats:
            if seat.registration_id is not None:
                self.seat.addItem(
                    _("Seat {seat}: {name}").format(seat=seat.number, name=seat.name), seat.number
                )
        if table.button is not None:
            self.seat.setCurrentIndex(max(0, self.seat.findData(table.button)))
        layout.addWidget(self.seat)
        layout.addWidget(_buttons(self))

    def value(self) -> int | None:
        """The seat chosen."""
        data = self.seat.currentData()
        return int(data) if data is not None else None


class MoveDialog(QDialog):
    """Move a player by hand: who, and to which empty seat (the keyboard way to drag)."""

    def __init__(
        self, room: RoomView, registration_id: int | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Move a player"))
        self._room = room
        form = QFormLayout(self)
        self.player = QComboBox(self)
        seated = sorted(
            (seat.name, table.number, seat.number, seat.registration_id)
            for table in room.tables
            for seat in table.seats
            if seat.registration_id is not None
        )
        for name, table_number, number, rid in seated:
            self.player.addItem(
                _("{name} (table {table}, seat {seat})").format(
                    name=name, table=table_number, seat=number
                ),
                rid,
            )
        if registration_id is not None:
            self.player.setCurrentIndex(max(0, self.player.findData(registration_id)))
        self.table = QComboBox(self)
        for table in room.tables:
            free = sum(1 for s in table.seats if s.empty)
            self.table.addItem(
                _("{table} ({count} free)").format(table=table.label, count=free), table.number
            )
        self.seat = QComboBox(self)
        self.table.currentIndexChanged.connect(self._on_table_changed)
        form.addRow(_("&Player"), self.player)
        form.addRow(_("&Table"), self.table)
        form.addRow(_("&Seat"), self.seat)
        form.addRow(_buttons(self))
        self._on_table_changed()

    def _on_table_changed(self, _index: int = 0) -> None:
        self.seat.clear()
        number = self.table.currentData()
        if number is None:
            return
        for seat in self._room.table(int(number)).seats:
            if seat.empty:
                self.seat.addItem(_("Seat {seat}").format(seat=seat.number), seat.number)

    def choose(self, registration_id: int, table: int, seat: int) -> None:
        """Select a player, table and seat (as the director would with the combo boxes)."""
        self.player.setCurrentIndex(self.player.findData(registration_id))
        self.table.setCurrentIndex(self.table.findData(table))
        self.seat.setCurrentIndex(self.seat.findData(seat))

    def value(self) -> tuple[int, int, int] | None:
        """(registration id, table, seat), or None when something is missing."""
        rid, table, seat = (
            self.player.currentData(),
            self.table.currentData(),
            self.seat.currentData(),
        )
        if rid is None or table is None or seat is None:
            return None
        return int(rid), int(table), int(seat)


@dataclass(frozen=True)
class BreakChoice:
    """The table the director breaks, and the buttons given for the tables that receive its
    players ({table: seat}; a table left out keeps its button unknown: the dealer checks)."""

    table: int
    buttons: dict[int, int]


#: What a receiving table's button box offers first: leave it to the dealer.
BUTTON_UNKNOWN = N_("Not known: the dealer checks who is dealt in")


class BreakTableDialog(QDialog):
    """Break table: which of the tables that can break now, what each costs in moves, and where
    the button is at the tables that receive the players (asked only where it is not known).

    The first table offered is the one the break order breaks first, and is chosen already.
    """

    def __init__(self, room: RoomView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Break table"))
        layout = QVBoxLayout(self)
        intro = QLabel(
            ngettext(
                "{count} player fits at one table fewer. Choose the table to break: its players "
                "draw seats at the shortest tables.",
                "{count} players fit at one table fewer. Choose the table to break: its players "
                "draw seats at the shortest tables.",
                room.player_count,
            ).format(count=room.player_count),
            self,
        )
        intro.setWordWrap(True)
        intro.setMinimumWidth(440)
        layout.addWidget(intro)
        self.tables = QListWidget(self)
        for index, (number, moves) in enumerate(room.table_break_costs):
            label = room.table(number).label
            text = (
                ngettext(
                    "{table}: {count} player to move  (suggested: next in the break order)",
                    "{table}: {count} players to move  (suggested: next in the break order)",
                    moves,
                )
                if index == 0
                else ngettext(
                    "{table}: {count} player to move", "{table}: {count} players to move", moves
                )
            ).format(table=label, count=moves)
            item = QListWidgetItem(text, self.tables)
            item.setData(Qt.ItemDataRole.UserRole, number)
        self.tables.setCurrentRow(0)
        rows = max(1, self.tables.count())
        self.tables.setFixedHeight(self.tables.sizeHintForRow(0) * rows + 8)
        layout.addWidget(self.tables)
        # A player from a broken table is never dealt in between the small blind and the button:
        # the app can seat them by it only where it knows the button.
        self.button_boxes: dict[int, QComboBox] = {}
        form = QFormLayout()
        for table in room.tables:
            if table.button is not None or table.count < 2:
                continue
            box = QComboBox(self)
            box.addItem(_(BUTTON_UNKNOWN), None)
            for seat in table.seats:
                if seat.registration_id is not None:
                    box.addItem(
                        _("Seat {seat}: {name}").format(seat=seat.number, name=seat.name),
                        seat.number,
                    )
            self.button_boxes[table.number] = box
            form.addRow(_("Button at {table}").format(table=table.label), box)
        if self.button_boxes:
            note = QLabel(_("Where is the button at the tables that receive players?"), self)
            note.setWordWrap(True)
            layout.addWidget(note)
            layout.addLayout(form)
        self.tables.currentRowChanged.connect(self._on_tables_current_row_changed)
        self._on_tables_current_row_changed(self.tables.currentRow())
        layout.addWidget(_buttons(self))

    def _on_tables_current_row_changed(self, _row: int) -> None:
        chosen = self.chosen_table()
        for number, box in self.button_boxes.items():
            box.setEnabled(number != chosen)  # the table that breaks needs no button

    def chosen_table(self) -> int | None:
        """The table chosen to break."""
        item = self.tables.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def value(self) -> BreakChoice | None:
        """The table to break and the buttons given (None: no table chosen)."""
        chosen = self.chosen_table()
        if chosen is None:
            return None
        buttons = {
            number: int(box.currentData())
            for number, box in self.button_boxes.items()
            if number != chosen and box.currentData() is not None
        }
        return BreakChoice(chosen, buttons)


class FinalTableDialog(QDialog):
    """How many players the final table seats."""

    def __init__(self, room: RoomView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Final table"))
        layout = QVBoxLayout(self)
        info = QLabel(
            ngettext(
                "{count} player is left. Everyone redraws for a seat at the final table; draw "
                "for the button there afterwards.",
                "{count} players are left. Everyone redraws for a seat at the final table; draw "
                "for the button there afterwards.",
                room.player_count,
            ).format(count=room.player_count),
            self,
        )
        info.setWordWrap(True)
        layout.addWidget(info)
        form = QFormLayout()
        self.size_box = QSpinBox(self)
        self.size_box.setRange(2, MAX_SEATS)
        configured = room.config.rules.final_table_size
        largest = max((t.open_seat_count for t in room.tables), default=9)
        self.size_box.setValue(configured or min(9, largest))
        self.size_box.setAlignment(Qt.AlignmentFlag.AlignRight)
        form.addRow(_("&Players at the final table"), self.size_box)
        layout.addLayout(form)
        layout.addWidget(_buttons(self))

    def value(self) -> int:
        """The final table's size."""
        return self.size_box.value()


@dataclass(frozen=True)
class ShootoutChoice:
    """How a shootout plays: its time limits, and how many of each first-round table go on.

    Attributes:
        minutes: Round 1's time limit (None: tables play to the end).
        later_minutes: The later rounds' limit before the final table (None: as round 1).
        through: Players each first-round table sends on (1: one winner a table).
    """

    minutes: int | None = None
    later_minutes: int | None = None
    through: int = 1

    def start_arguments(self) -> dict[str, Any]:
        """The keyword arguments of `SeatingService.start_shootout`."""
        later = self.later_minutes if self.later_minutes is not None else self.minutes
        return {
            "time_limit_minutes": later,
            "round_limits": (self.minutes,),
            "advance": (self.through,),
        }


class ShootoutDialog(QDialog):
    """A new shootout: each round's time limit, and how many of each table go on (starting from
    the tournament's plan, when its template set one)."""

    def __init__(self, parent: QWidget | None = None, plan: ShootoutPlan | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Shootout"))
        layout = QVBoxLayout(self)
        info = QLabel(
            _(
                "Every player in play redraws. Tables play down to the players who go on, with no "
                "balancing; the final table plays to one winner with no time limit."
            ),
            self,
        )
        info.setWordWrap(True)
        layout.addWidget(info)
        form = QFormLayout()
        self.minutes_box = self._minutes(_("none: play down"))
        form.addRow(_("Round &1 time limit (minutes)"), self.minutes_box)
        self.later_box = self._minutes(_("as round 1"))
        form.addRow(_("&Later rounds' time limit"), self.later_box)
        self.through_box = QSpinBox(self)
        self.through_box.setRange(1, MAX_SEATS - 1)
        self.through_box.setAlignment(Qt.AlignmentFlag.AlignRight)
        form.addRow(_("Players &through from each round-1 table"), self.through_box)
        layout.addLayout(form)
        layout.addWidget(_buttons(self))
        if plan is not None:
            self.minutes_box.setValue(plan.first_round_minutes or 0)
            self.later_box.setValue(plan.later_minutes or 0)
            self.through_box.setValue(plan.through)

    def _minutes(self, zero: str) -> QSpinBox:
        box = QSpinBox(self)
        box.setRange(0, 900)
        box.setSpecialValueText(zero)
        box.setAlignment(Qt.AlignmentFlag.AlignRight)
        return box

    def value(self) -> ShootoutChoice:
        """The director's choices."""
        return ShootoutChoice(
            self.minutes_box.value() or None,
            self.later_box.value() or None,
            self.through_box.value(),
        )
