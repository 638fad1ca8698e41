"""Use cases on the wall's layouts: keep them by name, import and export them as files, keep
screen sets, and choose what each screen shows.

Every change is one write transaction under the tournament's lock that records `Change.WALL`,
so every wall reads the new layouts at once (`read_layouts`). Today's wall (`DEFAULT`) is built
in: it is always there, cannot be replaced or removed, and is what a screen shows until the host
chooses otherwise. A refused action changes nothing and says why:

- a layout that breaks the wall's readability rules on the tournament's palette (each broken
  rule named, with by how much);
- a screen set that hides the countdown during a level, or that names a missing layout, and so
  an edit of a layout that would make a kept screen set break that rule;
- removing a layout or screen set still in use (by a screen set or a screen).

A screen is named by the station (`"wall"`, `"second wall"`): the same names on every machine,
so a display started on the bar's television shows the payouts layout there too.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from clockapp.core.layouts.cells import MAX_NAME_CHARS, Layout, LayoutError
from clockapp.core.layouts.default import DEFAULT, is_default
from clockapp.core.layouts.files import (
    export_layout,
    import_layout,
    layout_from_json,
    layout_to_json,
    screen_set_from_json,
    screen_set_to_json,
)
from clockapp.core.layouts.readability import check
from clockapp.core.layouts.screen_sets import ScreenSet, Turn, check_screen_set, showing
from clockapp.core.text import TextError, clean_text
from clockapp.i18n import gettext as _
from clockapp.persistence.models import ScreenSetRow, WallLayoutRow, WallScreenRow
from clockapp.persistence.queries import layouts as layout_rows
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.house import read_house
from clockapp.services.setup import lock_row

#: The longest name of a screen.
MAX_SCREEN_CHARS = 80


@dataclass(frozen=True)
class ScreenChoice:
    """What screen `screen` shows: a layout, a screen set, or ("" for both) today's wall."""

    screen: str
    layout: str = ""
    screen_set: str = ""


@dataclass(frozen=True)
class WallLayouts:
    """Everything the walls read of the layouts: today's wall first, then the host's layouts,
    the screen sets, and each screen's choice."""

    layouts: tuple[Layout, ...] = (DEFAULT,)
    screen_sets: tuple[ScreenSet, ...] = ()
    screens: tuple[ScreenChoice, ...] = ()

    def layout(self, name: str) -> Layout | None:
        """The layout called `name` (any case), or None."""
        wanted = name.casefold()
        return next((x for x in self.layouts if x.name.casefold() == wanted), None)

    def screen_set(self, name: str) -> ScreenSet | None:
        """The screen set called `name` (any case), or None."""
        wanted = name.casefold()
        return next((x for x in self.screen_sets if x.name.casefold() == wanted), None)

    def choice(self, screen: str) -> ScreenChoice:
        """What `screen` shows (today's wall when it chose nothing)."""
        return next((c for c in self.screens if c.screen == screen), ScreenChoice(screen))

    def shown(self, screen: str, seconds: float, *, on_break: bool) -> Layout:
        """The layout `screen` shows `seconds` into the level (or the break, `on_break`): its
        layout, its screen set's turn, or today's wall (also for a name no longer kept)."""
        choice = self.choice(screen)
        name = choice.layout
        if choice.screen_set:
            screen_set = self.screen_set(choice.screen_set)
            if screen_set is not None:
                name = showing(screen_set, seconds, on_break=on_break).layout
        found = self.layout(name) if name else None
        return DEFAULT if found is None else found

    def by_name(self) -> dict[str, Layout]:
        """The layouts by their names (what `check_screen_set` looks them up in)."""
        return {layout.name: layout for layout in self.layouts}


@dataclass(frozen=True)
class SavedLayout:
    """A layout kept, and what it replaced (None: it is new), so an undo can put that back."""

    layout: Layout
    previous: Layout | None


@dataclass(frozen=True)
class SavedScreenSet:
    """A screen set kept, and what it replaced (None: it is new)."""

    screen_set: ScreenSet
    previous: ScreenSet | None


