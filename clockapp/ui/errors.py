"""The GUI's net: whatever an action raises ends as a readable message, never a dead app.

One `ErrorNet` per application (a child of the QApplication, created at start-up by `run_app`):

- `guard(asker, handler)` wraps an action's handler (every `QAction` from `ui/actions.py` goes
  through it); `report(error, asker)` is the same net for code that already catches, like the
  cashier's `CashierContext.call`.
- `ErrorNet.install()` makes it `sys.excepthook`, the last net: under PySide6 a slot that
  raises lands there, and the event loop carries on.

The app's own errors (`DomainError`, `ValidationError`) are shown as their message. Anything
else is written with its traceback to the log file (`clockapp.logs`, in the data folder) and
shown as "Something went wrong: <short>. Details were written to <log path>."

The message goes to the window that asked, never to the room's wall display (a window marked
with the `WALL_DISPLAY` property): an error there is shown on the director's window instead.
The default presenter opens a non-modal QMessageBox (`open()`, not `exec()`), so the clock
keeps ticking behind it and tests can look at it; tests may also pass their own presenter.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QApplication, QWidget

from clockapp.errors import DomainError

if TYPE_CHECKING:
    # Imported where a box is shown: the net is installed before the first clock frame, which
    # need not pay for the message box's class and its Python enums.
    from PySide6.QtWidgets import QMessageBox

T = TypeVar("T")

#: The dynamic property marking the room's clock display: errors are never shown on it.
WALL_DISPLAY = "clockapp_wall_display"
NET_NAME = "clockapp_error_net"

Presenter = Callable[[QWidget | None, str], None]


#: Boxes with no parent window, kept alive until closed (Qt does not own them).
_ORPHAN_BOXES: set[QMessageBox] = set()


def show_message_box(parent: QWidget | None, message: str) -> None:
    """A warning box over `parent`, non-blocking: the clock keeps running behind it."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(parent)
    if parent is None:
        _ORPHAN_BOXES.add(box)
        box.finished.connect(lambda _result: _ORPHAN_BOXES.discard(box))
    box.setObjectName("error_message_box")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("clockapp")
    box.setText(message)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()


def is_wall_display(widget: QWidget | None) -> bool:
    """Whether `widget` sits in the room's clock display."""
    return widget is not None and bool(widget.window().property(WALL_DISPLAY))


def dialog_parent(asker: QWidget | None) -> QWidget | None:
    """The window to show a message on: the asker's, or the director's if it asked from the
    wall display (or nobody asked), or none (a top-level box) when no window is open."""
    from PySide6.QtWidgets import QMainWindow, QMessageBox

    window = asker.window() if asker is not None else QApplication.activeWindow()
    if window is not None and not is_wall_display(window):
        return window
    visible = [
        w for w in QApplication.topLevelWidgets() if w.isVisible() and not is_wall_display(w)
    ]
    mains = [w for w in visible if isinstance(w, QMainWindow)]
    others = [w for w in visible if not isinstance(w, QMessageBox)]
    return (mains or others or [None])[0]


class ErrorNet(QObject):
    """Shows errors on the window that asked and logs the unexpected ones."""

    def __init__(
        self,
        app: QObject,
        log_folder: Path | None = None,
        presenter: Presenter | None = None,
    ) -> None:
        super().__init__(app)
        self.setObjectName(NET_NAME)
        self._log_folder = log_folder
        self._log_path: Path | None = None
        self._logging = False
        self.presenter: Presenter = presenter or show_message_box
        self._previous_hook: Any = None
        self._installed = False

    def start_logging(self) -> Path | None:
        """Send the log to its file (once); returns the file, or None when it cannot be written.

        The app calls it once the first clock frame is painted: the log file's handler
        (`logging.handlers`) and the data folder are not worth a delay on the wall. An error
        reported before then starts it first.
        """
        if not self._logging:
            from clockapp.logs import setup_logging

            self._log_path = setup_logging(self._log_folder)
            self._logging = True
        return self._log_path

    @property
    def log_path(self) -> Path | None:
        """The log file (the log is started on first use)."""
        return self.start_logging()

    @staticmethod
    def of_app() -> ErrorNet | None:
        """The application's net, if one was created."""
        app = QCoreApplication.instance()
        return None if app is None else app.findChild(ErrorNet, NET_NAME)

    def message_for(self, error: BaseException) -> str:
        """What the user reads (and, for an unexpected error, the traceback is logged)."""
        if isinstance(error, DomainError):
            return str(error)
        self.start_logging()
        from clockapp.logs import describe_unexpected, log_unexpected

        path = log_unexpected(error, "clockapp window")
        return describe_unexpected(error, path)

    def report(self, error: BaseException, asker: QWidget | None = None) -> str:
        """Log (if unexpected) and show `error`; returns the message shown."""
        message = self.message_for(error)
        self.presenter(dialog_parent(asker), message)
        return message

    def install(self) -> None:
        """Become `sys.excepthook` (until `uninstall`)."""
        if not self._installed:
            self._previous_hook = sys.excepthook
            sys.excepthook = self._excepthook
            self._installed = True

    def uninstall(self) -> None:
        """Give `sys.excepthook` back to what it was."""
        if self._installed:
            sys.excepthook = self._previous_hook
            self._installed = False

    def _excepthook(
        self,
        kind: type[BaseException],
        error: BaseException,
        traceback: TracebackType | None,
    ) -> None:
        if not isinstance(error, Exception):  # KeyboardInterrupt, SystemExit: not ours
            self._previous_hook(kind, error, traceback)
            return
        try:
            self.report(error)
        except Exception:  # the net itself failed: print both rather than lose them
            sys.__excepthook__(kind, error, traceback)
            with contextlib.suppress(Exception):
                sys.__excepthook__(*sys.exc_info())


def message_for(error: BaseException) -> str:
    """What the user reads about `error` where it happened (a banner); an unexpected one is
    logged with its traceback, through the application's net when there is one."""
    net = ErrorNet.of_app()
    if net is not None:
        return net.message_for(error)
    if isinstance(error, DomainError):
        return str(error)
    from clockapp.logs import describe_unexpected, log_unexpected

    return describe_unexpected(error, log_unexpected(error, "clockapp window"))


def report(error: Exception, asker: QWidget | None) -> None:
    """Show `error` through the application's net; without one (a unit test), raise it."""
    net = ErrorNet.of_app()
    if net is None:
        raise error
    net.report(error, asker)


def guard(asker: QWidget | None, handler: Callable[[], T]) -> Callable[[], T | None]:
    """`handler`, with any exception shown (and logged) instead of raised; None then."""

    def guarded() -> T | None:
        try:
            return handler()
        except Exception as error:
            report(error, asker)
            return None

    return guarded
