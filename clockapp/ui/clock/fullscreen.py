"""The clock display's fullscreen: the way out (Esc, or the small corner button), the screen.

`FullscreenMixin` is mixed into `ClockDisplay` (ui/clock/display.py), which keeps the layout and
the content; `show_display` puts the display on its remembered screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QPushButton

if TYPE_CHECKING:
    from clockapp.ui.settings import UiSettings


class FullscreenMixin:
    """Fullscreen on and off for a QWidget with a `fullscreen_changed` signal and an
    `_exit_button` attribute (None until first needed)."""

    _exit_button: QPushButton | None

    @property
    def exit_button(self) -> QPushButton:
        """The visible way out of fullscreen (Esc is the other), small in the top corner."""
        if self._exit_button is None:
            button = QPushButton("✕  Exit fullscreen", self)
            button.setObjectName("exit_fullscreen")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(lambda: self.set_fullscreen(False))
            button.hide()
            self._exit_button = button
        return self._exit_button

    def set_fullscreen(self, on: bool) -> None:
        """Enter or leave fullscreen (on the screen the window is on)."""
        if on == self.isFullScreen():
            return
        if on:
            self.showFullScreen()
        else:
            self.showNormal()
        self._show_exit_button(on)
        self.fullscreen_changed.emit(on)

    def _show_exit_button(self, on: bool) -> None:
        if on or self._exit_button is not None:
            self.exit_button.setVisible(on)
            self._place_exit_button()

    def _place_exit_button(self) -> None:
        """Top right, inside the margin above the header, sized from the window height."""
        h = max(18, round(self.height() * 0.028))
        font = self.exit_button.font()
        font.setPixelSize(max(10, round(h * 0.5)))
        self.exit_button.setFont(font)
        self.exit_button.setStyleSheet(
            "QPushButton#exit_fullscreen { color: #8a94a6; background: #151a22;"
            f" border: 1px solid #232a35; border-radius: {h // 4}px; padding: 0 {h // 2}px; }}"
            "QPushButton#exit_fullscreen:hover { color: #f4f6f8; }"
        )
        self.exit_button.adjustSize()
        self.exit_button.resize(self.exit_button.width(), h)
        margin = max(2, round(self.height() * 0.004))
        self.exit_button.move(self.width() - self.exit_button.width() - margin * 2, margin)
        self.exit_button.raise_()

    def show_on(self, screen: QScreen, fullscreen: bool) -> None:
        """Show the display on `screen`, fullscreen or in a window."""
        if self.screen() is not screen or fullscreen:
            self.setScreen(screen)
            handle = self.windowHandle()
            if handle is not None:
                handle.setScreen(screen)
            if not self.isFullScreen():
                self.move(screen.availableGeometry().topLeft())
        if fullscreen:
            self.showFullScreen()
        else:
            self.show()
        self._show_exit_button(fullscreen)

    def toggle_fullscreen(self) -> None:
        """F: fullscreen on or off."""
        self.set_fullscreen(not self.isFullScreen())


def show_display(
    display: Any,
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
    display.show_on(screen, on)