def _stored_layouts(rows: Iterable[WallLayoutRow]) -> list[Layout]:
    found = []
    for row in rows:
        # A damaged row never stops the wall: it is left out, and the rest still shows.
        with contextlib.suppress(LayoutError):
            found.append(layout_from_json(row.body))
    return found


def _stored_sets(rows: Iterable[ScreenSetRow]) -> list[ScreenSet]:
    found = []
    for row in rows:
        with contextlib.suppress(LayoutError):
            found.append(screen_set_from_json(row.body))
    return found


def read_layouts(session: Session, tournament_id: int) -> WallLayouts:
    """The tournament's layouts, screen sets and screens' choices, as kept."""
    return WallLayouts(
        (DEFAULT, *_stored_layouts(layout_rows.layouts(session, tournament_id))),
        tuple(_stored_sets(layout_rows.screen_sets(session, tournament_id))),
        tuple(
            ScreenChoice(row.screen, row.layout, row.screen_set)
            for row in layout_rows.screens(session, tournament_id)
        ),
    )


def _refuse_default(name: str) -> None:
    if is_default(name):
        raise LayoutError(
            _('"{name}" is the wall the app is built with: give your layout another name.').format(
                name=name
            )
        )


def _check_readable(session: Session, tournament_id: int, layout: Layout) -> None:
    """Refuse a layout that breaks the readability rules on the tournament's palette."""
    breaches = check(layout, read_house(session, tournament_id).look.palette())
    if breaches:
        head = _('The layout "{name}" would not read from the back of the room:').format(
            name=layout.name
        )
        raise LayoutError("\n".join([head, *(str(b) for b in breaches)]))


def _check_sets(sets: Iterable[ScreenSet], layouts: Mapping[str, Layout]) -> None:
    """Refuse when any kept screen set would break its rules with these layouts."""
    for screen_set in sets:
        try:
            check_screen_set(screen_set, layouts)
        except LayoutError as error:
            raise LayoutError(
                _('The screen set "{set}" would break: {reason}').format(
                    set=screen_set.name, reason=str(error)
                )
            ) from None


def _renamed(screen_set: ScreenSet, old: str, new: str) -> ScreenSet:
    def turns(items: tuple[Turn, ...]) -> tuple[Turn, ...]:
        return tuple(
            replace(t, layout=new) if t.layout.casefold() == old.casefold() else t for t in items
        )

    return replace(
        screen_set, turns=turns(screen_set.turns), break_turns=turns(screen_set.break_turns)
    )


def _screen_name(screen: str) -> str:
    try:
        name = clean_text(screen, _("The screen's name"), MAX_SCREEN_CHARS)
    except TextError as error:
        raise LayoutError(str(error)) from None
    if not name:
        raise LayoutError(_("A screen needs a name."))
    return name


def _free_name(name: str, taken: set[str]) -> str:
    """`name`, or "name (2)", "name (3)"... the first not in `taken` (case-folded)."""
    if name.casefold() not in taken and not is_default(name):
        return name
    for n in range(2, 1000):
        suffix = f" ({n})"
        candidate = name[: MAX_NAME_CHARS - len(suffix)] + suffix
        if candidate.casefold() not in taken:
            return candidate
    raise LayoutError(_("There are too many layouts of that name; rename some first."))


