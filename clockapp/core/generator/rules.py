"""The hosts' rules that build a suggested structure: `suggest_structure`.

From the checked inputs it plans the timeline (levels, breaks, extra levels), picks the first
blinds with a handy starting stack, grows the blinds toward about 5% of the chips in play at the
planned last level, adds antes and color-ups, and counts the chips the host needs, saying in
plain words whatever could not be done as the rules ask.
"""

from __future__ import annotations

from collections.abc import Iterable

from clockapp import formats
from clockapp.core.blinds import (
    RETIRE_FACTOR,
    blind_grid,
    blind_ladder,
    blind_progression,
    choose_ante,
    color_ups,
    first_blinds,
    levels_within,
    plan_timeline,
)
from clockapp.core.chips import (
    STACK_CHIPS_MAX,
    STACK_CHIPS_MIN,
    ChipError,
    ChipSet,
    StackBreakdown,
    chips_needed,
    rebuy_breakdown,
    stack_breakdown,
    thin_stack_warning,
)
from clockapp.core.chips.chip_fit import fitting_breakdown
from clockapp.core.generator.inputs import AnteStyle, GeneratorError, check_inputs
from clockapp.core.generator.suggestion import SuggestedStructure
from clockapp.core.structure import MAX_AMOUNT, Break, Item, Level, Structure
from clockapp.i18n import gettext as _

#: The planned last big blind, as a share of all chips in play (percent).
LAST_BIG_BLIND_PERCENT = 5
#: The share of the planned last big blind the result may miss by before a warning (x or 1/x).
TARGET_TOLERANCE = 1.5
#: No big blind beyond this many times all the chips in play (the game ended many levels
#: before), nor beyond what a level can hold: a long time budget of short levels gets fewer
#: levels rather than astronomical blinds. Ordinary evenings never come near it.
BLIND_CAP_FACTOR = 100
#: Up to this many levels, levels that hold the blinds fill a time budget longer than the round
#: blinds need (an evening of 3-minute levels is 160); beyond it the structure is cut short.
HOLD_LEVELS_MAX = 200


