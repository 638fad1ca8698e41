"""The clock's look: the current palette, the bundled font, and font sizes from the window height.

The palette is the host's theme (`clockapp.core.look`: "night", the dark default, white digits on
near-black, gold for the blinds, teal for breaks, amber for a pause, red for the last minute; or
"day", "felt", "stark", or the host's own colours). Widgets read `theme.TEXT`, `theme.BLINDS`...
as before, plain QColors of the current palette; a widget that keeps one (a `FitLabel`'s
colour, a panel's edge) keeps its role with it and draws the current palette's colour at paint time
(`keep`, `live`). `set_palette` switches the palette at run time and repaints every widget.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QColor, QFont, QFontDatabase, QFontMetricsF
from PySide6.QtWidgets import QApplication

from clockapp.core.look import BUILT_IN, ROLES, Palette
from clockapp.paths import resource_path


class ThemeColor(QColor):
    """A palette colour a widget keeps with its role (`"TEXT"`...), so it follows a change.

    Only widgets hold these (through `keep`) and draw them through `live`: PySide6's
    `QColor(other)` refuses a subclass, so what `theme.X` hands out is a plain QColor.
    """

    def __init__(self, role: str, palette: Palette) -> None:
        super().__init__(palette.colours[role])
        self.role = role


class FixedColor(QColor):
    """A colour that is no palette's: a playing card's ink and face stay as printed in every
    theme, even when they happen to equal a theme's text colour (`fixed`)."""

    role = None


_palette: Palette = BUILT_IN[0]
_colors: dict[str, ThemeColor] = {}
_seen: list[Palette] = list(BUILT_IN)  # palettes drawn with before (and the built-in ones)

#: A `present.Tone`'s role in the palette.
_TONES = {
    "text": "TEXT",
    "muted": "MUTED",
    "blinds": "BLINDS",
    "break": "BREAK",
    "paused": "PAUSED",
    "paused text": "PAUSED_TEXT",
    "warning": "WARNING",
    "dimmed": "DIMMED",
    "panel edge": "PANEL_EDGE",
}


def _role_color(role: str) -> ThemeColor:
    color = _colors.get(role)
    if color is None:
        color = _colors[role] = ThemeColor(role, _palette)
    return color


def _plain(role: str) -> QColor:
    # A copy of the role's colour (callers may change theirs), without parsing the hex again.
    return QColor.fromRgba(_role_color(role).rgba())


def __getattr__(name: str) -> QColor:
    """`theme.TEXT`, `theme.BACKGROUND`...: the current palette's colour for that role."""
    if name in ROLES:
        return _plain(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def palette() -> Palette:
    """The palette the clock draws with now."""
    return _palette


def set_palette(new: Palette) -> None:
    """Draw with `new` from now on, and repaint every widget so the change shows at once."""
    global _palette
    if new == _palette:
        return
    if _palette not in _seen:
        _seen.append(_palette)
    _palette = new
    _colors.clear()
    app = QApplication.instance()
    if isinstance(app, QApplication):
        for widget in app.allWidgets():
            widget.update()


def role_of(color: QColor) -> str | None:
    """The role whose colour `color` is, in the current palette or one drawn with before.

    A colour read from `theme.X` before a theme change (a default argument, a constant) still
    names its role. The current palette is asked first; the first role wins if two share a colour.
    """
    if color.alpha() != 255:
        return None
    name = color.name()
    for palette in (_palette, *reversed(_seen)):
        for role in ROLES:
            if palette.colours[role] == name:
                return role
    return None


def fixed(color: QColor | str) -> QColor:
    """`color` as a colour no theme changes, though it equals a palette's (a card's black ink
    is the day theme's text colour, its white face the stark theme's)."""
    if isinstance(color, str):
        return FixedColor(color)
    return FixedColor(color.name(QColor.NameFormat.HexArgb))


def keep(color: QColor) -> QColor:
    """What a widget keeps of a colour it is given: a palette colour with its role, a fixed
    colour as it is, else a copy."""
    if isinstance(color, ThemeColor | FixedColor):
        return color
    role = role_of(color)
    return QColor.fromRgba(color.rgba()) if role is None else _role_color(role)


def live(color: QColor) -> QColor:
    """The colour to draw now: a kept palette colour in the current palette, else `color`."""
    role = getattr(color, "role", None)
    if role is not None:
        return _plain(role)
    # A plain copy: PySide6's `QColor(other)` refuses a subclass, and callers copy what this gives.
    return QColor.fromRgba(color.rgba()) if isinstance(color, FixedColor) else color


FALLBACK_FAMILY = "DejaVu Sans"
FONT_FILES = ("InterDisplay-Bold.otf", "InterDisplay-Medium.otf")


def font_family() -> str:
    """Load the bundled Inter Display font once; its family name (a system font if missing)."""
    return _load_fonts()[0]


def font_problems() -> tuple[str, ...]:
    """Why the bundled font files did not load (empty when they all did)."""
    return _load_fonts()[1]


@cache
def _load_fonts() -> tuple[str, tuple[str, ...]]:
    family = None
    problems: list[str] = []
    for name in FONT_FILES:
        path = resource_path("fonts", name)
        if not path.is_file():
            problems.append(f"{name} is missing")
            continue
        font_id = QFontDatabase.addApplicationFont(str(path))
        families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
        if not families:
            problems.append(f"{name} is not a font Qt can read")
        elif family is None:
            family = families[0]
    return family or FALLBACK_FAMILY, tuple(problems)


def display_font(pixel_size: int, weight: QFont.Weight = QFont.Weight.Bold) -> QFont:
    """The clock font at `pixel_size`, with tabular figures so digits do not jump."""
    font = QFont(font_family())
    font.setPixelSize(max(1, pixel_size))
    font.setWeight(weight)
    font.setFeature(QFont.Tag("tnum"), 1)
    return font


#: The size text is measured at (`text_width`).
REFERENCE_PIXEL = 100


def text_width(text: str, pixel_size: int, weight: QFont.Weight = QFont.Weight.Bold) -> float:
    """How wide `text` is in the clock font at `pixel_size`.

    Measured at one reference size per weight and scaled: the font's advances scale with its
    size, and every size measured would be a font engine of its own (most of them for sizes
    never drawn: a label measures its text at its box's height to know how far to shrink it).
    """
    return _reference_metrics(weight).horizontalAdvance(text) * pixel_size / REFERENCE_PIXEL


@cache
def _reference_metrics(weight: QFont.Weight) -> QFontMetricsF:
    return QFontMetricsF(display_font(REFERENCE_PIXEL, weight))


def color(tone: str) -> QColor:
    """The palette color of a `present.Tone`."""
    return _plain(_TONES[str(tone)])
