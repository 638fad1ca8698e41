"""Windows that fit the screen they open on, and open on the screen of the window that asked.

The most common host laptop is 1366x768, and a taskbar leaves about 700 px of it: every window
of the app fits `LAPTOP` (its minimum size hint is no larger, and what does not fit scrolls).
Two helpers keep windows and dialogs where the director is:

- `fit_to_screen(window)` shrinks a window that is larger than its screen's free area (a size
  chosen for a Full HD screen, or remembered from a larger one) and moves it back inside it.
- `place_near(window, asker)` puts a new window on the screen of the window that asked for it,
  centred there: a window asked for from the laptop opens on the laptop, never on the projector.

`ScreenFit`, an application-wide event filter (attached by the clock station while it runs), applies
`fit_to_screen` to every top-level window and dialog the first time it is shown, so a dialog
built for a large screen cannot open with its buttons below the bottom of a laptop's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QApplication, QFrame, QScrollArea, QWidget

if TYPE_CHECKING:
    from clockapp.ui.settings import UiSettings

#: A 1366x768 laptop screen less a taskbar: every window fits in it.
LAPTOP = QSize(1366, 700)
#: What a window manager adds around a window, kept free when fitting: the borders left, right
#: and below, the title bar and border above (left, top, right, bottom). A window's geometry is
#: its inside, so the title bar sits above it: placed at the screen's top, it would be cut off.
FRAME_MARGINS = (8, 32, 8, 8)
#: The frame's width and height in all.
FRAME_ALLOWANCE = QSize(FRAME_MARGINS[0] + FRAME_MARGINS[2], FRAME_MARGINS[1] + FRAME_MARGINS[3])
FILTER_NAME = "clockapp_screen_fit"
_FITTED = "clockapp_fitted"


def fitted_rect(window: QRect, minimum: QSize, available: QRect) -> QRect:
    """`window` (its inside) shrunk to `available` less the frame, never below `minimum`, and
    moved so that its frame, title bar included, is inside `available`.

    >>> r = fitted_rect(QRect(0, 0, 1680, 1000), QSize(800, 500), QRect(0, 0, 1366, 728))
    >>> (r.x(), r.y(), r.width(), r.height())
    (8, 32, 1350, 688)
    >>> r = fitted_rect(QRect(900, 600, 400, 300), QSize(100, 100), QRect(0, 0, 1366, 728))
    >>> (r.x(), r.y(), r.width(), r.height())
    (900, 420, 400, 300)
    """
    left, top, right, bottom = FRAME_MARGINS
    inside = available.adjusted(left, top, -right, -bottom)
    width = max(minimum.width(), min(window.width(), inside.width()))
    height = max(minimum.height(), min(window.height(), inside.height()))
    x = min(max(window.x(), inside.left()), inside.left() + inside.width() - width)
    y = min(max(window.y(), inside.top()), inside.top() + inside.height() - height)
    # Too large even so (its minimum): the title bar stays on screen, the bottom goes off it.
    return QRect(max(x, inside.left()), max(y, inside.top()), width, height)


def fit_to_screen(window: QWidget) -> None:
    """Shrink and move `window` (top-level, not fullscreen) into its screen's free area."""
    if window.isFullScreen() or window.isMaximized():
        return
    screen = window.screen()
    if screen is None:
        return
    minimum = window.minimumSize().expandedTo(window.minimumSizeHint())
    rect = fitted_rect(window.geometry(), minimum, screen.availableGeometry())
    if rect.size() != window.size():
        window.resize(rect.size())
    if rect.topLeft() != window.geometry().topLeft() and window.isVisible():
        # setGeometry places the inside (move() places the frame once it is known): the frame
        # margins `fitted_rect` kept free are then where the window manager draws its frame.
        window.setGeometry(rect)


def place_near(window: QWidget, asker: QWidget | None) -> None:
    """Put `window` on the screen of `asker`'s window, centred there, and fit it to that screen."""
    anchor = asker.window() if asker is not None else None
    screen = anchor.screen() if anchor is not None else None
    if screen is None:
        return
    window.setScreen(screen)
    handle = window.windowHandle()
    if handle is not None:
        handle.setScreen(screen)
    available = screen.availableGeometry()
    rect = fitted_rect(
        QRect(available.topLeft(), window.size()),
        window.minimumSize().expandedTo(window.minimumSizeHint()),
        available,
    )
    rect.moveCenter(available.center())
    left, top, _right, _bottom = FRAME_MARGINS
    rect.moveTopLeft(
        QPoint(max(available.left() + left, rect.left()), max(available.top() + top, rect.top()))
    )
    window.setGeometry(rect)  # the inside: the title bar goes above it, on the screen


def scrolling(widget: QWidget, *, horizontal: bool = False) -> QScrollArea:
    """`widget` in a frameless scroll area that scrolls it vertically when the window is short."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    if not horizontal:
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Without a horizontal bar the area must be as wide as the widget wants.
        area.setMinimumWidth(widget.minimumSizeHint().width() + 24)
    area.setWidget(widget)
    return area


class ScreenFit(QObject):
    """Fits every top-level window and dialog to its screen the first time it is shown.

    The wall display (`clockapp.ui.errors.WALL_DISPLAY`) is left alone: it goes fullscreen on
    its own screen.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(FILTER_NAME)
        self._app: QApplication | None = None

    def attach(self) -> None:
        """Start fitting the application's windows."""
        app = QApplication.instance()
        if isinstance(app, QApplication) and self._app is None:
            self._app = app
            app.installEventFilter(self)

    def detach(self) -> None:
        """Stop (the station that owns it closes)."""
        if self._app is not None:
            self._app.removeEventFilter(self)
            self._app = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Show
            and isinstance(watched, QWidget)
            and watched.isWindow()
            and not watched.property(_FITTED)
        ):
            from clockapp.ui.errors import is_wall_display

            watched.setProperty(_FITTED, True)
            if not is_wall_display(watched):
                fit_to_screen(watched)
        return False


class _GeometryKeeper(QObject):
    """Saves its window's place whenever the window is hidden or closed."""

    def __init__(self, window: QWidget, key: str, settings: UiSettings) -> None:
        super().__init__(window)
        self._key = key
        self._settings = settings

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Hide, QEvent.Type.Close) and isinstance(watched, QWidget):
            self._settings.save_geometry(self._key, watched)
        return False


def remember_geometry(window: QWidget, key: str, settings: UiSettings) -> bool:
    """Put `window` back where it was (True if it had a place) and remember it when it closes.

    Its place is saved every time it is hidden or closed, not only when the app quits: a
    window closed early in the night reopens where the director left it.
    """
    restored = settings.restore_geometry(key, window)
    window.installEventFilter(_GeometryKeeper(window, key, settings))
    return restored
