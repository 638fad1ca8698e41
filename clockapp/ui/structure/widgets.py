"""Small widgets the structure windows share: the unsaved-edit question."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from clockapp.i18n import gettext as _


def ask_unsaved(parent: QWidget, text: str, detail: str) -> QMessageBox.StandardButton:
    """Save, Discard or Keep editing: the question before a window with an open edit closes.

    Keep editing is the default and what Esc answers, so a stray Enter or Esc loses nothing.
    The box is parented to `parent`, so it appears on that window's screen.
    """
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(_("Unsaved changes"))
    box.setText(text)
    box.setInformativeText(detail)
    box.setStandardButtons(
        QMessageBox.StandardButton.Save
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel
    )
    box.button(QMessageBox.StandardButton.Cancel).setText(_("&Keep editing"))
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    return QMessageBox.StandardButton(box.exec())
