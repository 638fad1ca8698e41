"""The all-in showdown on the wall, as on television: each hand in large cards with its chance to
win and to tie, the outs of the hands behind, the board as dealt, and at the river who takes
which pot and who is out. A preflop payload marked `pending` shows the hands at once with dashes
for the chances (`PENDING`), until the exact odds replace it.

Everything comes from the moment's payload (`clockapp.services.showdown.payload_of`): names,
cards, chances and pots, so a wall on another station draws it without reading anything else.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QVBoxLayout, QWidget

from clockapp import formats
from clockapp.core.wall import SHOWDOWN, WallMoment
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.poker.allin import at_risk
from clockapp.services.demo_wall import showdown_demo
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.rulings.verdict import percent
from clockapp.ui.wall.cards import CardRow
from clockapp.ui.wall.demos import register_demo
from clockapp.ui.wall.stage import register

STREET_TITLES = {
    "preflop": N_("ALL IN"),
    "flop": N_("ALL IN · THE FLOP"),
    "turn": N_("ALL IN · THE TURN"),
    "river": N_("SHOWDOWN · THE RIVER"),
}
MEDIUM = QFont.Weight.Medium
RESULT_LINES = 4
#: The chances while the exact odds are worked out: figure dashes (a digit's width) hold the
#: places of the digits, so the type does not jump when the figures arrive.
PENDING = N_("WIN \u2012\u2012.\u2012%   TIE \u2012.\u2012%")


def chips(amount: int) -> str:
    """`1,200` (in the language's grouping)."""
    return formats.number(amount)


def short_value(description: str) -> str:
    """A hand in words short enough for the wall: the kickers go.

    >>> short_value("Three of a kind, queens with jack and nine kickers")
    'Three of a kind, queens'
    >>> short_value("High card, ace-king-queen-jack-nine")
    'Ace high'
    """
    if description.startswith("High card, "):
        return description.removeprefix("High card, ").split("-")[0].capitalize() + " high"
    return description.split(" with ")[0]


def stake_text(hand: Mapping[str, Any], risk: int) -> str:
    """What the hand has at stake: what the others can win from it (`risk`, from
    `clockapp.poker.allin.at_risk`), not what it pushed in.

    >>> stake_text({"bet": 5000, "stack": 5000}, 5000)
    'ALL IN 5,000'
    >>> stake_text({"bet": 8000, "stack": 8000}, 5000)
    'COVERS · 5,000 AT RISK'
    >>> stake_text({"bet": 5000, "stack": 9000}, 5000)
    '5,000 IN'
    >>> stake_text({"bet": 0, "stack": 9000}, 0)
    ''
    """
    bet, stack = int(hand.get("bet", 0)), int(hand.get("stack", 0))
    if not bet:
        return ""
    if 0 < risk < bet:
        return _("COVERS · {chips} AT RISK").format(chips=chips(risk))
    if bet == stack:
        return _("ALL IN {chips}").format(chips=chips(bet))
    return _("{chips} IN").format(chips=chips(bet))


class HandPanel(QWidget):
    """One player's hand: the name, the cards, the chances (or the hand at the river), the outs."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._look = look
        look.follow(self)
        self._leader = False
        self._out = False
        root = QVBoxLayout(self)
        root.setSpacing(0)
        self._root = root
        self.name_label = FitLabel(look, "", fill=0.72)
        self.stake_label = FitLabel(look, "", fill=0.62, color=look.MUTED, weight=MEDIUM)
        self.cards = CardRow(2)
        self.chance_label = FitLabel(look, "", fill=0.7, color=look.BLINDS)
        self.outs_label = FitLabel(look, "", fill=0.62, color=look.MUTED, weight=MEDIUM)
        self.outs = CardRow(0)
        root.addWidget(self.name_label, 12)
        root.addWidget(self.stake_label, 9)
        root.addWidget(self.cards, 39)
        root.addWidget(self.chance_label, 14)
        root.addWidget(self.outs_label, 8)
        root.addWidget(self.outs, 12)

    def show_hand(
        self,
        hand: Mapping[str, Any],
        street: str,
        four_colour: bool,
        pending: bool = False,
        risk: int = 0,
    ) -> None:
        """Draw one hand of the payload (`pending`: its chances are still being worked out;
        `risk`: what the others can win from it, 0 when not known)."""
        self.name_label.setText(str(hand.get("name", "")))
        self.stake_label.setText(stake_text(hand, risk))
        self.cards.set_cards(list(hand.get("cards", ())), four_colour=four_colour)
        win, tie = float(hand.get("win", 0.0)), float(hand.get("tie", 0.0))
        outs = [str(c) for c in hand.get("outs", ())]
        self._leader = bool(hand.get("leader"))
        self._out = False
        if street == "river":
            self.chance_label.setText(short_value(str(hand.get("value", ""))))
            self.chance_label.setColor(self._look.BREAK if win or tie else self._look.MUTED)
            self.outs_label.setText("WINS" if win else ("SPLITS" if tie else ""))
            self.outs_label.setColor(self._look.BREAK)
            self.outs.set_cards(())
            return
        self.chance_label.setColor(self._look.BLINDS)
        if pending:  # the exact figures follow in a moment: never a wrong number meanwhile
            self.chance_label.setText(_(PENDING))
            self.outs_label.setText("")
            self.outs.set_cards(())
            return
        self.chance_label.setText(
            _("WIN {win}   TIE {tie}").format(win=percent(win), tie=percent(tie))
        )
        self.outs_label.setColor(self._look.MUTED)
        margin = float(hand.get("margin", 0.0))
        if margin > 0:  # a Monte Carlo (Omaha preflop, five hands or more; no outs then)
            self.outs_label.setText(_("MARGIN ±{margin}").format(margin=percent(margin)))
        elif outs:
            count = len(outs)
            self.outs_label.setText(
                ngettext("{count} OUT", "{count} OUTS", count).format(count=count)
            )
        elif win == 0 and tie == 0:
            self.outs_label.setText(_("DRAWING DEAD"))
        else:
            self.outs_label.setText("")
        self.outs.set_cards(outs, highlight=outs, four_colour=four_colour)

    def mark_out(self) -> None:
        """The player is out: the panel is drawn dimmed, edged in red."""
        self._out = True
        self.name_label.setColor(self._look.WARNING)
        self.update()

    def set_leader(self, leader: bool) -> None:
        """Edge the panel as the hand ahead (or the winner)."""
        self._leader = leader
        self._out = False
        self.name_label.setColor(self._look.TEXT)
        self.update()

    def is_leader(self) -> bool:
        """The hand is ahead (or level for the lead) on the board so far."""
        return self._leader

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Margins follow the panel's size."""
        m = round(min(self.width(), self.height()) * 0.05)
        self._root.setContentsMargins(m, m, m, m)
        super().resizeEvent(event)

    def paintEvent(self, _event: QPaintEvent) -> None:
        """The panel, edged in green for the hand ahead and in red for a player out."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        edge = (
            self._look.WARNING
            if self._out
            else (self._look.BREAK if self._leader else self._look.PANEL_EDGE)
        )
        width = max(2.0, self.height() * 0.012)
        painter.setPen(QPen(edge, width))
        painter.setBrush(self._look.PANEL)
        rect = QRectF(self.rect()).adjusted(width, width, -width, -width)
        radius = min(rect.width(), rect.height()) * 0.06
        painter.drawRoundedRect(rect, radius, radius)
        painter.end()


class HandLines:
    """The lines under the board (who takes which pot, who is out), in one size of type."""

    def __init__(self, look: WallTheme, root: QVBoxLayout, count: int) -> None:
        self.labels = [FitLabel(look, "", fill=0.66, weight=MEDIUM) for _ in range(count)]
        for label in self.labels:
            root.addWidget(label, 6)

    def show_lines(self, lines: list[str], colour: Callable[[str], QColor] | None = None) -> None:
        """Show `lines` (`colour` picks each line's colour); none: the board takes their room."""
        for label, line in zip(self.labels, [*lines, *[""] * len(self.labels)], strict=False):
            label.setText(line)
            if colour is not None:
                label.setColor(colour(line))
            label.setVisible(bool(lines))


class HandsMoment(QWidget):
    """Hands over the clock (the showdown, a ruling): a grid of `HandPanel`s and the board.

    A subclass adds its titles to `_root`, then `_add_hands(hands, board)` with the stretch of
    each, then its `HandLines`.
    """

    def __init__(self, look: WallTheme, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._look = look
        self.setObjectName(name)
        root = QVBoxLayout(self)
        root.setSpacing(0)
        self._root = root
        self._grid_host = QWidget(self)
        self._grid = QGridLayout(self._grid_host)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.board = CardRow(5)
        self.panels: list[HandPanel] = []

    def _add_hands(self, hands_stretch: int, board_stretch: int) -> None:
        self._root.addWidget(self._grid_host, hands_stretch)
        self._root.addWidget(self.board, board_stretch)

    def _ensure_panels(self, count: int) -> None:
        """One panel per hand: up to five in a row, more in two rows, the columns shared."""
        if count == len(self.panels):
            return
        for panel in self.panels:
            self._grid.removeWidget(panel)
            panel.deleteLater()
        self.panels = []
        columns = min(count, 5) if count <= 5 else math.ceil(count / 2)
        for index in range(count):
            panel = HandPanel(self._look, self._grid_host)
            self._grid.addWidget(panel, index // max(columns, 1), index % max(columns, 1))
            self.panels.append(panel)
        for column in range(5):
            self._grid.setColumnStretch(column, 1 if column < columns else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Margins and spacing follow the screen's size."""
        x, y = round(self.width() * 0.03), round(self.height() * 0.02)
        self._root.setContentsMargins(x, y, x, y)
        self._grid.setSpacing(round(self.width() * 0.012))
        super().resizeEvent(event)


class ShowdownMoment(HandsMoment):
    """The showdown over the clock."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(look, "wall_showdown", parent)
        self.title_label = FitLabel(look, "", color=look.BREAK, fill=0.7)
        self._root.addWidget(self.title_label, 7)
        self._add_hands(54, 19)
        self.result_lines = HandLines(look, self._root, RESULT_LINES)
        self.result_labels = self.result_lines.labels

    def show_moment(self, moment: WallMoment) -> None:
        """Draw the payload's hands, board and result."""
        payload = moment.payload
        street = str(payload.get("street", "preflop"))
        four = bool(payload.get("four_colour", False))
        hands = [h for h in payload.get("hands", ()) if isinstance(h, Mapping)]
        self.title_label.setText(_(STREET_TITLES.get(street, STREET_TITLES["preflop"])))
        self._ensure_panels(len(hands))
        pending = bool(payload.get("pending", False))
        risks = at_risk([int(h.get("bet", 0)) for h in hands])
        for panel, hand, risk in zip(self.panels, hands, risks, strict=True):
            panel.show_hand(hand, street, four, pending, risk)
        self.board.set_cards(list(payload.get("board", ())), four_colour=four)
        lines = self._result_lines(payload.get("result"), bool(payload.get("busts_recorded")))
        # Before the river there are no lines: the board takes their room.
        self.result_lines.show_lines(
            lines, lambda line: self._look.WARNING if line.startswith("OUT") else self._look.TEXT
        )
        result = payload.get("result")
        busted = (
            {b.get("name") for b in result.get("busts", ())} if isinstance(result, dict) else set()
        )
        for panel, hand in zip(self.panels, hands, strict=True):
            if hand.get("name") in busted:
                panel.mark_out()
            else:
                panel.name_label.setColor(self._look.TEXT)

    @staticmethod
    def _result_lines(result: object, recorded: bool) -> list[str]:
        if not isinstance(result, Mapping):
            return []
        lines = []
        for pot in result.get("pots", ()):
            winners = ", ".join(
                f"{name} {chips(share)}" if len(pot["winners"]) > 1 else name
                for name, share in zip(pot["winners"], pot["shares"], strict=True)
            )
            lines.append(f"{pot['name']} {chips(pot['amount'])} → {winners}")
        for name, amount in result.get("returned", ()):
            lines.append(
                _("{chips} uncalled back to {name}").format(chips=chips(amount), name=name)
            )
        busts = result.get("busts", ())
        if busts:
            out = ", ".join(
                _("{name} (by {winner})").format(name=b["name"], winner=b["busted_by"])
                for b in busts
            )
            lines.append(
                _("OUT: {players}  ✓ recorded").format(players=out)
                if recorded
                else _("OUT: {players}").format(players=out)
            )
        if len(lines) > RESULT_LINES:  # many side pots: keep the busts, fold the pots
            lines = [*lines[: RESULT_LINES - 2], "…", lines[-1]]
        return lines


register(SHOWDOWN, ShowdownMoment)
register_demo(SHOWDOWN, lambda _now: showdown_demo())
