"""The money on the wall: the prize pool and the payout ladder, or the starting stack before any.

`MoneyArea` is the lower part of the display's right panel. Once the cashier has taken money it
shows the prize pool and the places paid (every place when they fit, else the first ones and a
line summing up the rest); before that the starting stack takes its place, so the panel is never
empty and never shows a $0 prize pool.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QStackedWidget, QVBoxLayout, QWidget

from clockapp.ui.clock import texts, theme
from clockapp.ui.clock.widgets import FitLabel, StatBlock

MAX_PAYOUT_ROWS = 6
#: The ladder never gives one place more than this share of its room (two places paid must not
#: outshout the prize pool).
MIN_LADDER_LINES = 4


class MoneyArea(QStackedWidget):
    """Prize pool and payouts (`money_area`), or the starting stack (`no_money_area`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prize_block = StatBlock("PRIZE POOL", color=theme.BREAK)
        self.payouts = QWidget()
        grid = QGridLayout(self.payouts)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(0)
        self.payout_rows: list[tuple[FitLabel, FitLabel]] = []
        for row in range(MAX_PAYOUT_ROWS):
            place = FitLabel(
                "",
                color=theme.MUTED,
                fill=0.62,
                weight=QFont.Weight.Medium,
                align=Qt.AlignmentFlag.AlignLeft,
            )
            amount = FitLabel(
                "", fill=0.62, weight=QFont.Weight.Medium, align=Qt.AlignmentFlag.AlignRight
            )
            grid.addWidget(place, row, 0)
            grid.addWidget(amount, row, 1)
            grid.setRowStretch(row, 1)
            self.payout_rows.append((place, amount))
        grid.setColumnStretch(0, 4)
        grid.setColumnStretch(1, 6)
        self._grid = grid
        self.money_area = QWidget()
        money = QVBoxLayout(self.money_area)
        money.setContentsMargins(0, 0, 0, 0)
        money.addWidget(self.prize_block, 32)
        money.addWidget(self.payouts, 57)
        # Until the cashier has taken money, the starting stack takes the prize pool's place.
        self.no_money_area = QWidget()
        no_money = QVBoxLayout(self.no_money_area)
        no_money.setContentsMargins(0, 0, 0, 0)
        self.stack_block = StatBlock("STARTING STACK")
        no_money.addWidget(self.stack_block, 32)
        no_money.addStretch(57)
        self.addWidget(self.money_area)
        self.addWidget(self.no_money_area)

    def show_money(
        self,
        prize_pool_cents: int,
        payouts: Sequence[tuple[int, int]],
        currency: str,
        starting_stack: int,
        deal: Sequence[tuple[str, int]] = (),
    ) -> None:
        """Show the prize pool and the ladder, or the starting stack while there is no money.

        After a deal the players in it are paid their shares, not their places: their names and
        shares head the ladder, above the places the deal left alone.
        """
        rows = tuple((name, cents) for name, cents in deal) + tuple(
            (texts.ordinal(place), cents) for place, cents in payouts
        )
        has_money = bool(prize_pool_cents) and bool(rows)
        self.setCurrentWidget(self.money_area if has_money else self.no_money_area)
        self.stack_block.value.setText(texts.chips(starting_stack) if starting_stack else "")
        self.stack_block.caption.setText("STARTING STACK" if starting_stack else "")
        if not has_money:
            return
        self.prize_block.value.setText(texts.money(prize_pool_cents, currency))
        fits = len(rows) <= MAX_PAYOUT_ROWS
        shown = rows if fits else rows[: MAX_PAYOUT_ROWS - 1]
        for row, (place_label, amount_label) in enumerate(self.payout_rows):
            if row < len(shown):
                label, cents = shown[row]
                place_label.setText(label)
                amount_label.setText(texts.money(cents, currency))
            elif row == len(shown) and not fits:
                place_label.setText(f"{len(rows)} paid")
                amount_label.setText(f"… {texts.money(rows[-1][1], currency)}")
            else:
                place_label.setText("")
                amount_label.setText("")
        self._fit_rows(len(shown) + (0 if fits else 1))

    def _fit_rows(self, used: int) -> None:
        """Give the ladder's lines the room of the unused ones, up to a quarter of it each."""
        for row, labels in enumerate(self.payout_rows):
            self._grid.setRowStretch(row, 1 if row < used else 0)
            for label in labels:
                label.setVisible(row < used)
        self._grid.setRowStretch(MAX_PAYOUT_ROWS, max(0, MIN_LADDER_LINES - used))
