"""Layouts and their cells: what a cell may be, today's wall as the default, and the wall's
readability rules with by how much a cell breaks them."""

from __future__ import annotations

import base64

import pytest

from clockapp.core.layouts.cells import (
    LIST_KINDS,
    MAX_CELLS,
    MIN_SIDE,
    UNITS,
    Cell,
    CellKind,
    Layout,
    LayoutError,
    Rect,
    Style,
)
from clockapp.core.layouts.default import DEFAULT, DEFAULT_NAME, is_default
from clockapp.core.layouts.fields import FIELDS, FieldError, render, text_fields
from clockapp.core.layouts.readability import (
    MIN_TEXT_HEIGHT,
    Breach,
    Rule,
    check,
    text_height,
)
from clockapp.core.look import BUILT_IN, MIN_CONTRAST, contrast_ratio, theme_named

NIGHT = theme_named("night")
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 32).decode()
FULL = Rect(0, 0, UNITS, UNITS)


def test_every_kind_the_host_may_place_is_there() -> None:
    assert {kind.label() for kind in CellKind} == {
        "countdown", "level", "blinds and ante", "next level", "time to the break",
        "players left", "average stack", "chips in play", "prize pool", "payouts",
        "seat moves", "time of day", "chip leaders", "bounties", "QR code", "image", "text",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("rect", "message"),
    [
        ((9000, 0, 2000, 1000), "right edge"),
        ((0, 9500, 1000, 1000), "bottom edge"),
        ((-1, 0, 1000, 1000), "starts outside"),
        ((0, 0, MIN_SIDE - 1, 1000), "at least 2%"),
        ((0, 0, 1000, 0), "at least 2%"),
        ((0.5, 0, 1000, 1000), "whole numbers"),
        ((True, 0, 1000, 1000), "whole numbers"),
    ],
)
def test_a_cell_off_the_screen_or_too_small_is_refused(
    rect: tuple[int, int, int, int], message: str
) -> None:
    with pytest.raises(LayoutError, match=message):
        Rect(*rect)


def test_a_cell_may_fill_the_screen_exactly() -> None:
    assert FULL.fractions() == (0.0, 0.0, 1.0, 1.0)


