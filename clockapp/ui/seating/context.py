"""What every part of the tables window shares: the services, the bus, the banner, the room.

`TablesContext.run` runs one service operation through the bus (so the clock display and other
stations refresh) and turns a refusal (`DomainError`) into the banner's message; nothing is
written then, because each service call is one transaction. `room` is the room as the window
last read it: the commands read it to know what the director sees.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

from clockapp.core.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.services.seating import RoomView
from clockapp.ui.banner import MessageBanner
from clockapp.ui.bus import TournamentBus

T = TypeVar("T")


class TablesContext:
    """The services, the bus, the banner and the room last read, for one tables window."""

    def __init__(self, services: Services, bus: TournamentBus, banner: MessageBanner) -> None:
        self.services = services
        self.bus = bus
        self.banner = banner
        self.room: RoomView | None = None
        #: The tournament's name as last read: the move sheet's title.
        self.name = "Tables"

    @property
    def tid(self) -> int:
        """The tournament shown."""
        return self.bus.tournament_id

    def now(self) -> datetime:
        """The services' clock."""
        return self.services.now()

    def run(self, operation: Callable[[], Outcome[T]]) -> T | None:
        """One service call through the bus; a refusal goes to the banner (returns None)."""
        try:
            return self.bus.run(operation)
        except DomainError as error:
            self.banner.show_message(str(error))
            return None