def suggest_structure(
    players: int,
    starting_stack: int,
    level_minutes: int,
    duration_minutes: int,
    chips: ChipSet | Iterable[int],
    rebuys: int = 0,
    addons: int = 0,
    addon_stack: int | None = None,
    break_every_minutes: int = 90,
    break_minutes: int = 15,
    antes_from_level: int | None = None,
    extra_levels: int = 4,
    *,
    rebuy_stack: int | None = None,
    ante_style: AnteStyle = AnteStyle.BIG_BLIND,
    game: str = "NLHE",
    name: str | None = None,
    spare_percent: int = 10,
) -> SuggestedStructure:
    """Suggest a blind structure, stack breakdown and chip count for the night.

    Args:
        players: Players expected (2 or more).
        starting_stack: The starting stack.
        level_minutes: The length of every level.
        duration_minutes: The time budget: how long the tournament should last, breaks included.
        chips: The chip set (or its values, in standard colors).
        rebuys: Rebuys expected in total.
        addons: Add-ons expected in total.
        addon_stack: The chips one add-on gives (default: the starting stack).
        break_every_minutes: Play between breaks (0: no breaks).
        break_minutes: The length of a break.
        antes_from_level: The first level with an ante (default: the first level after the first
            break, or a third of the way through when there is no break).
        extra_levels: Levels after the planned last one, 3 to 5.
        rebuy_stack: The chips one rebuy gives (default: the starting stack).
        ante_style: Big blind ante (the default), per-player ante, or none.
        game: The game label of every level.
        name: The structure's name (default: describes the inputs).
        spare_percent: Spare chips per denomination, in percent.

    Returns:
        The suggestion; `warnings` says what could not be done as the rules ask.

    Raises:
        GeneratorError: An input is out of range, or the chips cannot make the starting stack.

    >>> r = suggest_structure(10, 300, 20, 240, (5, 25))
    >>> [lv.big_blind for lv in r.structure.play_levels()][:5], r.warnings[0][:40]
    ([10, 20, 30, 40, 50], 'First big blind 10 is 3.3% of the starti')
    """
    ante_style, rebuy_stack, addon_stack, chip_set = check_inputs(
        players,
        starting_stack,
        level_minutes,
        duration_minutes,
        chips,
        rebuys,
        addons,
        addon_stack,
        break_every_minutes,
        break_minutes,
        antes_from_level,
        extra_levels,
        rebuy_stack,
        ante_style,
        spare_percent,
    )

    warnings: list[str] = []
    total_chips = players * starting_stack + rebuys * rebuy_stack + addons * addon_stack
    target = total_chips * LAST_BIG_BLIND_PERCENT // 100
    planned, total_levels, break_after = plan_timeline(
        level_minutes, duration_minutes, break_every_minutes, break_minutes, extra_levels
    )

    # Level 1 and the starting stack go together: the stack's chips must pay the first blinds.
    def ratio(first_sb: int) -> float:
        return (target / (2 * first_sb)) ** (1 / max(1, planned - 1)) if target > 0 else 1.0

    # Round values far enough up for the extra levels of even the slowest-growing structure,
    # but never past the cap: a big blind beyond every chip in play is not a level.
    cap_sb = min(BLIND_CAP_FACTOR * total_chips, MAX_AMOUNT) // 2
    ladder = blind_ladder(min(max(target, starting_stack) * 2 ** min(total_levels, 40), cap_sb))
    ratios = {s: ratio(s) for s in ladder}
    candidates, inside = first_blinds(starting_stack, chip_set, ratios)
    # The first blind whose stack is easiest to handle (20-60 chips) wins, in preference order.
    options: list[tuple[int, StackBreakdown]] = []
    for sb in candidates:
        try:
            options.append((sb, stack_breakdown(starting_stack, chip_set, must_make=(sb, 2 * sb))))
        except ChipError:
            continue
        if STACK_CHIPS_MIN <= options[-1][1].chip_count <= STACK_CHIPS_MAX:
            break
    handy = [o for o in options if STACK_CHIPS_MIN <= o[1].chip_count <= STACK_CHIPS_MAX]
    if not options:
        raise GeneratorError(
            _(
                "Starting stack T{starting_stack} cannot be made with the chips {join} "
                "together with a first small blind and big blind."
            ).format(
                starting_stack=formats.number(starting_stack),
                join=", ".join(f"T{formats.number(v)}" for v in chip_set.values),
            )
        )
    first_sb, breakdown = handy[-1] if handy else options[0]
    if not inside:
        share = 200 * first_sb / starting_stack
        warnings.append(
            f"First big blind {formats.number(2 * first_sb)} is {share:.1f}% of the starting "
            "stack: the chips "
            "cannot make a big blind of 1-2% with a small blind of half."
        )
    try:
        rebuy_chips = rebuy_breakdown(rebuy_stack, chip_set)
        addon_chips = rebuy_breakdown(addon_stack, chip_set)
    except ChipError as error:
        raise GeneratorError(str(error)) from None
    # The chips the host owns: when the handiest stack needs more of a colour than the host has,
    # another stack of the same value that fits the case is better than a shopping list.
    if chip_set.owned is not None:
        before = chips_needed(
            players, rebuys, addons, breakdown, rebuy=rebuy_chips, addon=addon_chips,
            chip_set=chip_set, spare_percent=spare_percent,
        )  # fmt: skip
        if before.short:
            extra = [(v, rebuys * c) for v, c in rebuy_chips.parts]
            extra += [(v, addons * c) for v, c in addon_chips.parts]
            fitting = fitting_breakdown(
                starting_stack, chip_set, players=players, extra=extra,
                must_make=(first_sb, 2 * first_sb), spare_percent=spare_percent,
            )  # fmt: skip
            if fitting is not None:
                breakdown = fitting
    issued = set(breakdown.values)
    if rebuys:
        issued |= set(rebuy_chips.values)
    if addons:
        issued |= set(addon_chips.values)
    start_chips = tuple(sorted(issued))
    if breakdown.chip_count > STACK_CHIPS_MAX:
        warnings.append(
            f"A starting stack takes {breakdown.chip_count} chips: larger denominations would "
            "make it easier to handle."
        )
    thin = thin_stack_warning(breakdown, chip_set)
    if thin is not None:
        warnings.append(thin)

    # Short levels over a long budget: more levels than any real progression can fill before
    # the blinds pass every chip in play. Up to `HOLD_LEVELS_MAX` levels, some levels hold the
    # blinds of the one before (see `blind_progression`) so the planned last level still marks
    # the budget at about 5%; beyond that (a day of 1-minute levels) the structure stops there.
    usable = levels_within(first_sb, blind_grid(ladder, start_chips), cap_sb, total_levels)
    band_reachable = (
        target > 0
        and 2 * first_sb <= target * TARGET_TOLERANCE
        and 2 * first_sb * 2 ** min(planned - 1, 60) * TARGET_TOLERANCE >= target
    )
    cut_short = usable < total_levels and not (band_reachable and total_levels <= HOLD_LEVELS_MAX)
    if cut_short:
        warnings.append(
            f"The time budget holds {total_levels} levels of {level_minutes} minutes, more "
            f"levels than the chips can use: by level {usable + 1} the big blind would pass "
            f"{BLIND_CAP_FACTOR} times the {formats.number(total_chips)} chips in play, so the "
            "structure "
            f"stops at level {usable}. Longer levels would fill the time budget."
        )
        total_levels = usable
        planned = max(1, min(planned, usable - extra_levels))
        break_after = tuple(b for b in break_after if b < total_levels)

    # The even curve from the first big blind to the target at the planned last level.
    step = ratio(first_sb)
    if step > 2.0:
        warnings.append(
            f"The blinds would have to more than double each level to reach "
            f"{formats.number(target)} ({LAST_BIG_BLIND_PERCENT}% of the chips) by level "
            f"{planned}: "
            "they double instead, so expect the game to run long (longer budget or shorter "
            "levels would help)."
        )
        step = 2.0
    step = max(step, 1.0)
    if ante_style is AnteStyle.NONE:
        antes_from = None
    elif antes_from_level is not None:
        antes_from = antes_from_level
    elif break_after:
        antes_from = min(break_after) + 1
    else:
        antes_from = max(2, planned // 3 + 1)

    # The hosts' rule (about 5% at the planned last level) comes before smooth steps, except
    # when the structure was cut short above: its planned level no longer marks the budget.
    band = 1.0 if cut_short else TARGET_TOLERANCE
    smalls = blind_progression(
        first_sb, step, target, planned, total_levels, start_chips, ladder, cap_sb, band=band
    )
    held = [n for n in range(2, planned + 1) if smalls[n - 1] == smalls[n - 2]]
    if held:
        which = ", ".join(str(n) for n in held[:6]) + (" ..." if len(held) > 6 else "")
        warnings.append(
            f"The time budget holds more levels than there are round blinds between the first "
            f"one and {formats.number(target)} ({LAST_BIG_BLIND_PERCENT}% of the chips in play), "
            "so the "
            f"blinds stay as they were at level {which}: the game still ends near the time "
            "budget. Longer levels would do the same more simply."
        )
    amounts: list[tuple[int, int, int]] = []
    previous_ante = 0
    for number, small in enumerate(smalls, start=1):
        big = 2 * small
        ante = 0
        if antes_from is not None and number >= antes_from:
            if ante_style is AnteStyle.BIG_BLIND:
                ante = big
            else:
                allowed = [
                    v for v in start_chips if v * RETIRE_FACTOR > small or v == start_chips[-1]
                ]
                ante = choose_ante(big, small, previous_ante, allowed, start_chips)
                previous_ante = ante
        amounts.append((small, big, ante))

    last_bb = amounts[planned - 1][1]
    if target and last_bb > target * TARGET_TOLERANCE:
        warnings.append(
            f"The planned last big blind ({formats.number(last_bb)} at level {planned}) is far "
            "from "
            f"{formats.number(target)}, {LAST_BIG_BLIND_PERCENT}% of the "
            f"{formats.number(total_chips)} chips in play: the "
            "time budget holds more levels than the chips need, so the blinds outgrow the "
            "stacks; longer levels or a shorter budget would fit better."
        )
    elif target and last_bb * TARGET_TOLERANCE < target:
        warnings.append(
            f"The planned last big blind ({formats.number(last_bb)} at level {planned}) is far "
            "from "
            f"{formats.number(target)}, {LAST_BIG_BLIND_PERCENT}% of the "
            f"{formats.number(total_chips)} chips in play: "
            "expect the game to run past the time budget."
        )

    level_amounts = [tuple(a for a in triple if a) for triple in amounts]
    colored_up = color_ups(level_amounts, break_after, start_chips)
    items: list[Item] = []
    break_count = 0
    for number, (small, big, ante) in enumerate(amounts, start=1):
        items.append(
            Level(
                small,
                big,
                ante=ante,
                big_blind_ante=ante_style is AnteStyle.BIG_BLIND and ante > 0,
                minutes=level_minutes,
                game=game,
            )
        )
        if number in break_after:
            break_count += 1
            items.append(
                Break(break_minutes, label=f"Break {break_count}", color_up=colored_up[number])
            )
    title = name or (
        f"T{formats.number(starting_stack)}, {players} players, {level_minutes}-minute levels, "
        f"{duration_minutes // 60}h{duration_minutes % 60:02d}"
    )
    structure = Structure(title, tuple(items), planned)
    structure.validate_chips(start_chips)  # true by construction; a failure here is a bug

    needed = chips_needed(
        players,
        rebuys,
        addons,
        breakdown,
        rebuy=rebuy_chips,
        addon=addon_chips,
        chip_set=chip_set,
        color_ups=[item.color_up for item in items if item.is_break],
        spare_percent=spare_percent,
    )
    warnings.extend(needed.warnings)
    return SuggestedStructure(
        structure=structure,
        planned_last_level=planned,
        starting_stack=starting_stack,
        breakdown=breakdown,
        rebuy_breakdown=rebuy_chips,
        addon_breakdown=addon_chips,
        chips_needed=needed,
        total_chips=total_chips,
        target_last_big_blind=target,
        denominations_in_play=start_chips,
        warnings=tuple(warnings),
    )
