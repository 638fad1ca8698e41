"""`Services`: the one object the UI receives, holding every domain's service.

Built once at start-up from an engine (no globals) and handed to each window's constructor.
"""

from __future__ import annotations

from datetime import datetime

from clockapp.persistence.db import open_database, open_read_only
from clockapp.persistence.session import Engine
from clockapp.services.backups import BackupService
from clockapp.services.bounties import BountyService
from clockapp.services.captains import CaptainService
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.reversible import CorrectionsService
from clockapp.services.cashier.service import CashierService
from clockapp.services.chip_counts import ChipCountService
from clockapp.services.chip_race import ChipRaceService
from clockapp.services.clock import ClockService
from clockapp.services.context import Now, ServiceContext, system_now
from clockapp.services.demo import DemoService
from clockapp.services.estimate import EstimateService
from clockapp.services.hard_end import HardEndService
from clockapp.services.host_events import HostEventService
from clockapp.services.house import HouseService
from clockapp.services.layouts import LayoutService
from clockapp.services.leagues import LeagueService, TeamEventService
from clockapp.services.payouts import PayoutService
from clockapp.services.players import PlayerService
from clockapp.services.registration import RegistrationService
from clockapp.services.results import ResultsService
from clockapp.services.rulings import RulingsService
from clockapp.services.seating import SeatingService
from clockapp.services.shot_clock import ShotClockService
from clockapp.services.showdown import ShowdownService
from clockapp.services.stand_ins import StandInService
from clockapp.services.stations import StationService
from clockapp.services.structure import StructureService
from clockapp.services.tournament_file import TournamentFileService
from clockapp.services.tournaments import TournamentService
from clockapp.services.waiting_list import WaitingListService
from clockapp.services.wall import WallService


class Services:
    """Every use case of the app, grouped by domain."""

    def __init__(self, engine: Engine, now: Now = system_now, station: str = "director") -> None:
        self.ctx = ServiceContext(engine=engine, now=now, station=station)
        self.tournaments = TournamentService(self.ctx)
        self.structure = StructureService(self.ctx)
        # One cache of the tills for every service that reads them: an action loads its till
        # once, and the windows' refreshes after it read none of it again.
        tills = LedgerCache()
        self.clock = ClockService(self.ctx, tills)
        self.demo = DemoService(self.ctx)
        self.players = PlayerService(self.ctx)
        self.cashier = CashierService(self.ctx, tills)
        self.payouts = PayoutService(self.ctx, tills)
        self.results = ResultsService(self.ctx, tills)
        self.bounties = BountyService(self.ctx, tills)
        self.registration = RegistrationService(self.ctx, tills)
        self.corrections = CorrectionsService(self.ctx, tills)
        self.leagues = LeagueService(self.ctx, tills)
        self.team_event = TeamEventService(self.ctx, tills)
        self.stand_ins = StandInService(self.ctx)
        self.waiting = WaitingListService(self.ctx)
        self.rulings = RulingsService(self.ctx)
        self.seating = SeatingService(self.ctx, tills=tills)
        self.hard_end = HardEndService(self.ctx)
        self.backups = BackupService(self.ctx)
        self.wall = WallService(self.ctx)
        self.stations = StationService(self.ctx)
        self.showdown = ShowdownService(self.ctx, tills)
        self.chip_race = ChipRaceService(self.ctx)
        self.shot_clock = ShotClockService(self.ctx)
        self.chip_counts = ChipCountService(self.ctx)
        self.estimate = EstimateService(self.ctx, tills)
        self.house = HouseService(self.ctx)
        self.host_events = HostEventService(self.ctx)
        self.layouts = LayoutService(self.ctx)
        self.tournament_file = TournamentFileService(self.ctx)
        self.captains = CaptainService(self.ctx, tills)

    def now(self) -> datetime:
        """The injected time (aware UTC)."""
        return self.ctx.now()


def open_services(
    url: str | None = None, now: Now = system_now, station: str = "director"
) -> Services:
    """Open and migrate the database at `url` (default: the user's SQLite file); build Services.

    `station` names who acts on every row the services write ("cashier@laptop2").
    """
    return Services(open_database(url), now=now, station=station)


def open_services_read_only(url: str | None = None, now: Now = system_now) -> Services:
    """Services that only read the clockapp database at `url`: nothing is created or upgraded.

    A missing file, another program's database, or a schema this clockapp would first have to
    upgrade raises a `DatabaseOpenError` naming it (see `open_read_only`).
    """
    return Services(open_read_only(url), now=now)
