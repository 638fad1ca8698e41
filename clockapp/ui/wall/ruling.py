"""A ruling on the wall: the verdict in large type, the hands and the board in large cards, and
who takes which pot with the chips returned, until the director clears the wall.

Everything comes from the payload (`clockapp.ui.rulings.to_wall.ruling_payload`).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QVBoxLayout, QWidget

from clockapp.core.wall import RULING, WallMoment
from clockapp.ui.clock import theme
from clockapp.ui.clock.widgets import FitLabel
from clockapp.ui.wall.cards import CardRow
from clockapp.ui.wall.showdown import HandPanel, chips, short_value
from clockapp.ui.wall.stage import register

POT_LINES = 4


class RulingMoment(QWidget):
    """The ruling over the clock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wall_ruling")
        root = QVBoxLayout(self)
        root.setSpacing(0)
        self._root = root
        self.title_label = FitLabel("RULING", color=theme.MUTED, fill=0.62)
        root.addWidget(self.title_label, 5)
        self.headline_label = FitLabel("", color=theme.BREAK, fill=0.7)
        root.addWidget(self.headline_label, 9)
        self._grid_host = QWidget(self)
        self._grid = QGridLayout(self._grid_host)
        self._grid.setContentsMargins(0, 0, 0, 0)
        root.addWidget(self._grid_host, 44)
        self.board = CardRow(5)
        root.addWidget(self.board, 18)
        self.pot_labels = [
            FitLabel("", fill=0.66, weight=QFont.Weight.Medium) for _ in range(POT_LINES)
        ]
        for label in self.pot_labels:
            root.addWidget(label, 6)
        self.panels: list[HandPanel] = []

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
            panel.chance_label.setColor(theme.BREAK if wins else theme.MUTED)
            panel.outs_label.setText("WINS" if wins else "")
            panel.outs_label.setColor(theme.BREAK)
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
        for label, line in zip(self.pot_labels, [*lines, *[""] * POT_LINES], strict=False):
            label.setText(line)
            label.setVisible(bool(lines))

    def _ensure_panels(self, count: int) -> None:
        if count == len(self.panels):
            return
        for panel in self.panels:
            self._grid.removeWidget(panel)
            panel.deleteLater()
        self.panels = []
        columns = count if count <= 5 else (count + 1) // 2
        for index in range(count):
            panel = HandPanel(self._grid_host)
            self._grid.addWidget(panel, index // max(columns, 1), index % max(columns, 1))
            self.panels.append(panel)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Margins and spacing follow the screen's size."""
        x, y = round(self.width() * 0.03), round(self.height() * 0.02)
        self._root.setContentsMargins(x, y, x, y)
        self._grid.setSpacing(round(self.width() * 0.012))
        super().resizeEvent(event)


register(RULING, RulingMoment)
