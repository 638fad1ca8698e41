"""Layout files: what the app writes reads back the same; a hostile or newer file is refused
with the reason, and nothing of it is kept."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clockapp.core.layouts.cells import (
    MAX_CELLS,
    UNITS,
    Align,
    Cell,
    CellKind,
    Layout,
    Rect,
    Style,
    Weight,
)
from clockapp.core.layouts.default import DEFAULT
from clockapp.core.layouts.files import (
    FORMAT,
    MAX_FILE_BYTES,
    VERSION,
    LayoutFileError,
    export_layout,
    import_layout,
    layout_data,
    layout_from_json,
    layout_to_json,
    screen_set_from_json,
    screen_set_to_json,
)
from clockapp.core.layouts.screen_sets import ScreenSet, Turn

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 32).decode()


def _file(layout: Any = None, **envelope: Any) -> bytes:
    data = {"format": FORMAT, "version": VERSION, "layout": layout_data(DEFAULT)}
    if layout is not None:
        data["layout"] = layout
    data.update(envelope)
    return json.dumps(data).encode()


def _with_cell(**changes: Any) -> dict[str, Any]:
    cell: dict[str, Any] = {
        "kind": "level",
        "rect": [0, 0, 1000, 1000],
        "style": {"colour": "TEXT", "size": 60},
    }
    cell.update(changes)
    return {"name": "Mine", "cells": [cell]}


def test_the_default_and_every_kind_of_cell_read_back_as_they_were_written() -> None:
    rect = Rect(100, 200, 3000, 2000)
    cells = tuple(
        Cell(
            kind,
            rect,
            Style("#ffd166", "PANEL", "DejaVu Sans", Weight.REGULAR, 55, Align.RIGHT),
            rows=4 if kind in (CellKind.PAYOUTS, CellKind.BOUNTIES) else 1,
            text="Level {level}\n{blinds}" if kind is CellKind.TEXT else "",
            image=PNG if kind is CellKind.IMAGE else "",
        )
        for kind in CellKind
    )
    every = Layout("Every kind", cells)
    for layout in (DEFAULT, every):
        assert import_layout(export_layout(layout)) == layout
        assert layout_from_json(layout_to_json(layout)) == layout
    assert json.loads(export_layout(DEFAULT))["version"] == VERSION


_rects = st.builds(
    lambda x, y, w, h: Rect(min(x, UNITS - w), min(y, UNITS - h), w, h),
    st.integers(0, UNITS),
    st.integers(0, UNITS),
    st.integers(200, UNITS),
    st.integers(200, UNITS),
)
_styles = st.builds(
    Style,
    colour=st.sampled_from(("TEXT", "BLINDS", "#000000", "#a1b2c3")),
    background=st.sampled_from(("", "PANEL", "#ffffff")),
    font=st.sampled_from(("", "Inter", "DejaVu Sans")),
    weight=st.sampled_from(Weight),
    size=st.integers(10, 100),
    align=st.sampled_from(Align),
)
_cells = st.builds(
    Cell,
    st.sampled_from(sorted(set(CellKind) - {CellKind.TEXT, CellKind.IMAGE})),
    _rects,
    _styles,
)


@given(st.lists(_cells, max_size=MAX_CELLS))
def test_any_layout_reads_back_as_it_was_written(cells: list[Cell]) -> None:
    layout = Layout("Any", tuple(cells))
    assert import_layout(export_layout(layout)) == layout


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xff\xfe\x00garbage", "not UTF-8 text"),
        (b"{not json", "not a layout file clockapp can read: Not valid JSON"),
        (b"[" * 100 + b"]" * 100, "nested more than 6 deep"),
        (b"[1, 2]", "not a clockapp layout file"),
        (json.dumps({"format": "tournament", "version": 1}).encode(), "not a clockapp layout"),
        (_file(version=2), r"made by a newer clockapp \(format 2; this one reads format 1\)"),
        (_file(version="1"), "does not say which version"),
        (_file(version=True), "does not say which version"),
        (_file(version=0), "does not say which version"),
        (_file(extra=1), 'the file has "extra", which this clockapp does not know'),
        (_file([]), "the layout should be an object, not a list"),
        (_file({"name": 3, "cells": []}), "the layout's name should be a text, not a number"),
        (_file({"name": "A", "cells": {}}), "the layout's cells should be a list, not an object"),
        (_file(_with_cell(kind="hologram")), 'Cell 1 .* is a "hologram", which this clockapp'),
        (_file(_with_cell(kind=7)), "the kind of cell 1 should be a text, not a number"),
        (_file(_with_cell(rect=[0.5, 0, 1000, 1000])), "cell 1 should be a whole number"),
        (_file(_with_cell(rect=[0, 0, 1000])), "a list of four whole numbers"),
        (_file(_with_cell(rect=[9000, 0, 2000, 1000])), "Cell 1 .* cannot be shown: .*right"),
        (_file(_with_cell(rows=True)), "cell 1 should be a whole number, not true or false"),
        (_file(_with_cell(secret=1)), 'cell 1 has "secret", which this clockapp does not know'),
        (_file(_with_cell(style={"size": "big"})), "style of cell 1 should be a whole number"),
        (_file(_with_cell(style={"weight": "heavy"})), "weight or alignment"),
        (_file(_with_cell(style={"shadow": 1})), 'has "shadow"'),
        (_file(_with_cell(style={"colour": "#12"})), '"#12" is not a colour'),
        (_file(_with_cell(kind="text", text="{levle}")), r'"\{levle\}" is not a field'),
        (_file(_with_cell(kind="image", image="R0lGODlh")), "not a PNG"),
        (_file({"name": "A", "cells": [_with_cell()["cells"][0]] * (MAX_CELLS + 1)}), "at most"),
        (_file({"name": "", "cells": []}), "needs a name"),
    ],
)
def test_a_hostile_or_newer_file_is_refused_with_the_reason(data: bytes, message: str) -> None:
    with pytest.raises(LayoutFileError, match=message):
        import_layout(data)


def test_a_file_too_big_is_refused_before_it_is_read() -> None:
    with pytest.raises(LayoutFileError, match="too big"):
        import_layout(b" " * (MAX_FILE_BYTES + 1))


def test_a_byte_order_mark_is_fine() -> None:
    assert import_layout(b"\xef\xbb\xbf" + export_layout(DEFAULT)) == DEFAULT


def test_a_screen_set_is_stored_and_read_back() -> None:
    screen_set = ScreenSet("Night", (Turn("Clock", 45), Turn("Payouts", 10)), (Turn("Slides", 20),))
    assert screen_set_from_json(screen_set_to_json(screen_set)) == screen_set
    for bad, message in [
        ('{"name": "S", "turns": [["Clock", "45"]]}', "whole number"),
        ('{"name": "S", "turns": []}', "at least one layout"),
        ('{"name": "S", "turns": [["Clock"]]}', "a list of layouts and seconds"),
        ('{"name": "S", "turns": [], "x": 1}', 'has "x"'),
        ("[]", "should be an object"),
    ]:
        with pytest.raises(LayoutFileError, match=message):
            screen_set_from_json(bad)
