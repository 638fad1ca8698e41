"""A ruling on the wall: the verdict in large type, the hands and the board in large cards, and
who takes which pot with the chips returned, until the director clears the wall.

Everything comes from the payload (`clockapp.ui.rulings.to_wall.ruling_payload`).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QWidget

from clockapp.core.wall import RULING, WallMoment
from clockapp.i18n import gettext as _
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.wall.showdown import HandLines, HandsMoment, chips, short_value
from clockapp.ui.wall.stage import register

POT_LINES = 4


class RulingMoment(HandsMoment):
    """The ruling over the clock."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(look, "wall_ruling", parent)
        self.title_label = FitLabel(look, _("RULING"), color=look.MUTED, fill=0.62)
        self._root.addWidget(self.title_label, 5)
        self.headline_label = FitLabel(look, "", color=look.BREAK, fill=0.7)
        self._root.addWidget(self.headline_label, 9)
        self._add_hands(44, 18)
        self.pot_lines = HandLines(look, self._root, POT_LINES)
        self.pot_labels = self.pot_lines.labels

    def show_moment(self, moment: WallMoment) -> None:
        """Draw the verdict, the hands, the board and the pots."""
        payload = moment.payload
        four = bool(payload.get("four_colour", False))
        self.headline_label.setText(str(payload.get("headline", "")))
        hands = [h for h in payload.get("hands", ()) if isinstance(h, Mapping)]
        self._ensure_panels(len(hands))
        for panel, hand in zip(self.panels, hands, strict=True):
            panel.name_label.setText(str(hand.get("name", "")))
            panel.stake_label.setText("FOLDED" if hand.get("folded") else "")
            panel.stake_label.setVisible(any(h.get("folded") for h in hands))
            panel.outs.hide()  # a ruling has no cards to come: the hand takes the room
            best = [str(c) for c in hand.get("best_five", ())]
            cards = [str(c) for c in hand.get("cards", ())]
            wins = bool(hand.get("wins"))
            plays = [c for c in cards if c in best and wins]  # the winner's cards that play
            panel.cards.set_cards(cards, highlight=plays, four_colour=four)
            panel.chance_label.setText(short_value(str(hand.get("value", ""))))
            panel.chance_label.setColor(self._look.BREAK if wins else self._look.MUTED)
            panel.outs_label.setText("WINS" if wins else "")
            panel.outs_label.setColor(self._look.BREAK)
            panel.outs.set_cards(())
            panel.set_leader(wins)
        board_best = {str(c) for h in hands if h.get("wins") for c in h.get("best_five", ())}
        board = [str(c) for c in payload.get("board", ())]
        self.board.set_cards(
            board, highlight=[c for c in board if c in board_best], four_colour=four
        )
        lines = [
            f"{pot.get('name', '')} {chips(int(pot.get('amount', 0)))}: {pot.get('goes_to', '')}"
            for pot in payload.get("pots", ())
            if isinstance(pot, Mapping)
        ]
        returned = str(payload.get("returned", ""))
        if returned:
            lines.append(returned)
        if len(lines) > POT_LINES:
            lines = [*lines[: POT_LINES - 1], "…"]
        self.pot_lines.show_lines(lines)


register(RULING, RulingMoment)
