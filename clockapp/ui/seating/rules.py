"""The seating rules dialog and the table dialog, and the commands that open them.

"Rules…" sets, in one action (`services.seating.set_rules`): when tables count as out of balance
(within N players; optionally a wider limit while many tables play), the order tables break in,
which table hosts the final table and how many players it seats, and how long the director's
answer about a button stays good. "Rename / seats…" on a table renames it or changes its number
of seats (`services.seating.update_table`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.seating import MAX_SEATS, Seating, SeatingError, Table
from clockapp.core.seating.balancing import BalancePolicy
from clockapp.core.seating.table_breaks import TableBreakRules, table_break_order
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.seating import RoomView, SeatingConfig, TableInfo
from clockapp.ui.actions import TablesAction
from clockapp.ui.inks import ink_sheet
from clockapp.ui.seating.context import TablesContext

#: The largest "within N players" the dialog offers.
MAX_WITHIN = 9


@dataclass(frozen=True)
class SeatingRules:
    """What the rules dialog hands back."""

    policy: BalancePolicy
    rules: TableBreakRules


def parse_order(text: str) -> tuple[int, ...]:
    """Table numbers typed by the director: "4 2", "4, 2" or "4;2".

    Raises:
        SeatingError: Something that is not a table number.

    >>> parse_order("4, 2  7")
    (4, 2, 7)
    """
    order = []
    for token in text.replace(",", " ").replace(";", " ").split():
        if not token.isdigit() or int(token) < 1:
            raise SeatingError(
                _("Break order: {token} is not a table number.").format(token=repr(token))
            )
        order.append(int(token))
    return tuple(order)


def _count_suffix(spin: QSpinBox) -> None:
    """Keep a spin box's unit in step with its value: "1 player", "2 players"."""

    def update(value: int) -> None:
        spin.setSuffix(ngettext(" player", " players", value))

    spin.valueChanged.connect(update)
    update(spin.value())


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class RulesDialog(QDialog):
    """Balance policy, break order, final table and its size, button answers."""

    def __init__(self, room: RoomView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Seating rules"))
        self._room = room
        config = room.config
        policy, rules = config.policy, config.rules
        layout = QVBoxLayout(self)

        balance = QGroupBox(_("Balance"), self)
        form = QFormLayout(balance)
        self.within = QSpinBox(balance)
        self.within.setRange(1, MAX_WITHIN)
        self.within.setValue(policy.within)
        _count_suffix(self.within)
        form.addRow(_("Tables differ by at most"), self.within)
        self.wide = QCheckBox(_("Allow a wider difference while many tables play"), balance)
        self.wide.setChecked(policy.wide_within is not None)
        form.addRow(self.wide)
        wide_row = QHBoxLayout()
        self.wide_within = QSpinBox(balance)
        self.wide_within.setRange(1, MAX_WITHIN)
        self.wide_within.setValue(policy.wide_within or 2)
        _count_suffix(self.wide_within)
        self.wide_from = QSpinBox(balance)
        self.wide_from.setRange(2, 200)
        self.wide_from.setValue(policy.wide_from_tables)
        self.wide_from.setSuffix(_(" tables"))
        wide_row.addWidget(QLabel(_("at most"), balance))
        wide_row.addWidget(self.wide_within)
        wide_row.addWidget(QLabel("from", balance))
        wide_row.addWidget(self.wide_from)
        wide_row.addStretch(1)
        form.addRow(wide_row)
        self.wide.toggled.connect(self._on_wide_toggled)
        self._on_wide_toggled(self.wide.isChecked())
        layout.addWidget(balance)

        breaking = QGroupBox(_("Breaking and the final table"), self)
        form = QFormLayout(breaking)
        self.order = QLineEdit(" ".join(str(n) for n in rules.order), breaking)
        self.order.setPlaceholderText(_("fewest players first (the fewest moves)"))
        self.order.setToolTip(
            _(
                "Table numbers in the order they break, e.g. 4 2. Tables not listed break after "
                "them, the one with the fewest players first (ties: the highest number)."
            )
        )
        form.addRow(_("&Break order"), self.order)
        self.final_table = QComboBox(breaking)
        self.final_table.addItem(_("The lowest-numbered table"), None)
        for table in room.tables:
            self.final_table.addItem(table.label, table.number)
        if rules.final_table is not None:
            self.final_table.setCurrentIndex(max(0, self.final_table.findData(rules.final_table)))
        form.addRow(_("&Final table at"), self.final_table)
        self.final_size = QSpinBox(breaking)
        self.final_size.setRange(2, MAX_SEATS)
        self.final_size.setValue(rules.final_table_size or self._host_seats())
        _count_suffix(self.final_size)
        form.addRow(_("Final table &seats"), self.final_size)
        self.host_note = QLabel(breaking)
        self.host_note.setWordWrap(True)
        form.addRow(self.host_note)
        self.order.textChanged.connect(self._show_host)
        self.final_table.currentIndexChanged.connect(self._show_host)
        self.final_size.valueChanged.connect(self._show_host)
        layout.addWidget(breaking)

        self.error = QLabel(self)
        self.error.setStyleSheet(ink_sheet("#b3261e"))
        self.error.setWordWrap(True)
        self.error.hide()
        layout.addWidget(self.error)
        layout.addWidget(_buttons(self))
        self._show_host()

    def _on_wide_toggled(self, checked: bool) -> None:
        self.wide_within.setEnabled(checked)
        self.wide_from.setEnabled(checked)

    def _host(self) -> int | None:
        """The table that would host the final table with the rules as typed."""
        try:
            rules = TableBreakRules(parse_order(self.order.text()), self.final_table.currentData())
            seating = Seating(tuple(_core_table(t) for t in self._room.tables))
            order = table_break_order(seating, rules)
        except DomainError:
            return None
        return order[-1] if order else None

    def _host_seats(self) -> int:
        host = self._host()
        for table in self._room.tables:
            if table.number == host:
                return table.open_seat_count
        return min(9, MAX_SEATS)

    def _show_host(self, *_args: object) -> None:
        host = self._host()
        if host is None:
            self.host_note.setText("")
            return
        seats = self._host_seats()
        size = self.final_size.value()
        if size < seats:
            note = ngettext(
                "The final table plays at table {table} ({seats} open seats); {count} seat there "
                "will close.",
                "The final table plays at table {table} ({seats} open seats); {count} seats there "
                "will close.",
                seats - size,
            )
        elif size > seats:
            note = _(
                "The final table plays at table {table} ({seats} open seats): too few for {size} "
                "players."
            )
        else:
            note = _("The final table plays at table {table} ({seats} open seats).")
        self.host_note.setText(note.format(table=host, seats=seats, count=seats - size, size=size))

    def value(self) -> SeatingRules:
        """The rules as set.

        Raises:
            DomainError: A rule the core refuses (the message says which).
        """
        policy = BalancePolicy(
            self.within.value(),
            self.wide_within.value() if self.wide.isChecked() else None,
            self.wide_from.value(),
        )
        rules = TableBreakRules(
            parse_order(self.order.text()), self.final_table.currentData(), self.final_size.value()
        )
        return SeatingRules(policy, rules)

    def accept(self) -> None:
        try:
            self.value()
        except DomainError as error:
            self.error.setText(str(error))
            self.error.show()
            return
        super().accept()


def _core_table(info: TableInfo) -> Table:
    closed = frozenset(s.number for s in info.seats if s.closed)
    return Table(info.number, seat_count=info.seat_count, closed_seats=closed)


class TableDialog(QDialog):
    """Rename a table or change its number of seats."""

    def __init__(self, table: TableInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("{table}: name and seats").format(table=table.label))
        form = QFormLayout(self)
        self.name = QLineEdit(table.name, self)
        self.name.setMaxLength(60)
        self.name.setPlaceholderText(_("e.g. Feature table"))
        form.addRow(_("&Name"), self.name)
        self.seats = QSpinBox(self)
        self.seats.setRange(2, MAX_SEATS)
        self.seats.setValue(table.seat_count)
        form.addRow(_("&Seats"), self.seats)
        taken = [s.number for s in table.seats if s.registration_id is not None]
        if taken:
            note = QLabel(
                _(
                    "Seats up to {seat} are taken: move those players before cutting the table "
                    "below that."
                ).format(seat=max(taken)),
                self,
            )
            note.setWordWrap(True)
            form.addRow(note)
        form.addRow(_buttons(self))

    def value(self) -> tuple[str, int]:
        """(name, seats)."""
        return self.name.text().strip(), self.seats.value()


class RulesCommands:
    """The tables window's "Rules…" and "Rename / seats…" commands.

    The `ask_*` attributes open the dialogs, each returning the answer or None for Cancel; tests
    replace them with plain functions.
    """

    def __init__(self, context: TablesContext, parent: QWidget) -> None:
        self._context = context
        self._parent = parent
        self.ask_rules: Callable[[], SeatingRules | None] = self._ask_rules
        self.ask_table: Callable[[TableInfo], tuple[str, int] | None] = self._ask_table

    def edit_rules(self) -> None:
        """Ask for the seating rules and save them in one action."""
        answer = self.ask_rules()
        if answer is None:
            return
        tid = self._context.tid
        seating = self._context.services.seating

        def saved(rules: SeatingConfig) -> None:
            size = rules.rules.final_table_size
            self._context.banner.show_message(
                ngettext(
                    "Seating rules saved: balance {policy}; the final table seats {size} player.",
                    "Seating rules saved: balance {policy}; the final table seats {size} players.",
                    size,
                ).format(policy=rules.policy, size=size)
                if size is not None
                else _(
                    "Seating rules saved: balance {policy}; the final table seats its open seats."
                ).format(policy=rules.policy),
                "info",
            )

        self._context.submit(
            lambda: seating.set_rules(tid, policy=answer.policy, rules=answer.rules),
            saved,
            key=TablesAction.RULES,
            action=TablesAction.RULES,
        )

    def edit_table(self, number: int) -> None:
        """Ask for a table's name and seats, and change them."""
        if self._context.room is None:
            return
        answer = self.ask_table(self._context.room.table(number))
        if answer is None:
            return
        name, seats = answer
        tid = self._context.tid
        seating = self._context.services.seating
        self._context.submit(
            lambda: seating.update_table(tid, number, name=name, seat_count=seats),
            lambda changed: self._context.banner.show_message(
                ngettext(
                    "{table} has {count} seat.", "{table} has {count} seats.", changed.seat_count
                ).format(table=changed.label, count=changed.seat_count),
                "info",
            ),
            key=("table", number),
        )

    def _ask_rules(self) -> SeatingRules | None:
        if self._context.room is None:
            return None
        dialog = RulesDialog(self._context.room, self._parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_table(self, table: TableInfo) -> tuple[str, int] | None:
        dialog = TableDialog(table, self._parent)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None
