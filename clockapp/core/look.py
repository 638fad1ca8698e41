"""The host's look of the wall: a palette of named colours, the built-in themes, and contrast.

Every theme keeps the clock readable from the back of a room: each text colour stands at least
7:1 (the WCAG 2 contrast ratio, its "AAA" level) against every surface it is drawn on. A host's
own colours go through `fit_colours`, which lightens or darkens any that fall short and says so.

>>> round(contrast_ratio("#ffffff", "#000000"), 1)
21.0
>>> [p.name for p in BUILT_IN]
['night', 'day', 'felt', 'stark']
>>> check(theme_named("day"))
()
>>> fixed, notes = fit_colours(theme_named("night"), {"TEXT": "#30343a"})
>>> contrast_ratio(fixed.colours["TEXT"], fixed.colours["BACKGROUND"]) >= MIN_CONTRAST
True
>>> notes[0]
'Text was too dark on this background (1.4:1); it is lightened to #a3a4a7.'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _

#: The least contrast of text to what it is drawn on (WCAG 2, level AAA for normal text).
MIN_CONTRAST = 7.0

#: Every colour of a palette, by the names the clock's widgets use (`WallTheme.TEXT`...).
ROLES = (
    "BACKGROUND",
    "PANEL",
    "PANEL_EDGE",
    "TRACK",
    "TEXT",
    "MUTED",
    "DIMMED",
    "BLINDS",
    "BREAK",
    "PAUSED",
    "PAUSED_TEXT",
    "WARNING",
)
#: The colours text is drawn in on the background and on the panels.
TEXT_ROLES = ("TEXT", "MUTED", "DIMMED", "BLINDS", "BREAK", "PAUSED", "WARNING")
#: Text drawn on a coloured banner (the status line): (text, banner).
BANNER_PAIRS = (("PAUSED_TEXT", "PAUSED"), ("PAUSED_TEXT", "WARNING"), ("TEXT", "PANEL_EDGE"))
#: The colours a host may choose (the rest follow from them and the base theme).
CUSTOM_ROLES = ("BACKGROUND", "TEXT", "BLINDS", "BREAK")
#: Plain words for the roles, in messages and in the Look dialog.
ROLE_NAMES = {
    "BACKGROUND": "Background",
    "PANEL": "Panels",
    "PANEL_EDGE": "Panel edges",
    "TRACK": "Progress track",
    "TEXT": "Text",
    "MUTED": "Captions",
    "DIMMED": "Paused digits",
    "BLINDS": "Blinds",
    "BREAK": "Breaks",
    "PAUSED": "Pause banner",
    "PAUSED_TEXT": "Banner text",
    "WARNING": "Last minute",
}

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


class LookError(ValidationError):
    """A look the wall cannot take (a bad colour, an unknown theme, a bad stored look)."""


def _rgb(colour: str) -> tuple[int, int, int]:
    if not isinstance(colour, str) or not _HEX.match(colour):
        raise LookError(_("{colour!r} is not a colour like #1a2b3c.").format(colour=colour))
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in rgb)


def luminance(colour: str) -> float:
    """The relative luminance of `colour` (WCAG 2: sRGB linearised, 0 black .. 1 white).

    >>> luminance("#000000"), luminance("#ffffff")
    (0.0, 1.0)
    """
    channels = []
    for value in _rgb(colour):
        c = value / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two colours, 1 (none) .. 21 (black on white).

    >>> round(contrast_ratio("#777777", "#ffffff"), 2)
    4.48
    """
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def mix(a: str, b: str, share: float) -> str:
    """`a` moved `share` (0..1) of the way to `b`.

    >>> mix("#000000", "#ffffff", 0.5)
    '#808080'
    """
    ra, rb = _rgb(a), _rgb(b)
    return _hex(tuple(x + (y - x) * share for x, y in zip(ra, rb, strict=True)))  # type: ignore[arg-type]


@dataclass(frozen=True)
class Palette:
    """A theme: its name, whether it is dark, and a colour (#rrggbb) for every role."""

    name: str
    dark: bool
    colours: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        missing = [role for role in ROLES if role not in self.colours]
        if missing:
            raise LookError(
                _("The theme {name!r} has no colour for {join}.").format(
                    name=self.name, join=", ".join(missing)
                )
            )
        for role in ROLES:
            _rgb(self.colours[role])

    def surfaces(self, role: str) -> tuple[str, ...]:
        """The roles of what text in `role` is drawn on."""
        return ("BACKGROUND", "PANEL") if role in TEXT_ROLES else ()


