"""The clock's look: the palette a wall draws with, the bundled font, and font sizes.

The palette is the host's theme (`clockapp.core.look`: "night", the dark default, white digits on
near-black, gold for the blinds, teal for breaks, amber for a pause, red for the last minute; or
"day", "felt", "stark", or the host's own colours). A `WallTheme` holds one: it is made once per
station (or per display drawn on its own) and given to every widget that draws with it, which
reads `look.TEXT`, `look.BLINDS`... as plain QColors of its current palette. A widget that keeps
one (a `FitLabel`'s colour, a panel's edge) keeps its role with it and draws the current palette's
colour at paint time (`keep`, `live`). `set_palette` switches the palette at run time and says so
(`changed`): the widgets that draw with it repaint. Two displays with two themes show two looks.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QFont, QFontDatabase, QFontMetricsF
from PySide6.QtWidgets import QWidget

from clockapp.core.look import BUILT_IN, ROLES, Palette
from clockapp.paths import resource_path


class ThemeColor(QColor):
    """A palette colour a widget keeps with its role (`"TEXT"`...), so it follows a change.

    Only widgets hold these (through `WallTheme.keep`) and draw them through `WallTheme.live`:
    PySide6's `QColor(other)` refuses a subclass, so what `look.X` hands out is a plain QColor.
    """

    def __init__(self, role: str, palette: Palette) -> None:
        super().__init__(palette.colours[role])
        self.role = role


class FixedColor(QColor):
    """A colour that is no palette's: a playing card's ink and face stay as printed in every
    theme, even when they happen to equal a theme's text colour (`fixed`)."""

    role = None


#: A `present.Tone`'s role in the palette.
TONES = {
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


class WallTheme(QObject):
    """The palette one wall draws with, handed to every widget that draws with it.

    `changed` is emitted when the palette switches; each widget given this theme repaints on it.
    """

    changed = Signal()

    def __init__(self, palette: Palette = BUILT_IN[0], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._palette = palette
        self._colors: dict[str, ThemeColor] = {}
        self._seen: list[Palette] = list(BUILT_IN)  # palettes drawn with before (and built-ins)

    def palette(self) -> Palette:
        """The palette this theme draws with now."""
        return self._palette

    def set_palette(self, new: Palette) -> None:
        """Draw with `new` from now on; the widgets drawing with this theme repaint."""
        if new == self._palette:
            return
        if self._palette not in self._seen:
            self._seen.append(self._palette)
        self._palette = new
        self._colors.clear()
        self.changed.emit()

    def follow(self, widget: QWidget) -> None:
        """Repaint `widget` whenever the palette switches (it draws with this theme)."""
        self.changed.connect(widget.update)

    def _role_color(self, role: str) -> ThemeColor:
        color = self._colors.get(role)
        if color is None:
            color = self._colors[role] = ThemeColor(role, self._palette)
        return color

    def colour(self, role: str) -> QColor:
        """The current palette's colour for `role`: a copy (callers may change theirs)."""
        return QColor.fromRgba(self._role_color(role).rgba())

    def tone(self, tone: str) -> QColor:
        """The palette colour of a `present.Tone`."""
        return self.colour(TONES[str(tone)])

    @property
    def BACKGROUND(self) -> QColor:
        """The wall's background."""
        return self.colour("BACKGROUND")

    @property
    def PANEL(self) -> QColor:
        """The panels' fill."""
        return self.colour("PANEL")

    @property
    def PANEL_EDGE(self) -> QColor:
        """The panels' edges."""
        return self.colour("PANEL_EDGE")

    @property
    def TRACK(self) -> QColor:
        """The progress strip's track."""
        return self.colour("TRACK")

    @property
    def TEXT(self) -> QColor:
        """Text."""
        return self.colour("TEXT")

    @property
    def MUTED(self) -> QColor:
        """Captions."""
        return self.colour("MUTED")

    @property
    def DIMMED(self) -> QColor:
        """Paused digits."""
        return self.colour("DIMMED")

    @property
    def BLINDS(self) -> QColor:
        """The blinds."""
        return self.colour("BLINDS")

    @property
    def BREAK(self) -> QColor:
        """Breaks."""
        return self.colour("BREAK")

    @property
    def PAUSED(self) -> QColor:
        """The pause banner."""
        return self.colour("PAUSED")

    @property
    def PAUSED_TEXT(self) -> QColor:
        """Text on a banner."""
        return self.colour("PAUSED_TEXT")

    @property
    def WARNING(self) -> QColor:
        """The last minute."""
        return self.colour("WARNING")

    def role_of(self, color: QColor) -> str | None:
        """The role whose colour `color` is, in the current palette or one drawn with before.

        A colour read from `look.X` before a theme change (a default argument, a constant)
        still names its role. The current palette is asked first; the first role wins if two
        share a colour.
        """
        if color.alpha() != 255:
            return None
        name = color.name()
        for palette in (self._palette, *reversed(self._seen)):
            for role in ROLES:
                if palette.colours[role] == name:
                    return role
        return None

    def keep(self, color: QColor) -> QColor:
        """What a widget keeps of a colour it is given: a palette colour with its role, a
        fixed colour as it is, else a copy."""
        if isinstance(color, ThemeColor | FixedColor):
            return color
        role = self.role_of(color)
        return QColor.fromRgba(color.rgba()) if role is None else self._role_color(role)

    def live(self, color: QColor) -> QColor:
        """The colour to draw now: a kept palette colour in the current palette, else `color`."""
        role = getattr(color, "role", None)
        if role is not None:
            return self.colour(role)
        # A plain copy: PySide6's `QColor(other)` refuses a subclass, and callers copy it.
        return QColor.fromRgba(color.rgba()) if isinstance(color, FixedColor) else color


def fixed(color: QColor | str) -> QColor:
    """`color` as a colour no theme changes, though it equals a palette's (a card's black ink
    is the day theme's text colour, its white face the stark theme's)."""
    if isinstance(color, str):
        return FixedColor(color)
    return FixedColor(color.name(QColor.NameFormat.HexArgb))


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
