"""The tournament switcher of the station: open another tournament, or create one.

`TournamentSwitching` is owned by `ClockStation` (as its `tournaments`): the chosen tournament is
opened (it is the one the app reopens next time) and shown in every window through the bus. A
refusal is shown on the director window and changes nothing. `ask_tournament` and
`ask_tournament_name` are its dialog hooks (tests replace them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog

from clockapp.core.errors import DomainError
from clockapp.ui.director.tournaments import TournamentDialog

if TYPE_CHECKING:
    from clockapp.services.app import Services
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.director.window import DirectorWindow


class TournamentSwitching:
    """Ctrl+O and Ctrl+Shift+N: another tournament, in every window."""

    def __init__(self, services: Services, bus: TournamentBus, director: DirectorWindow) -> None:
        self._services = services
        self._bus = bus
        self._director = director  # the dialogs' parent; refusals and the news are shown on it
        # Dialog hooks: each returns the director's answer, or None for Cancel (tests replace them).
        self.ask_tournament: Callable[[], int | None] = self._ask_tournament
        self.ask_tournament_name: Callable[[], str | None] = self._ask_tournament_name

    def open_tournament(self) -> int | None:
        """Ctrl+O: choose another tournament and show it in every window."""
        tournament_id = self.ask_tournament()
        if tournament_id is None or tournament_id == self._bus.tournament_id:
            return None
        return self.switch_to(tournament_id)

    def new_tournament(self) -> int | None:
        """Ctrl+Shift+N: create a tournament (default structure and chips) and show it."""
        name = self.ask_tournament_name()
        if name is None:
            return None
        tournaments = self._services.tournaments
        try:
            info = self._bus.run(lambda: tournaments.create(name))
        except DomainError as error:
            self._director.show_error(str(error))
            return None
        return self.switch_to(info.id)

    def switch_to(self, tournament_id: int) -> int | None:
        """Show `tournament_id` everywhere and reopen it next time."""
        tournaments = self._services.tournaments
        try:
            info = self._bus.run(lambda: tournaments.open(tournament_id))
        except DomainError as error:
            self._director.show_error(str(error))
            return None
        self._bus.switch_tournament(tournament_id)
        self._director.statusBar().showMessage(f"Now showing {info.name}.", 5000)
        return tournament_id

    def _ask_tournament(self) -> int | None:
        dialog = TournamentDialog(
            self._services.tournaments.list(), self._bus.tournament_id, self._director
        )
        return dialog.chosen() if dialog.exec() == TournamentDialog.DialogCode.Accepted else None

    def _ask_tournament_name(self) -> str | None:
        name, ok = QInputDialog.getText(self._director, "New tournament", "Tournament name:")
        return name if ok and name.strip() else None
