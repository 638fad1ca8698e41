"""Tournament > Restore from backup…: the database's backups, newest first, and putting one back.

Each row shows when it was taken (local time), why (level, break, import, upgrade...), the
tournament, its level and the players left then. Restoring asks first, backs up the state it
replaces (so a restore can itself be undone by restoring that one), puts the backup back and
publishes an app-wide change, so every window of every station re-reads everything. The list is
read, and the restore made, on the station's worker: a restore takes a while (a backup first,
then the copy and its migration), and the station keeps answering meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.i18n import N_, pgettext
from clockapp.i18n import gettext as _
from clockapp.ui.inks import ink_sheet
from clockapp.ui.table_model import RowTableModel

if TYPE_CHECKING:
    from clockapp.services.app import Services
    from clockapp.services.backups import BackupInfo
    from clockapp.services.tournaments import TournamentInfo
    from clockapp.ui.bus import TournamentBus

KINDS = {
    "level": N_("Level started"),
    "break": N_("Break started"),
    "import": N_("Before an import"),
    "upgrade": N_("Before an upgrade"),
    "restore": N_("Before a restore"),
    "manual": N_("By hand"),
}


class BackupTableModel(RowTableModel["BackupInfo"]):
    """The backups, newest first: time, reason, tournament, level, players left."""

    def __init__(self, backups: tuple[BackupInfo, ...] = ()) -> None:
        super().__init__(
            (
                pgettext("backup column", "Taken"),
                pgettext("backup column", "Why"),
                _("Tournament"),
                _("Level"),
                _("Players left"),
            )
        )
        self._set_rows(backups)

    def set_backups(self, backups: tuple[BackupInfo, ...]) -> None:
        """Show these backups."""
        self._set_rows(backups)

    def data(
        self,
        index: QModelIndex | QPersistentModelIndex,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        """The cell's text (the backup's file name as a tooltip)."""
        backup = self.row_at(index)
        if backup is None:
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            return backup.name
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        left = "" if backup.players_left is None else str(backup.players_left)
        return (
            backup.taken_at.astimezone().strftime("%a %H:%M:%S"),
            _(KINDS[backup.kind]) if backup.kind in KINDS else backup.kind,
            backup.tournament,
            backup.level,
            left,
        )[index.column()]


class RestoreDialog(QDialog):
    """The list of backups and a Restore button."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        parent: QWidget | None = None,
        on_done: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self._on_done = on_done
        #: The confirmation question (tests replace it): True to go ahead.
        self.confirm: Callable[[BackupInfo], bool] = self._confirm
        self.setWindowTitle(_("Restore from backup"))
        self._setup_ui()
        self.refresh()

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.model = BackupTableModel()
        self.view = QTableView()
        self.view.setObjectName("backup_table")
        self.view.setAccessibleName(_("Backups"))
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.verticalHeader().hide()
        self.view.doubleClicked.connect(lambda _index: self.restore_selected())
        layout.addWidget(self.view)
        self.error_label = QLabel()
        self.error_label.setObjectName("error_label")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(ink_sheet("#d9534f"))
        layout.addWidget(self.error_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.restore_button = QPushButton(_("Restore…"))
        self.restore_button.setObjectName("restore_button")
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.restore_button.clicked.connect(lambda _=False: self.restore_selected())
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(720, 420)

    def refresh(self) -> bool:
        """Read the backups again, on the station's worker; the list shows them when that
        answers. False when nothing was asked (a read is already on its way)."""
        backups = self._services.backups

        def read() -> tuple[Path | None, tuple[BackupInfo, ...]]:
            return backups.database, backups.list()

        self.restore_button.setEnabled(False)  # nothing to restore until the list is read
        return self._bus.worker.submit(
            read, self._on_backups_read, self._on_backups_failed, key=(self, "list"), asker=self
        )

    def _on_backups_read(self, answer: tuple[Path | None, tuple[BackupInfo, ...]]) -> None:
        folder, backups = answer
        self.model.set_backups(backups)
        if folder is None:
            self.note.setText(
                _(
                    "This database is on a PostgreSQL server: back it up and restore it with the "
                    "server's tools (pg_dump and pg_restore; see the README)."
                )
            )
        elif not backups:
            self.note.setText(_("No backups yet: one is taken as each level and break starts."))
        else:
            self.note.setText(
                _("Backups in {folder}, newest first.").format(folder=folder.parent / "backups")
            )
        if backups:
            self.view.selectRow(0)
        self.restore_button.setEnabled(bool(backups))

    def _on_backups_failed(self, error: Exception) -> None:
        self.error_label.setText(_("The backups could not be read: {error}").format(error=error))

    def selected(self) -> BackupInfo | None:
        """The backup chosen in the list."""
        rows = self.view.selectionModel().selectedRows()
        return self.model.row_at(rows[0]) if rows else None

    def restore_selected(self) -> bool:
        """Ask, then put the chosen backup back on the station's worker (the button busy and
        the station answering meanwhile); True when the restore was asked."""
        backup = self.selected()
        if backup is None or self._bus.worker.is_pending(self.restore_button):
            return False
        if not self.confirm(backup):
            return False
        backups, shown = self._services.backups, self._bus.tournament_id
        when = f"{backup.taken_at.astimezone():%a %H:%M:%S}"
        self.error_label.setText("")
        self.note.setText(
            _("Restoring the backup taken {when}; the clock carries on meanwhile.").format(
                when=when
            )
        )

        def failed(error: Exception) -> None:  # the dialog says what went wrong
            self.note.setText("")
            self.error_label.setText(_("Not restored: {error}").format(error=error))

        # The bus shows another tournament when the one shown is not in the backup.
        return self._bus.submit(
            lambda: backups.restore(backup.name, shown),
            lambda _info: self._on_restored(when, shown),
            failed,
            control=self.restore_button,
            asker=self,
        )

    def _on_restored(self, when: str, shown: int) -> None:
        message = _("Restored the backup taken {when}.").format(when=when)
        now_shown = self._bus.tournament_id
        if now_shown == shown:
            self._finish(message)
            return
        tournaments = self._services.tournaments

        def named(info: TournamentInfo) -> None:
            self._finish(
                _(
                    "Restored the backup taken {when}. The tournament shown was not in it: "
                    "now showing {name}."
                ).format(when=when, name=info.name)
            )

        def unnamed(_error: Exception) -> None:
            self._finish(
                _("Restored the backup taken {when}. The tournament shown was not in it.").format(
                    when=when
                )
            )

        self._bus.worker.submit(lambda: tournaments.get(now_shown), named, unnamed, asker=self)

    def _finish(self, message: str) -> None:
        if self._on_done is not None:
            self._on_done(message)
        self.accept()

    def _confirm(self, backup: BackupInfo) -> bool:
        when = backup.taken_at.astimezone().strftime("%A %H:%M:%S")
        what = ", ".join(p for p in (backup.tournament, backup.level) if p)
        answer = QMessageBox.question(
            self,
            _("Restore from backup"),
            (
                _(
                    "Put back the backup taken {when} ({what})?\n\n"
                    "Everything done since then is replaced, on every station. The current state "
                    "is backed up first, so you can come back to it."
                )
                if what
                else _(
                    "Put back the backup taken {when}?\n\n"
                    "Everything done since then is replaced, on every station. The current state "
                    "is backed up first, so you can come back to it."
                )
            ).format(when=when, what=what),
        )
        return answer == QMessageBox.StandardButton.Yes


def open_restore(window: QMainWindow, services: Services, bus: TournamentBus) -> RestoreDialog:
    """Open the dialog over `window` (a QMainWindow: its status bar says what was restored)."""
    dialog = RestoreDialog(
        services,
        bus,
        parent=window,
        on_done=lambda message: window.statusBar().showMessage(message, 30_000),
    )
    dialog.open()
    return dialog
