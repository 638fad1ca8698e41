"""The tournament switcher of the station: open another tournament, or create one.

`TournamentSwitching` is mixed into `ClockStation`: the chosen tournament is opened (it is the
one the app reopens next time) and shown in every window through the bus. A refusal is shown on
the director window and changes nothing. `ask_tournament` and `ask_tournament_name` are the
station's dialog hooks (tests replace them).
"""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog

from clockapp.core.errors import DomainError
from clockapp.ui.clock.tournaments import TournamentDialog


class TournamentSwitching:
    """Ctrl+O and Ctrl+Shift+N: another tournament, in every window."""

    def open_tournament(self) -> int | None:
        """Ctrl+O: choose another tournament and show it in every window."""
        tournament_id = self.ask_tournament()
        if tournament_id is None or tournament_id == self.bus.tournament_id:
            return None
        return self.switch_to(tournament_id)

    def new_tournament(self) -> int | None:
        """Ctrl+Shift+N: create a tournament (default structure and chips) and show it."""
        name = self.ask_tournament_name()
        if name is None:
            return None
        try:
            info = self.bus.run(lambda: self.services.tournaments.create(name))
        except DomainError as error:
            self.director.show_error(str(error))
            return None
        return self.switch_to(info.id)

    def switch_to(self, tournament_id: int) -> int | None:
        """Show `tournament_id` everywhere and reopen it next time."""
        try:
            self.bus.run(lambda: self.services.tournaments.open(tournament_id))
        except DomainError as error:
            self.director.show_error(str(error))
            return None
        self.bus.switch_tournament(tournament_id)
        self.director.statusBar().showMessage(
            f"Now showing {self.session.snapshot.tournament.name}.", 5000
        )
        return tournament_id

    def _ask_tournament(self) -> int | None:
        dialog = TournamentDialog(
            self.services.tournaments.list(), self.bus.tournament_id, self.director
        )
        return dialog.chosen() if dialog.exec() == TournamentDialog.DialogCode.Accepted else None

    def _ask_tournament_name(self) -> str | None:
        name, ok = QInputDialog.getText(self.director, "New tournament", "Tournament name:")
        return name if ok and name.strip() else None