class LayoutService:
    """The wall's layouts and screen sets of a tournament, and what each screen shows."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def layouts(self, tournament_id: int) -> WallLayouts:
        """The layouts, screen sets and screens' choices, today's wall first."""
        with self._ctx.reading() as session:
            return read_layouts(session, tournament_id)

    def export_layout(self, tournament_id: int, name: str) -> bytes:
        """The bytes of a layout file of the layout called `name` (today's wall too)."""
        layout = self.layouts(tournament_id).layout(name)
        if layout is None:
            raise LayoutError(
                _('There is no layout called "{name}" (removed at another station?).').format(
                    name=name
                )
            )
        return export_layout(layout)

    # ------------------------------------------------------------------ layouts

    def save_layout(
        self, tournament_id: int, layout: Layout, replacing: str | None = None
    ) -> Outcome[SavedLayout]:
        """Keep `layout` under its name (a new one, or over the one of that name).

        With `replacing`, it takes the place of the layout called so: a rename, which the screen
        sets and the screens that show it follow.
        """
        _refuse_default(layout.name)
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            saved, changes = self._save(session, tournament_id, layout, replacing)
        return Outcome(saved, changes)

    def _save(
        self, session: Session, tournament_id: int, layout: Layout, replacing: str | None
    ) -> tuple[SavedLayout, Changes]:
        _check_readable(session, tournament_id, layout)
        rows = layout_rows.layouts(session, tournament_id)
        old_name = replacing if replacing is not None else layout.name
        row = layout_rows.find(rows, old_name)
        if replacing is not None and row is None:
            raise LayoutError(
                _('There is no layout called "{name}" (removed at another station?).').format(
                    name=replacing
                )
            )
        clash = layout_rows.find(rows, layout.name)
        if clash is not None and clash is not row:
            raise LayoutError(
                _('There is already a layout called "{name}": choose another name.').format(
                    name=clash.name
                )
            )
        previous = None
        if row is not None:
            with contextlib.suppress(LayoutError):
                previous = layout_from_json(row.body)
        renamed = row is not None and row.name != layout.name
        # The kept screen sets must keep their rules with the layout as it will be.
        current = read_layouts(session, tournament_id)
        sets = list(current.screen_sets)
        if renamed and row is not None:
            sets = [_renamed(s, row.name, layout.name) for s in sets]
        layouts = {x.name: x for x in current.layouts if row is None or x.name != row.name}
        layouts[layout.name] = layout
        _check_sets(sets, layouts)
        if row is None:
            row = WallLayoutRow(tournament_id=tournament_id, name=layout.name, body="")
        if renamed:
            self._follow_rename(session, tournament_id, row.name, layout.name)
        row.name, row.body = layout.name, layout_to_json(layout)
        session.add(row)
        session.flush()
        changes = record_change(
            session, tournament_id, Change.WALL, f"layout kept: {layout.name}", self._ctx.now()
        )
        return SavedLayout(layout, previous), changes

    def _follow_rename(self, session: Session, tournament_id: int, old: str, new: str) -> None:
        """Screen sets and screens that show the layout `old` show it as `new`."""
        for set_row in layout_rows.screen_sets(session, tournament_id):
            with contextlib.suppress(LayoutError):
                before = screen_set_from_json(set_row.body)
                after = _renamed(before, old, new)
                if after != before:
                    set_row.body = screen_set_to_json(after)
                    session.add(set_row)
        for screen_row in layout_rows.screens(session, tournament_id):
            if screen_row.layout.casefold() == old.casefold():
                screen_row.layout = new
                session.add(screen_row)

    def delete_layout(self, tournament_id: int, name: str) -> Outcome[Layout]:
        """Remove the layout called `name`; its value is the layout removed (an undo keeps it
        again). Refused while a screen set or a screen shows it."""
        _refuse_default(name)
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            row = layout_rows.find(layout_rows.layouts(session, tournament_id), name)
            if row is None:
                raise LayoutError(
                    _('There is no layout called "{name}" (removed at another station?).').format(
                        name=name
                    )
                )
            current = read_layouts(session, tournament_id)
            folded = row.name.casefold()
            for screen_set in current.screen_sets:
                if any(n.casefold() == folded for n in screen_set.layouts()):
                    raise LayoutError(
                        _(
                            'The screen set "{set}" shows the layout "{name}": take it out of '
                            "the set before removing it."
                        ).format(set=screen_set.name, name=row.name)
                    )
            for choice in current.screens:
                if choice.layout.casefold() == folded:
                    raise LayoutError(
                        _(
                            'The screen "{screen}" shows the layout "{name}": choose another for '
                            "it before removing it."
                        ).format(screen=choice.screen, name=row.name)
                    )
            removed = layout_from_json(row.body)
            session.delete(row)
            changes = record_change(
                session, tournament_id, Change.WALL, f"layout removed: {row.name}", self._ctx.now()
            )
        return Outcome(removed, changes)

    def import_layout(self, tournament_id: int, data: bytes) -> Outcome[SavedLayout]:
        """Keep the layout of a layout file's bytes, under a free name ("Payouts (2)" when
        "Payouts" is taken); a `LayoutFileError` with the reason when the file is refused."""
        layout = import_layout(data)
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            taken = {row.name.casefold() for row in layout_rows.layouts(session, tournament_id)}
            layout = replace(layout, name=_free_name(layout.name, taken))
            saved, changes = self._save(session, tournament_id, layout, None)
        return Outcome(saved, changes)

    # ------------------------------------------------------------------ screen sets

    def save_screen_set(self, tournament_id: int, screen_set: ScreenSet) -> Outcome[SavedScreenSet]:
        """Keep `screen_set` under its name; refused when it names a missing layout or hides
        the countdown during a level."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            current = read_layouts(session, tournament_id)
            check_screen_set(screen_set, current.by_name())
            rows = layout_rows.screen_sets(session, tournament_id)
            row = layout_rows.find(rows, screen_set.name)
            previous = None
            if row is None:
                row = ScreenSetRow(tournament_id=tournament_id, name=screen_set.name, body="")
            else:
                with contextlib.suppress(LayoutError):
                    previous = screen_set_from_json(row.body)
            row.name, row.body = screen_set.name, screen_set_to_json(screen_set)
            session.add(row)
            session.flush()
            changes = record_change(
                session,
                tournament_id,
                Change.WALL,
                f"screen set kept: {screen_set.name}",
                self._ctx.now(),
            )
        return Outcome(SavedScreenSet(screen_set, previous), changes)

    def delete_screen_set(self, tournament_id: int, name: str) -> Outcome[ScreenSet]:
        """Remove the screen set called `name`; refused while a screen shows it."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            row = layout_rows.find(layout_rows.screen_sets(session, tournament_id), name)
            if row is None:
                raise LayoutError(
                    _(
                        'There is no screen set called "{name}" (removed at another station?).'
                    ).format(name=name)
                )
            for choice in layout_rows.screens(session, tournament_id):
                if choice.screen_set.casefold() == row.name.casefold():
                    raise LayoutError(
                        _(
                            'The screen "{screen}" shows the screen set "{name}": choose another '
                            "for it before removing it."
                        ).format(screen=choice.screen, name=row.name)
                    )
            removed = screen_set_from_json(row.body)
            session.delete(row)
            changes = record_change(
                session,
                tournament_id,
                Change.WALL,
                f"screen set removed: {row.name}",
                self._ctx.now(),
            )
        return Outcome(removed, changes)

    # ------------------------------------------------------------------ screens

    def choose(
        self, tournament_id: int, screen: str, *, layout: str = "", screen_set: str = ""
    ) -> Outcome[ScreenChoice]:
        """Show on `screen` the layout or the screen set named (neither: today's wall).

        Its value is the choice the screen had before, so an undo can choose it again.
        """
        screen = _screen_name(screen)
        if layout and screen_set:
            raise LayoutError(_("A screen shows a layout or a screen set, not both."))
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            current = read_layouts(session, tournament_id)
            before = current.choice(screen)
            if layout:
                found = current.layout(layout)
                if found is None:
                    raise LayoutError(
                        _(
                            'There is no layout called "{name}" (removed at another station?).'
                        ).format(name=layout)
                    )
                layout = "" if found is DEFAULT else found.name
            if screen_set:
                chosen = current.screen_set(screen_set)
                if chosen is None:
                    raise LayoutError(
                        _(
                            'There is no screen set called "{name}" (removed at another station?).'
                        ).format(name=screen_set)
                    )
                screen_set = chosen.name
            row = layout_rows.screen(session, tournament_id, screen)
            if not layout and not screen_set:
                if row is not None:
                    session.delete(row)
            else:
                if row is None:
                    row = WallScreenRow(tournament_id=tournament_id, screen=screen)
                row.layout, row.screen_set = layout, screen_set
                session.add(row)
            changes = record_change(
                session, tournament_id, Change.WALL, f"screen: {screen}", self._ctx.now()
            )
        return Outcome(before, changes)
