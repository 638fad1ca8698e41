"""The clock's look: colors, the bundled font, and font sizes computed from the window height.

A dark, high-contrast palette that reads across a room on a projector: white digits on near-black,
gold for the blinds, teal for breaks, amber for a pause, red for the last minute and overtime.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QColor, QFont, QFontDatabase

from clockapp.paths import resource_path

BACKGROUND = QColor("#0b0e13")
PANEL = QColor("#151a22")
PANEL_EDGE = QColor("#232a35")
TEXT = QColor("#f4f6f8")
MUTED = QColor("#8a94a6")
BLINDS = QColor("#ffd166")
BREAK = QColor("#3ddc97")
PAUSED = QColor("#ffb000")
PAUSED_TEXT = QColor("#1a1200")
WARNING = QColor("#ff5a4e")
DIMMED = QColor("#4c5566")
TRACK = QColor("#222a36")

_TONES = {
    "text": TEXT,
    "muted": MUTED,
    "blinds": BLINDS,
    "break": BREAK,
    "paused": PAUSED,
    "paused text": PAUSED_TEXT,
    "warning": WARNING,
    "dimmed": DIMMED,
    "panel edge": PANEL_EDGE,
}

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


def color(tone: str) -> QColor:
    """The palette color of a `present.Tone`."""
    return _TONES[str(tone)]
