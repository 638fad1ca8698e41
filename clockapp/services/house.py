"""Use cases on the host's own event: its look, its rules sheet, the slides of its breaks.

Each change is one transaction that records `Change.WALL`, so every station's wall takes the new
look (or slides) at once; the clock's snapshot reads them (`read_house`). The rules sheet starts
as the shipped Hold'em template (`resources/rules/holdem.md`) until the host edits it;
`show_rules` puts it on the wall as a moment whose payload carries every page.

All of it is kept per tournament, in the database, not app-wide: a club that runs its Friday
deepstack and a charity night from one laptop gives each its own name, logo and sponsors, and every
station's wall reads the same rows (a logo is kept as scaled PNG text, so a moved or deleted file
breaks nothing). A new tournament starts from the default look ("night") and the Hold'em template.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field, replace

from clockapp import formats
from clockapp.core.house import (
    MAX_RULES_CHARS,
    MAX_TITLE_CHARS,
    Look,
    Slide,
    SlideShow,
    rules_pages,
)
from clockapp.core.look import LookError
from clockapp.core.text import TextError, clean_text
from clockapp.core.wall import HOUSE_RULES, WallMoment
from clockapp.i18n import gettext as _
from clockapp.paths import resource_path
from clockapp.persistence.queries import house as house_rows
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.setup import lock_row
from clockapp.services.wall import put_moment

#: Lines of the rules sheet on one page of the wall (large type, read across a room).
RULES_LINES_PER_PAGE = 5
#: How long each page of the rules stays up on the wall.
RULES_PAGE_SECONDS = 15


def rules_template() -> str:
    """The shipped Hold'em rules sheet, the ready template of every event's house rules."""
    return resource_path("rules", "holdem.md").read_text(encoding="utf-8")


@dataclass(frozen=True)
class House:
    """What the wall draws of the host's event: the look and the break slides (with the rules
    sheet's pages among them when the host asked for it)."""

    look: Look = field(default_factory=Look)
    slides: SlideShow = field(default_factory=SlideShow)


def read_house(session: Session, tournament_id: int) -> House:
    """The stored look and slides; the defaults where none (or an unreadable one) is stored."""
    look, slides = Look(), SlideShow()
    text = house_rows.get(session, house_rows.LOOK, tournament_id)
    if text is not None:
        # A damaged row never stops the clock: the wall keeps the default look.
        with contextlib.suppress(LookError):
            look = Look.from_json(text)
    text = house_rows.get(session, house_rows.SLIDES, tournament_id)
    if text is not None:
        with contextlib.suppress(LookError):
            slides = SlideShow.from_json(text)
    if slides.with_rules:  # the wall gets the pages whole: it reads nothing more
        rules = house_rows.get(session, house_rows.RULES, tournament_id) or rules_template()
        slides = slides.with_rules_sheet(rules)
    return House(look, slides)


#: A slide's text is read across a room during a break: a few lines, not a page.
MAX_SLIDE_TEXT_CHARS = 1000


def _clean(text: str, what: str, limit: int, *, lines: bool = False) -> str:
    """`clean_text`, its refusal raised as the look's own error."""
    try:
        return clean_text(text, what, limit, lines=lines)
    except TextError as error:
        raise LookError(str(error)) from None


def _check_rules(text: str) -> str:
    """The rules sheet cleaned; refused when empty or too long."""
    if len(text) > MAX_RULES_CHARS:  # before cleaning: a huge paste is refused at once
        raise LookError(
            _("The rules sheet is longer than {max_rules_chars} characters.").format(
                max_rules_chars=formats.number(MAX_RULES_CHARS)
            )
        )
    cleaned = _clean(text, "The rules sheet", MAX_RULES_CHARS, lines=True)
    if not cleaned:
        raise LookError(_("The rules sheet is empty; write the rules or keep the template."))
    return cleaned


def _clean_look(look: Look) -> Look:
    return replace(look, title=_clean(look.title, "The event's name", MAX_TITLE_CHARS))


