"""Text colours that read on whatever theme the desktop has: the chosen ink, or the least mix of
it toward the theme's own text colour that stands out by `READABLE` from what it is drawn on.

A colour picked for a light window (a grey for what is done, a red for what waits) fades into a
dark one, and a bright one picked for a dark window vanishes on white: an ink is never set
without asking what it stands on.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QBrush, QColor, QGuiApplication, QPalette

from clockapp.core.look import contrast_ratio

#: The least contrast of any text with what it is drawn on (WCAG 2's AA level for body text).
READABLE = 4.5


def readable(ink: str, ground: QColor, text: QColor) -> str:
    """`ink`, or the least mix of it toward `text` that stands out from `ground` by `READABLE`.

    >>> readable("#57606a", QColor("#efefef"), QColor("#000000"))
    '#57606a'
    >>> readable("#57606a", QColor("#353535"), QColor("#ffffff"))
    '#9aa0a6'
    """
    return _mixed(ink, ground.name(), text.name())


@lru_cache(maxsize=512)
def _mixed(ink: str, ground: str, text: str) -> str:
    start, toward = QColor(ink), QColor(text)
    for step in range(21):
        share = step / 20
        mixed = QColor.fromRgbF(
            start.redF() + (toward.redF() - start.redF()) * share,
            start.greenF() + (toward.greenF() - start.greenF()) * share,
            start.blueF() + (toward.blueF() - start.blueF()) * share,
        ).name()
        if contrast_ratio(mixed, ground) >= READABLE:
            return mixed
    return toward.name()


def ink_on(ink: str, ground: QColor | None = None) -> QBrush:
    """`ink` made readable on `ground` (the application palette's Base: a view's cells).

    For an item model's ForegroundRole: it follows the palette the app has when it is asked.
    """
    palette = QGuiApplication.palette()
    base = ground if ground is not None else palette.color(QPalette.ColorRole.Base)
    return QBrush(QColor(readable(ink, base, palette.color(QPalette.ColorRole.Text))))


def window_ink(ink: str) -> str:
    """`ink` made readable on the application palette's window (what a dialog's labels sit on)."""
    palette = QGuiApplication.palette()
    window = palette.color(QPalette.ColorRole.Window)
    return readable(ink, window, palette.color(QPalette.ColorRole.WindowText))


def ink_sheet(ink: str, more: str = "") -> str:
    """A label's style sheet: `ink`, readable on the window, as its colour, then the `more` rules.

    >>> ink_sheet("#000000", "font-weight: bold;")
    'color: #000000; font-weight: bold;'
    """
    return f"color: {window_ink(ink)}; {more}".strip()