@pytest.mark.parametrize(
    ("style", "message"),
    [
        ({"colour": "gold"}, '"gold" is not a colour'),
        ({"colour": "#FFD166"}, "is not a colour"),  # stored lower case, as the look keeps it
        ({"background": "#12345"}, "is not a colour"),
        ({"size": 9}, "10% to 100%"),
        ({"size": 101}, "10% to 100%"),
        ({"font": "x" * 61}, "at most 60 characters"),
        ({"weight": "heavy"}, "weight and alignment"),
    ],
)
def test_a_style_the_wall_cannot_draw_is_refused(style: dict[str, object], message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        Style(**style)  # type: ignore[arg-type]


def test_a_fonts_name_is_cleaned() -> None:
    assert Style(font="  DejaVu\u202e   Sans ").font == "DejaVu Sans"


def test_only_lists_have_rows_only_text_cells_text_only_image_cells_pictures() -> None:
    for kind in LIST_KINDS:
        assert Cell(kind, FULL, rows=8).rows == 8
    with pytest.raises(LayoutError, match="Only a list"):
        Cell(CellKind.COUNTDOWN, FULL, rows=2)
    with pytest.raises(LayoutError, match="1 to 20 lines"):
        Cell(CellKind.PAYOUTS, FULL, rows=21)
    with pytest.raises(LayoutError, match="Only a text cell"):
        Cell(CellKind.LEVEL, FULL, text="Level")
    with pytest.raises(LayoutError, match="needs a text"):
        Cell(CellKind.TEXT, FULL)
    with pytest.raises(LayoutError, match="Only an image cell"):
        Cell(CellKind.LEVEL, FULL, image=PNG)
    with pytest.raises(LayoutError, match="needs a picture"):
        Cell(CellKind.IMAGE, FULL)
    with pytest.raises(LayoutError, match="not a PNG"):
        Cell(CellKind.IMAGE, FULL, image=base64.b64encode(b"GIF89a" + b"\0" * 20).decode())
    assert Cell(CellKind.IMAGE, FULL, image=PNG).image == PNG


def test_a_text_cell_names_only_fields_the_wall_has() -> None:
    assert Cell(CellKind.TEXT, FULL, text="Level {level}: {blinds}").text.startswith("Level")
    with pytest.raises(LayoutError, match=r'"\{levle\}" is not a field; use one of: \{tournament'):
        Cell(CellKind.TEXT, FULL, text="Level {levle}")
    with pytest.raises(LayoutError, match="at most 3 lines"):
        Cell(CellKind.TEXT, FULL, text="a\nb\nc\nd")
    # Invisible controls (a hostile file's bidi override) and trailing spaces are cleaned away.
    assert Cell(CellKind.TEXT, FULL, text="Level\u202e 3  \nnow ").text == "Level 3\nnow"
    with pytest.raises(LayoutError, match="at least one visible character"):
        Cell(CellKind.TEXT, FULL, text="\u200b")


def test_a_layout_needs_a_name_and_holds_a_bounded_number_of_cells() -> None:
    assert Layout("  Payouts   wall ").name == "Payouts wall"
    with pytest.raises(LayoutError, match="needs a name"):
        Layout("")
    cell = Cell(CellKind.LEVEL, FULL)
    assert len(Layout("Many", (cell,) * MAX_CELLS).cells) == MAX_CELLS
    with pytest.raises(LayoutError, match=f"at most {MAX_CELLS} cells"):
        Layout("Too many", (cell,) * (MAX_CELLS + 1))
    with pytest.raises(LayoutError, match="not in the layout"):
        Layout("One", (cell,)).cell(1)


def test_a_countdown_hidden_under_a_later_picture_is_not_shown() -> None:
    clock = Cell(CellKind.COUNTDOWN, Rect(1000, 1000, 4000, 4000))
    image = Cell(CellKind.IMAGE, FULL, image=PNG)
    over = Cell(CellKind.TEXT, Rect(1000, 1000, 4000, 3999), Style(background="PANEL"), text="x")
    assert not Layout("Hidden", (clock, image)).shows_countdown()
    assert Layout("Under it", (image, clock)).shows_countdown()
    assert Layout("Partly", (clock, over)).shows_countdown()  # a strip of it still shows
    assert not Layout("None", (image,)).shows_countdown()


# ---------------------------------------------------------------- the default: today's wall


@pytest.mark.parametrize("palette", BUILT_IN, ids=lambda p: p.name)
def test_todays_wall_keeps_the_readability_rules_in_every_theme(palette: object) -> None:
    assert check(DEFAULT, palette) == ()  # type: ignore[arg-type]


def test_the_size_rule_is_the_smallest_main_line_of_todays_wall() -> None:
    heights = [text_height(c) for c in DEFAULT.cells if c.kind is not CellKind.QR_CODE]
    assert MIN_TEXT_HEIGHT <= min(heights) <= MIN_TEXT_HEIGHT * 1.05
    # 720 px high: the capitals of the smallest line are at least 23 px.
    assert MIN_TEXT_HEIGHT * 720 >= 23


def test_todays_wall_shows_what_the_display_shows() -> None:
    kinds = set(DEFAULT.kinds())
    assert {
        CellKind.COUNTDOWN, CellKind.LEVEL, CellKind.BLINDS, CellKind.NEXT_LEVEL,
        CellKind.BREAK_IN, CellKind.PLAYERS_LEFT, CellKind.AVERAGE_STACK,
        CellKind.CHIPS_IN_PLAY, CellKind.PRIZE_POOL, CellKind.PAYOUTS, CellKind.TIME_OF_DAY,
    } <= kinds  # fmt: skip
    assert DEFAULT.shows_countdown()
    assert DEFAULT.name == DEFAULT_NAME
    assert is_default(" today's WALL ")
    # The countdown is the largest text of the wall, as on the display (a quarter of its height).
    countdown = next(c for c in DEFAULT.cells if c.kind is CellKind.COUNTDOWN)
    assert text_height(countdown) == max(text_height(c) for c in DEFAULT.cells)
    assert text_height(countdown) == pytest.approx(0.25, abs=0.01)


def test_no_two_cells_of_todays_wall_overlap() -> None:
    cells = DEFAULT.cells
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            ra, rb = a.rect, b.rect
            apart = (
                ra.x + ra.w <= rb.x or rb.x + rb.w <= ra.x or ra.y + ra.h <= rb.y
                or rb.y + rb.h <= ra.y
            )  # fmt: skip
            assert apart, (a.kind, b.kind)


# ---------------------------------------------------------------- readability


def test_a_dark_text_on_the_night_theme_breaks_contrast_and_says_by_how_much() -> None:
    cell = Cell(CellKind.LEVEL, Rect(0, 0, 5000, 1000), Style(colour="#333333"))
    (breach,) = check(Layout("Dim", (cell,)), NIGHT)
    ratio = contrast_ratio("#333333", NIGHT.colours["BACKGROUND"])
    assert breach == Breach(0, CellKind.LEVEL, Rule.CONTRAST, ratio, MIN_CONTRAST)
    assert breach.short_by == pytest.approx(MIN_CONTRAST - ratio)
    assert str(breach) == (
        "Cell 1 (level): its text stands 1.5:1 on its background; the wall needs 7:1 (5.5 short)."
    )


def test_contrast_is_judged_on_the_cells_own_background() -> None:
    style = Style(colour="#000000", background="#ffffff")
    cell = Cell(CellKind.LEVEL, Rect(0, 0, 5000, 1000), style)
    assert check(Layout("Card", (cell,)), NIGHT) == ()
    yellow_on_white = Cell(CellKind.BLINDS, Rect(0, 0, 5000, 1000), Style("BLINDS", "#ffffff"))
    (breach,) = check(Layout("Pale", (yellow_on_white,)), NIGHT)
    assert breach.rule is Rule.CONTRAST
    assert breach.have < 2


def test_too_small_a_text_breaks_the_size_rule_and_says_by_how_much() -> None:
    cell = Cell(CellKind.PAYOUTS, Rect(0, 0, 2000, 2000), Style(size=50), rows=10)
    (breach,) = check(Layout("Tiny", (cell,)), NIGHT)
    assert breach.rule is Rule.SIZE
    assert breach.have == pytest.approx(0.01)
    assert breach.short_by == pytest.approx(1 - 0.01 / MIN_TEXT_HEIGHT)
    assert str(breach) == (
        "Cell 1 (payouts): its letters are 1.0% of the screen's height; the wall needs at least "
        "3.2% (they are 69% too small)."
    )


def test_a_text_too_long_for_its_cell_breaks_the_length_rule() -> None:
    cell = Cell(CellKind.TEXT, Rect(0, 0, 2000, 1000), text="Next: {next_level}, {break_in} to go")
    (breach,) = check(Layout("Long", (cell,)), NIGHT)
    assert breach.rule is Rule.LENGTH
    assert (breach.have, breach.need) == (34, 14)
    assert "34 characters" in str(breach)
    assert "holds 14 (20 too many)" in str(breach)


def test_pictures_have_no_text_to_judge() -> None:
    tiny = Rect(0, 0, MIN_SIDE, MIN_SIDE)
    cells = (Cell(CellKind.QR_CODE, tiny), Cell(CellKind.IMAGE, tiny, image=PNG))
    assert check(Layout("Pictures", cells), NIGHT) == ()


# ---------------------------------------------------------------- text with fields


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Level {level}: {blinds}", "Level 3: 100/200"),
        ("{{level}} {level}", "{level} 3"),
        ("No fields", "No fields"),
        ("", ""),
    ],
)
def test_a_text_is_drawn_with_the_walls_values(text: str, expected: str) -> None:
    assert render(text, {"level": "3", "blinds": "100/200"}) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Level {levle}", r'"\{levle\}" is not a field'),
        ("{level:>5}", r'"\{level:>5\}" is not a field'),
        ("{level!r}", r'"\{level!r\}" is not a field'),
        ("{level.__class__}", "is not a field"),
        ("{blinds[0]}", "is not a field"),
        ("{}", r'"\{\}" is not a field'),
        ("{0}", "is not a field"),
        ("Level {level", "unpaired brace"),
        ("Level }", "unpaired brace"),
    ],
)
def test_a_text_with_anything_but_a_field_in_braces_is_refused(text: str, message: str) -> None:
    with pytest.raises(FieldError, match=message):
        text_fields(text)
    with pytest.raises(FieldError, match=message):
        render(text, {name: "x" for name in FIELDS})


def test_a_field_the_wall_has_no_value_for_is_refused_not_left_blank() -> None:
    with pytest.raises(FieldError, match=r"needs \{blinds\}, which the wall does not have now"):
        render("Level {level}: {blinds}", {"level": "3"})