def _clean_slides(slides: SlideShow) -> SlideShow:
    def slide(n: int, one: Slide) -> Slide:
        title = _clean(one.title, _("Slide {n}: the title").format(n=n), MAX_TITLE_CHARS)
        text = _clean(
            one.text, _("Slide {n}: the text").format(n=n), MAX_SLIDE_TEXT_CHARS, lines=True
        )
        return replace(one, title=title, text=text)

    return replace(slides, slides=tuple(slide(n, s) for n, s in enumerate(slides.slides, 1)))


class HouseService:
    """The host's look, rules sheet and break slides of a tournament."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def house(self, tournament_id: int) -> House:
        """The look and slides the wall draws."""
        with self._ctx.reading() as session:
            return read_house(session, tournament_id)

    def slides(self, tournament_id: int) -> SlideShow:
        """The slides as the host keeps them (the rules' pages not added)."""
        with self._ctx.reading() as session:
            text = house_rows.get(session, house_rows.SLIDES, tournament_id)
        if text is None:
            return SlideShow()
        try:
            return SlideShow.from_json(text)
        except LookError:
            return SlideShow()

    def rules(self, tournament_id: int) -> str:
        """The event's rules sheet (the Hold'em template until the host edits it)."""
        with self._ctx.reading() as session:
            text = house_rows.get(session, house_rows.RULES, tournament_id)
        return rules_template() if text is None else text

    def set_look(self, tournament_id: int, look: Look) -> Outcome[Look]:
        """Keep `look` for the tournament; every wall takes it."""
        look = _clean_look(look)
        changes = self._put(
            tournament_id, house_rows.LOOK, look.to_json(), Change.WALL, "the event's look"
        )
        return Outcome(look, changes)

    def set_slides(self, tournament_id: int, slides: SlideShow) -> Outcome[SlideShow]:
        """Keep the slides the wall turns during breaks (none: the clock alone)."""
        slides = _clean_slides(slides)
        text = slides.to_json() if slides.shown() else None
        changes = self._put(tournament_id, house_rows.SLIDES, text, Change.WALL, "the break slides")
        return Outcome(slides, changes)

    def set_rules(self, tournament_id: int, text: str) -> Outcome[str]:
        """Keep the event's rules sheet (refused when empty or too long)."""
        text = _check_rules(text)
        changes = self._put(
            tournament_id, house_rows.RULES, text, Change.TOURNAMENT, "the house rules"
        )
        return Outcome(text, changes)

    def _put(
        self, tournament_id: int, key: str, text: str | None, what: Change, summary: str
    ) -> Changes:
        """One house text kept (None: removed), in one write transaction under the lock."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            house_rows.put(session, key, tournament_id, text)
            return record_change(session, tournament_id, what, summary, self._ctx.now())

    def set_house(
        self, tournament_id: int, rules: str | None, slides: SlideShow | None
    ) -> Outcome[tuple[str | None, SlideShow | None]]:
        """Keep the rules sheet and the slides the host edited in one dialog (None: unchanged)."""
        if rules is not None:
            rules = _check_rules(rules)
        if slides is not None:
            slides = _clean_slides(slides)
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            if rules is not None:
                house_rows.put(session, house_rows.RULES, tournament_id, rules)
            if slides is not None:
                text = slides.to_json() if slides.shown() else None
                house_rows.put(session, house_rows.SLIDES, tournament_id, text)
            changes = record_change(
                session, tournament_id, Change.WALL, "the house rules and slides", self._ctx.now()
            )
        return Outcome((rules, slides), changes)

    def show_rules(self, tournament_id: int) -> Outcome[WallMoment]:
        """Put the rules sheet on the wall, a page at a time (one transaction)."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            text = house_rows.get(session, house_rows.RULES, tournament_id) or rules_template()
            look = read_house(session, tournament_id).look
            pages = rules_pages(text, RULES_LINES_PER_PAGE)
            payload = {
                "title": look.title or "House rules",
                "seconds": RULES_PAGE_SECONDS,
                "pages": [[heading, list(lines)] for heading, lines in pages],
            }
            moment = put_moment(session, tournament_id, HOUSE_RULES, payload, self._ctx.now())
            changes = record_change(
                session, tournament_id, Change.WALL, "wall: house rules", self._ctx.now()
            )
        return Outcome(moment, changes)
