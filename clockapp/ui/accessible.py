"""What a screen reader is told about the parts Qt builds into a control on its own."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QToolButton

from clockapp.i18n import gettext as _


def name_clear_button(edit: QLineEdit) -> None:
    """Name the clear button Qt puts in `edit` (call after `setClearButtonEnabled(True)`).

    Qt draws it as an icon with no text, so without a name a screen reader says only "button".
    """
    for button in edit.findChildren(QToolButton):
        button.setAccessibleName(_("Clear"))
