"""Clock actions the director can still undo: each with its name and the states it went between.

A step is kept when the press is saved, so the director's Undo can offer it again after a
restart. Only the newest steps that still chain up to the clock as it stands now are offered:
an undo is refused once the clock is not where its action left it (another station pressed
since), so a step past such a change would only be refused. Steps the director undid are kept
too, for the Redo, as far as they still chain on from the clock as it stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clockapp.core.clock.state import ClockState


@dataclass(frozen=True)
class ClockStep:
    """One clock action as the Undo names it, and the clock before and after it.

    >>> ClockStep("Pause", ClockState(), ClockState()).name
    'Pause'
    """

    name: str
    before: ClockState
    after: ClockState
    undone: bool = False


def still_undoable(steps: Sequence[ClockStep], now: ClockState) -> tuple[ClockStep, ...]:
    """The newest of `steps` (oldest first) that undo one after another from `now`, oldest first.

    >>> a, b, c = ClockState(), ClockState(index=1), ClockState(index=2)
    >>> [s.name for s in still_undoable([ClockStep("x", a, b), ClockStep("y", b, c)], c)]
    ['x', 'y']
    >>> still_undoable([ClockStep("x", a, b)], c)  # the clock moved on since: nothing
    ()
    """
    chain: list[ClockStep] = []
    expected = now
    for step in reversed(steps):
        if step.after != expected:
            break
        chain.append(step)
        expected = step.before
    return tuple(reversed(chain))


def still_redoable(undone: Sequence[ClockStep], now: ClockState) -> tuple[ClockStep, ...]:
    """The oldest of the `undone` steps (oldest first) that redo one after another from `now`.

    >>> a, b, c = ClockState(), ClockState(index=1), ClockState(index=2)
    >>> [s.name for s in still_redoable([ClockStep("x", a, b), ClockStep("y", b, c)], a)]
    ['x', 'y']
    >>> still_redoable([ClockStep("x", b, c)], a)  # the clock moved on since: nothing
    ()
    """
    chain: list[ClockStep] = []
    expected = now
    for step in undone:
        if step.before != expected:
            break
        chain.append(step)
        expected = step.after
    return tuple(chain)
