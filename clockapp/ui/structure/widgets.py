"""Small widgets the structure windows share: the message banner, the unsaved-edit question."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QStyle,
    QToolButton,
    QWidget,
)

_STYLES = {
    "error": ("#fdecea", "#b3261e", "#611a15"),
    "warning": ("#fff4e0", "#e08a00", "#5c3b00"),
    "info": ("#e8f4fd", "#1e6fb3", "#0d3858"),
}


class MessageBanner(QFrame):
    """A coloured strip above the table that says what went wrong (or needs attention).

    It does not block like a message box, so it can be shown from inside a cell edit, and the
    director can read it while fixing the row. The × hides it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageBanner")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 6, 8)
        layout.setSpacing(10)
        self.icon = QLabel(self)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QToolButton(self)
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Hide this message")
        self.close_button.clicked.connect(self.hide_message)
        layout.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.kind = ""
        self.hide()

    @property
    def text(self) -> str:
        """The message shown ("" when hidden)."""
        return self.label.text() if not self.isHidden() else ""

    def show_message(self, text: str, kind: str = "error") -> None:
        """Show `text`; `kind` is "error", "warning" or "info"."""
        background, edge, ink = _STYLES.get(kind, _STYLES["error"])
        self.kind = kind
        pixmap = {
            "error": QStyle.StandardPixmap.SP_MessageBoxCritical,
            "warning": QStyle.StandardPixmap.SP_MessageBoxWarning,
            "info": QStyle.StandardPixmap.SP_MessageBoxInformation,
        }.get(kind, QStyle.StandardPixmap.SP_MessageBoxCritical)
        size = self.label.fontMetrics().height() + 4
        self.icon.setPixmap(self.style().standardIcon(pixmap).pixmap(size, size))
        self.setStyleSheet(
            f"#messageBanner {{ background: {background}; border: 1px solid {edge};"
            f" border-left: 5px solid {edge}; border-radius: 4px; }}"
            f" #messageBanner QLabel {{ color: {ink}; background: transparent; }}"
            f" #messageBanner QToolButton {{ color: {ink}; }}"
        )
        self.label.setText(text)
        self.show()

    def hide_message(self) -> None:
        """Hide the banner."""
        self.label.clear()
        self.kind = ""
        self.hide()


def ask_unsaved(parent: QWidget, text: str, detail: str) -> QMessageBox.StandardButton:
    """Save, Discard or Keep editing: the question before a window with an open edit closes.

    Keep editing is the default and what Esc answers, so a stray Enter or Esc loses nothing.
    The box is parented to `parent`, so it appears on that window's screen.
    """
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Unsaved changes")
    box.setText(text)
    box.setInformativeText(detail)
    box.setStandardButtons(
        QMessageBox.StandardButton.Save
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel
    )
    box.button(QMessageBox.StandardButton.Cancel).setText("&Keep editing")
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    return QMessageBox.StandardButton(box.exec())
