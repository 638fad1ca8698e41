"""What the generator dialog says of a suggestion: its headline, the stacks, the chips short.

Plain functions of the suggestion and the chips (rich text for the dialog's labels), so the
dialog only places them.
"""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.core.chips import ChipNeed, ChipSet
from clockapp.core.generator import SuggestedStructure
from clockapp.core.structure.cells import format_hours, start_minutes
from clockapp.formats import chips as format_chips
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
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
    planned_text = ngettext(
        "<b>Planned last level: {level}</b> — {small}/{big}, ending at {time}, then {count} "
        "extra level.",
        "<b>Planned last level: {level}</b> — {small}/{big}, ending at {time}, then {count} "
        "extra levels.",
        extra,
    ).format(
        level=planned,
        small=format_chips(level.small_blind),
        big=format_chips(level.big_blind),
        time=format_hours(ends),
        count=extra,
    )
    breaks_text = ngettext("{count} break.", "{count} breaks.", breaks).format(count=breaks)
    aim = _("Aim: a big blind near {big} (5% of the {chips} chips in play).").format(
        big=format_chips(result.target_last_big_blind), chips=format_chips(result.total_chips)
    )
    return f"{planned_text} {breaks_text} {aim}"


def stack_text(result: SuggestedStructure, chips: ChipSet, rebuys: bool) -> str:
    """The starting stack in chips (and the rebuy or add-on stack when there is one)."""
    parts = [(denomination_of(chips, v), c) for v, c in result.breakdown.parts]
    count = result.breakdown.chip_count
    text = ngettext(
        "<b>Starting stack</b> ({count} chip): {chips} = T{total}",
        "<b>Starting stack</b> ({count} chips): {chips} = T{total}",
        count,
    ).format(count=count, chips=chips_html(parts), total=format_chips(result.breakdown.total))
    if rebuys:
        rebuy = [(denomination_of(chips, v), c) for v, c in result.rebuy_breakdown.parts]
        addon = [(denomination_of(chips, v), c) for v, c in result.addon_breakdown.parts]
        if rebuy == addon:
            text += "<br>" + _("<b>Rebuy or add-on</b>: {chips}").format(chips=chips_html(rebuy))
        else:
            text += (
                "<br>"
                + _("<b>Rebuy</b>: {chips} = T{total}").format(
                    chips=chips_html(rebuy), total=format_chips(result.rebuy_breakdown.total)
                )
                + "<br>"
                + _("<b>Add-on</b>: {chips} = T{total}").format(
                    chips=chips_html(addon), total=format_chips(result.addon_breakdown.total)
                )
            )
    return text


def shortfall_text(short: Sequence[ChipNeed], chips: ChipSet) -> str:
    """The chips the host does not own enough of, one line each."""
    lines = [
        _("• {chip}: you need {need} and own {owned}, {short} short.").format(
            chip=denomination_of(chips, n.value).label,
            need=format_chips(n.total),
            owned=format_chips(n.owned or 0),
            short=format_chips(n.shortfall),
        )
        for n in short
    ]
    return _("You do not own enough chips.") + "\n" + "\n".join(lines)
