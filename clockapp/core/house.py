r"""The host's own event: its look on the wall, its house rules, and the slides of its breaks.

`Look` is the event's name, theme, own colours and logo (`clockapp.core.look` keeps the palettes
and the contrast rules). `rules_pages` cuts the rules sheet (plain text with "# headings" and
"- items") into pages the wall shows in large type. `Slide` is a sponsor's or the league's slide,
a text or an image; during a break the wall turns them every `SlideShow.seconds` (`slide_index`).
Images are kept as PNG in base64 text, in the database, so every station draws them and a moved
file breaks nothing.

>>> rules_pages("# Blinds\n- They go up every level\n# Phones\nNot at the table", 6)
(('Blinds', ('They go up every level',)), ('Phones', ('Not at the table',)))
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from clockapp.core.look import DEFAULT_THEME, LookError, Palette, fit_colours, theme_named
from clockapp.i18n import gettext as _

#: The longest event name on the wall.
MAX_TITLE_CHARS = 80
#: The largest image kept (base64 characters of the scaled PNG): a logo or a slide.
MAX_IMAGE_CHARS = 1_500_000
#: The longest rules sheet (characters).
MAX_RULES_CHARS = 50_000
#: The most slides turned in a break, and the shortest and longest time each stays up.
MAX_SLIDES = 30
MIN_SLIDE_SECONDS, MAX_SLIDE_SECONDS = 3, 600
#: Lines of the rules sheet on one break slide (a slide shows a title and three lines).
RULES_SLIDE_LINES = 3
#: How many characters a line of the wall holds (longer would be too small to read): a longer
#: rule goes on in lines that start with `CONTINUED` (the wall puts no bullet before them).
LINE_CHARS = 70
CONTINUED = "  "


def _json_object(text: str, what: str) -> dict[str, Any]:
    try:
        data: Any = json.loads(text)
    except ValueError as exc:
        raise LookError(_("The stored {what} is not readable.").format(what=what)) from exc
    if not isinstance(data, dict):
        raise LookError(_("The stored {what} is not readable.").format(what=what))
    return data


@dataclass(frozen=True)
class Look:
    """The host's look of one tournament: the event's name, theme, own colours and logo.

    `title` replaces the tournament's name on the wall when set; `colours` holds the host's
    own colours (roles of `CUSTOM_ROLES`), fitted again whenever the palette is made, so even a
    stored look edited by hand draws readable text; `logo` is a PNG as base64 text (the
    image is kept in the database, so every station draws it and a moved file breaks nothing).

    >>> look = Look(title="Friday Night Poker", theme="day", colours={"BLINDS": "#5a3000"})
    >>> Look.from_json(look.to_json()) == look
    True
    >>> look.palette().colours["BLINDS"]
    '#5a3000'
    """

    title: str = ""
    theme: str = DEFAULT_THEME
    colours: Mapping[str, str] = field(default_factory=dict)
    logo: str = ""

    def __post_init__(self) -> None:
        if len(self.title) > MAX_TITLE_CHARS:
            raise LookError(
                _("The event's name is longer than {MAX_TITLE_CHARS} characters.").format(
                    MAX_TITLE_CHARS=MAX_TITLE_CHARS
                )
            )
        if len(self.logo) > MAX_IMAGE_CHARS:
            raise LookError(_("The logo is too large to keep; choose a smaller image."))
        theme_named(self.theme)
        self.palette()  # the colours are colours of roles a host may set

    def palette(self) -> Palette:
        """The theme with the host's colours (as stored: already fitted)."""
        base = theme_named(self.theme)
        if not self.colours:
            return base
        return fit_colours(base, self.colours)[0]

    def to_json(self) -> str:
        """The stored text."""
        data = {"title": self.title, "theme": self.theme, "colours": dict(self.colours)}
        data["logo"] = self.logo
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Look:
        """The look stored as `text`; a `LookError` when it is not one."""
        data = _json_object(text, "look")
        colours = data.get("colours", {})
        if not isinstance(colours, dict):
            raise LookError(_("The stored look's colours are not readable."))
        return cls(
            title=str(data.get("title", "")),
            theme=str(data.get("theme", DEFAULT_THEME)),
            colours={str(k): str(v) for k, v in colours.items()},
            logo=str(data.get("logo", "")),
        )


