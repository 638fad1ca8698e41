"""`NoticeBox`: notices for the director about optional parts that are off (sound, speech, font).

Shown on the director's window only, never on the wall: the room does not need to know the laptop
cannot play sound. Each notice appears once; Dismiss hides the box until a new one comes.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from clockapp.i18n import gettext as _


class NoticeBox(QFrame):
    """A dismissable amber box listing what is off and why."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notice_box")
        self.setStyleSheet(
            "QFrame#notice_box { background: #3a2a00; border: 1px solid #ffb000; }"
            " QLabel { color: #ffd166; }"
        )
        self._messages: list[str] = []
        layout = QHBoxLayout(self)
        self.label = QLabel("")
        self.label.setObjectName("notice_label")
        self.label.setWordWrap(True)
        self.dismiss_button = QPushButton(_("Dismiss"))
        self.dismiss_button.clicked.connect(lambda _=False: self.hide())
        layout.addWidget(self.label, 1)
        layout.addWidget(self.dismiss_button)
        self.hide()

    def add(self, message: str) -> None:
        """Show `message` (a message already shown is not repeated)."""
        if message in self._messages:
            return
        self._messages.append(message)
        self.label.setText("\n".join(self._messages))
        self.show()

    def messages(self) -> tuple[str, ...]:
        """Every notice shown, oldest first."""
        return tuple(self._messages)
