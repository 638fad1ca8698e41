"""Which sound cue the clock's events play, and the silent player of the start-up clock.

The start-up clock paints its first frame before anything can sound: the sound module (and
QtCore's QUrl under it) is imported with the first cue, not with the clock session.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from clockapp.core.clock import EventKind

if TYPE_CHECKING:
    from clockapp.ui.sound import Cue

#: When several events fall due together (a break ends as a level starts), one cue plays: the
#: first kind in this order.
PRIORITY = (
    EventKind.HARD_END_REACHED,
    EventKind.BREAK_ENDED,
    EventKind.BREAK_STARTED,
    EventKind.LEVEL_STARTED,
    EventKind.OVERTIME_STARTED,
    EventKind.HARD_END_WARNING,
    EventKind.ONE_MINUTE_WARNING,
)


@cache
def _cues() -> dict[EventKind, Cue]:
    from clockapp.ui.sound import Cue

    return {
        EventKind.LEVEL_STARTED: Cue.LEVEL,
        EventKind.ONE_MINUTE_WARNING: Cue.WARNING,
        EventKind.BREAK_STARTED: Cue.BREAK_START,
        EventKind.BREAK_ENDED: Cue.BREAK_END,
        EventKind.OVERTIME_STARTED: Cue.WARNING,
        EventKind.HARD_END_WARNING: Cue.WARNING,
        EventKind.HARD_END_REACHED: Cue.BREAK_END,
    }


def cue_for(kinds: Collection[EventKind]) -> Cue | None:
    """The one cue for events of these kinds falling due together (None: nothing sounds).

    >>> cue_for({EventKind.LEVEL_STARTED, EventKind.BREAK_ENDED}).value
    'break_end'
    >>> cue_for({EventKind.ONE_MINUTE_WARNING}).value
    'warning'
    >>> cue_for(set()) is None
    True
    """
    cues = _cues()
    return next((cues[kind] for kind in PRIORITY if kind in kinds), None)


class NoSound:
    """Where a start-up session's cues would go: it claims none."""

    muted = True

    def set_muted(self, muted: bool) -> None:
        """Ignored."""

    def play(self, cue: Cue | Path) -> None:
        """Ignored."""

    def say(self, text: str) -> None:
        """Ignored."""


NO_SOUND = NoSound()
