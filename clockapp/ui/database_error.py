"""A database that cannot be opened: say why, and offer the way out (never a traceback).

Opening the database raises a `DatabaseOpenError` whose message already says what is wrong and
what to do. A damaged file with a backup gets the choice "Restore newest backup" / "Quit"; the
others (read-only, from a newer clockapp, a folder that does not exist, a server that does not
answer) get the message and Quit. On the command line the same words go to stderr, with the
restore command to type when a backup exists.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.errors import DatabaseCorruptError, DatabaseOpenError

TITLE = N_("clockapp: the database cannot be opened")


def command_line_message(error: DatabaseOpenError, db: str | None) -> str:
    """What the command line prints: the error, and the restore command when it helps."""
    if isinstance(error, DatabaseCorruptError) and error.newest_backup is not None:
        option = f" --db {shlex.quote(db)}" if db else ""
        return _(
            "clockapp: {error}\nThe newest backup is {backup}; restore it with:\n  {command}"
        ).format(
            error=error,
            backup=error.newest_backup.name,
            command=f"clockapp restore --latest{option}",
        )
    return _("clockapp: {error}").format(error=error)


class DatabaseErrorBox(QMessageBox):
    """The message, with "Restore newest backup" when the file is damaged and one exists."""

    def __init__(self, error: DatabaseOpenError, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("database_error_box")
        self.setWindowTitle(_(TITLE))
        self.setIcon(QMessageBox.Icon.Critical)
        self.setText(str(error))
        self.restore_button: QPushButton | None = None
        backup = error.newest_backup if isinstance(error, DatabaseCorruptError) else None
        if backup is not None:
            self.setInformativeText(
                _(
                    "The newest backup is {name}. Restoring it puts the tournament back as "
                    "it was then; the damaged file is kept beside it."
                ).format(name=backup.name)
            )
            self.restore_button = self.addButton(
                _("Restore newest backup"), QMessageBox.ButtonRole.AcceptRole
            )
        elif isinstance(error, DatabaseCorruptError):
            self.setInformativeText(_("There is no backup of it to restore."))
        self.quit_button = self.addButton(_("Quit"), QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.restore_button or self.quit_button)


def offer_way_out(
    error: DatabaseOpenError,
    parent: QWidget | None = None,
    restore: Callable[[DatabaseOpenError], object] | None = None,
) -> bool:
    """Show the error; True when the director chose to restore and the restore worked."""
    box = DatabaseErrorBox(error, parent)
    box.exec()
    if box.restore_button is None or box.clickedButton() is not box.restore_button:
        return False
    try:
        (restore or _restore_newest)(error)
    except Exception as failure:  # shown to the director, never a traceback
        QMessageBox.critical(
            parent, _(TITLE), _("The backup could not be restored: {error}").format(error=failure)
        )
        return False
    return True


def _restore_newest(error: DatabaseOpenError) -> object:
    from clockapp.services.backups import restore_file

    if error.path is None:
        raise DatabaseOpenError(_("There is no file to restore into."))
    return restore_file(error.path, None)
