"""The chip race on the wall: each player's cards in large type, the winners marked.

The payload is `clockapp.core.chip_race.race_payload` (plus the table's label), so a wall on
another station draws it without reading anything else. Each row is one player: the name, one
card tile per odd chip (red suits in red, as on a real card), and what the player takes; the
winners' rows are green and say WINS, so the room reads the race with the sound off.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from clockapp.core.chip_race import (
    RaceEntry,
    Rounding,
    race_payload,
    run_race,
)
from clockapp.core.wall import CHIP_RACE, WallMoment
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.ui.display import theme
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.rulings.cards import EDGE, FACE, suit_colour
from clockapp.ui.wall.demos import register_demo
from clockapp.ui.wall.stage import LEFT, register

#: Rows the wall shows (a table seats 10); a table's race always fits.
MAX_ROWS = 10
#: Card tiles a row shows; more odd chips than this show as "+N".
MAX_CARDS = 6
#: The rows keep the size of a race of this many players, so three players are not huge.
MIN_ROWS = 7
# A card's own colours, the rulings' cards', in every theme: the night theme's text is the
# colour of a white card and the day theme's the colour of a spade, so a palette colour would
# turn black ink white (or a white card black) when the theme changes.
CARD_FACE = theme.fixed(FACE)
CARD_BLACK = theme.fixed(suit_colour("s", four_colour=False))
CARD_RED = theme.fixed(suit_colour("h", four_colour=False))
CARD_EDGE = theme.fixed(EDGE)  # a white card still shows on the day theme's pale wall


def row_result(player: Mapping[str, Any], target: str) -> str:
    """The result column: `WINS · takes 2 × T100`, `gets 1 × T100 (not raced out)`, `—`.

    >>> row_result({"won": True, "takes": 1}, "T100")
    'WINS · takes 1 × T100'
    >>> row_result({"kept_alive": True, "takes": 1}, "T100")
    'gets 1 × T100 (not raced out)'
    >>> row_result({"takes": 0}, "T100")
    '—'
    """
    takes = int(player.get("takes", 0))
    if player.get("won"):
        return _("WINS · takes {count} × {chip}").format(count=takes, chip=target)
    if player.get("kept_alive"):
        return _("gets {count} × {chip} (not raced out)").format(count=takes, chip=target)
    return _("takes {count} × {chip}").format(count=takes, chip=target) if takes else "—"


def shown_players(players: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The rows the wall has room for: all of a table's; of a bigger race, those who take a
    chip first (in seat order), then the others, and a last line saying how many more.

    >>> rows = [{"name": f"P{i}", "takes": int(i in (3, 12))} for i in range(14)]
    >>> [r["name"] for r in shown_players(rows)]
    ['P3', 'P12', 'P0', 'P1', 'P2', 'P4', 'P5', 'P6', 'P7', '+ 5 more players']
    """
    if len(players) <= MAX_ROWS:
        return players
    taking = [p for p in players if p.get("takes")]
    others = [p for p in players if not p.get("takes")]
    room = MAX_ROWS - 1
    shown = (taking + others)[:room]
    more = len(players) - room
    name = ngettext("+ {count} more player", "+ {count} more players", more).format(count=more)
    return [*shown, {"name": name, "takes": 0}]


