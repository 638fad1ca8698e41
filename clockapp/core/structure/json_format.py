"""A structure as JSON: the dict form (`structure_to_dict`, `structure_from_dict`) and text.

The reader is strict: unknown fields, wrong types and missing amounts are refused with a message
naming the item (1-based) and the problem. JSON text goes through `clockapp.core.userfiles`
(size and depth limits), imported only when a file is read.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from clockapp import formats
from clockapp.core.structure.items import MAX_ITEMS, Break, Item, Level, StructureError
from clockapp.core.structure.model import Structure
from clockapp.i18n import gettext as _

JSON_FORMAT = "clockapp-structure"
JSON_VERSION = 1
#: The largest structure file read: `MAX_ITEMS` items of a few hundred characters each, with
#: room to spare. JSON is decoded whole, so a bigger file is refused before it is decoded.
MAX_JSON_FILE_CHARS = 2_000_000


def item_to_dict(item: Item) -> dict[str, Any]:
    """A level or break as a JSON-ready dict.

    >>> item_to_dict(Break(10, color_up=(5,)))
    {'type': 'break', 'minutes': 10, 'label': 'Break', 'color_up': [5]}
    """
    if isinstance(item, Break):
        return {
            "type": "break",
            "minutes": item.minutes,
            "label": item.label,
            "color_up": list(item.color_up),
        }
    data: dict[str, Any] = {
        "type": "level",
        "small_blind": item.small_blind,
        "big_blind": item.big_blind,
        "ante": item.ante,
        "big_blind_ante": item.big_blind_ante,
        "minutes": item.minutes,
        "game": item.game,
    }
    if item.label:
        data["label"] = item.label
    return data


def structure_to_dict(structure: Structure) -> dict[str, Any]:
    """A structure as a JSON-ready dict (the format `structure_from_dict` reads)."""
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "name": structure.name,
        "planned_last_level": structure.planned_last_level,
        "levels": [item_to_dict(item) for item in structure.levels],
    }


def structure_to_json(structure: Structure) -> str:
    """The structure as JSON text.

    >>> text = structure_to_json(Structure("S", (Level(5, 10),)))
    >>> structure_from_json(text) == Structure("S", (Level(5, 10),))
    True
    """
    return json.dumps(structure_to_dict(structure), indent=2) + "\n"


_LEVEL_KEYS = frozenset(
    {"type", "small_blind", "big_blind", "ante", "big_blind_ante", "minutes", "game", "label"}
)
_BREAK_KEYS = frozenset({"type", "minutes", "label", "color_up"})


def _json_int(data: Mapping[str, Any], key: str, where: str, default: int | None = None) -> int:
    if key not in data:
        if default is None:
            raise StructureError(_("{where}: {key!r} is missing.").format(where=where, key=key))
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise StructureError(
            _("{where}: {key!r} must be a whole number (got {value!r}).").format(
                where=where, key=key, value=value
            )
        )
    return value


def _json_str(data: Mapping[str, Any], key: str, where: str, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise StructureError(
            _("{where}: {key!r} must be text (got {value!r}).").format(
                where=where, key=key, value=value
            )
        )
    return value


def item_from_dict(data: object, where: str = "Item") -> Item:
    """Read one level or break from a JSON-like dict; `where` starts every error message.

    >>> item_from_dict({"type": "level", "small_blind": 5, "big_blind": 10, "minutes": 15})
    Level(small_blind=5, big_blind=10, ante=0, big_blind_ante=False, minutes=15, game='NLHE', label='', color_up=(), is_break=False)
    """  # noqa: E501
    if not isinstance(data, dict):
        raise StructureError(
            _("{where}: expected an object with the level's fields.").format(where=where)
        )
    kind = data.get("type", "break" if data.get("is_break") is True else "level")
    try:
        if kind == "break":
            unknown = set(data) - _BREAK_KEYS - {"is_break"}
            if unknown:
                raise StructureError(
                    _("{where}: unknown field(s) {join}.").format(
                        where=where, join=", ".join(sorted(unknown))
                    )
                )
            color_up = data.get("color_up", [])
            if not isinstance(color_up, list):
                raise StructureError(
                    _("{where}: 'color_up' must be a list of chip values.").format(where=where)
                )
            values = []
            for value in color_up:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise StructureError(
                        _("{where}: color-up value {value!r} is not a whole number.").format(
                            where=where, value=value
                        )
                    )
                values.append(value)
            return Break(
                _json_int(data, "minutes", where),
                label=_json_str(data, "label", where, "Break"),
                color_up=tuple(values),
            )
        if kind != "level":
            raise StructureError(
                _("{where}: type {kind!r} is neither 'level' nor 'break'.").format(
                    where=where, kind=kind
                )
            )
        unknown = set(data) - _LEVEL_KEYS - {"is_break", "color_up"}
        if unknown:
            raise StructureError(
                _("{where}: unknown field(s) {join}.").format(
                    where=where, join=", ".join(sorted(unknown))
                )
            )
        bba = data.get("big_blind_ante", False)
        if not isinstance(bba, bool):
            raise StructureError(
                _("{where}: 'big_blind_ante' must be true or false.").format(where=where)
            )
        return Level(
            _json_int(data, "small_blind", where),
            _json_int(data, "big_blind", where),
            ante=_json_int(data, "ante", where, 0),
            big_blind_ante=bba,
            minutes=_json_int(data, "minutes", where),
            game=_json_str(data, "game", where, "NLHE"),
            label=_json_str(data, "label", where, ""),
        )
    except StructureError as error:
        message = str(error)
        if message.startswith(where):
            raise
        raise StructureError(_("{where}: {message}").format(where=where, message=message)) from None


def structure_from_dict(data: object, *, name: str | None = None) -> Structure:
    """Read a structure from a JSON-like dict; errors name the item (1-based) and the problem.

    Args:
        data: The decoded JSON.
        name: A name to use instead of the file's own (or when the file has none).
    """
    if not isinstance(data, dict):
        raise StructureError(_("Structure file: expected an object with 'name' and 'levels'."))
    if "format" in data and data["format"] != JSON_FORMAT:
        raise StructureError(
            _("Structure file: format {data!r} is not {JSON_FORMAT!r}.").format(
                data=data["format"], JSON_FORMAT=JSON_FORMAT
            )
        )
    items = data.get("levels")
    if not isinstance(items, list):
        raise StructureError(_("Structure file: 'levels' must be a list of levels and breaks."))
    chosen = name if name is not None else data.get("name", "Imported structure")
    if not isinstance(chosen, str):
        raise StructureError(_("Structure file: 'name' must be text."))
    levels = tuple(
        item_from_dict(item, f"Item {i + 1} of 'levels'") for i, item in enumerate(items)
    )
    planned = data.get("planned_last_level")
    if planned is not None and (isinstance(planned, bool) or not isinstance(planned, int)):
        raise StructureError(_("Structure file: 'planned_last_level' must be a level number."))
    return Structure(chosen, levels, planned)


def structure_from_json(text: str, *, name: str | None = None) -> Structure:
    """Read a structure from JSON text (as written by `structure_to_json`).

    Raises:
        StructureError: The text is not JSON (with the line and column), too big or nested too
            deep (see `load_json`), or an item is invalid (naming the item, 1-based, and the
            problem).

    >>> structure_from_json('{"name": "S", "levels": [{"type": "level", "minutes": 20}]}')
    Traceback (most recent call last):
    ...
    clockapp.core.structure.StructureError: Item 1 of 'levels': 'small_blind' is missing.
    """
    from clockapp.core.userfiles import FileFormatError, load_json

    try:
        data = load_json(text, max_chars=MAX_JSON_FILE_CHARS)
    except FileFormatError as error:
        raise StructureError(
            _("Structure file: {problem}.").format(problem=error.problem)
        ) from None
    items = data.get("levels") if isinstance(data, dict) else None
    if isinstance(items, list) and len(items) > MAX_ITEMS:
        raise StructureError(
            _(
                "Structure file: {count} levels and breaks; a structure holds at most {MAX_ITEMS}."
            ).format(count=formats.number(len(items)), MAX_ITEMS=MAX_ITEMS)
        )
    return structure_from_dict(data, name=name)
