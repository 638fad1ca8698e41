"""`DEFAULT`: today's wall as a layout, the one every screen shows until the host picks another.

The rectangles are those the clock display's box layout gives at any 16:9 size (its margins,
gaps and stretch factors, `clockapp.ui.display.window`), and each size is the share of its
cell the main line's capitals take there, so a cell of the default draws its text as large as
today's wall does. The side cells are filled with the panel colour, as the wall's side panels
are. Some kinds draw only while they have something to show: the bounties with a bounty
format, the QR code while the web view runs; the seat moves stay a banner over the clock.

>>> [cell.kind.value for cell in DEFAULT.cells][:4]
['text', 'text', 'time_of_day', 'players_left']
>>> DEFAULT.shows_countdown()
True
"""

from __future__ import annotations

from clockapp.core.layouts.cells import Align, Cell, CellKind, Layout, Rect, Style, Weight
from clockapp.i18n import N_

#: The default layout's name (translate it where it is shown, with `default_name`).
DEFAULT_NAME = N_("Today's wall")

_MEDIUM = Weight.MEDIUM
_LEFT, _RIGHT = Align.LEFT, Align.RIGHT


def _side(kind: CellKind, y: int, h: int, size: int, colour: str = "TEXT", x: int = 250) -> Cell:
    """A cell of a side panel: left-aligned on the panel colour."""
    return Cell(kind, Rect(x, y, 1820, h), Style(colour, "PANEL", size=size, align=_LEFT))


DEFAULT = Layout(
    DEFAULT_NAME,
    (
        # The header: the event's name, the registration line, the time of day.
        Cell(
            CellKind.TEXT,
            Rect(250, 300, 4100, 741),
            Style(weight=_MEDIUM, size=62, align=_LEFT),
            text="{tournament}",
        ),
        Cell(
            CellKind.TEXT,
            Rect(4450, 300, 3300, 741),
            Style("BREAK", weight=_MEDIUM, size=56),
            text="{registration}",
        ),
        Cell(
            CellKind.TIME_OF_DAY,
            Rect(7850, 300, 1900, 741),
            Style("MUTED", weight=_MEDIUM, size=62, align=_RIGHT),
        ),
        # The left panel: the field.
        _side(CellKind.PLAYERS_LEFT, 1241, 2178, 32),
        _side(CellKind.AVERAGE_STACK, 3419, 2003, 35),
        _side(CellKind.CHIPS_IN_PLAY, 5422, 1529, 46),
        _side(CellKind.BOUNTIES, 6951, 1702, 31, "BREAK"),
        # The centre: the level, the countdown (with its progress strip and the pause line),
        # the blinds and the ante.
        Cell(CellKind.LEVEL, Rect(2270, 1241, 5460, 756), Style(weight=_MEDIUM, size=66)),
        Cell(CellKind.COUNTDOWN, Rect(2270, 1997, 5460, 4160), Style(size=61)),
        Cell(CellKind.BLINDS, Rect(2270, 6308, 5460, 2345), Style("BLINDS", size=44)),
        # The right panel: the next break and the money.
        _side(CellKind.BREAK_IN, 1241, 2113, 43, x=7930),
        _side(CellKind.PRIZE_POOL, 3354, 1863, 49, "BREAK", x=7930),
        Cell(
            CellKind.PAYOUTS,
            Rect(7930, 5217, 1820, 3436),
            Style(background="PANEL", weight=_MEDIUM, size=57),
            rows=6,
        ),
        # The footer: the next level, and the web view's QR code at its right end.
        Cell(
            CellKind.NEXT_LEVEL,
            Rect(250, 8853, 4940, 847),
            Style(weight=_MEDIUM, size=56, align=_LEFT),
        ),
        Cell(CellKind.QR_CODE, Rect(9274, 8853, 476, 847)),
    ),
)


def is_default(name: str) -> bool:
    """Whether `name` is the default layout's (which cannot be replaced or removed).

    >>> is_default("Today's wall"), is_default("Payouts")
    (True, False)
    """
    return name.strip().casefold() == DEFAULT_NAME.casefold()
