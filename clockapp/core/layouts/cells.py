"""A layout of the wall: named cells, each a kind of thing shown in a rectangle of the screen.

A rectangle is kept in ten-thousandths of the screen's width and height (`UNITS`), whole
numbers: a layout looks the same on a 720p projector and a 4K television, keyboard steps add up
exactly, and an undo gives back the very same numbers. A cell's `Style` names its colours by the
wall's palette roles ("TEXT", "BLINDS", "PANEL"; they follow the host's theme) or as #rrggbb, and
its text size as the share of the cell's height its capitals take (as the wall's labels do).

>>> cell = Cell(CellKind.COUNTDOWN, Rect(2500, 2000, 5000, 3000))
>>> cell.rect.fractions()
(0.25, 0.2, 0.5, 0.3)
>>> Layout("Clock", (cell,)).kinds()
(<CellKind.COUNTDOWN: 'countdown'>,)
>>> Rect(9000, 0, 2000, 1000)
Traceback (most recent call last):
...
clockapp.core.layouts.cells.LayoutError: A cell must stay on the screen: this one goes past its \
right edge.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field
from enum import StrEnum

from clockapp.core.layouts.fields import FieldError, text_fields
from clockapp.core.look import ROLES
from clockapp.core.text import TextError, clean_text
from clockapp.errors import ValidationError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _

#: A rectangle's coordinates are in these parts of the screen's width (x, w) and height (y, h).
UNITS = 10_000
#: The smallest side of a cell (2% of the screen): anything smaller the room cannot see.
MIN_SIDE = 200
#: The most cells one layout holds.
MAX_CELLS = 40
#: The longest name of a layout, and of a font.
MAX_NAME_CHARS = 60
MAX_FONT_CHARS = 60
#: The longest text of a text cell: a line or three, read across a room.
MAX_TEXT_CHARS = 200
MAX_TEXT_LINES = 3
#: The most lines a list cell (payouts, chip leaders, seat moves, bounties) shows.
MAX_ROWS = 20
#: The text size: the share of a line's height its capitals take, in percent.
MIN_SIZE, MAX_SIZE = 10, 100
#: The largest image of an image cell (base64 characters of a PNG), and of all of a layout's.
MAX_IMAGE_CHARS = 1_500_000
MAX_IMAGES_CHARS = 6_000_000

_HEX = re.compile(r"^#[0-9a-f]{6}$")
_PNG = b"\x89PNG\r\n\x1a\n"


class LayoutError(ValidationError):
    """A layout, cell or screen set the wall cannot take; the message says why."""


class CellKind(StrEnum):
    """What a cell shows."""

    COUNTDOWN = "countdown"
    LEVEL = "level"
    BLINDS = "blinds"
    NEXT_LEVEL = "next_level"
    BREAK_IN = "break_in"
    PLAYERS_LEFT = "players_left"
    AVERAGE_STACK = "average_stack"
    CHIPS_IN_PLAY = "chips_in_play"
    PRIZE_POOL = "prize_pool"
    PAYOUTS = "payouts"
    SEAT_MOVES = "seat_moves"
    TIME_OF_DAY = "time_of_day"
    CHIP_LEADERS = "chip_leaders"
    BOUNTIES = "bounties"
    QR_CODE = "qr_code"
    IMAGE = "image"
    TEXT = "text"

    def label(self) -> str:
        """The kind in the host's words ("blinds and ante"), translated."""
        return _(_KIND_NAMES[self])


_KIND_NAMES = {
    CellKind.COUNTDOWN: N_("countdown"),
    CellKind.LEVEL: N_("level"),
    CellKind.BLINDS: N_("blinds and ante"),
    CellKind.NEXT_LEVEL: N_("next level"),
    CellKind.BREAK_IN: N_("time to the break"),
    CellKind.PLAYERS_LEFT: N_("players left"),
    CellKind.AVERAGE_STACK: N_("average stack"),
    CellKind.CHIPS_IN_PLAY: N_("chips in play"),
    CellKind.PRIZE_POOL: N_("prize pool"),
    CellKind.PAYOUTS: N_("payouts"),
    CellKind.SEAT_MOVES: N_("seat moves"),
    CellKind.TIME_OF_DAY: N_("time of day"),
    CellKind.CHIP_LEADERS: N_("chip leaders"),
    CellKind.BOUNTIES: N_("bounties"),
    CellKind.QR_CODE: N_("QR code"),
    CellKind.IMAGE: N_("image"),
    CellKind.TEXT: N_("text"),
}

#: The kinds that show a list, one line per row.
LIST_KINDS = frozenset({
    CellKind.PAYOUTS, CellKind.SEAT_MOVES, CellKind.CHIP_LEADERS, CellKind.BOUNTIES
})  # fmt: skip
#: The kinds that draw no text (the size and contrast rules do not apply to them).
PICTURE_KINDS = frozenset({CellKind.QR_CODE, CellKind.IMAGE})


