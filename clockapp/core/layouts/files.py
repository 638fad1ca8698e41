"""A layout as a file, and the stored text of layouts and screen sets.

A layout file is UTF-8 JSON: `{"format": "clockapp-layout", "version": 1, "layout": {...}}`.
A file a host imports is hostile until read: it is refused, with the reason, when it is too big,
nested too deep, not JSON, not a layout file, from a newer clockapp (a higher version), or when
any value has the wrong type, an unknown key, an unknown cell kind, or breaks a rule of the
layout. The database keeps the same `layout` object (`layout_to_json`), read back the same way.

>>> from clockapp.core.layouts.default import DEFAULT
>>> import_layout(export_layout(DEFAULT)) == DEFAULT
True
>>> import_layout(b'{"format": "clockapp-layout", "version": 9, "layout": {}}')
Traceback (most recent call last):
...
clockapp.core.layouts.files.LayoutFileError: This layout file was made by a newer clockapp \
(format 9; this one reads format 1): update clockapp to open it.
"""

from __future__ import annotations

import json
from typing import Any

from clockapp.core.layouts.cells import (
    MAX_CELLS,
    Align,
    Cell,
    CellKind,
    Layout,
    LayoutError,
    Rect,
    Style,
    Weight,
)
from clockapp.core.layouts.screen_sets import ScreenSet, Turn
from clockapp.core.userfiles import FileFormatError, load_json
from clockapp.formats import number
from clockapp.i18n import gettext as _

#: What a layout file says it is, and the newest version of its format this clockapp reads.
FORMAT = "clockapp-layout"
VERSION = 1
#: The largest layout file read (its pictures make most of it).
MAX_FILE_BYTES = 8 * 1024 * 1024
#: The deepest nesting of a layout file: the file, the layout, its cells, a cell, its style.
MAX_DEPTH = 6

_CELL_KEYS = {"kind", "rect", "style", "rows", "text", "image"}
_STYLE_KEYS = {"colour", "background", "font", "weight", "size", "align"}
_RECT_KEYS = ("x", "y", "w", "h")


class LayoutFileError(LayoutError):
    """A layout file (or stored layout) that cannot be read; the message says why."""


def _rect_data(rect: Rect) -> list[int]:
    return [rect.x, rect.y, rect.w, rect.h]


def _cell_data(cell: Cell) -> dict[str, Any]:
    style = cell.style
    data: dict[str, Any] = {
        "kind": cell.kind.value,
        "rect": _rect_data(cell.rect),
        "style": {
            "colour": style.colour,
            "background": style.background,
            "font": style.font,
            "weight": style.weight.value,
            "size": style.size,
            "align": style.align.value,
        },
    }
    if cell.rows != 1:
        data["rows"] = cell.rows
    if cell.text:
        data["text"] = cell.text
    if cell.image:
        data["image"] = cell.image
    return data


def layout_data(layout: Layout) -> dict[str, Any]:
    """The layout as plain JSON values."""
    return {"name": layout.name, "cells": [_cell_data(cell) for cell in layout.cells]}


def layout_to_json(layout: Layout) -> str:
    """The stored text of `layout`."""
    return json.dumps(layout_data(layout), sort_keys=True, ensure_ascii=False)


