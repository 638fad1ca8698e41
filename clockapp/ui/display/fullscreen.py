"""The clock display's fullscreen: the way out (Esc, or the small corner button), the screen.

`Fullscreen` is owned by `ClockDisplay` (ui/display/window.py), which keeps the layout and the
content: it puts its window fullscreen or back in a window on a chosen screen, and keeps the visible
way out (built on first use) in the window's top corner. `show_display` puts the display on its
remembered screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QPushButton, QWidget

from clockapp.i18n import gettext as _

if TYPE_CHECKING:
    from PySide6.QtGui import QScreen

    from clockapp.ui.display.window import ClockDisplay
    from clockapp.ui.settings import UiSettings


class Fullscreen(QObject):
    """Fullscreen on and off for one window, with a small button in its corner to leave it."""

    changed = Signal(bool)  # entered (True) or left (False) fullscreen

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._exit_button: QPushButton | None = None  # built the first time it shows

    @property
    def exit_button(self) -> QPushButton:
        """The visible way out of fullscreen (Esc is the other), small in the top corner."""
        if self._exit_button is None:
            button = QPushButton(_("✕  Exit fullscreen"), self._window)
            button.setObjectName("exit_fullscreen")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(lambda: self.set(False))
            button.hide()
            self._exit_button = button
        return self._exit_button

    def set(self, on: bool) -> None:
        """Enter or leave fullscreen (on the screen the window is on)."""
        window = self._window
        if on == window.isFullScreen():
            return
        if on:
            window.showFullScreen()
        else:
            window.showNormal()
        self.show_exit_button(on)
        self.changed.emit(on)

    def toggle(self) -> None:
        """F: fullscreen on or off."""
        self.set(not self._window.isFullScreen())

    def show_on(self, screen: QScreen, fullscreen: bool) -> None:
        """Show the window on `screen`, fullscreen or in a window."""
        window = self._window
        if window.screen() is not screen or fullscreen:
            window.setScreen(screen)
            handle = window.windowHandle()
            if handle is not None:
                handle.setScreen(screen)
            if not window.isFullScreen():
                window.move(screen.availableGeometry().topLeft())
        if fullscreen:
            window.showFullScreen()
        else:
            window.show()
        self.show_exit_button(fullscreen)

    def show_exit_button(self, on: bool) -> None:
        """Show the way out (fullscreen) or hide it; it is built the first time it shows."""
        if on or self._exit_button is not None:
            self.exit_button.setVisible(on)
            self._place_exit_button(self.exit_button)

    def raise_exit_button(self) -> None:
        """Keep the way out above whatever was just raised over the window's content."""
        if self._exit_button is not None:
            self._exit_button.raise_()

    def window_resized(self) -> None:
        """Keep the way out in its corner (the window calls it from its `resizeEvent`)."""
        if self._exit_button is not None and self._exit_button.isVisible():
            self._place_exit_button(self._exit_button)

    def _place_exit_button(self, button: QPushButton) -> None:
        """Top right, inside the margin above the header, sized from the window height."""
        window = self._window
        h = max(18, round(window.height() * 0.028))
        font = button.font()
        font.setPixelSize(max(10, round(h * 0.5)))
        button.setFont(font)
        button.setStyleSheet(
            "QPushButton#exit_fullscreen { color: #8a94a6; background: #151a22;"
            f" border: 1px solid #232a35; border-radius: {h // 4}px; padding: 0 {h // 2}px; }}"
            "QPushButton#exit_fullscreen:hover { color: #f4f6f8; }"
        )
        button.adjustSize()
        button.resize(button.width(), h)
        margin = max(2, round(window.height() * 0.004))
        button.move(window.width() - button.width() - margin * 2, margin)
        button.raise_()


def show_display(
    display: ClockDisplay,
    settings: UiSettings,
    fullscreen: bool | None = None,
    screen_index: int | None = None,
) -> None:
    """Show the clock for the room on its screen (the one given, else the remembered one)."""
    screen = settings.screen_for_display(screen_index)
    if screen_index is not None:
        settings.display_screen = screen.name() or None
    on = settings.display_fullscreen if fullscreen is None else fullscreen
    if not on and not display.isVisible() and not settings.restore_geometry("display", display):
        display.resize(1280, 720)
    display.fullscreen.show_on(screen, on)
