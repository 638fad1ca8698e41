"""What every part of the tables window shares: the services, the bus, the banner, the room.

`TablesContext.submit` runs one service operation on the station's worker through the bus (so
the clock display and other stations refresh, and the window never waits on the database) and
calls back with its value when it answers; a refusal (`DomainError`) is shown in the banner, and
nothing was written then, because each service call is one transaction. While it is pending the
control that asked is busy and a second submission for the same key does nothing. `room` is the
room as the window last read it: the commands read it to know what the director sees.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from datetime import datetime
from typing import TypeVar

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.services.seating import RoomView
from clockapp.ui.actions import TablesAction
from clockapp.ui.banner import MessageBanner
from clockapp.ui.bus import TournamentBus
from clockapp.ui.errors import report
from clockapp.ui.operations import Control

T = TypeVar("T")


class TablesContext:
    """The services, the bus, the banner and the room last read, for one tables window.

    `actions` are the window's actions by name (filled in as the window builds them): a command
    started from one shows it busy while its call is on the worker.
    """

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        banner: MessageBanner,
        actions: Mapping[TablesAction, Control] | None = None,
    ) -> None:
        self.services = services
        self.bus = bus
        self.banner = banner
        self.actions: Mapping[TablesAction, Control] = actions if actions is not None else {}
        self.room: RoomView | None = None
        #: The tournament's name as last read: the move sheet's title.
        self.name = _("Tables")
        #: When the tournament was created, as last read (None before the first read).
        self.created_at: datetime | None = None

    @property
    def tid(self) -> int:
        """The tournament shown."""
        return self.bus.tournament_id

    def now(self) -> datetime:
        """The services' clock."""
        return self.services.now()

    def submit(
        self,
        operation: Callable[[], Outcome[T]],
        on_done: Callable[[T], object] | None = None,
        *,
        key: Hashable,
        action: TablesAction | None = None,
        control: Control | None = None,
        on_refused: Callable[[], object] | None = None,
    ) -> bool:
        """One service call on the station's worker; `on_done(value)` when it answers.

        `action` (the toolbar action that asked), or `control`, is busy meanwhile; a second
        submission for `key` while the first is pending does nothing and returns False. A
        refusal goes to the banner, then `on_refused` is called (a toggle puts its check back).
        """
        worker = self.bus.worker
        if worker.is_pending(key):
            return False
        if action is not None:
            control = self.actions.get(action, control)

        def failed(error: Exception) -> None:
            self.failed(error)
            if on_refused is not None:
                on_refused()

        return self.bus.submit(
            operation, on_done, failed, control=control, key=key, asker=self.banner
        )

    def failed(self, error: Exception) -> None:
        """Show why a call or a read failed: a refusal in the banner, anything else through the
        app's error net."""
        if isinstance(error, DomainError):
            self.banner.show_message(str(error))
        else:
            report(error, self.banner)
