"""Preset blind structures: the shipped templates a director starts from.

A preset is a JSON document: a name and a description, its category (home, turbo, regular, deep),
the starting stack and its chips, the chip set, and the structure itself. This module only parses
and checks the text; the caller reads the files (`clockapp.paths.resource_path("presets", name)`
for the shipped ones), because the domain does no I/O.

>>> preset = parse_preset(
...     '{"format": "clockapp-preset", "key": "mini", "name": "Mini", "category": "home",'
...     ' "description": "Two levels.", "starting_stack": 300,'
...     ' "chips": [{"value": 5, "color": "red", "hex": "#C62828"},'
...     '           {"value": 25, "color": "green", "hex": "#2E7D32"}],'
...     ' "stack": [[25, 10], [5, 10]],'
...     ' "structure": {"name": "Mini", "levels": ['
...     '   {"type": "level", "small_blind": 5, "big_blind": 10, "minutes": 20},'
...     '   {"type": "level", "small_blind": 10, "big_blind": 20, "minutes": 20}]}}'
... )
>>> preset.stack.describe(), preset.structure.level_count
('10 x T25 + 10 x T5 = T300', 2)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from clockapp import formats
from clockapp.core.chips import ChipError, ChipSet, Denomination, StackBreakdown
from clockapp.core.structure import (
    Structure,
    StructureError,
    structure_from_dict,
    structure_to_dict,
)
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _

PRESET_FORMAT = "clockapp-preset"
PRESET_VERSION = 1

#: The shipped preset files under `clockapp/resources/presets/`, in the order a menu shows them.
SHIPPED_PRESETS: tuple[str, ...] = (
    "home_classic_t300.json",
    "turbo_t1000.json",
    "turbo_t5000.json",
    "regular_t5000.json",
    "regular_t10000.json",
    "deep_t10000.json",
    "deep_t20000.json",
)


class PresetError(ValidationError):
    """A preset file that cannot be used."""


class PresetCategory(StrEnum):
    """How fast a preset plays."""

    HOME = "home"
    TURBO = "turbo"
    REGULAR = "regular"
    DEEP = "deep"


@dataclass(frozen=True)
class Preset:
    """A ready structure with its chips.

    Attributes:
        key: A short stable identifier ("turbo-t1000").
        name: What menus show.
        category: Home, turbo, regular or deep.
        description: One or two sentences for the director (field size it suits, length).
        starting_stack: The starting stack.
        chip_set: The chips it is designed for.
        stack: The chips of one starting stack.
        structure: The levels and breaks.
    """

    key: str
    name: str
    category: PresetCategory
    description: str
    starting_stack: int
    chip_set: ChipSet
    stack: StackBreakdown
    structure: Structure

    def __post_init__(self) -> None:
        where = f"Preset {self.key!r}"
        if self.stack.total != self.starting_stack:
            raise PresetError(
                _(
                    "{where}: the stack chips add up to T{total}, not the starting stack "
                    "T{starting_stack}."
                ).format(
                    where=where,
                    total=formats.number(self.stack.total),
                    starting_stack=formats.number(self.starting_stack),
                )
            )
        for value in self.stack.values:
            if value not in self.chip_set.values:
                raise PresetError(
                    _("{where}: the stack uses T{value}, not in the chip set.").format(
                        where=where, value=formats.number(value)
                    )
                )
        try:
            self.structure.validate_chips(self.stack.values)
        except StructureError as error:
            raise PresetError(_("{where}: {error}").format(where=where, error=error)) from None


def _field(data: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise PresetError(_("{where}: {key!r} is missing.").format(where=where, key=key))
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise PresetError(
            _("{where}: {key!r} must be {name} (got {value!r}).").format(
                where=where, key=key, name=kind.__name__, value=value
            )
        )
    return value


def parse_preset(text: str, *, key: str | None = None) -> Preset:
    """Read a preset from its JSON text and check it.

    Args:
        text: The file's content.
        key: The key to report in errors before the file's own key is known (the file name).

    Raises:
        PresetError: Invalid JSON, a missing or mistyped field, a stack that does not add up, or
            a structure whose blinds the stack's chips cannot pay (naming the item).
    """
    where = f"Preset {key!r}" if key else "Preset"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PresetError(
            _("{where} is not valid JSON: line {lineno}, column {colno}: {msg}.").format(
                where=where, lineno=error.lineno, colno=error.colno, msg=error.msg
            )
        ) from None
    if not isinstance(data, dict):
        raise PresetError(_("{where}: expected a JSON object.").format(where=where))
    if data.get("format") != PRESET_FORMAT:
        raise PresetError(
            _("{where}: 'format' must be {PRESET_FORMAT!r}.").format(
                where=where, PRESET_FORMAT=PRESET_FORMAT
            )
        )
    preset_key = _field(data, "key", str, where)
    where = f"Preset {preset_key!r}"
    try:
        category = PresetCategory(_field(data, "category", str, where))
    except ValueError:
        known = ", ".join(c.value for c in PresetCategory)
        raise PresetError(
            _("{where}: category {data!r} is not one of {known}.").format(
                where=where, data=data["category"], known=known
            )
        ) from None
    chips_data = _field(data, "chips", list, where)
    try:
        denominations = []
        for i, chip in enumerate(chips_data, start=1):
            if not isinstance(chip, dict):
                raise PresetError(
                    _("{where}: chip {i} must be an object with value, color, hex.").format(
                        where=where, i=i
                    )
                )
            denominations.append(
                Denomination(
                    _field(chip, "value", int, f"{where}, chip {i}"),
                    _field(chip, "color", str, f"{where}, chip {i}"),
                    _field(chip, "hex", str, f"{where}, chip {i}"),
                )
            )
        owned = data.get("owned")
        chip_set = ChipSet(tuple(denominations), None if owned is None else tuple(owned))
        parts = []
        for line in _field(data, "stack", list, where):
            if (
                not isinstance(line, list)
                or len(line) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in line)
            ):
                raise PresetError(
                    _("{where}: each stack line must be [value, count].").format(where=where)
                )
            parts.append((line[0], line[1]))
        stack = StackBreakdown(tuple(parts))
    except ChipError as error:
        raise PresetError(_("{where}: {error}").format(where=where, error=error)) from None
    try:
        structure = structure_from_dict(_field(data, "structure", dict, where))
    except StructureError as error:
        raise PresetError(_("{where}: {error}").format(where=where, error=error)) from None
    return Preset(
        key=preset_key,
        name=_field(data, "name", str, where),
        category=category,
        description=_field(data, "description", str, where),
        starting_stack=_field(data, "starting_stack", int, where),
        chip_set=chip_set,
        stack=stack,
        structure=structure,
    )


def preset_to_json(preset: Preset) -> str:
    """The preset as JSON text, in the format `parse_preset` reads."""
    data: dict[str, Any] = {
        "format": PRESET_FORMAT,
        "version": PRESET_VERSION,
        "key": preset.key,
        "name": preset.name,
        "category": preset.category.value,
        "description": preset.description,
        "starting_stack": preset.starting_stack,
        "chips": [
            {"value": d.value, "color": d.color, "hex": d.hex}
            for d in preset.chip_set.denominations
        ],
        "stack": [[value, count] for value, count in preset.stack.parts],
        "structure": structure_to_dict(preset.structure),
    }
    if preset.chip_set.owned is not None:
        data["owned"] = list(preset.chip_set.owned)
    return json.dumps(data, indent=2) + "\n"
