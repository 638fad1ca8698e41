"""The wall's readability rules applied to a layout, and by how much a layout breaks them.

The rules are the wall's own, read across a room:

- contrast: a cell's text stands at least `clockapp.core.look.MIN_CONTRAST` (7:1, WCAG 2's AAA)
  on what it is drawn on (its own background, else the wall's);
- size: a line's capitals are at least `MIN_TEXT_HEIGHT` of the screen's height, the smallest
  main line of today's wall (`clockapp.core.layouts.default`);
- length: a text cell's lines fit in its width at `clockapp.core.house.LINE_CHARS` characters
  across the whole screen (longer lines would be drawn smaller than that).

Each broken rule is a `Breach` that says which cell, what it has, what the rule needs, and
`short_by`: how far it is from passing.

>>> from clockapp.core.look import theme_named
>>> from clockapp.core.layouts.cells import Cell, CellKind, Layout, Rect, Style
>>> dim = Cell(CellKind.LEVEL, Rect(0, 0, 5000, 1000), Style(colour="#333333"))
>>> [str(b) for b in check(Layout("Dim", (dim,)), theme_named("night"))]
['Cell 1 (level): its text stands 1.5:1 on its background; the wall needs 7:1 (5.5 short).']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from clockapp.core.house import LINE_CHARS
from clockapp.core.layouts.cells import PICTURE_KINDS, UNITS, Cell, CellKind, Layout
from clockapp.core.layouts.fields import sample
from clockapp.core.look import MIN_CONTRAST, Palette, contrast_ratio
from clockapp.formats import decimal, number, percent
from clockapp.i18n import gettext as _

#: The least height of a line's capitals, as a share of the screen's height: the smallest main
#: line of today's wall (a line of the payouts), 23 px on a 720p projector.
MIN_TEXT_HEIGHT = 0.032


class Rule(StrEnum):
    """Which readability rule a cell breaks."""

    CONTRAST = "contrast"
    SIZE = "size"
    LENGTH = "length"


@dataclass(frozen=True)
class Breach:
    """Cell `index` (from 0) breaks `rule`: it has `have` where the rule needs `need`.

    For `CONTRAST` the numbers are ratios (3.2 for 3.2:1), for `SIZE` shares of the screen's
    height, for `LENGTH` characters (the text's longest line, and what the cell holds).
    """

    index: int
    kind: CellKind
    rule: Rule
    have: float
    need: float

    @property
    def short_by(self) -> float:
        """How far from passing: the missing ratio, the missing share of the height (as a share
        of what is needed), or the characters too many."""
        if self.rule is Rule.SIZE:
            return 1 - self.have / self.need
        if self.rule is Rule.LENGTH:
            return self.have - self.need
        return self.need - self.have

    def __str__(self) -> str:
        cell, kind = self.index + 1, self.kind.label()
        if self.rule is Rule.CONTRAST:
            return _(
                "Cell {cell} ({kind}): its text stands {have}:1 on its background; the wall "
                "needs {need}:1 ({short} short)."
            ).format(
                cell=cell,
                kind=kind,
                have=decimal(self.have, 1),
                need=decimal(self.need, 0),
                short=decimal(self.short_by, 1),
            )
        if self.rule is Rule.SIZE:
            return _(
                "Cell {cell} ({kind}): its letters are {have} of the screen's height; the wall "
                "needs at least {need} (they are {short} too small)."
            ).format(
                cell=cell,
                kind=kind,
                have=percent(self.have, 1),
                need=percent(self.need, 1),
                short=percent(self.short_by, 0),
            )
        return _(
            "Cell {cell} ({kind}): a line of its text has {have} characters; at a readable size "
            "the cell holds {need} ({short} too many)."
        ).format(
            cell=cell,
            kind=kind,
            have=number(int(self.have)),
            need=number(int(self.need)),
            short=number(int(self.short_by)),
        )


def _colour(palette: Palette, value: str) -> str:
    return palette.colours.get(value, value)


def lines_of(cell: Cell) -> int:
    """How many lines the cell's height is shared by (a list's rows, a text's lines)."""
    if cell.kind is CellKind.TEXT:
        return cell.text.count("\n") + 1
    return cell.rows


def text_height(cell: Cell) -> float:
    """The height of a line's capitals, as a share of the screen's height.

    >>> from clockapp.core.layouts.cells import Rect, Style
    >>> text_height(Cell(CellKind.LEVEL, Rect(0, 0, 1000, 1000), Style(size=50)))
    0.05
    """
    return cell.rect.h / UNITS * cell.style.size / 100 / lines_of(cell)


def holds(cell: Cell) -> int:
    """How many characters a line of the cell holds at a readable size."""
    return int(cell.rect.w / UNITS * LINE_CHARS)


def check_cell(index: int, cell: Cell, palette: Palette) -> tuple[Breach, ...]:
    """The rules cell `index` breaks on `palette` (none for a picture)."""
    if cell.kind in PICTURE_KINDS:
        return ()
    breaches = []
    text = _colour(palette, cell.style.colour)
    ground = _colour(palette, cell.style.background or "BACKGROUND")
    ratio = contrast_ratio(text, ground)
    if ratio < MIN_CONTRAST:
        breaches.append(Breach(index, cell.kind, Rule.CONTRAST, ratio, MIN_CONTRAST))
    height = text_height(cell)
    if height < MIN_TEXT_HEIGHT - 1e-9:
        breaches.append(Breach(index, cell.kind, Rule.SIZE, height, MIN_TEXT_HEIGHT))
    if cell.kind is CellKind.TEXT:
        longest = max(len(line) for line in sample(cell.text).split("\n"))
        if longest > holds(cell):
            breaches.append(Breach(index, cell.kind, Rule.LENGTH, longest, holds(cell)))
    return tuple(breaches)


def check(layout: Layout, palette: Palette) -> tuple[Breach, ...]:
    """Every rule each cell of `layout` breaks on `palette`, cell by cell (empty: readable)."""
    return tuple(
        breach
        for index, cell in enumerate(layout.cells)
        for breach in check_cell(index, cell, palette)
    )