def rules_pages(text: str, lines_per_page: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    r"""The rules sheet as pages of (heading, lines) the wall shows one at a time.

    A "# heading" (any number of #) starts a page; "- " or "* " items and plain lines fill it;
    a page with more than `lines_per_page` lines goes on under the same heading ("... (2)");
    **bold** marks are dropped (the wall shows every line in large type anyway). A line longer
    than `LINE_CHARS` is wrapped at a space, each further line starting with `CONTINUED`.

    >>> rules_pages("- a\n- b\n- c", 2)
    (('', ('a', 'b')), (' (2)', ('c',)))
    >>> rules_pages("- " + "word " * 20, 3)
    (('', ('word word word word word word word word word word word word word word', '  word word word word word word')),)
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    pages: list[tuple[str, list[str]]] = []
    heading, lines = "", list[str]()
    for raw in text.splitlines():
        line = raw.strip().replace("**", "").replace("__", "")
        if line.startswith("#"):
            if lines or heading:
                pages.append((heading, lines))
            heading, lines = line.lstrip("#").strip(), []
        elif line:
            if line[:2] in ("- ", "* "):
                line = line[2:].strip()
            first, *more = textwrap.wrap(line, LINE_CHARS)
            lines.extend([first, *(CONTINUED + part for part in more)])
    if lines or heading:
        pages.append((heading, lines))
    result = []
    for heading, lines in pages:
        chunks = [lines[i : i + lines_per_page] for i in range(0, len(lines), lines_per_page)]
        for n, chunk in enumerate(chunks or [[]], start=1):
            title = heading if n == 1 else f"{heading} ({n})"
            result.append((title, tuple(chunk)))
    return tuple(result)


@dataclass(frozen=True)
class Slide:
    """A sponsor's or the league's slide: a title and text, or an image (PNG, base64)."""

    title: str = ""
    text: str = ""
    image: str = ""

    def __post_init__(self) -> None:
        if not (self.title.strip() or self.text.strip() or self.image):
            raise LookError(_("A slide needs a title, a text or an image."))
        if len(self.image) > MAX_IMAGE_CHARS:
            raise LookError(_("The slide's image is too large to keep; choose a smaller image."))

    def to_dict(self) -> dict[str, str]:
        """The slide as JSON-able data (a wall moment's payload carries it whole)."""
        return {"title": self.title, "text": self.text, "image": self.image}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Slide:
        """The slide `to_dict` gave."""
        return cls(
            str(data.get("title", "")), str(data.get("text", "")), str(data.get("image", ""))
        )


@dataclass(frozen=True)
class SlideShow:
    """The slides the wall turns during breaks, each up for `seconds`.

    >>> show = SlideShow((Slide("Thanks to"), Slide("Bar open")), seconds=10)
    >>> SlideShow.from_json(show.to_json()) == show
    True
    """

    slides: tuple[Slide, ...] = ()
    seconds: int = 15
    with_rules: bool = False  # the rules sheet's pages turn with the slides

    def __post_init__(self) -> None:
        if len(self.slides) > MAX_SLIDES:
            raise LookError(
                _("The wall turns at most {MAX_SLIDES} slides in a break.").format(
                    MAX_SLIDES=MAX_SLIDES
                )
            )
        if not MIN_SLIDE_SECONDS <= self.seconds <= MAX_SLIDE_SECONDS:
            raise LookError(
                _(
                    "Each slide stays up between {MIN_SLIDE_SECONDS} and {MAX_SLIDE_SECONDS} "
                    "seconds."
                ).format(MIN_SLIDE_SECONDS=MIN_SLIDE_SECONDS, MAX_SLIDE_SECONDS=MAX_SLIDE_SECONDS)
            )

    def to_json(self) -> str:
        """The stored text."""
        data = {
            "seconds": self.seconds,
            "slides": [s.to_dict() for s in self.slides],
            "with_rules": self.with_rules,
        }
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> SlideShow:
        """The slide show stored as `text`; a `LookError` when it is not one."""
        data = _json_object(text, "slide show")
        slides = data.get("slides", [])
        seconds = data.get("seconds", 15)
        if not isinstance(slides, list) or not isinstance(seconds, int):
            raise LookError(_("The stored slide show is not readable."))
        with_rules = data.get("with_rules", False) is True
        return cls(
            tuple(Slide.from_dict(s) for s in slides if isinstance(s, dict)), seconds, with_rules
        )

    def shown(self) -> bool:
        """Whether the breaks show anything (slides, or the rules with them)."""
        return bool(self.slides) or self.with_rules

    def with_rules_sheet(self, rules: str) -> SlideShow:
        """The slides the wall turns: the host's, then the rules sheet's pages when asked.

        >>> show = SlideShow((Slide("Bar open"),), with_rules=True)
        >>> [s.title for s in show.with_rules_sheet("# Phones\\n- Away").slides]
        ['Bar open', 'Phones']
        """
        if not self.with_rules:
            return self
        pages = rules_pages(rules, RULES_SLIDE_LINES)
        extra = tuple(Slide(heading or "House rules", "\n".join(lines)) for heading, lines in pages)
        return SlideShow((*self.slides, *extra)[:MAX_SLIDES], self.seconds)

    def payload(self) -> dict[str, Any]:
        """The wall moment's payload: every slide whole, so any station draws it."""
        return {"seconds": self.seconds, "slides": [s.to_dict() for s in self.slides]}


def slide_index(count: int, seconds: int, since: datetime, now: datetime) -> int:
    """Which of `count` slides is up at `now`, when the first went up at `since`.

    >>> from datetime import UTC, timedelta
    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> [slide_index(3, 10, t, t + timedelta(seconds=s)) for s in (0, 9, 10, 25, 31, -5)]
    [0, 0, 1, 2, 0, 0]
    """
    if count <= 0:
        return 0
    elapsed = max(0.0, (now - since).total_seconds())
    return int(elapsed // max(1, seconds)) % count