class Weight(StrEnum):
    """How heavy a cell's letters are (the wall's labels use medium and bold)."""

    REGULAR = "regular"
    MEDIUM = "medium"
    BOLD = "bold"


class Align(StrEnum):
    """Where a cell's text sits across its rectangle (it is always centred in height)."""

    LEFT = "left"
    CENTER = "center"
    RIGHT = "right"


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Rect:
    """Where a cell is: its left and top edges and its size, in `UNITS` of the screen."""

    x: int
    y: int
    w: int
    h: int

    def __post_init__(self) -> None:
        if not all(_whole(v) for v in (self.x, self.y, self.w, self.h)):
            raise LayoutError(_("A cell's place and size are whole numbers."))
        if self.w < MIN_SIDE or self.h < MIN_SIDE:
            raise LayoutError(
                _("A cell is at least {least} of the screen wide and high.").format(
                    least=f"{MIN_SIDE * 100 // UNITS}%"
                )
            )
        if self.x < 0 or self.y < 0:
            raise LayoutError(_("A cell must stay on the screen: this one starts outside it."))
        if self.x + self.w > UNITS:
            raise LayoutError(
                _("A cell must stay on the screen: this one goes past its right edge.")
            )
        if self.y + self.h > UNITS:
            raise LayoutError(
                _("A cell must stay on the screen: this one goes past its bottom edge.")
            )

    def fractions(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) as shares of the screen's width and height."""
        return (self.x / UNITS, self.y / UNITS, self.w / UNITS, self.h / UNITS)

    def contains(self, other: Rect) -> bool:
        """Whether `other` lies wholly inside this rectangle.

        >>> Rect(0, 0, 5000, 5000).contains(Rect(1000, 1000, 1000, 1000))
        True
        """
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.x + other.w <= self.x + self.w
            and other.y + other.h <= self.y + self.h
        )


def is_colour(value: str) -> bool:
    """Whether `value` is a colour a style may name: a palette role or #rrggbb (lower case).

    >>> is_colour("BLINDS"), is_colour("#ffd166"), is_colour("gold")
    (True, True, False)
    """
    return value in ROLES or bool(_HEX.match(value))


@dataclass(frozen=True)
class Style:
    """How a cell's text looks.

    Attributes:
        colour: The text's colour: a palette role or #rrggbb.
        background: What the cell is filled with: "" for nothing (the wall's background shows
            through), a palette role ("PANEL") or #rrggbb.
        font: The font family; "" for the wall's own.
        weight: How heavy the letters are.
        size: The share of a line's height the capitals take, in percent.
        align: Where the text sits across the cell.
    """

    colour: str = "TEXT"
    background: str = ""
    font: str = ""
    weight: Weight = Weight.BOLD
    size: int = 70
    align: Align = Align.CENTER

    def __post_init__(self) -> None:
        for value in (self.colour, self.background):
            if not isinstance(value, str):
                raise LayoutError(_("A colour is a name of the palette or one like #1a2b3c."))
        if not is_colour(self.colour):
            raise LayoutError(
                _(
                    '"{colour}" is not a colour: use a name of the palette or one like #1a2b3c.'
                ).format(colour=self.colour[:20])
            )
        if self.background and not is_colour(self.background):
            raise LayoutError(
                _(
                    '"{colour}" is not a colour: use a name of the palette or one like #1a2b3c.'
                ).format(colour=self.background[:20])
            )
        if not isinstance(self.font, str) or len(self.font) > MAX_FONT_CHARS:
            raise LayoutError(
                _("A font's name has at most {count} characters.").format(count=MAX_FONT_CHARS)
            )
        try:
            font = clean_text(self.font, _("The font's name"), MAX_FONT_CHARS)
        except TextError as error:
            raise LayoutError(str(error)) from None
        if font != self.font:  # spaces collapsed, invisible controls removed
            object.__setattr__(self, "font", font)
        if not isinstance(self.weight, Weight) or not isinstance(self.align, Align):
            raise LayoutError(_("A cell's weight and alignment must be ones the wall knows."))
        if not _whole(self.size) or not MIN_SIZE <= self.size <= MAX_SIZE:
            raise LayoutError(
                _("A text size is {least}% to {most}% of its line's height.").format(
                    least=MIN_SIZE, most=MAX_SIZE
                )
            )