def _palette(name: str, dark: bool, **colours: str) -> Palette:
    return Palette(name, dark, dict(colours))


#: The built-in themes; "night" (the first) is the default.
BUILT_IN = (
    _palette(
        "night",
        True,
        BACKGROUND="#0b0e13",
        PANEL="#151a22",
        PANEL_EDGE="#2b3340",
        TRACK="#222a36",
        TEXT="#f4f6f8",
        MUTED="#a9b2c1",
        DIMMED="#9ea7b4",
        BLINDS="#ffd166",
        BREAK="#3ddc97",
        PAUSED="#ffb000",
        PAUSED_TEXT="#1a1200",
        WARNING="#ff7f75",
    ),
    _palette(
        "day",
        False,
        BACKGROUND="#f7f5f0",
        PANEL="#ffffff",
        PANEL_EDGE="#d4d0c6",
        TRACK="#e4e0d6",
        TEXT="#111418",
        MUTED="#3b4350",
        DIMMED="#4a525e",
        BLINDS="#6b4200",
        BREAK="#0a5c3a",
        PAUSED="#744700",
        PAUSED_TEXT="#ffffff",
        WARNING="#9e1b12",
    ),
    _palette(
        "felt",
        True,
        BACKGROUND="#0a2418",
        PANEL="#0f2e20",
        PANEL_EDGE="#2c5240",
        TRACK="#1c4230",
        TEXT="#f5f3e8",
        MUTED="#c3d2c6",
        DIMMED="#b0c2b4",
        BLINDS="#ffd98a",
        BREAK="#9ff0c8",
        PAUSED="#ffc24a",
        PAUSED_TEXT="#1a1200",
        WARNING="#ffaaa2",
    ),
    _palette(
        "stark",
        True,
        BACKGROUND="#000000",
        PANEL="#0d0d0d",
        PANEL_EDGE="#4d4d4d",
        TRACK="#333333",
        TEXT="#ffffff",
        MUTED="#c8c8c8",
        DIMMED="#b0b0b0",
        BLINDS="#ffff00",
        BREAK="#00ff9c",
        PAUSED="#ffb000",
        PAUSED_TEXT="#000000",
        WARNING="#ff8c82",
    ),
)
DEFAULT_THEME = BUILT_IN[0].name


def theme_named(name: str) -> Palette:
    """The built-in theme called `name`; a `LookError` naming the themes when there is none."""
    for palette in BUILT_IN:
        if palette.name == name:
            return palette
    names = ", ".join(p.name for p in BUILT_IN)
    raise LookError(
        _("There is no theme called {name!r}; the themes are {names}.").format(
            name=name, names=names
        )
    )


class ContrastProblem(NamedTuple):
    """Text in `role` on `surface` stands only `ratio`:1 (less than `MIN_CONTRAST`).

    A named tuple: a dataclass's generated methods would cost every start about a millisecond,
    and only `check` makes one (the tests and the doctests call it).
    """

    role: str
    surface: str
    ratio: float

    def __str__(self) -> str:
        return (
            f"{ROLE_NAMES[self.role]} on {ROLE_NAMES[self.surface].lower()}: "
            f"{self.ratio:.1f}:1 (at least {MIN_CONTRAST:.0f}:1 is needed)"
        )


def text_pairs(palette: Palette) -> tuple[tuple[str, str], ...]:
    """Every (text role, surface role) pair the clock draws."""
    pairs = [(role, surface) for role in TEXT_ROLES for surface in palette.surfaces(role)]
    return (*pairs, *BANNER_PAIRS)


def check(palette: Palette) -> tuple[ContrastProblem, ...]:
    """The text colours of `palette` that fall short of `MIN_CONTRAST` (empty: it is readable)."""
    problems = []
    for role, surface in text_pairs(palette):
        ratio = contrast_ratio(palette.colours[role], palette.colours[surface])
        if ratio < MIN_CONTRAST:
            problems.append(ContrastProblem(role, surface, ratio))
    return tuple(problems)