def export_layout(layout: Layout) -> bytes:
    """The bytes of a layout file of `layout`."""
    envelope = {"format": FORMAT, "version": VERSION, "layout": layout_data(layout)}
    return (json.dumps(envelope, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()


def _refused(message: str) -> LayoutFileError:
    return LayoutFileError(message)


def _type_name(value: object) -> str:
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("a text")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return _("nothing")


def _wrong(where: str, wanted: str, value: object) -> LayoutFileError:
    return _refused(
        _("In the layout file, {where} should be {wanted}, not {found}.").format(
            where=where, wanted=wanted, found=_type_name(value)
        )
    )


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise _wrong(where, _("a text"), value)
    return value


def _whole(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _wrong(where, _("a whole number"), value)
    return value


def _object(value: object, where: str, keys: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _wrong(where, _("an object"), value)
    unknown = sorted(set(value) - keys)
    if unknown:
        raise _refused(
            _('In the layout file, {where} has "{key}", which this clockapp does not know.').format(
                where=where, key=str(unknown[0])[:40]
            )
        )
    return value


def _cell(raw: object, n: int) -> Cell:
    where = _("cell {n}").format(n=n)
    data = _object(raw, where, _CELL_KEYS)
    kind_name = _text(data.get("kind"), _("the kind of cell {n}").format(n=n))
    try:
        kind = CellKind(kind_name)
    except ValueError:
        raise _refused(
            _(
                'Cell {n} of the layout file is a "{kind}", which this clockapp does not know.'
            ).format(n=n, kind=kind_name[:40])
        ) from None
    rect_raw = data.get("rect")
    rect_where = _("the place of cell {n}").format(n=n)
    if not isinstance(rect_raw, list) or len(rect_raw) != len(_RECT_KEYS):
        raise _wrong(rect_where, _("a list of four whole numbers"), rect_raw)
    x, y, w, h = (_whole(v, rect_where) for v in rect_raw)
    style_where = _("the style of cell {n}").format(n=n)
    style_raw = _object(data.get("style", {}), style_where, _STYLE_KEYS)
    defaults = Style()
    try:
        weight = Weight(_text(style_raw.get("weight", defaults.weight.value), style_where))
        align = Align(_text(style_raw.get("align", defaults.align.value), style_where))
    except ValueError:
        raise _refused(
            _(
                "In the layout file, {where} has a weight or alignment this clockapp does not know."
            ).format(where=style_where)
        ) from None
    try:
        return Cell(
            kind,
            Rect(x, y, w, h),
            Style(
                colour=_text(style_raw.get("colour", defaults.colour), style_where),
                background=_text(style_raw.get("background", defaults.background), style_where),
                font=_text(style_raw.get("font", defaults.font), style_where),
                weight=weight,
                size=_whole(style_raw.get("size", defaults.size), style_where),
                align=align,
            ),
            rows=_whole(data.get("rows", 1), where),
            text=_text(data.get("text", ""), where),
            image=_text(data.get("image", ""), where),
        )
    except LayoutFileError:
        raise
    except LayoutError as error:
        raise _refused(
            _("Cell {n} of the layout file cannot be shown: {reason}").format(
                n=n, reason=str(error)
            )
        ) from None


def layout_from_data(raw: object) -> Layout:
    """The layout in plain JSON values; a `LayoutFileError` naming what is wrong."""
    data = _object(raw, _("the layout"), {"name", "cells"})
    name = _text(data.get("name"), _("the layout's name"))
    cells_raw = data.get("cells")
    if not isinstance(cells_raw, list):
        raise _wrong(_("the layout's cells"), _("a list"), cells_raw)
    if len(cells_raw) > MAX_CELLS:  # before reading them: a file of a million cells is refused fast
        raise _refused(_("A layout holds at most {count} cells.").format(count=MAX_CELLS))
    cells = tuple(_cell(raw_cell, n) for n, raw_cell in enumerate(cells_raw, 1))
    try:
        return Layout(name, cells)
    except LayoutError as error:
        raise _refused(str(error)) from None


def _json(text: str) -> Any:
    try:
        return load_json(text, max_chars=MAX_FILE_BYTES, max_depth=MAX_DEPTH)
    except FileFormatError as error:
        raise _refused(
            _("This is not a layout file clockapp can read: {reason}").format(reason=str(error))
        ) from None


def layout_from_json(text: str) -> Layout:
    """The layout stored as `text`; a `LayoutFileError` when it is not one."""
    return layout_from_data(_json(text))


def import_layout(data: bytes) -> Layout:
    """The layout in a layout file's bytes; a `LayoutFileError` with the reason when refused.

    >>> import_layout(b"[1, 2]")
    Traceback (most recent call last):
    ...
    clockapp.core.layouts.files.LayoutFileError: This is not a clockapp layout file.
    """
    if len(data) > MAX_FILE_BYTES:
        raise _refused(
            _("The layout file is too big ({size} bytes; at most {limit} are read).").format(
                size=number(len(data)), limit=number(MAX_FILE_BYTES)
            )
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        message = _("The layout file is not UTF-8 text: it is no clockapp layout file.")
        raise _refused(message) from None
    envelope = _json(text)
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise _refused(_("This is not a clockapp layout file."))
    version = envelope.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _refused(_("The layout file does not say which version of the format it is."))
    if version > VERSION:
        raise _refused(
            _(
                "This layout file was made by a newer clockapp (format {version}; this one "
                "reads format {known}): update clockapp to open it."
            ).format(version=number(version), known=VERSION)
        )
    _object(envelope, _("the file"), {"format", "version", "layout"})
    return layout_from_data(envelope.get("layout"))


def screen_set_to_json(screen_set: ScreenSet) -> str:
    """The stored text of `screen_set`."""

    def turns(items: tuple[Turn, ...]) -> list[list[object]]:
        return [[turn.layout, turn.seconds] for turn in items]

    data = {
        "name": screen_set.name,
        "turns": turns(screen_set.turns),
        "break_turns": turns(screen_set.break_turns),
    }
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def screen_set_from_json(text: str) -> ScreenSet:
    """The screen set stored as `text`; a `LayoutFileError` when it is not one.

    >>> s = ScreenSet("Night", (Turn("Clock", 45), Turn("Payouts", 10)))
    >>> screen_set_from_json(screen_set_to_json(s)) == s
    True
    """
    data = _object(_json(text), _("the screen set"), {"name", "turns", "break_turns"})

    def turns(raw: object) -> tuple[Turn, ...]:
        where = _("the screen set's turns")
        if not isinstance(raw, list):
            raise _wrong(where, _("a list"), raw)
        found = []
        for item in raw:
            if not isinstance(item, list) or len(item) != 2:
                raise _wrong(where, _("a list of layouts and seconds"), item)
            found.append(Turn(_text(item[0], where), _whole(item[1], where)))
        return tuple(found)

    try:
        return ScreenSet(
            _text(data.get("name"), _("the screen set's name")),
            turns(data.get("turns")),
            turns(data.get("break_turns", [])),
        )
    except LayoutFileError:
        raise
    except LayoutError as error:
        raise _refused(str(error)) from None
