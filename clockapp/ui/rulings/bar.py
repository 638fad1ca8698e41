"""The strip above the cards (game, deck, new dispute) and the key help below them.

Both sit in the window's left column, over and under the cards they are about, so the side pots
on the right have the window's whole height.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from clockapp.ui.rulings.state import Game
from clockapp.ui.rulings.style import set_role

#: The window's keys, listed in the help line at the bottom of the window.
KEYS = (
    ("Ctrl+B", "type the board"),
    ("Ctrl+1…0", "type player 1…10's cards"),
    ("Enter", "next hand"),
    ("Backspace", "take back the last card"),
    ("Ctrl+N", "add a player"),
    ("Ctrl+Delete", "remove the player"),
    ("Ctrl+G", "Hold'em / Omaha"),
    ("Ctrl+Shift+N", "new dispute"),
)


class RulingsBar(QWidget):
    """Game selector, four-colour deck and New dispute."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        bar = QHBoxLayout(self)
        bar.setContentsMargins(0, 0, 0, 0)
        self.game_combo = QComboBox(self)
        self.game_combo.setObjectName("game")
        for game in Game:
            self.game_combo.addItem(game.spoken, game)
        game_label = QLabel("&Game", self)
        game_label.setBuddy(self.game_combo)
        self.four_colour_check = QCheckBox("Four-colour deck", self)
        self.four_colour_check.setObjectName("four_colour")
        self.new_button = QPushButton("New dispute", self)
        self.new_button.setObjectName("new_dispute")
        for widget in (game_label, self.game_combo, self.four_colour_check):
            bar.addWidget(widget)
        bar.addSpacing(20)
        bar.addWidget(self.new_button)
        bar.addStretch(1)


def keys_help(parent: QWidget) -> QLabel:
    """One line listing the window's keys."""
    label = QLabel("   ".join(f"<b>{k}</b> {what}" for k, what in KEYS), parent)
    label.setObjectName("keys_help")
    label.setWordWrap(True)
    set_role(label, "keys")
    return label
