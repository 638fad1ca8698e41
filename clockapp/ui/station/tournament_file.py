"""File > Export tournament… and File > Import tournament…: a tournament as one file.

Export asks where to save (`ask_save_path`: the last export's folder, a name made of the
tournament's name and date), then reads the tournament and writes the file on the station's
worker. Import asks for a file, reads and checks it on the worker, then asks, for each player of
the file whose name this database already has, whether that is the same person (the cashier's
namesake box); the import itself is one service call on the worker, and the new tournament is
then shown in every window. The menu entry is busy until its answer; a refusal is shown on the
director window in words, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog

from clockapp.core.tournament_file import MAX_FILE_BYTES, SUFFIX, TournamentFileError
from clockapp.errors import DomainError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.tournament_file import FilePlayer, FileSummary
from clockapp.ui.cashier.new_player import NamesakeBox
from clockapp.ui.exports import ask_save_path, export_file_name, remember_folder, start_folder

if TYPE_CHECKING:
    from clockapp.services.app import Services
    from clockapp.services.clock import ClockSnapshot
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.director.window import DirectorWindow
    from clockapp.ui.station.switching import TournamentSwitching

#: The file type the dialogs offer.
FILE_KIND = N_("clockapp tournament (*{suffix})")
#: What the namesake box's second button means here: the file's player is someone else.
ADD_AS_NEW = N_("Add as another player")


class Skipped:
    """The director cancelled the namesake questions: nothing is imported."""


SKIPPED = Skipped()


def _read_file(path: str) -> bytes:
    """The file's bytes, never more than a tournament file may hold (the check says so)."""
    try:
        with Path(path).open("rb") as file:
            return file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise TournamentFileError(
            _("Could not read {path}: {error}.").format(path=path, error=error.strerror or error)
        ) from None


def _write_file(path: str, data: bytes) -> None:
    try:
        Path(path).write_bytes(data)
    except OSError as error:
        raise TournamentFileError(
            _("Could not save {path}: {error}.").format(path=path, error=error.strerror or error)
        ) from None


class TournamentFileControls:
    """Export the bus's tournament to a file; import one as a new tournament."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        director: DirectorWindow,
        switching: TournamentSwitching,
        snapshot: Callable[[], ClockSnapshot],
    ) -> None:
        self._services = services
        self._snapshot = snapshot
        self._bus = bus
        self._director = director
        self._switching = switching
        # The menu entries, marked busy while their job runs (set once the actions exist).
        self.export_action: QAction | None = None
        self.import_action: QAction | None = None
        # Dialog hook: the existing player the file's player is, None for a new one, or
        # SKIPPED for Cancel (tests replace it).
        self.ask_namesake: Callable[[FilePlayer], int | Skipped | None] = self._ask_namesake

    # ------------------------------------------------------------------------------ export

    def export_tournament(self) -> bool:
        """Ask where to save, then write the tournament's file on the worker."""
        tid = self._bus.tournament_id
        # The name from the snapshot the windows paint: the GUI thread reads no database.
        info = self._snapshot().tournament
        day = info.created_at.astimezone().date()
        name = export_file_name(info.name, day, "tournament", SUFFIX.lstrip("."))
        path = ask_save_path(
            self._director, _("Export tournament"), name, _(FILE_KIND).format(suffix=SUFFIX)
        )
        if not path:
            return False
        if not path.endswith(SUFFIX):
            path += SUFFIX
        files = self._services.tournament_file

        def work() -> str:
            _write_file(path, files.export_tournament(tid))
            return path

        return self._bus.worker.submit(
            work,
            self._on_exported,
            self._on_refused,
            control=self.export_action,
            key=(self, "export"),
            asker=self._director,
        )

    def _on_exported(self, path: str) -> None:
        self._director.statusBar().showMessage(
            _("Tournament saved to {path}.").format(path=path), 8000
        )

    # ------------------------------------------------------------------------------ import

    def import_tournament(self) -> bool:
        """Ask for a file, check it on the worker, then match its players and import it."""
        path, _filter = QFileDialog.getOpenFileName(
            self._director,
            _("Import tournament"),
            str(start_folder()),
            _(FILE_KIND).format(suffix=SUFFIX),
        )
        if not path:
            return False
        remember_folder(path)
        files = self._services.tournament_file

        def work() -> tuple[bytes, FileSummary]:
            data = _read_file(path)
            return data, files.read_tournament_file(data)

        return self._bus.worker.submit(
            work,
            lambda answer: self._on_file_read(*answer),
            self._on_refused,
            control=self.import_action,
            key=(self, "import"),
            asker=self._director,
        )

    def _on_file_read(self, data: bytes, summary: FileSummary) -> None:
        matches: dict[int, int] = {}
        for player in summary.players:
            if not player.namesakes:
                continue
            answer = self.ask_namesake(player)
            if isinstance(answer, Skipped):
                self._director.statusBar().showMessage(
                    _("Import cancelled: nothing changed."), 5000
                )
                return
            if answer is not None:
                matches[player.file_id] = answer
        files = self._services.tournament_file
        self._bus.submit(
            lambda: files.import_tournament(data, matches),
            lambda info: self._switching.switch_to(info.id),
            self._on_refused,
            control=self.import_action,
            key=(self, "import"),
            asker=self._director,
        )

    def _ask_namesake(self, player: FilePlayer) -> int | Skipped | None:
        box = NamesakeBox(player.name, player.namesakes, self._director)
        box.note_button.setText(_(ADD_AS_NEW))
        try:
            box.exec()
            clicked = box.clickedButton()
        finally:
            box.deleteLater()
        if clicked is box.use_button:
            return player.namesakes[0].id
        if clicked is box.note_button:
            return None
        return SKIPPED

    def _on_refused(self, error: Exception) -> None:
        if not isinstance(error, DomainError):
            raise error  # the worker's net shows it
        self._director.show_error(str(error))
