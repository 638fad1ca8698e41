"""Whether entry rules fit the blind structure (an add-on needs its break).

The cashier checks new rules with `check_rules_fit` before saving them; the rules dialog lists
`breaks_after` to offer the levels an add-on can follow.
"""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.core.money.entry_rules import EntryRules
from clockapp.core.money.records import CashierError
from clockapp.core.structure import Structure
from clockapp.core.text import listed
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext


def breaks_after(structure: Structure) -> tuple[int, ...]:
    """The play levels that a break follows, in order (where an add-on can be sold).

    >>> from clockapp.core.structure import Break, Level
    >>> levels = (Level(1, 2), Break(10), Level(2, 4), Level(3, 6), Break(5), Break(5))
    >>> breaks_after(Structure("S", levels))
    (1, 3)
    """
    result: list[int] = []
    level = 0
    for item in structure.levels:
        if not item.is_break:
            level += 1
        elif level > 0 and (not result or result[-1] != level):
            result.append(level)
    return tuple(result)


def _levels_text(levels: Sequence[int]) -> str:
    return ngettext("level {levels}", "levels {levels}", len(levels)).format(
        levels=listed([str(n) for n in levels])
    )


def check_rules_fit(rules: EntryRules, structure: Structure) -> None:
    """Refuse entry rules that the blind structure cannot run.

    An add-on sold "at the break after level N" needs a break right after level N; without one
    the add-on could never be sold, which nobody would notice until the players ask for it.

    Raises:
        CashierError: The add-on's break is not in the structure (the message lists the breaks).

    >>> from clockapp.core.money.entries import EntryPrice
    >>> from clockapp.core.money.entry_rules import AddOnRule, RegistrationRule
    >>> from clockapp.core.structure import Break, Level
    >>> structure = Structure("Friday", (Level(1, 2), Level(2, 4), Break(10), Level(3, 6)))
    >>> add_on = AddOnRule(EntryPrice(1000), 5000, at_break_after_level=3)
    >>> check_rules_fit(EntryRules(RegistrationRule(EntryPrice(2000), 5000), add_on=add_on),
    ...                 structure)
    Traceback (most recent call last):
    ...
    clockapp.core.money.records.CashierError: The add-on is sold at the break after level 3, but no break follows level 3 in the structure 'Friday' (a break follows level 2). Choose that level, or sell the add-on with the buy-in.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    add_on = rules.add_on
    if add_on is None or add_on.at_break_after_level is None:
        return
    level = add_on.at_break_after_level
    breaks = breaks_after(structure)
    if level in breaks:
        return
    name, count = repr(structure.name), structure.level_count
    if level > structure.level_count:
        if not breaks:
            text = ngettext(
                "The add-on is sold at the break after level {level}, but the structure {name} "
                "has only {count} level (it has no breaks). Add a break after level {level} to "
                "the structure, or sell the add-on with the buy-in.",
                "The add-on is sold at the break after level {level}, but the structure {name} "
                "has only {count} levels (it has no breaks). Add a break after level {level} to "
                "the structure, or sell the add-on with the buy-in.",
                count,
            )
        elif len(breaks) == 1:
            text = ngettext(
                "The add-on is sold at the break after level {level}, but the structure {name} "
                "has only {count} level (a break follows {levels}). Choose that level, or sell "
                "the add-on with the buy-in.",
                "The add-on is sold at the break after level {level}, but the structure {name} "
                "has only {count} levels (a break follows {levels}). Choose that level, or sell "
                "the add-on with the buy-in.",
                count,
            )
        else:
            text = ngettext(
                "The add-on is sold at the break after level {level}, but the structure {name} "
                "has only {count} level (breaks follow {levels}). Choose one of those levels, "
                "or sell the add-on with the buy-in.",
                "The add-on is sold at the break after level {level}, but the structure {name} "
                "has only {count} levels (breaks follow {levels}). Choose one of those levels, "
                "or sell the add-on with the buy-in.",
                count,
            )
    elif not breaks:
        text = _(
            "The add-on is sold at the break after level {level}, but no break follows level "
            "{level} in the structure {name} (it has no breaks). Add a break after level "
            "{level} to the structure, or sell the add-on with the buy-in."
        )
    elif len(breaks) == 1:
        text = _(
            "The add-on is sold at the break after level {level}, but no break follows level "
            "{level} in the structure {name} (a break follows {levels}). Choose that level, or "
            "sell the add-on with the buy-in."
        )
    else:
        text = _(
            "The add-on is sold at the break after level {level}, but no break follows level "
            "{level} in the structure {name} (breaks follow {levels}). Choose one of those "
            "levels, or sell the add-on with the buy-in."
        )
    raise CashierError(
        text.format(level=level, name=name, count=count, levels=_levels_text(breaks))
    )
