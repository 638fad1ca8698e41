"""The money on the wall: the prize pool and the payout ladder, or the starting stack before any.

`MoneyArea` is the lower part of the display's right panel. Once the cashier has taken money it
shows the prize pool and the places paid (every place when they fit, else the first ones and a
line summing up the rest); before that the starting stack takes its place, so the panel is never
empty and never shows a $0 prize pool.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QStackedWidget, QVBoxLayout, QWidget

from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.ui.clock import texts
from clockapp.ui.display import present
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import LEFT, RIGHT, FitLabel, StatBlock

MAX_PAYOUT_ROWS = 6
#: The ladder never gives one place more than this share of its room (two places paid must not
#: outshout the prize pool).
MIN_LADDER_LINES = 4


class MoneyArea(QStackedWidget):
    """Prize pool and payouts (`money_area`), or the starting stack (`no_money_area`).

    Each page is built when first shown (or asked for): a start shows one of them, and the
    payout ladder's dozen labels are not built for a clock that has taken no money yet.
    """

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._look = look
        self._money: _MoneyPage | None = None
        self._no_money: _NoMoneyPage | None = None

    def _money_page(self) -> _MoneyPage:
        if self._money is None:
            self._money = _MoneyPage(self._look)
            self.addWidget(self._money.widget)
        return self._money

    def _no_money_page(self) -> _NoMoneyPage:
        if self._no_money is None:
            self._no_money = _NoMoneyPage(self._look)
            self.addWidget(self._no_money.widget)
        return self._no_money

    @property
    def money_area(self) -> QWidget:
        """The page with the prize pool and the payout ladder."""
        return self._money_page().widget

    @property
    def prize_block(self) -> StatBlock:
        """The prize pool."""
        return self._money_page().prize_block

    @property
    def payout_rows(self) -> list[tuple[FitLabel, FitLabel]]:
        """The ladder's lines: the place and its amount."""
        return self._money_page().rows

    @property
    def no_money_area(self) -> QWidget:
        """The page shown until the cashier has taken money: the starting stack."""
        return self._no_money_page().widget

    @property
    def stack_block(self) -> StatBlock:
        """The starting stack."""
        return self._no_money_page().stack_block

    def show_money(
        self,
        prize_pool_cents: int,
        payouts: Sequence[tuple[int, int]],
        currency: str,
        starting_stack: int,
        deal: Sequence[tuple[str, int]] = (),
        seats: int = 0,
    ) -> None:
        """Show the prize pool and the ladder, or the starting stack while there is no money.

        After a deal the players in it are paid their shares, not their places: their names and
        shares head the ladder, above the places the deal left alone. A satellite's seats are
        one line ("3 SEATS" and a seat's value) above the cash places below them.
        """
        rows = tuple((name, cents) for name, cents in deal) + present.seat_rows(payouts, seats)
        has_money = bool(prize_pool_cents) and bool(rows)
        if not has_money:
            stack = self._no_money_page().stack_block
            self.setCurrentWidget(self.no_money_area)
            stack.value.setText(texts.chips(starting_stack) if starting_stack else "")
            stack.caption.setText(_("STARTING STACK") if starting_stack else "")
            return
        self.setCurrentWidget(self.money_area)
        self.prize_block.value.setText(texts.money(prize_pool_cents, currency))
        fits = len(rows) <= MAX_PAYOUT_ROWS
        shown = rows if fits else rows[: MAX_PAYOUT_ROWS - 1]
        for row, (place_label, amount_label) in enumerate(self.payout_rows):
            if row < len(shown):
                label, cents = shown[row]
                place_label.setText(label)
                amount_label.setText(texts.money(cents, currency))
            elif row == len(shown) and not fits:
                place_label.setText(
                    ngettext("{count} paid", "{count} paid", len(rows)).format(count=len(rows))
                )
                amount_label.setText(
                    _("… {amount}").format(amount=texts.money(rows[-1][1], currency))
                )
            else:
                place_label.setText("")
                amount_label.setText("")
        self._fit_rows(len(shown) + (0 if fits else 1))

    def _fit_rows(self, used: int) -> None:
        """Give the ladder's lines the room of the unused ones, up to a quarter of it each."""
        page = self._money_page()
        for row, labels in enumerate(page.rows):
            page.grid.setRowStretch(row, 1 if row < used else 0)
            for label in labels:
                label.setVisible(row < used)
        page.grid.setRowStretch(MAX_PAYOUT_ROWS, max(0, MIN_LADDER_LINES - used))


class _MoneyPage:
    """The prize pool over the payout ladder."""

    def __init__(self, look: WallTheme) -> None:
        self.prize_block = StatBlock(look, _("PRIZE POOL"), color=look.BREAK)
        payouts = QWidget()
        grid = QGridLayout(payouts)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(0)
        self.rows: list[tuple[FitLabel, FitLabel]] = []
        for row in range(MAX_PAYOUT_ROWS):
            place = FitLabel(
                look,
                "",
                color=look.MUTED,
                fill=0.62,
                weight=QFont.Weight.Medium,
                align=LEFT,
            )
            amount = FitLabel(look, "", fill=0.62, weight=QFont.Weight.Medium, align=RIGHT)
            grid.addWidget(place, row, 0)
            grid.addWidget(amount, row, 1)
            grid.setRowStretch(row, 1)
            self.rows.append((place, amount))
        grid.setColumnStretch(0, 4)
        grid.setColumnStretch(1, 6)
        self.grid = grid
        self.widget = QWidget()
        money = QVBoxLayout(self.widget)
        money.setContentsMargins(0, 0, 0, 0)
        money.addWidget(self.prize_block, 32)
        money.addWidget(payouts, 57)


class _NoMoneyPage:
    """The starting stack, in the prize pool's place, until the cashier has taken money."""

    def __init__(self, look: WallTheme) -> None:
        self.widget = QWidget()
        no_money = QVBoxLayout(self.widget)
        no_money.setContentsMargins(0, 0, 0, 0)
        self.stack_block = StatBlock(look, _("STARTING STACK"))
        no_money.addWidget(self.stack_block, 32)
        no_money.addStretch(57)
