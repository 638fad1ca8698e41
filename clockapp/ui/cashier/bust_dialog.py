"""`BustDialog`: the players busted on one hand, the chips each started it with, who busted them
(and who shared a split pot), and `bust_dialog`, which asks for the buster when the bounty format
needs one."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox, QTableWidgetItem, QWidget

from clockapp.core.bounties.rules import BountyFormat
from clockapp.core.money.field import BustInput
from clockapp.core.money.records import RegistrationInfo
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialog_base import CashierDialog, chips_spin, fit_rows, player_table


# ------------------------------------------------------------------------------ busts
class BustDialog(CashierDialog):
    """Record the players busted on one hand, the chips each started it with, and the buster."""

    def __init__(
        self,
        in_play: Sequence[RegistrationInfo],
        preselected: int | None = None,
        parent: QWidget | None = None,
        *,
        needs_buster: bool = False,
    ) -> None:
        super().__init__("Bust", "Record bust", parent)
        self.setObjectName("bust_dialog")
        self._players = tuple(in_play)
        self._needs_buster = needs_buster  # progressive knockouts: half goes to the buster
        about = QLabel(
            "Tick every player busted on this hand. Several on one hand: give the chips each "
            "started it with (more chips, better place; equal stacks share the places)."
        )
        about.setWordWrap(True)
        self.layout_.insertWidget(0, about)
        self.table = player_table(
            len(self._players),
            ("Busted", "Chips at start of hand", "Busted by", "Split with"),
            (170, 190, 170),
        )
        self.table.setMinimumWidth(800)
        split_tip = (
            "A split pot: the other winner of the pot the player lost last. Put the earlier "
            "position (first left of the button) under Busted by: the odd cent goes there."
        )
        split_header = QTableWidgetItem("Split with")
        split_header.setToolTip(split_tip)
        self.table.setHorizontalHeaderItem(3, split_header)
        self._boxes: list[QTableWidgetItem] = []
        self._chips: list[QSpinBox] = []
        self._busters: list[QComboBox] = []
        self._splits: list[QComboBox] = []
        for row, reg in enumerate(self._players):
            item = QTableWidgetItem(reg.name)
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
                box.addItem("—", None)
                for other in self._players:
                    if other.id != reg.id:
                        box.addItem(other.name, other.id)
                box.currentIndexChanged.connect(self._update)
            self.table.setCellWidget(row, 2, combo)
            self.table.setCellWidget(row, 3, split)
            self._boxes.append(item)
            self._chips.append(spin)
            self._busters.append(combo)
            self._splits.append(split)
        self.table.itemChanged.connect(self._update)
        fit_rows(self.table)
        self.layout_.insertWidget(1, self.table)
        self._update()

    def set_busted(
        self,
        registration_id: int,
        chips: int = 0,
        busted_by: int | None = None,
        split_with: int | None = None,
    ) -> None:
        """Tick a player (tests and the keyboard flow use it)."""
        row = next(i for i, r in enumerate(self._players) if r.id == registration_id)
        self._boxes[row].setCheckState(Qt.CheckState.Checked)
        self._chips[row].setValue(chips)
        for box, who in ((self._busters[row], busted_by), (self._splits[row], split_with)):
            if who is not None:
                box.setCurrentIndex(box.findData(who))

    def busts(self) -> list[BustInput]:
        """The busts ticked."""
        result = []
        for row, reg in enumerate(self._players):
            if self._boxes[row].checkState() != Qt.CheckState.Checked:
                continue
            chips = self._chips[row].value() or None
            split = self._splits[row].currentData()
            shared = (split,) if split is not None else ()
            result.append(BustInput(reg.id, chips, self._busters[row].currentData(), shared))
        return result

    def _problem(self) -> str:
        if not hasattr(self, "_splits") or len(self._splits) < len(self._players):
            return ""
        busts = self.busts()
        if not busts:
            return "Tick the player who busted."
        names = {r.id: r.name for r in self._players}
        if len(busts) > 1:
            missing = [names[b.registration_id] for b in busts if b.chips_at_hand_start is None]
            if missing:
                who = ", ".join(missing)
                return f"Several busted on one hand: give the chips {who} started the hand with."
        out = {b.registration_id for b in busts}
        for bust in busts:
            if self._needs_buster and bust.busted_by is None:
                return (
                    f"Progressive knockouts: say who busted {names[bust.registration_id]} "
                    "(half the bounty goes to them)."
                )
            if bust.co_busters and bust.busted_by is None:
                return f"{names[bust.registration_id]}: name who busted them before the split."
            if len(set(bust.busters)) < len(bust.busters):
                return f"{names[bust.registration_id]}: the same player is named twice."
            for buster in bust.busters:
                if buster in out:
                    return (
                        f"{names[buster]} busted on this hand too, so cannot be credited "
                        f"with busting {names[bust.registration_id]}."
                    )
        return ""


def bust_dialog(
    ctx: CashierContext,
    in_play: Sequence[RegistrationInfo],
    preselected: int | None,
    parent: QWidget,
) -> BustDialog:
    """A bust dialog that asks for the buster when the format needs one."""
    view = ctx.read(lambda: ctx.services.bounties.view(ctx.tid), None)
    progressive = view is not None and view.rules.format is BountyFormat.PROGRESSIVE
    return BustDialog(in_play, preselected, parent, needs_buster=progressive)
