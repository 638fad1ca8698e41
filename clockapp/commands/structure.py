"""`clockapp structure`: suggest a blind structure from the command line, or list the presets.

    clockapp structure suggest --players 15 --stack 1000 --hours 5 --level-minutes 20 \\
        --chips 5,25,100,500 [--rebuys 3] [--addons N] [--owned 5=300,25=200] [--json]
    clockapp structure presets [--json]

Prints a readable table (levels, breaks with color-ups, the starting stack, the chips needed) or,
with `--json`, the same as JSON. Bad input exits with status 2 and a message saying what is wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from clockapp import formats
from clockapp.core.chips import ChipSet
from clockapp.core.generator import AnteStyle, SuggestedStructure, suggest_structure
from clockapp.core.presets import SHIPPED_PRESETS, parse_preset
from clockapp.core.structure import structure_to_dict
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext, pgettext

EXIT_BAD_INPUT = 2

#: The most chips of one colour a host can say they own (the structure editor's limit too): more
#: is a typing slip, not a case.
OWNED_MAX = 10**9


class _BadInput(Exception):
    """An argument that cannot be understood; the message is shown to the user."""


def _positive_int(text: str) -> int:
    try:
        value = int(text.replace(",", "").replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a whole number").format(text=text)
        ) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_("{text!r} is negative").format(text=text))
    return value


def _hours(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a number of hours (e.g. 5 or 4.5)").format(text=text)
        ) from None
    if not 0 < value <= 48:
        raise argparse.ArgumentTypeError(
            _("{text!r} hours is not between 0 and 48").format(text=text)
        )
    return value


def _parse_chips(text: str) -> list[int]:
    values = []
    for part in text.replace(";", ",").split(","):
        part = part.strip().lstrip("Tt")
        if not part:
            continue
        try:
            values.append(int(part))
        except ValueError:
            raise _BadInput(
                _("--chips: {part!r} is not a chip value (use e.g. 5,25,100,500)").format(part=part)
            ) from None
    if not values:
        raise _BadInput(_("--chips: give at least one chip value (e.g. 5,25,100,500)"))
    return values


def _parse_owned(text: str, values: Sequence[int]) -> list[int]:
    owned = dict.fromkeys(values, 0)
    for part in text.split(","):
        if not part.strip():
            continue
        value_text, sep, count_text = part.partition("=")
        try:
            value = int(value_text.strip().lstrip("Tt"))
            count = int(count_text.strip())
        except ValueError:
            raise _BadInput(
                _("--owned: {part!r} is not VALUE=COUNT (e.g. 25=200)").format(part=part)
            ) from None
        if not sep or value not in owned:
            raise _BadInput(
                _("--owned: {part!r} names a chip that is not in --chips").format(part=part)
            )
        if count < 0:
            raise _BadInput(_("--owned: {part!r} has a negative count").format(part=part))
        if count > OWNED_MAX:
            raise _BadInput(
                _("--owned: {part!r}: a host owns at most {owned_max} chips of a colour").format(
                    part=part, owned_max=formats.number(OWNED_MAX)
                )
            )
        owned[value] = count
    return [owned[v] for v in values]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clockapp structure",
        description=_("Suggest a blind structure, or list the shipped presets."),
    )
    commands = parser.add_subparsers(dest="command", required=True)
    suggest = commands.add_parser(
        "suggest",
        help=_("suggest a structure, starting stack and chip count"),
        description=_("Suggest a blind structure following the rules experienced hosts use."),
    )
    suggest.add_argument("--players", type=_positive_int, required=True, help=_("players expected"))
    suggest.add_argument("--stack", type=_positive_int, required=True, help=_("starting stack"))
    suggest.add_argument(
        "--hours", type=_hours, required=True, help=_("time budget in hours, breaks included")
    )
    suggest.add_argument(
        "--level-minutes", type=_positive_int, required=True, help=_("length of each level")
    )
    suggest.add_argument("--chips", required=True, help=_("chip values, e.g. 5,25,100,500"))
    suggest.add_argument("--rebuys", type=_positive_int, default=0, help=_("rebuys expected"))
    suggest.add_argument("--addons", type=_positive_int, default=0, help=_("add-ons expected"))
    suggest.add_argument("--rebuy-stack", type=_positive_int, help=_("chips per rebuy"))
    suggest.add_argument("--addon-stack", type=_positive_int, help=_("chips per add-on"))
    suggest.add_argument("--owned", help=_("chips the host owns, e.g. 5=300,25=200,100=100"))
    suggest.add_argument(
        "--break-every", type=_positive_int, default=90, help=_("minutes of play between breaks")
    )
    suggest.add_argument("--break-minutes", type=_positive_int, default=15, help=_("break length"))
    suggest.add_argument("--antes-from", type=_positive_int, help=_("first level with an ante"))
    suggest.add_argument(
        "--ante-style",
        choices=["big-blind", "per-player", "none"],
        default="big-blind",
        help=_("big blind ante (default), per-player ante, or none"),
    )
    suggest.add_argument(
        "--extra-levels",
        type=_positive_int,
        default=4,
        help=_("levels after the planned last (3-5)"),
    )
    suggest.add_argument("--name", help=_("the structure's name"))
    suggest.add_argument("--json", action="store_true", help=_("print JSON instead of a table"))
    presets = commands.add_parser("presets", help=_("list the shipped preset structures"))
    presets.add_argument("--json", action="store_true", help=_("print JSON instead of a table"))
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run `clockapp structure ...`; returns the exit status (0, or 2 for bad input)."""
    out = out if out is not None else sys.stdout
    try:
        args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exit_:  # argparse has printed the usage and the problem
        return exit_.code if isinstance(exit_.code, int) else EXIT_BAD_INPUT
    if args.command == "presets":
        return _presets(args.json, out)
    try:
        values = _parse_chips(args.chips)
        owned = _parse_owned(args.owned, values) if args.owned else None
        chips = ChipSet.standard(values, owned)
        result = suggest_structure(
            args.players,
            args.stack,
            args.level_minutes,
            round(args.hours * 60),
            chips,
            args.rebuys,
            args.addons,
            rebuy_stack=args.rebuy_stack,
            addon_stack=args.addon_stack,
            break_every_minutes=args.break_every,
            break_minutes=args.break_minutes,
            antes_from_level=args.antes_from,
            ante_style=AnteStyle(args.ante_style.replace("-", " ")),
            extra_levels=args.extra_levels,
            name=args.name,
        )
    except (_BadInput, DomainError) as error:
        print(_("clockapp structure suggest: error: {error}").format(error=error), file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        json.dump(result_to_dict(result, chips), out, indent=2)
        out.write("\n")
    else:
        out.write(format_result(result, chips))
    return 0


def result_to_dict(result: SuggestedStructure, chips: ChipSet) -> dict[str, Any]:
    """The suggestion as JSON-ready data."""
    return {
        "structure": structure_to_dict(result.structure),
        "planned_last_level": result.planned_last_level,
        "starting_stack": result.starting_stack,
        "total_chips": result.total_chips,
        "target_last_big_blind": result.target_last_big_blind,
        "stack_breakdown": [[v, c] for v, c in result.breakdown.parts],
        "rebuy_breakdown": [[v, c] for v, c in result.rebuy_breakdown.parts],
        "addon_breakdown": [[v, c] for v, c in result.addon_breakdown.parts],
        "chips_needed": [
            {
                "value": need.value,
                "color": chips.denomination(need.value).color,
                "for_stacks": need.for_stacks,
                "for_rebuys": need.for_rebuys,
                "for_color_up": need.for_color_up,
                "spares": need.spares,
                "total": need.total,
                "owned": need.owned,
                "shortfall": need.shortfall,
            }
            for need in result.chips_needed.needs
        ],
        "warnings": list(result.warnings),
    }


def _chip(chips: ChipSet, value: int) -> str:
    return f"T{formats.number(value)} ({chips.denomination(value).color})"


def format_result(result: SuggestedStructure, chips: ChipSet) -> str:
    """The suggestion as a readable table."""
    level, blinds_title = pgettext("structure column", "Level"), _("Blinds")
    ante_title, minutes_title = _("Ante"), pgettext("minutes column", "Min")
    lines = [
        _("Suggested structure: {name}").format(name=result.name),
        _(
            "Chips in play: {chips}; planned last big blind about {big_blind} (5% of the "
            "chips), at level {level}."
        ).format(
            chips=formats.number(result.total_chips),
            big_blind=formats.number(result.target_last_big_blind),
            level=result.planned_last_level,
        ),
        "",
        f"{level:>5}  {blinds_title:<17} {ante_title:<18} {minutes_title:>4}",
    ]
    number = 0
    for item in result.levels:
        if item.is_break:
            text = _("{label}: {minutes} min").format(label=item.label, minutes=item.minutes)
            if item.color_up:
                text = _("{label}: {minutes} min, color up {chips}").format(
                    label=item.label,
                    minutes=item.minutes,
                    chips=", ".join(_chip(chips, v) for v in item.color_up),
                )
            text = f"{'':>5}  {text}"
            lines.append(text)
            continue
        number += 1
        blinds = f"{formats.chips(item.small_blind)}/{formats.chips(item.big_blind)}"
        ante = "-"
        if item.ante:
            ante = (
                _("{ante} (big blind)").format(ante=formats.chips(item.ante))
                if item.big_blind_ante
                else formats.chips(item.ante)
            )
        note = ""
        if number == result.planned_last_level:
            note = "  " + _("<- planned last level")
        elif number > result.planned_last_level:
            note = "  " + _("(extra)")
        lines.append(f"{number:>5}  {blinds:<17} {ante:<18} {item.minutes:>4}{note}")
    lines += [
        "",
        ngettext(
            "Starting stack: {stack} ({count} chip)",
            "Starting stack: {stack} ({count} chips)",
            result.breakdown.chip_count,
        ).format(stack=result.breakdown.describe(), count=result.breakdown.chip_count),
        _("Rebuy: {what}").format(what=result.rebuy_breakdown.describe()),
    ]
    if result.addon_breakdown != result.rebuy_breakdown:
        lines.append(_("Add-on: {what}").format(what=result.addon_breakdown.describe()))
    lines += ["", _("Chips needed (stacks + rebuys/add-ons + color-ups + spares):")]
    for need in result.chips_needed.needs:
        text = (
            f"  {_chip(chips, need.value):<18} {formats.number(need.total):>6}  = "
            f"{formats.number(need.for_stacks)} + "
            f"{formats.number(need.for_rebuys)} + {formats.number(need.for_color_up)} + "
            f"{formats.number(need.spares)}"
        )
        if need.owned is not None:
            text += "; " + _("own {count}").format(count=formats.number(need.owned))
            if need.shortfall:
                text += ", " + _("SHORT {count}").format(count=formats.number(need.shortfall))
        lines.append(text)
    if result.warnings:
        lines += ["", _("Warnings:")]
        lines += [f"  - {warning}" for warning in result.warnings]
    return "\n".join(lines) + "\n"


def _presets(as_json: bool, out: TextIO) -> int:
    # Imported here: clockapp.paths pulls in platformdirs, which only this listing needs.
    from clockapp.paths import resource_path

    presets = []
    for file_name in SHIPPED_PRESETS:
        path = resource_path("presets", file_name)
        try:
            presets.append(parse_preset(path.read_text(encoding="utf-8"), key=file_name))
        except (OSError, DomainError) as error:
            print(
                _("clockapp structure presets: {file_name}: {error}").format(
                    file_name=file_name, error=error
                ),
                file=sys.stderr,
            )
            return 1
    if as_json:
        data = [
            {
                "key": p.key,
                "name": p.name,
                "category": p.category.value,
                "starting_stack": p.starting_stack,
                "levels": p.structure.level_count,
                "description": p.description,
            }
            for p in presets
        ]
        json.dump(data, out, indent=2)
        out.write("\n")
        return 0
    for p in presets:
        out.write(
            f"{p.key:<20} {p.name:<26} "
            + ngettext("{count:>3} level", "{count:>3} levels", p.structure.level_count).format(
                count=p.structure.level_count
            )
            + f"  {p.description}\n"
        )
    return 0
