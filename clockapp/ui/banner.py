"""`MessageBanner`: the app's one message strip, in every window that says what happened.

A coloured strip (error, warning or info) above the window's work: it does not block like a
message box, so it can be shown from inside a cell edit or between two sales, and it stays until
the next action, or until the director hides it with its ×. The structure editor, the generator,
the chip editor, the tables window and the cashier all use this one widget.

With `reserve`, the strip keeps its place while hidden and never changes height: showing or
hiding a message then never moves what is under the pointer (the cashier clicks the search box
between two messages; a strip that pushed the page down sent that click to the player list).
A message longer than the reserved lines is cut, and shown whole in the tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QStyle, QToolButton, QWidget

from clockapp.i18n import gettext as _

#: (background, edge, ink) of each kind.
STYLES = {
    "error": ("#fdecea", "#b3261e", "#611a15"),
    "warning": ("#fff4e0", "#e08a00", "#5c3b00"),
    "info": ("#e8f4fd", "#1e6fb3", "#0d3858"),
}
_ICONS = {
    "error": QStyle.StandardPixmap.SP_MessageBoxCritical,
    "warning": QStyle.StandardPixmap.SP_MessageBoxWarning,
    "info": QStyle.StandardPixmap.SP_MessageBoxInformation,
}


class MessageBanner(QFrame):
    """A coloured strip that says what went wrong, what needs attention, or what was done."""

    #: The lines of text a reserved strip has room for.
    RESERVED_LINES = 2

    def __init__(
        self, parent: QWidget | None = None, *, name: str = "messageBanner", reserve: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        layout = QHBoxLayout(self)
        margin = 8
        layout.setContentsMargins(12, margin, 6, margin)
        layout.setSpacing(10)
        self.icon = QLabel(self)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QToolButton(self)
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip(_("Hide this message"))
        self.close_button.clicked.connect(self.hide_message)
        layout.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.kind = ""
        self.reserved = reserve
        if reserve:
            policy = self.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            self.setSizePolicy(policy)
            lines = self.label.fontMetrics().lineSpacing() * self.RESERVED_LINES
            self.setFixedHeight(lines + 2 * margin + 2)  # and the border
        self.hide()

    def text(self) -> str:
        """The message shown ("" when hidden)."""
        return "" if self.isHidden() else self.label.text()

    def show_message(self, text: str, kind: str = "error") -> None:
        """Show `text`; `kind` is "error", "warning" or "info"."""
        kind = kind if kind in STYLES else "error"
        background, edge, ink = STYLES[kind]
        self.kind = kind
        size = self.label.fontMetrics().height() + 4
        self.icon.setPixmap(self.style().standardIcon(_ICONS[kind]).pixmap(size, size))
        name = self.objectName()
        self.setStyleSheet(
            f"#{name} {{ background: {background}; border: 1px solid {edge};"
            f" border-left: 5px solid {edge}; border-radius: 4px; }}"
            f" #{name} QLabel, #{name} QToolButton {{ color: {ink}; background: transparent; }}"
        )
        self.label.setText(text)
        self.setToolTip(text if self.reserved else "")
        self.show()

    def show_error(self, text: str) -> None:
        """A refusal or a failure."""
        self.show_message(text, "error")

    def show_warning(self, text: str) -> None:
        """Something that needs attention."""
        self.show_message(text, "warning")

    def show_info(self, text: str) -> None:
        """What was done."""
        self.show_message(text, "info")

    def hide_message(self) -> None:
        """Nothing to say: the strip goes."""
        self.label.clear()
        self.setToolTip("")
        self.kind = ""
        self.hide()
