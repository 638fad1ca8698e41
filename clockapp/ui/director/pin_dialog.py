"""Tournament › Display PIN…: the director sets or changes the PIN that unlocks the wall display.

The PIN belongs to the database (every station sharing it asks for the same one) and is kept as
a salted hash (`clockapp.services.stations`). Changing it asks for the current one first. A
refusal (the current PIN wrong, a PIN that is not 4 to 12 digits, two entries that differ) is
said in the dialog, which stays open; nothing is written then. The PIN is saved on the station's
worker: OK is busy until it has answered, and the dialog closes then.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.pin import PIN_MAX_DIGITS, PIN_MIN_DIGITS, PIN_SUGGESTED_DIGITS
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.inks import ink_sheet

#: Saves the PIN: (new PIN, current PIN or None, then called back with a refusal to say or None
#: once saved); returns False when nothing was asked (a save is still on its way).
SavePin = Callable[[str, str | None, Callable[[str | None], None]], bool]

#: Said under the new PIN while it is shorter than suggested (it is still accepted).
SHORT_PIN = N_(
    "A PIN of {digits} digits or more is suggested: the wall makes a guesser wait after a few "
    "wrong PINs, but anyone with a copy of the database can try every short PIN against its "
    "stored hash quickly."
)


def short_pin_advice() -> str:
    """`SHORT_PIN` in the reader's language, with the number of digits suggested."""
    return _(SHORT_PIN).format(digits=PIN_SUGGESTED_DIGITS)


def _pin_field(name: str) -> QLineEdit:
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setEchoMode(QLineEdit.EchoMode.Password)
    edit.setMaxLength(PIN_MAX_DIGITS)
    pattern = QRegularExpression(f"[0-9]{{0,{PIN_MAX_DIGITS}}}")
    edit.setValidator(QRegularExpressionValidator(pattern, edit))
    return edit


class PinDialog(QDialog):
    """Set the director's PIN (or change it: the current one is asked first)."""

    def __init__(self, pin_is_set: bool, save: SavePin, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pin_dialog")
        self.setWindowTitle(_("Display PIN"))
        self._save = save
        self._pin_is_set = pin_is_set
        intro = QLabel(
            _(
                "The clock display station (clockapp --station display) stays locked until this "
                "PIN is typed on it. {least} to {most} digits; {suggested} or more suggested."
            ).format(least=PIN_MIN_DIGITS, most=PIN_MAX_DIGITS, suggested=PIN_SUGGESTED_DIGITS)
        )
        intro.setWordWrap(True)
        self.current = _pin_field("pin_current")
        self.new = _pin_field("pin_new")
        self.repeat = _pin_field("pin_repeat")
        form = QFormLayout()
        if pin_is_set:
            form.addRow(_("Current PIN:"), self.current)
        form.addRow(_("New PIN:"), self.new)
        form.addRow(_("New PIN again:"), self.repeat)
        self.advice = QLabel(short_pin_advice())
        self.advice.setObjectName("pin_dialog_advice")
        self.advice.setWordWrap(True)
        self.advice.hide()
        self.new.textChanged.connect(self._on_new_text_changed)
        self.message = QLabel("")
        self.message.setObjectName("pin_dialog_message")
        self.message.setStyleSheet(ink_sheet("#c62828"))
        self.message.setWordWrap(True)
        self.buttons = buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._on_buttons_accepted)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.advice)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        (self.current if pin_is_set else self.new).setFocus()
        self.setMinimumWidth(420)

    def ok_button(self) -> QPushButton:
        """The OK button (tests click it as the director does)."""
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def _on_buttons_accepted(self) -> None:
        new = self.new.text()
        if new != self.repeat.text():
            self._refuse(_("The two new PINs differ: type the same PIN twice."))
            return
        self._save(new, self.current.text() if self._pin_is_set else None, self._on_saved)

    def _on_saved(self, refusal: str | None) -> None:
        if refusal is not None:
            self._refuse(refusal)
            return
        self.accept()

    def _on_new_text_changed(self, text: str) -> None:
        self.advice.setVisible(0 < len(text) < PIN_SUGGESTED_DIGITS)

    def _refuse(self, text: str) -> None:
        """Say why, clear the fields (PINs are not left lying about) and start again."""
        self.message.setText(text)
        for edit in (self.current, self.new, self.repeat):
            edit.clear()
        (self.current if self._pin_is_set else self.new).setFocus()
