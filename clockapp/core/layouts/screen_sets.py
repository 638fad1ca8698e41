"""Screen sets: layouts shown in turn on a schedule, one rotation for levels and one for breaks.

A `ScreenSet` names its turns ("Clock" for 45 s, "Payouts" for 10 s, "Chip leaders" for 10 s)
and, apart, its turns for breaks (none: the level's turns go on). Which layout shows is computed
from the seconds since the level or break began (`showing`), never counted tick by tick, so
every screen showing the set, a restart, or a paused and resumed clock all agree.

The countdown stays on the wall at every moment of a level: each layout of the level turns must
show it (`check_screen_set`). A break's turns may hide it (the break slides do).

>>> s = ScreenSet("Rotation", (Turn("Clock", 45), Turn("Payouts", 10), Turn("Chip leaders", 10)))
>>> [showing(s, t, on_break=False).layout for t in (0, 44.9, 45, 55, 65, 130)]
['Clock', 'Clock', 'Payouts', 'Chip leaders', 'Clock', 'Clock']
>>> showing(s, 50, on_break=False).seconds_left
5.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from clockapp.core.layouts.cells import MAX_NAME_CHARS, Layout, LayoutError
from clockapp.core.text import TextError, clean_text
from clockapp.i18n import gettext as _

#: The shortest and longest a layout stays up in its turn.
MIN_TURN_SECONDS, MAX_TURN_SECONDS = 3, 3600
#: The most turns of a rotation.
MAX_TURNS = 20


def _name(text: object, what: str) -> str:
    try:
        cleaned = clean_text(text, what, MAX_NAME_CHARS)
    except TextError as error:
        raise LayoutError(str(error)) from None
    return cleaned


@dataclass(frozen=True)
class Turn:
    """One layout (by name) shown for `seconds`."""

    layout: str
    seconds: int

    def __post_init__(self) -> None:
        name = _name(self.layout, _("The layout's name"))
        if not name:
            raise LayoutError(_("Each turn of a screen set shows a layout: choose one."))
        object.__setattr__(self, "layout", name)
        if (
            not isinstance(self.seconds, int)
            or isinstance(self.seconds, bool)
            or not MIN_TURN_SECONDS <= self.seconds <= MAX_TURN_SECONDS
        ):
            raise LayoutError(
                _("A layout stays up {least} to {most} seconds in its turn.").format(
                    least=MIN_TURN_SECONDS, most=MAX_TURN_SECONDS
                )
            )


@dataclass(frozen=True)
class ScreenSet:
    """A named schedule of layouts: `turns` through a level, `break_turns` through a break
    (empty: the same turns as a level)."""

    name: str
    turns: tuple[Turn, ...]
    break_turns: tuple[Turn, ...] = ()

    def __post_init__(self) -> None:
        name = _name(self.name, _("The screen set's name"))
        if not name:
            raise LayoutError(_("A screen set needs a name."))
        object.__setattr__(self, "name", name)
        for turns in (self.turns, self.break_turns):
            if not isinstance(turns, tuple) or not all(isinstance(t, Turn) for t in turns):
                raise LayoutError(_("A screen set is a list of turns."))
            if len(turns) > MAX_TURNS:
                raise LayoutError(
                    _("A screen set has at most {count} turns.").format(count=MAX_TURNS)
                )
        if not self.turns:
            raise LayoutError(_("A screen set needs at least one layout to show."))

    def rotation(self, *, on_break: bool) -> tuple[Turn, ...]:
        """The turns shown through a break (`on_break`) or a level."""
        return self.break_turns if on_break and self.break_turns else self.turns

    def layouts(self) -> tuple[str, ...]:
        """Every layout the set names, once each, in the order first named."""
        return tuple(dict.fromkeys(t.layout for t in (*self.turns, *self.break_turns)))


@dataclass(frozen=True)
class Showing:
    """What a screen shows now: the layout's name, its turn, and the seconds its turn has left."""

    layout: str
    turn: int
    seconds_left: float


def showing(screen_set: ScreenSet, seconds: float, *, on_break: bool) -> Showing:
    """The layout shown `seconds` after the level (or break, `on_break`) began.

    The turns start again at every level and break; before its start (a negative time) the
    first turn shows.

    >>> s = ScreenSet("S", (Turn("Clock", 45),), (Turn("Slides", 20), Turn("Clock", 10)))
    >>> showing(s, 25, on_break=True)
    Showing(layout='Clock', turn=1, seconds_left=5.0)
    """
    turns = screen_set.rotation(on_break=on_break)
    cycle = sum(t.seconds for t in turns)
    if not math.isfinite(seconds) or seconds < 0:
        seconds = 0.0
    into = math.fmod(seconds, cycle)
    for index, turn in enumerate(turns):
        if into < turn.seconds:
            return Showing(turn.layout, index, float(turn.seconds - into))
        into -= turn.seconds
    last = len(turns) - 1  # only rounding gets here: the cycle's very end
    return Showing(turns[last].layout, last, 0.0)


def check_screen_set(screen_set: ScreenSet, layouts: Mapping[str, Layout]) -> None:
    """Refuse a set that names a layout not in `layouts`, or that hides the countdown in a level.

    >>> from clockapp.core.layouts.cells import Cell, CellKind, Rect
    >>> clock = Layout("Clock", (Cell(CellKind.COUNTDOWN, Rect(0, 0, 5000, 5000)),))
    >>> payouts = Layout("Payouts", (Cell(CellKind.PAYOUTS, Rect(0, 0, 5000, 5000), rows=5),))
    >>> check_screen_set(ScreenSet("S", (Turn("Clock", 45), Turn("Payouts", 10))),
    ...                  {"Clock": clock, "Payouts": payouts})
    Traceback (most recent call last):
    ...
    clockapp.core.layouts.cells.LayoutError: The layout "Payouts" shows no countdown, and the \
countdown must stay on the wall through every level: add a countdown to it, or show it only \
during breaks.
    """
    for name in screen_set.layouts():
        if name not in layouts:
            raise LayoutError(
                _('The screen set shows "{layout}", but there is no layout of that name.').format(
                    layout=name
                )
            )
    for turn in screen_set.turns:
        if not layouts[turn.layout].shows_countdown():
            raise LayoutError(
                _(
                    'The layout "{layout}" shows no countdown, and the countdown must stay on '
                    "the wall through every level: add a countdown to it, or show it only "
                    "during breaks."
                ).format(layout=turn.layout)
            )
