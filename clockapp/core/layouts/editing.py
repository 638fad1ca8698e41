"""Edits of a layout, each a pure value, and the history that undoes and redoes them.

An edit (`AddCell`, `RemoveCell`, `MoveCell`, `ResizeCell`, `RestyleCell`, `RetextCell`) turns
one layout into the next with `apply`; a move or a resize is kept on the screen (and a resize at
least `MIN_SIDE`), so an arrow key held at an edge changes nothing. `EditHistory` holds the
layout being edited and, for each edit done, the layout before it: an undo gives back exactly
what was there, a redo applies the edit again. An edit that changes nothing is not recorded, so
every undo undoes something.

>>> from clockapp.core.layouts.default import DEFAULT
>>> history = EditHistory(DEFAULT)
>>> history = history.do(key_move(8, Direction.LEFT))
>>> history.layout.cells[8].rect.x, history.undo_text()
(2170, 'Undo: move the countdown')
>>> history.undo().layout == DEFAULT
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol

from clockapp.core.layouts.cells import MIN_SIDE, UNITS, Cell, Layout, LayoutError, Rect, Style
from clockapp.i18n import gettext as _

#: A keyboard step: an arrow key moves or resizes a cell by 1% of the screen, with the fine
#: modifier by 0.1%.
STEP = 100
FINE_STEP = 10
#: The most edits an undo reaches back.
MAX_UNDO = 500


class Edit(Protocol):
    """One change of a layout."""

    def apply(self, layout: Layout) -> Layout:
        """The layout after the edit; a `LayoutError` when it cannot be made."""
        ...

    def describe(self, layout: Layout) -> str:
        """The edit in the host's words ("move the countdown"), as applied to `layout`."""
        ...


def _with_cells(layout: Layout, cells: list[Cell]) -> Layout:
    return replace(layout, cells=tuple(cells))


def _kind(layout: Layout, index: int) -> str:
    return layout.cell(index).label()


@dataclass(frozen=True)
class AddCell:
    """Put `cell` on top of the others (the last drawn)."""

    cell: Cell

    def apply(self, layout: Layout) -> Layout:
        return _with_cells(layout, [*layout.cells, self.cell])

    def describe(self, layout: Layout) -> str:
        return _("add the {kind}").format(kind=self.cell.label())


@dataclass(frozen=True)
class RemoveCell:
    """Take cell `index` off the layout."""

    index: int

    def apply(self, layout: Layout) -> Layout:
        layout.cell(self.index)
        cells = list(layout.cells)
        del cells[self.index]
        return _with_cells(layout, cells)

    def describe(self, layout: Layout) -> str:
        return _("remove the {kind}").format(kind=_kind(layout, self.index))


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def _changed(layout: Layout, index: int, cell: Cell) -> Layout:
    cells = list(layout.cells)
    cells[index] = cell
    return _with_cells(layout, cells)


@dataclass(frozen=True)
class MoveCell:
    """Move cell `index` by (`dx`, `dy`) units, stopping at the screen's edges."""

    index: int
    dx: int
    dy: int

    def apply(self, layout: Layout) -> Layout:
        cell = layout.cell(self.index)
        r = cell.rect
        moved = Rect(
            _clamp(r.x + self.dx, 0, UNITS - r.w), _clamp(r.y + self.dy, 0, UNITS - r.h), r.w, r.h
        )
        return _changed(layout, self.index, replace(cell, rect=moved))

    def describe(self, layout: Layout) -> str:
        return _("move the {kind}").format(kind=_kind(layout, self.index))


@dataclass(frozen=True)
class ResizeCell:
    """Grow (or shrink, negative) cell `index` by (`dw`, `dh`) units from its top-left corner,
    at least `MIN_SIDE` and no further than the screen's edges."""

    index: int
    dw: int
    dh: int

    def apply(self, layout: Layout) -> Layout:
        cell = layout.cell(self.index)
        r = cell.rect
        sized = Rect(
            r.x,
            r.y,
            _clamp(r.w + self.dw, MIN_SIDE, UNITS - r.x),
            _clamp(r.h + self.dh, MIN_SIDE, UNITS - r.y),
        )
        return _changed(layout, self.index, replace(cell, rect=sized))

    def describe(self, layout: Layout) -> str:
        return _("resize the {kind}").format(kind=_kind(layout, self.index))