@dataclass(frozen=True)
class Cell:
    """One thing on the wall, where it is and how it looks.

    Attributes:
        kind: What it shows.
        rect: Where it is.
        style: How its text looks.
        rows: How many lines a list kind shows (1 for every other kind).
        text: A text cell's text, with fields such as {level} (only for `CellKind.TEXT`).
        image: An image cell's PNG, as base64 text (only for `CellKind.IMAGE`).
    """

    kind: CellKind
    rect: Rect
    style: Style = field(default_factory=Style)
    rows: int = 1
    text: str = ""
    image: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, CellKind):
            raise LayoutError(_("A cell's kind must be one the wall knows."))
        if not isinstance(self.rect, Rect) or not isinstance(self.style, Style):
            raise LayoutError(_("A cell needs a place on the screen and a style."))
        if not _whole(self.rows) or not 1 <= self.rows <= MAX_ROWS:
            raise LayoutError(_("A list shows 1 to {most} lines.").format(most=MAX_ROWS))
        if self.rows != 1 and self.kind not in LIST_KINDS:
            raise LayoutError(
                _("Only a list (payouts, chip leaders, seat moves, bounties) shows several lines.")
            )
        self._check_text()
        self._check_image()

    def _check_text(self) -> None:
        if not isinstance(self.text, str):
            raise LayoutError(_("A text cell's text must be text."))
        if self.kind is not CellKind.TEXT:
            if self.text:
                raise LayoutError(_("Only a text cell has a text of its own."))
            return
        try:
            cleaned = clean_text(self.text, _("The cell's text"), MAX_TEXT_CHARS, lines=True)
        except TextError as error:
            raise LayoutError(str(error)) from None
        if cleaned != self.text:  # trailing spaces, invisible controls: kept as cleaned
            object.__setattr__(self, "text", cleaned)
        if not cleaned:
            raise LayoutError(_("A text cell needs a text: write one, or remove the cell."))
        if cleaned.count("\n") >= MAX_TEXT_LINES:
            raise LayoutError(
                _("A text cell has at most {count} lines.").format(count=MAX_TEXT_LINES)
            )
        try:
            text_fields(cleaned)
        except FieldError as error:
            raise LayoutError(str(error)) from None

    def _check_image(self) -> None:
        if not isinstance(self.image, str):
            raise LayoutError(_("An image cell's picture must be PNG data."))
        if self.kind is not CellKind.IMAGE:
            if self.image:
                raise LayoutError(_("Only an image cell has a picture."))
            return
        if not self.image:
            raise LayoutError(_("An image cell needs a picture: choose one, or remove the cell."))
        if len(self.image) > MAX_IMAGE_CHARS:
            raise LayoutError(_("The picture is too large to keep; choose a smaller image."))
        try:
            head = base64.b64decode(self.image[:16], validate=True)
        except (binascii.Error, ValueError):
            head = b""
        if not head.startswith(_PNG):
            raise LayoutError(_("The picture is not a PNG image."))

    def label(self) -> str:
        """What the cell shows, in the host's words."""
        return self.kind.label()


@dataclass(frozen=True)
class Layout:
    """A named arrangement of the wall: its cells, drawn in order (a later cell over an earlier).

    >>> Layout(" ", ())
    Traceback (most recent call last):
    ...
    clockapp.core.layouts.cells.LayoutError: A layout needs a name.
    """

    name: str
    cells: tuple[Cell, ...] = ()

    def __post_init__(self) -> None:
        try:
            cleaned = clean_text(self.name, _("The layout's name"), MAX_NAME_CHARS)
        except TextError as error:
            raise LayoutError(str(error)) from None
        if not cleaned:
            raise LayoutError(_("A layout needs a name."))
        if cleaned != self.name:
            object.__setattr__(self, "name", cleaned)
        if not isinstance(self.cells, tuple) or not all(isinstance(c, Cell) for c in self.cells):
            raise LayoutError(_("A layout is a list of cells."))
        if len(self.cells) > MAX_CELLS:
            raise LayoutError(_("A layout holds at most {count} cells.").format(count=MAX_CELLS))
        if sum(len(c.image) for c in self.cells) > MAX_IMAGES_CHARS:
            raise LayoutError(
                _("The layout's pictures are too large together; use fewer or smaller images.")
            )

    def kinds(self) -> tuple[CellKind, ...]:
        """The kind of each cell, in order."""
        return tuple(cell.kind for cell in self.cells)

    def cell(self, index: int) -> Cell:
        """The cell at `index`; a `LayoutError` when there is none (removed meanwhile)."""
        if not 0 <= index < len(self.cells):
            raise LayoutError(_("That cell is not in the layout any more."))
        return self.cells[index]

    def shows_countdown(self) -> bool:
        """Whether a countdown is seen: a countdown cell no later picture or filled cell covers.

        >>> clock = Cell(CellKind.COUNTDOWN, Rect(0, 0, 5000, 5000))
        >>> Layout("A", (clock,)).shows_countdown()
        True
        >>> panel = Style(background="PANEL")
        >>> cover = Cell(CellKind.TEXT, Rect(0, 0, 6000, 6000), panel, text="Hi")
        >>> Layout("B", (clock, cover)).shows_countdown()
        False
        """
        for index, cell in enumerate(self.cells):
            if cell.kind is not CellKind.COUNTDOWN:
                continue
            covered = any(
                (later.kind in PICTURE_KINDS or later.style.background)
                and later.rect.contains(cell.rect)
                for later in self.cells[index + 1 :]
            )
            if not covered:
                return True
        return False
