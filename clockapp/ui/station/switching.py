"""The tournament switcher of the station: open another tournament, or create one.

`TournamentSwitching` is owned by `ClockStation` (as its `tournaments`). What its dialogs show
(the tournaments, the new one's defaults) is read on the station's worker before they open; the
chosen tournament is opened there too (it is the one the app reopens next time), a new one is
created there, and once that has answered it is shown in every window through the bus. A refusal
is shown on the director window (or the set-up dialog) and changes nothing. `ask_tournament` and
`ask_new_tournament` are its dialog hooks (tests replace them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from clockapp.core.event_templates import EventTemplate
from clockapp.core.night_plan import NightPlan
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.services.changes import Outcome, Revision
from clockapp.ui.clock.new_tournament import NewTournamentDialog
from clockapp.ui.director.tournaments import TournamentDialog

if TYPE_CHECKING:
    from clockapp.services.app import Services
    from clockapp.services.tournaments import TournamentInfo
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
        # The new tournament's id once the set-up dialog created it, or None for Cancel.
        self.ask_new_tournament: Callable[[], int | None] = self._ask_new_tournament
        #: What the dialogs show, read on the worker just before they open.
        self.listed: tuple[TournamentInfo, ...] = ()
        self._next_plan: NightPlan | None = None

    def open_tournament(self) -> bool:
        """Ctrl+O: choose another tournament and show it in every window.

        The tournaments are listed on the worker first; the choice is asked when that answers.
        False when nothing was asked (a choice or a switch still on its way)."""
        worker = self._bus.worker
        if worker.is_pending((self, "choose")) or worker.is_pending((self, "switch")):
            return False
        tournaments = self._services.tournaments

        def listed(rows: tuple[TournamentInfo, ...]) -> None:
            self.listed = rows
            tournament_id = self.ask_tournament()
            if tournament_id is not None and tournament_id != self._bus.tournament_id:
                self.switch_to(tournament_id)

        return worker.submit(
            tournaments.list, listed, self._on_switch_refused, key=(self, "choose")
        )

    def new_tournament(self) -> bool:
        """Ctrl+Shift+N: set up a tournament in one dialog (structure, chips, rules) and show it.

        Its fields start from the last tournament, read on the worker first; the dialog opens
        when that answers. False when nothing was asked (one still on its way)."""
        tournaments = self._services.tournaments

        def planned(plan: NightPlan) -> None:
            self._next_plan = plan
            tournament_id = self.ask_new_tournament()
            if tournament_id is not None:
                self.switch_to(tournament_id)

        return self._bus.worker.submit(
            tournaments.next_plan, planned, self._on_switch_refused, key=(self, "plan")
        )

    def switch_to(self, tournament_id: int) -> bool:
        """Open `tournament_id` on the worker (reopened next time), then show it everywhere.
        False when nothing was asked (a switch is still on its way)."""
        tournaments = self._services.tournaments

        def open_it() -> Outcome[tuple[TournamentInfo, Revision]]:
            # Where its feed stands is read here too: the switch must not read it on the GUI
            # thread.
            outcome = tournaments.open(tournament_id)
            return Outcome((outcome.value, tournaments.revision_of(tournament_id)), outcome.changes)

        def opened(answer: tuple[TournamentInfo, Revision]) -> None:
            info, seen = answer
            self._bus.switch_tournament(tournament_id, seen)
            self._director.statusBar().showMessage(
                _("Now showing {name}.").format(name=info.name), 5000
            )

        return self._bus.submit(
            open_it,
            opened,
            self._on_switch_refused,
            key=(self, "switch"),
        )

    def _on_switch_refused(self, error: Exception) -> None:
        if not isinstance(error, DomainError):
            raise error  # the worker's net shows it
        self._director.show_error(str(error))

    def _ask_tournament(self) -> int | None:
        dialog = TournamentDialog(self.listed, self._bus.tournament_id, self._director)
        return dialog.chosen() if dialog.exec() == TournamentDialog.DialogCode.Accepted else None

    def new_tournament_dialog(self) -> NewTournamentDialog:
        """The set-up dialog of a new tournament, over the director window (not yet shown).

        Create submits the plan to the worker, its button busy until the answer."""
        today = self._services.now().astimezone().date()
        tournaments = self._services.tournaments

        def create(
            plan: NightPlan,
            template: EventTemplate,
            created: Callable[[int], object],
            refused: Callable[[Exception], object],
        ) -> bool:
            return self._bus.submit(
                lambda: tournaments.create_planned(plan, template),
                lambda info: created(info.id),
                refused,
                control=dialog.create_button,
                key=(self, "create"),
            )

        dialog = NewTournamentDialog(
            tournaments, today, self._director, create=create, defaults=self._next_plan
        )
        return dialog

    def _ask_new_tournament(self) -> int | None:
        dialog = self.new_tournament_dialog()
        try:
            dialog.exec()
            return dialog.created_id
        finally:
            dialog.deleteLater()  # asked once: not kept under the director window