def _readable(colour: str, surfaces: list[str], toward: str) -> str:
    """`colour` moved the least toward `toward` that stands 7:1 on every surface."""

    def ok(c: str) -> bool:
        return all(contrast_ratio(c, s) >= MIN_CONTRAST for s in surfaces)

    return _least_mix(colour, toward, ok)


def _least_mix(colour: str, toward: str, ok: Callable[[str], bool]) -> str:
    """`colour` itself when `ok`, else mixed the least toward `toward` (bisected) to be `ok`."""
    if ok(colour):
        return colour
    low, high = 0.0, 1.0
    for _unused in range(20):
        middle = (low + high) / 2
        if ok(mix(colour, toward, middle)):
            high = middle
        else:
            low = middle
    result = mix(colour, toward, high)
    return result if ok(result) else toward


#: How much contrast the plainest text (white or black) needs on a host's background, so that
#: coloured text (the blinds, the breaks) still finds shades that stand 7:1.
ROOM_FOR_TEXT = 12.0


def _room_for_text(background: str, dark: bool) -> str:
    """`background` moved the least toward black (dark) or white (light) that leaves room."""
    extreme, text = ("#000000", "#ffffff") if dark else ("#ffffff", "#000000")

    def ok(c: str) -> bool:
        panel = mix(c, text, 0.05)
        return contrast_ratio(text, panel) >= ROOM_FOR_TEXT

    return _least_mix(background, extreme, ok)


def fit_colours(base: Palette, chosen: Mapping[str, str]) -> tuple[Palette, tuple[str, ...]]:
    """`base` with the host's `chosen` colours, adjusted until every text is readable.

    A chosen background brings panels, edges and the track along (shades of it toward the
    text). Any text colour that then stands less than 7:1 is lightened (on a dark background)
    or darkened (on a light one) just enough; each change is said in a note. Colours outside
    `CUSTOM_ROLES` are refused.
    """
    unknown = sorted(set(chosen) - set(CUSTOM_ROLES))
    if unknown:
        raise LookError(_("The host's look cannot set {join}.").format(join=", ".join(unknown)))
    colours = dict(base.colours)
    for role, colour in chosen.items():
        _rgb(colour)
        colours[role] = colour.lower()
    background = colours["BACKGROUND"]
    dark = luminance(background) < 0.18
    notes: list[str] = []
    if "BACKGROUND" in chosen:
        fitted = _room_for_text(background, dark)
        if fitted != background:
            verb = "darkened" if dark else "lightened"
            notes.append(
                f"The background leaves too little room for readable text; it is {verb} to "
                f"{fitted}."
            )
            background = colours["BACKGROUND"] = fitted
        toward = "#ffffff" if dark else "#000000"
        colours["PANEL"] = mix(background, toward, 0.05)
        colours["PANEL_EDGE"] = mix(background, toward, 0.2)
        colours["TRACK"] = mix(background, toward, 0.13)
    toward = "#ffffff" if dark else "#000000"
    for role in TEXT_ROLES:
        surfaces = [colours["BACKGROUND"], colours["PANEL"]]
        before = colours[role]
        after = _readable(before, surfaces, toward)
        if after != before:
            colours[role] = after
            if role in chosen:
                ratio = min(contrast_ratio(before, s) for s in surfaces)
                verb = "lightened" if dark else "darkened"
                how = "dark" if dark else "light"
                notes.append(
                    f"{ROLE_NAMES[role]} was too {how} on this background ({ratio:.1f}:1); "
                    f"it is {verb} to {after}."
                )
    for text_role, banner in BANNER_PAIRS:
        if contrast_ratio(colours[text_role], colours[banner]) >= MIN_CONTRAST:
            continue
        if text_role == "PAUSED_TEXT":  # not the host's: black or white, whichever reads better
            on_black = contrast_ratio("#000000", colours[banner])
            on_white = contrast_ratio("#ffffff", colours[banner])
            colours[text_role] = "#000000" if on_black >= on_white else "#ffffff"
            away = "#ffffff" if on_black >= on_white else "#000000"
        else:  # the host's text stays; the banner behind it moves toward the background
            away = colours["BACKGROUND"]
        colours[banner] = _readable(colours[banner], [colours[text_role]], away)
    palette = replace(base, name=base.name, dark=dark, colours=colours)
    return palette, tuple(notes)