@dataclass(frozen=True)
class PlaceCell:
    """Put cell `index` at `rect` (a drag with the mouse, once the button is let go)."""

    index: int
    rect: Rect

    def apply(self, layout: Layout) -> Layout:
        cell = layout.cell(self.index)
        return _changed(layout, self.index, replace(cell, rect=self.rect))

    def describe(self, layout: Layout) -> str:
        return _("move the {kind}").format(kind=_kind(layout, self.index))


@dataclass(frozen=True)
class RestyleCell:
    """Give cell `index` the font and colours of `style`."""

    index: int
    style: Style

    def apply(self, layout: Layout) -> Layout:
        cell = layout.cell(self.index)
        return _changed(layout, self.index, replace(cell, style=self.style))

    def describe(self, layout: Layout) -> str:
        return _("restyle the {kind}").format(kind=_kind(layout, self.index))


@dataclass(frozen=True)
class RetextCell:
    """Give text cell `index` the text `text`, or a list cell `rows` lines."""

    index: int
    text: str | None = None
    rows: int | None = None

    def apply(self, layout: Layout) -> Layout:
        cell = layout.cell(self.index)
        text = cell.text if self.text is None else self.text
        rows = cell.rows if self.rows is None else self.rows
        return _changed(layout, self.index, replace(cell, text=text, rows=rows))

    def describe(self, layout: Layout) -> str:
        return _("change the {kind}").format(kind=_kind(layout, self.index))


class Direction(Enum):
    """Which way an arrow key points: (dx, dy) in steps."""

    LEFT = (-1, 0)
    RIGHT = (1, 0)
    UP = (0, -1)
    DOWN = (0, 1)


def key_move(index: int, direction: Direction, *, fine: bool = False) -> MoveCell:
    """The move an arrow key makes of cell `index` (a 1% step, or 0.1% when `fine`).

    >>> key_move(2, Direction.UP, fine=True)
    MoveCell(index=2, dx=0, dy=-10)
    """
    step = FINE_STEP if fine else STEP
    dx, dy = direction.value
    return MoveCell(index, dx * step, dy * step)


def key_resize(index: int, direction: Direction, *, fine: bool = False) -> ResizeCell:
    """The resize an arrow key makes of cell `index`: right and down grow it, left and up
    shrink it (its top-left corner stays)."""
    step = FINE_STEP if fine else STEP
    dw, dh = direction.value
    return ResizeCell(index, dw * step, dh * step)


@dataclass(frozen=True)
class _Step:
    edit: Edit
    before: Layout
    text: str


@dataclass(frozen=True)
class EditHistory:
    """The layout being edited, the edits that undo reaches, and those redo reaches."""

    layout: Layout
    done: tuple[_Step, ...] = ()
    undone: tuple[_Step, ...] = ()

    def do(self, edit: Edit) -> EditHistory:
        """The history after `edit` (unchanged when it changes nothing); redo is forgotten.

        A `LayoutError` when the edit cannot be made (the history is then unchanged).
        """
        after = edit.apply(self.layout)
        if after == self.layout:
            return self
        step = _Step(edit, self.layout, edit.describe(self.layout))
        return EditHistory(after, (*self.done, step)[-MAX_UNDO:], ())

    def can_undo(self) -> bool:
        """Whether there is an edit to undo."""
        return bool(self.done)

    def can_redo(self) -> bool:
        """Whether there is an undone edit to do again."""
        return bool(self.undone)

    def undo(self) -> EditHistory:
        """The history with the last edit undone; a `LayoutError` when there is none."""
        if not self.done:
            raise LayoutError(_("There is nothing to undo."))
        step = self.done[-1]
        return EditHistory(step.before, self.done[:-1], (*self.undone, step))

    def redo(self) -> EditHistory:
        """The history with the last undone edit done again; a `LayoutError` when there is none."""
        if not self.undone:
            raise LayoutError(_("There is nothing to redo."))
        step = self.undone[-1]
        return EditHistory(step.edit.apply(self.layout), (*self.done, step), self.undone[:-1])

    def undo_text(self) -> str:
        """The undo command's text ("Undo: move the countdown"), or "" when there is none."""
        if not self.done:
            return ""
        return _("Undo: {edit}").format(edit=self.done[-1].text)

    def redo_text(self) -> str:
        """The redo command's text, or "" when there is none."""
        if not self.undone:
            return ""
        return _("Redo: {edit}").format(edit=self.undone[-1].text)
