"""`BustDialog`: the players busted on one hand, the chips each started it with, who busted them
(and who shared a split pot), and `bust_dialog`, which asks for the buster when the bounty format
needs one.

What the dialog needs (the players in play, their seats, the bounty format) is read by `read_bust`
on the station's worker; the dialog opens when that read answers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QTableWidgetItem,
    QWidget,
)

from clockapp.core.bounties.rules import BountyFormat
from clockapp.core.money.field import BustInput
from clockapp.core.money.records import RegistrationInfo
from clockapp.core.seating import Seat
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.ui.cashier.dialog_base import CashierDialog, chips_spin, fit_rows, player_table

# ------------------------------------------------------------------------------ busts
#: The last choice of "Busted by" and "Split with": it offers the players at other tables too.
SOMEONE_ELSE = N_("Someone else…")
#: The table chooser's choice that shows every player.
ALL_TABLES = N_("All tables")


class BustDialog(CashierDialog):
    """Record the players busted on one hand, the chips each started it with, and the buster.

    With the players seated (`seats`), the dialog shows one table at a time (the busted
    player's, chosen in `table_box`; every table on request), the ticked player scrolled into
    view, and "Busted by" offers the players at that table still in play, leaving out those
    ticked as busted on this hand: a buster at another table is one choice away
    (`SOMEONE_ELSE`).
    """

    def __init__(
        self,
        in_play: Sequence[RegistrationInfo],
        preselected: int | None = None,
        parent: QWidget | None = None,
        *,
        needs_buster: bool = False,
        seats: Mapping[int, Seat] | None = None,
    ) -> None:
        super().__init__(_("Bust"), _("Record bust"), parent)
        self.setObjectName("bust_dialog")
        self._seats: Mapping[int, Seat] = seats or {}
        # By table and seat: the host reads the dialog as the room is laid out.
        self._players = tuple(sorted(in_play, key=self._place_key))
        self._needs_buster = needs_buster  # progressive knockouts: half goes to the buster
        self._filling = False  # refilling the choices: their signals are not the host's
        about = QLabel(
            _(
                "Tick every player busted on this hand. Several on one hand: give the chips each "
                "started it with (more chips, better place; equal stacks share the places)."
            )
        )
        about.setWordWrap(True)
        self.layout_.insertWidget(0, about)
        self.table_box = QComboBox()
        self.table_box.setObjectName("bust_table_box")
        self.table_box.addItem(_(ALL_TABLES), None)
        for number in sorted({seat.table for seat in self._seats.values()}):
            self.table_box.addItem(_("Table {number}").format(number=number), number)
        chooser = QHBoxLayout()
        table_label = QLabel(_("&Show"))
        table_label.setBuddy(self.table_box)
        chooser.addWidget(table_label)
        chooser.addWidget(self.table_box)
        chooser.addStretch(1)
        self.layout_.insertLayout(1, chooser)
        # Without seats (no tables set up) there is nothing to choose.
        table_label.setVisible(bool(self._seats))
        self.table_box.setVisible(bool(self._seats))
        self.table = player_table(
            len(self._players),
            (_("Busted"), _("Chips at start of hand"), _("Busted by"), _("Split with")),
            (170, 190, 170),
        )
        self.table.setMinimumWidth(800)
        split_tip = _(
            "A split pot: the other winner of the pot the player lost last. Put the earlier "
            "position (first left of the button) under Busted by: the odd cent goes there."
        )
        split_header = QTableWidgetItem(_("Split with"))
        split_header.setToolTip(split_tip)
        self.table.setHorizontalHeaderItem(3, split_header)
        self._boxes: list[QTableWidgetItem] = []
        self._chips: list[QSpinBox] = []
        self._busters: list[QComboBox] = []
        self._splits: list[QComboBox] = []
        self._everyone: set[QComboBox] = set()  # the choices that offer every table
        for row, reg in enumerate(self._players):
            item = QTableWidgetItem(reg.name)
            seat = self._seats.get(reg.id)
            if seat is not None:
                item.setToolTip(str(seat))
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            checked = reg.id == preselected
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.table.setItem(row, 0, item)
            spin = chips_spin()
            spin.setSpecialValueText("—")
            spin.valueChanged.connect(self._update)
            self.table.setCellWidget(row, 1, spin)
            combo, split = QComboBox(), QComboBox()
            for box in (combo, split):
                box.currentIndexChanged.connect(
                    lambda _i, box=box, row=row: self._on_choice_changed(box, row)
                )
            self.table.setCellWidget(row, 2, combo)
            self.table.setCellWidget(row, 3, split)
            self._boxes.append(item)
            self._chips.append(spin)
            self._busters.append(combo)
            self._splits.append(split)
        self._fill_choices()
        self.table.itemChanged.connect(self._on_table_item_changed)
        fit_rows(self.table)
        self.layout_.insertWidget(2, self.table)
        seat = self._seats.get(preselected) if preselected is not None else None
        if seat is not None:
            self.table_box.setCurrentIndex(self.table_box.findData(seat.table))
        self._show_table()
        self.table_box.currentIndexChanged.connect(self._show_table)
        self._update()

    def showEvent(self, event: QShowEvent) -> None:
        """Scroll the ticked player into view once the dialog has its size."""
        super().showEvent(event)
        self._scroll_to_ticked()

    def row_of(self, registration_id: int) -> int:
        """The table row of a player."""
        return next(i for i, r in enumerate(self._players) if r.id == registration_id)

    def busters_box(self, registration_id: int) -> QComboBox:
        """The "Busted by" choice of a player's row."""
        return self._busters[self.row_of(registration_id)]

    def set_busted(
        self,
        registration_id: int,
        chips: int = 0,
        busted_by: int | None = None,
        split_with: int | None = None,
    ) -> None:
        """Tick a player (tests and the keyboard flow use it)."""
        row = self.row_of(registration_id)
        self._boxes[row].setCheckState(Qt.CheckState.Checked)
        self._chips[row].setValue(chips)
        for box, who in ((self._busters[row], busted_by), (self._splits[row], split_with)):
            if who is not None:
                if box.findData(who) < 0:  # at another table
                    self._offer_everyone(box, row)
                box.setCurrentIndex(box.findData(who))

    def busts(self) -> list[BustInput]:
        """The busts ticked."""
        result = []
        for row, reg in enumerate(self._players):
            if not self._ticked(row):
                continue
            chips = self._chips[row].value() or None
            split = self._splits[row].currentData()
            shared = (split,) if split is not None else ()
            result.append(BustInput(reg.id, chips, self._busters[row].currentData(), shared))
        return result

    # ------------------------------------------------------------------ tables and choices
    def _place_key(self, reg: RegistrationInfo) -> tuple[int, int, str]:
        seat = self._seats.get(reg.id)
        if seat is None:  # no seat: after the tables
            return (1 << 30, 0, reg.name.casefold())
        return (seat.table, seat.number, reg.name.casefold())

    def _label(self, reg: RegistrationInfo) -> str:
        seat = self._seats.get(reg.id)
        if seat is None:
            return reg.name
        return _("{name} (T{table} S{seat})").format(
            name=reg.name, table=seat.table, seat=seat.number
        )

    def _ticked(self, row: int) -> bool:
        return self._boxes[row].checkState() == Qt.CheckState.Checked

    def _show_table(self) -> None:
        """Hide the rows of the other tables (a ticked player stays in sight wherever seated)."""
        number = self.table_box.currentData()
        for row, reg in enumerate(self._players):
            seat = self._seats.get(reg.id)
            here = number is None or (seat is not None and seat.table == number)
            self.table.setRowHidden(row, not (here or self._ticked(row)))
        self._scroll_to_ticked()

    def _scroll_to_ticked(self) -> None:
        ticked = next((row for row in range(len(self._players)) if self._ticked(row)), None)
        if ticked is not None:
            # The scroll range follows the rows just hidden or shown only once laid out again.
            self.table.doItemsLayout()
            self.table.scrollToItem(self._boxes[ticked], QAbstractItemView.ScrollHint.EnsureVisible)

    def _candidates(self, row: int, everyone: bool) -> list[RegistrationInfo]:
        """Who a choice of `row` offers: still in play after this hand, at the same table
        (at every table with `everyone`, or when the player has no seat)."""
        seat = self._seats.get(self._players[row].id)
        return [
            other
            for i, other in enumerate(self._players)
            if i != row
            and not self._ticked(i)
            and (everyone or seat is None or self._same_table(seat, other.id))
        ]

    def _same_table(self, seat: Seat, registration_id: int) -> bool:
        other = self._seats.get(registration_id)
        return other is not None and other.table == seat.table

    def _fill_choices(self) -> None:
        """Offer each row's "Busted by" and "Split with" their players now, keeping what is
        chosen (a buster ticked since stays, so the dialog says why it cannot be)."""
        self._filling = True
        try:
            for row in range(len(self._players)):
                for box in (self._busters[row], self._splits[row]):
                    self._fill(box, row)
        finally:
            self._filling = False

    def _fill(self, box: QComboBox, row: int) -> None:
        chosen = box.currentData()
        everyone = box in self._everyone
        offered = self._candidates(row, everyone)
        if chosen is not None and all(o.id != chosen for o in offered):
            offered.append(next(r for r in self._players if r.id == chosen))
        box.blockSignals(True)
        box.clear()
        box.addItem("—", None)
        for other in offered:
            box.addItem(self._label(other) if everyone else other.name, other.id)
        if not everyone and self._seats.get(self._players[row].id) is not None:
            box.insertSeparator(box.count())
            box.addItem(_(SOMEONE_ELSE), SOMEONE_ELSE)
        box.setCurrentIndex(max(0, box.findData(chosen)))
        box.blockSignals(False)

    def _on_choice_changed(self, box: QComboBox, row: int) -> None:
        if self._filling:
            return
        if box.currentData() == SOMEONE_ELSE:
            self._offer_everyone(box, row)
            if box.isVisible():
                box.showPopup()  # the host was choosing: go on choosing, among everyone
        self._update()

    def _offer_everyone(self, box: QComboBox, row: int) -> None:
        """Let `box` offer the players at every table (nobody chosen yet)."""
        self._everyone.add(box)
        self._filling = True
        try:
            box.setCurrentIndex(0)
            self._fill(box, row)
        finally:
            self._filling = False

    def _on_table_item_changed(self, _item: QTableWidgetItem) -> None:
        if self._filling:
            return
        self._fill_choices()
        self._show_table()
        self._update()

    def _problem(self) -> str:
        if not hasattr(self, "_splits") or len(self._splits) < len(self._players):
            return ""
        busts = self.busts()
        if not busts:
            return _("Tick the player who busted.")
        names = {r.id: r.name for r in self._players}
        if len(busts) > 1:
            missing = [names[b.registration_id] for b in busts if b.chips_at_hand_start is None]
            if missing:
                who = ", ".join(missing)
                return _(
                    "Several busted on one hand: give the chips {who} started the hand with."
                ).format(who=who)
        out = {b.registration_id for b in busts}
        for bust in busts:
            if self._needs_buster and bust.busted_by is None:
                return _(
                    "Progressive knockouts: say who busted {name} (half the bounty goes to them)."
                ).format(name=names[bust.registration_id])
            if bust.co_busters and bust.busted_by is None:
                return _("{name}: name who busted them before the split.").format(
                    name=names[bust.registration_id]
                )
            if len(set(bust.busters)) < len(bust.busters):
                return _("{name}: the same player is named twice.").format(
                    name=names[bust.registration_id]
                )
            for buster in bust.busters:
                if buster in out:
                    return _(
                        "{buster} busted on this hand too, so cannot be credited "
                        "with busting {name}."
                    ).format(buster=names[buster], name=names[bust.registration_id])
        return ""


@dataclass(frozen=True)
class BustRead:
    """What the bust dialog shows, read in one read on the station's worker (`read_bust`)."""

    in_play: tuple[RegistrationInfo, ...]
    seats: Mapping[int, Seat]
    needs_buster: bool  # progressive knockouts: the buster must be named


def read_bust(services: Services, tournament_id: int) -> BustRead:
    """Who is in play, where they sit and whether the format needs a buster (on the worker:
    the GUI thread never waits for it)."""
    with services.ctx.shared_reads():
        regs = services.cashier.registrations(tournament_id)
        rules = services.bounties.rules(tournament_id)
        seating = services.seating.seated(tournament_id)
    return BustRead(
        tuple(r for r in regs if r.in_play),
        seating.seats,
        rules.format is BountyFormat.PROGRESSIVE,
    )


def bust_dialog(read: BustRead, preselected: int | None, parent: QWidget) -> BustDialog:
    """A bust dialog over what `read_bust` found: it asks for the buster when the format needs
    one, and shows the players by table when they are seated."""
    return BustDialog(
        read.in_play, preselected, parent, needs_buster=read.needs_buster, seats=read.seats
    )