class _Row(QWidget):
    """One player's line: name, card tiles, result."""

    def __init__(self, look: WallTheme, parent: QWidget) -> None:
        super().__init__(parent)
        self._look = look
        line = QHBoxLayout(self)
        line.setContentsMargins(0, 0, 0, 0)
        self._line = line
        self.name_label = FitLabel(look, "", fill=0.6, align=LEFT)
        line.addWidget(self.name_label, 26)
        self.card_labels = [
            FitLabel(look, "", color=CARD_BLACK, fill=0.62, background=CARD_FACE, edge=CARD_EDGE)
            for _ in range(MAX_CARDS)
        ]
        for card in self.card_labels:
            line.addWidget(card, 5)
        self.result_label = FitLabel(look, "", fill=0.55, weight=QFont.Weight.Medium, align=LEFT)
        line.addWidget(self.result_label, 40)

    def show_player(self, player: Mapping[str, Any], target: str) -> None:
        won, kept = bool(player.get("won")), bool(player.get("kept_alive"))
        look = self._look
        colour = look.BREAK if won else look.BLINDS if kept else look.TEXT
        # A star as well as the colour: the winners stand out to a colour-blind player too.
        self.name_label.setText(("★ " if won else "") + str(player.get("name", "")))
        self.name_label.setColor(colour)
        cards = [str(c) for c in player.get("cards", [])]
        red = list(player.get("red", []))
        shown = cards
        if len(cards) > MAX_CARDS:  # the best cards first, then how many more
            shown = [*cards[: MAX_CARDS - 1], f"+{len(cards) - MAX_CARDS + 1}"]
        for i, label in enumerate(self.card_labels):
            text = shown[i] if i < len(shown) else ""
            is_red = i < len(red) and bool(red[i]) and not text.startswith("+")
            label.setText(text)
            label.setBackground(CARD_FACE if text else None)
            label.setColor(CARD_RED if is_red else CARD_BLACK)
        self.result_label.setText(row_result(player, target))
        self.result_label.setColor(colour if (won or kept) else self._look.MUTED)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Gaps between the tiles follow the screen's size."""
        self._line.setSpacing(max(4, round(self.width() * 0.008)))
        super().resizeEvent(event)


class ChipRaceMoment(QWidget):
    """The race: a title, the count raced, and a row per player."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wall_chip_race")
        root = QVBoxLayout(self)
        self._root = root
        self.title_label = FitLabel(look, "", color=look.BREAK, fill=0.7)
        self.rule_label = FitLabel(
            look, "", color=look.BLINDS, fill=0.6, weight=QFont.Weight.Medium
        )
        root.addWidget(self.title_label, 12)
        root.addWidget(self.rule_label, 7)
        root.addSpacing(8)
        self.rows = [_Row(look, self) for _ in range(MAX_ROWS)]
        for row in self.rows:
            root.addWidget(row, 7)
        self._filler = QWidget(self)
        root.addWidget(self._filler, 0)

    def show_moment(self, moment: WallMoment) -> None:
        """Draw the race in `moment.payload`."""
        payload = moment.payload
        target = str(payload.get("target", ""))
        short = target.split(" ")[0] if target else ""
        table = str(payload.get("table", ""))
        self.title_label.setText(
            _("Chip race · {table}").format(table=table) if table else _("Chip race")
        )
        removed = ", ".join(str(r) for r in payload.get("removed", []))
        raced = int(payload.get("raced", 0))
        self.rule_label.setText(
            _("{removed} → {target} · {raced} raced · highest cards win, one each").format(
                removed=removed, target=target, raced=raced
            )
        )
        players = shown_players(list(payload.get("players", [])))
        for i, row in enumerate(self.rows):
            row.setVisible(i < len(players))
            if i < len(players):
                row.show_player(players[i], short)
        # Keep each row the size it has in a full race: the rest of the height stays empty.
        missing = max(0, MIN_ROWS - len(players))
        self._root.setStretchFactor(self._filler, 7 * missing)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Margins follow the screen's size."""
        x, y = round(self.width() * 0.05), round(self.height() * 0.03)
        self._root.setContentsMargins(x, y, x, y)
        self._root.setSpacing(max(4, round(self.height() * 0.012)))
        super().resizeEvent(event)


def demo(_now: datetime) -> dict[str, Any]:
    """A race at a demo table: six players, T25 green raced for T100 black, a fixed draw."""
    names = ("Alice", "Bruno", "Chen", "Dana", "Eitan", "Fatima")
    odd = ((3,), (2,), (1,), (3,), (7,), (1,))
    entries = [
        RaceEntry(name, chips, rest=0 if name == "Chen" else 1)
        for name, chips in zip(names, odd, strict=True)
    ]
    seed = 20_261_126
    race = run_race(entries, (25,), 100, Rounding.HALF_UP, seed=seed)
    payload = race_payload(race, ["T25 green"], "T100 black")
    payload["table"] = "Table 2"
    return payload


register(CHIP_RACE, ChipRaceMoment)
register_demo(CHIP_RACE, demo)
