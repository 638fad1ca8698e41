"""The verdict across the top, the strip above the cards (game, deck, new dispute) and the key help.

The verdict spans the whole window above both columns and scrolls with neither: whatever the
screen, the table reads who won and who takes which pot first. The strip and the help sit in the
left column, over and under the cards they are about.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from clockapp.i18n import gettext as _
from clockapp.ui.actions import RulingsAction, rulings_keys
from clockapp.ui.rulings.state import Game
from clockapp.ui.rulings.style import set_role, set_state
from clockapp.ui.rulings.verdict import Verdict

#: The window's keys (from the actions registry), listed in the help line at the bottom.
KEYS = rulings_keys()


class RulingsBar(QWidget):
    """Game selector, four-colour deck, New dispute and Close."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Two rows, the game's over the dispute's: in one they made the window wider than a
        # 1366-pixel laptop in languages with longer words.
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        game_row, bar = QHBoxLayout(), QHBoxLayout()
        rows.addLayout(game_row)
        rows.addLayout(bar)
        self.game_combo = QComboBox(self)
        self.game_combo.setObjectName("game")
        for game in Game:
            self.game_combo.addItem(game.spoken, game)
        # No "&Game" mnemonic: Alt+G switches the game (`RulingsAction.TOGGLE_GAME`).
        game_label = QLabel(_("Game"), self)
        game_label.setBuddy(self.game_combo)
        self.four_colour_check = QCheckBox(_("Four-colour deck"), self)
        self.four_colour_check.setObjectName("four_colour")
        self.new_button = QPushButton(_("New dispute"), self)
        self.new_button.setObjectName("new_dispute")
        new = RulingsAction.NEW_DISPUTE.value
        self.new_button.setToolTip(
            _("Clear the board, the hands and the chips ({key})").format(key=new.shortcuts[0])
        )
        for widget in (game_label, self.game_combo, self.four_colour_check):
            game_row.addWidget(widget)
        game_row.addStretch(1)
        bar.addWidget(self.new_button)
        bar.addStretch(1)
        # In a short window the keys line under the hands gives its height to them: the keys
        # are then a button away (and in its tooltip).
        self.keys_button = QPushButton(_("Keys"), self)
        self.keys_button.setObjectName("keys_button")
        self.keys_button.setToolTip(keys_text())
        self.keys_button.clicked.connect(
            lambda: QToolTip.showText(
                self.keys_button.mapToGlobal(self.keys_button.rect().bottomLeft()),
                keys_text(),
                self.keys_button,
            )
        )
        self.keys_button.hide()
        bar.addWidget(self.keys_button)
        # The window's own way out on screen (Ctrl+W too): a window manager's title bar may be
        # off screen or missing.
        self.close_button = QPushButton(_("Close"), self)
        self.close_button.setObjectName("close_rulings")
        close = RulingsAction.CLOSE.value
        self.close_button.setToolTip(
            _("Close the rulings window ({key})").format(key=close.shortcuts[0])
        )
        bar.addWidget(self.close_button)


def keys_text() -> str:
    """The window's keys, one a line, for the Keys button's tooltip."""
    return "<br>".join(f"<b>{k}</b> {what}" for k, what in KEYS)


def keys_help(parent: QWidget) -> QLabel:
    """One line listing the window's keys."""
    label = QLabel("   ".join(f"<b>{k}</b> {what}" for k, what in KEYS), parent)
    label.setObjectName("keys_help")
    label.setWordWrap(True)
    set_role(label, "keys")
    return label


class VerdictBar(QFrame):
    """The verdict: "Seat 3 wins with kings full of sevens", and who takes which pot under it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("verdict")
        set_role(self, "verdict")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 3, 12, 3)
        layout.setSpacing(0)
        self.headline = QLabel(self)
        self.headline.setObjectName("verdict_headline")
        self.headline.setTextFormat(Qt.TextFormat.PlainText)
        self.headline.setWordWrap(True)
        set_role(self.headline, "headline")
        self.pots = QLabel(self)
        self.pots.setObjectName("verdict_pots")
        self.pots.setTextFormat(Qt.TextFormat.PlainText)
        self.pots.setWordWrap(True)
        set_role(self.pots, "verdict_pots")
        layout.addWidget(self.headline)
        layout.addWidget(self.pots)

    def show_verdict(self, verdict: Verdict) -> None:
        """Show `verdict` (a decided one in the winner's colours)."""
        self.headline.setText(verdict.headline)
        # The pots line keeps its height while empty: the verdict appearing must not move the
        # form the director is typing in (both columns sit under this bar).
        self.pots.setText(verdict.pots or "\N{NO-BREAK SPACE}")
        set_state(self, "decided", verdict.decided)
        set_state(self.headline, "decided", verdict.decided)
