"""What the generator accepts: its error, the ante styles, the input limits and their checks.

`check_inputs` refuses an input out of range with a message a director can read
(`GeneratorError`), fills in the defaults that depend on other inputs (the rebuy and add-on
stacks), and turns the chips given into a `ChipSet`.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from clockapp import formats
from clockapp.core.chips import ChipError, ChipSet
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _


class GeneratorError(ValidationError):
    """Inputs the generator cannot work with (no players, a stack the chips cannot make, ...)."""


# Raised, logged and shown under its public home, where callers import it.
GeneratorError.__module__ = "clockapp.core.generator"


class AnteStyle(StrEnum):
    """How antes are paid once they start."""

    NONE = "none"
    PER_PLAYER = "per player"
    BIG_BLIND = "big blind"


#: The largest inputs taken: beyond them a number is a typing slip, not a tournament.
MAX_PLAYERS = 100_000
MAX_STACK = 10**9
MAX_MINUTES = 7 * 24 * 60
MAX_ENTRIES = 1_000_000
MAX_LEVEL_NUMBER = 1000
MAX_SPARE_PERCENT = 100


def _check_positive(value: int, what: str, minimum: int = 1, maximum: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        bound = "above 0" if minimum == 1 else f"{minimum} or more"
        raise GeneratorError(
            _("{what} must be a whole number {bound} (got {value!r}).").format(
                what=what, bound=bound, value=value
            )
        )
    if maximum is not None and value > maximum:
        raise GeneratorError(
            _("{what} must be at most {maximum} (got {value}).").format(
                what=what, maximum=formats.number(maximum), value=formats.number(value)
            )
        )


def check_inputs(
    players: int,
    starting_stack: int,
    level_minutes: int,
    duration_minutes: int,
    chips: ChipSet | Iterable[int],
    rebuys: int,
    addons: int,
    addon_stack: int | None,
    break_every_minutes: int,
    break_minutes: int,
    antes_from_level: int | None,
    extra_levels: int,
    rebuy_stack: int | None,
    ante_style: AnteStyle,
    spare_percent: int,
) -> tuple[AnteStyle, int, int, ChipSet]:
    """Check `suggest_structure`'s inputs (its arguments, same names and meanings).

    Returns:
        The ante style, the rebuy stack and the add-on stack (the starting stack when not
        given), and the chip set.

    Raises:
        GeneratorError: An input is out of range, or the chips are not a valid chip set.

    >>> check_inputs(10, 300, 20, 240, (5, 25), 0, 0, None, 90, 15, None, 4, 500, "none", 10)[:3]
    (<AnteStyle.NONE: 'none'>, 500, 300)
    >>> check_inputs(10, 300, 20, 10, (5, 25), 0, 0, None, 90, 15, None, 4, None, "none", 10)
    Traceback (most recent call last):
    ...
    clockapp.core.generator.GeneratorError: Time budget: 10 minutes is shorter than one level (20 minutes).
    """  # noqa: E501
    _check_positive(players, "Players", 2, MAX_PLAYERS)
    _check_positive(starting_stack, "Starting stack", 1, MAX_STACK)
    _check_positive(level_minutes, "Level length (minutes)", 1, MAX_MINUTES)
    _check_positive(duration_minutes, "Time budget (minutes)", 1, MAX_MINUTES)
    _check_positive(rebuys, "Rebuys", 0, MAX_ENTRIES)
    _check_positive(addons, "Add-ons", 0, MAX_ENTRIES)
    _check_positive(break_every_minutes, "Break interval (minutes)", 0, MAX_MINUTES)
    _check_positive(break_minutes, "Break length (minutes)", 1, MAX_MINUTES)
    _check_positive(spare_percent, "Spares (%)", 0, MAX_SPARE_PERCENT)
    if duration_minutes < level_minutes:
        raise GeneratorError(
            _(
                "Time budget: {duration_minutes} minutes is shorter than one level "
                "({level_minutes} minutes)."
            ).format(duration_minutes=duration_minutes, level_minutes=level_minutes)
        )
    if isinstance(extra_levels, bool) or not isinstance(extra_levels, int):
        raise GeneratorError(
            _("Extra levels must be a whole number (got {extra_levels!r}).").format(
                extra_levels=extra_levels
            )
        )
    if not 3 <= extra_levels <= 5:
        raise GeneratorError(
            _("Extra levels: {extra_levels} is not between 3 and 5.").format(
                extra_levels=extra_levels
            )
        )
    if antes_from_level is not None:
        _check_positive(antes_from_level, "Antes from level", 1, MAX_LEVEL_NUMBER)
    ante_style = AnteStyle(ante_style)
    rebuy_stack = starting_stack if rebuy_stack is None else rebuy_stack
    addon_stack = starting_stack if addon_stack is None else addon_stack
    _check_positive(rebuy_stack, "Rebuy stack", 1, MAX_STACK)
    _check_positive(addon_stack, "Add-on stack", 1, MAX_STACK)
    try:
        chip_set = chips if isinstance(chips, ChipSet) else ChipSet.standard(chips)
    except ChipError as error:
        raise GeneratorError(str(error)) from None
    return ante_style, rebuy_stack, addon_stack, chip_set
