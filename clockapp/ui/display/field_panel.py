"""`FieldPanel`: the wall's left panel, the field: players left, average stack, chips, bounty.

The players (with how far the money is), the average stack (with its big blinds at the level
shown) and the chips in play, always; in a bounty event the biggest bounty (or the last mystery
envelope) under them as well. The players read the chips in play to size up the field, and the
bounty to size up a head: neither replaces the other. Every head's bounty is the wall's bounty
board (`clockapp.ui.wall.bounty_board`), on demand.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QVBoxLayout

from clockapp import formats
from clockapp.i18n import gettext as _
from clockapp.ui.clock import texts
from clockapp.ui.display import present
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import Panel, StatBlock


class FieldPanel(Panel):
    """The field's figures, each in its block."""

    def __init__(self, look: WallTheme) -> None:
        super().__init__(look)
        layout = QVBoxLayout(self)
        self.players_block = StatBlock(look, _("PLAYERS"), sub=True)
        self.average_block = StatBlock(look, _("AVERAGE STACK"), sub=True)
        self.chips_block = StatBlock(look, _("CHIPS IN PLAY"))
        self.bounty_block = StatBlock(look, _("BIGGEST BOUNTY"), color=look.BREAK, sub=True)
        self.bounty_block.hide()
        layout.addWidget(self.players_block, 43)
        layout.addWidget(self.average_block, 43)
        layout.addWidget(self.chips_block, 32)
        layout.addWidget(self.bounty_block, 32)

    def show_stats(self, stats: Any, currency: str) -> None:
        """Players left and entries, how far the money is, the chips in play and the bounty."""
        self.players_block.value.setText(
            _("{left} / {entries}").format(
                left=formats.number(stats.players_left), entries=formats.number(stats.entries)
            )
        )
        to_money = getattr(stats, "players_to_money", None) if stats.prize_pool_cents else None
        if self.players_block.sub is not None:
            seats = getattr(stats, "seats", 0) or 0
            self.players_block.sub.setText(present.money_line(to_money, seats))
            self.players_block.sub.setColor(self._look.BREAK if to_money == 0 else self._look.MUTED)
        self.chips_block.value.setText(texts.chips(stats.chips_in_play) if stats.entries else "—")
        shown = present.bounty_block(getattr(stats, "bounty", None), currency)
        self.bounty_block.setVisible(shown is not None)
        if shown is not None and self.bounty_block.sub is not None:
            for label, text in zip(self.bounty_block.labels(), shown, strict=True):
                label.setText(text)

    def show_average(self, stats: Any, big_blind: int) -> None:
        """The average stack, and what it is in big blinds at the level shown."""
        sub = self.average_block.sub
        if stats.players_left > 0 and stats.average_stack:
            self.average_block.value.setText(texts.chips(stats.average_stack))
            if sub is not None:
                sub.setText(texts.big_blinds(stats.average_stack, big_blind))
        else:
            self.average_block.value.setText("—")
            if sub is not None:
                sub.setText("")
