"""What the generator dialog says of a suggestion: its headline, the stacks, the chips short.

Plain functions of the suggestion and the chips (rich text for the dialog's labels), so the
dialog only places them.
"""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.core.chips import ChipNeed, ChipSet
from clockapp.core.generator import SuggestedStructure
from clockapp.core.structure.cells import format_hours, start_minutes
from clockapp.ui.structure.model import denomination_of
from clockapp.ui.structure.swatches import chips_html


def headline(result: SuggestedStructure) -> str:
    """The planned last level, when it ends, the extra levels, the breaks and the aim."""
    structure = result.structure
    planned = result.planned_last_level
    index = structure.index_of_level(planned)
    level = structure.levels[index]
    ends = start_minutes(structure)[index] + level.minutes
    extra = structure.level_count - planned
    breaks = len(structure.levels) - structure.level_count
    return (
        f"<b>Planned last level: {planned}</b> — {level.small_blind:,}/{level.big_blind:,}, "
        f"ending at {format_hours(ends)}, then {extra} extra levels. "
        f"{breaks} break{'s' if breaks != 1 else ''}. "
        f"Aim: a big blind near {result.target_last_big_blind:,} "
        f"(5% of the {result.total_chips:,} chips in play)."
    )


def stack_text(result: SuggestedStructure, chips: ChipSet, rebuys: bool) -> str:
    """The starting stack in chips (and the rebuy or add-on stack when there is one)."""
    parts = [(denomination_of(chips, v), c) for v, c in result.breakdown.parts]
    text = (
        f"<b>Starting stack</b> ({result.breakdown.chip_count} chips): {chips_html(parts)} "
        f"= T{result.breakdown.total:,}"
    )
    if rebuys:
        rebuy = [(denomination_of(chips, v), c) for v, c in result.rebuy_breakdown.parts]
        addon = [(denomination_of(chips, v), c) for v, c in result.addon_breakdown.parts]
        if rebuy == addon:
            text += f"<br><b>Rebuy or add-on</b>: {chips_html(rebuy)}"
        else:
            text += (
                f"<br><b>Rebuy</b>: {chips_html(rebuy)} = T{result.rebuy_breakdown.total:,}"
                f"<br><b>Add-on</b>: {chips_html(addon)} = T{result.addon_breakdown.total:,}"
            )
    return text


def shortfall_text(short: Sequence[ChipNeed], chips: ChipSet) -> str:
    """The chips the host does not own enough of, one line each."""
    lines = [
        f"• {denomination_of(chips, n.value).label}: you need {n.total:,} and own "
        f"{n.owned or 0:,}, {n.shortfall:,} short."
        for n in short
    ]
    return "You do not own enough chips.\n" + "\n".join(lines)
