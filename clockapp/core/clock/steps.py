"""Clock actions the director can still undo: each with its name and the states it went between.

A step is kept when the press is saved, so the director's Undo can offer it again after a
restart. Only the newest steps that still chain up to the clock as it stands now are offered:
an undo is refused once the clock is not where its action left it (another station pressed
since), so a step past such a change would only be refused. Steps the director undid are kept
too, for the Redo, as far as they still chain on from the clock as it stands. The director
closing or reopening registration is kept in the same line (`RegistrationStep`): it chains on
the registration choice instead of the clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clockapp.core.clock.state import ClockState
from clockapp.core.registration import RegistrationMode


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


@dataclass(frozen=True)
class RegistrationStep:
    """The director closing or reopening registration, as the Undo names it, and the choice
    before and after it.

    >>> RegistrationStep("Close registration", RegistrationMode.AUTO, RegistrationMode.CLOSED).name
    'Close registration'
    """

    name: str
    before: RegistrationMode
    after: RegistrationMode
    undone: bool = False


#: A step the director's Undo keeps: a clock action or a registration choice.
KeptStep = ClockStep | RegistrationStep


def still_undoable(
    steps: Sequence[KeptStep], now: ClockState, mode: RegistrationMode | None = None
) -> tuple[KeptStep, ...]:
    """The newest of `steps` (oldest first) that undo one after another from `now` (and the
    registration choice `mode`; None: no registration step undoes), oldest first.

    >>> a, b, c = ClockState(), ClockState(index=1), ClockState(index=2)
    >>> [s.name for s in still_undoable([ClockStep("x", a, b), ClockStep("y", b, c)], c)]
    ['x', 'y']
    >>> still_undoable([ClockStep("x", a, b)], c)  # the clock moved on since: nothing
    ()
    >>> shut = RegistrationStep("r", RegistrationMode.AUTO, RegistrationMode.CLOSED)
    >>> [s.name for s in still_undoable([ClockStep("x", a, b), shut], b, RegistrationMode.CLOSED)]
    ['x', 'r']
    """
    chain: list[KeptStep] = []
    clock, choice = now, mode
    for step in reversed(steps):
        if isinstance(step, RegistrationStep):
            if step.after != choice:
                break
            choice = step.before
        else:
            if step.after != clock:
                break
            clock = step.before
        chain.append(step)
    return tuple(reversed(chain))


def still_redoable(
    undone: Sequence[KeptStep], now: ClockState, mode: RegistrationMode | None = None
) -> tuple[KeptStep, ...]:
    """The oldest of the `undone` steps (oldest first) that redo one after another from `now`
    (and the registration choice `mode`).

    >>> a, b, c = ClockState(), ClockState(index=1), ClockState(index=2)
    >>> [s.name for s in still_redoable([ClockStep("x", a, b), ClockStep("y", b, c)], a)]
    ['x', 'y']
    >>> still_redoable([ClockStep("x", b, c)], a)  # the clock moved on since: nothing
    ()
    """
    chain: list[KeptStep] = []
    clock, choice = now, mode
    for step in undone:
        if isinstance(step, RegistrationStep):
            if step.before != choice:
                break
            choice = step.after
        else:
            if step.before != clock:
                break
            clock = step.after
        chain.append(step)
    return tuple(chain)
