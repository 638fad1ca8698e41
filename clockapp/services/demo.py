"""`clockapp --demo`: a ready sample tournament to try everything with.

The demo is a tournament in full swing, built through the same services a director uses: 24
players bought in at the cashier ($100: $90 to the prize pool, $10 to the house), seated by draw
at three tables of eight, seven of them busted during the first levels, a balancing move waiting
on the clock display, and level 3 running with 12:34 to go.

The cashier, the seating and the busts each commit their own transaction per action (that
is their unit of work, with the till lock and the seating rules inside it), so the demo calls them
in sequence; a last transaction starts the clock. Each step runs on a time source set back to when
it would have happened, so the ledger and the busts carry plausible times. Seats are drawn
from a fixed seed: the demo looks the same every time.

The demo never takes the place of a real tournament: it becomes the one the app reopens only in a
database with no other tournament, and `clockapp --demo` reuses the demo already there
(`open_demo`) rather than adding another each time.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from clockapp.core import clock as engine
from clockapp.core.clock import ClockState, ClockStatus
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.persistence.models import TournamentRow
from clockapp.persistence.queries import tournaments as tournament_rows
from clockapp.persistence.session import Session
from clockapp.services.cashier.service import CashierService
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.services.context import ServiceContext, record_change, revision_of
from clockapp.services.players import PlayerDetails, PlayerService
from clockapp.services.results import ResultsService
from clockapp.services.seating import SeatingService
from clockapp.services.setup import (
    create_setup,
    load_clock,
    load_structure,
    save_clock,
    setup_row,
)
from clockapp.services.tournaments import TournamentInfo, set_last_opened

DEMO_NAME = "Demo: Friday Night Deepstack"
#: The demo's players, in the order they bought in (reused from the player list when present).
DEMO_PLAYERS = (
    "Ann Lee",
    "Bob Marsh",
    "Carla Diaz",
    "Dev Patel",
    "Erin Walsh",
    "Frank Olsen",
    "Grace Kim",
    "Hugo Brandt",
    "Ines Costa",
    "Jack Turner",
    "Kara Novak",
    "Liam Byrne",
    "Maya Chen",
    "Nils Berg",
    "Olga Petrova",
    "Paul Dubois",
    "Quinn Avery",
    "Rosa Jimenez",
    "Sam Okafor",
    "Tara Singh",
    "Umar Haddad",
    "Vera Lind",
    "Will Foster",
    "Yuki Sato",
)
#: $100 a seat: $90 to the prize pool, $10 to the house.
DEMO_PRICE = EntryPrice(9_000, house_fee=1_000)
DEMO_TABLES = 3
DEMO_SEATS = 8
#: Players busted at each table: 8/8/8 becomes 7/5/5, which one balancing move evens out.
DEMO_BUSTS = {1: 1, 2: 3, 3: 3}
DEMO_SEED = 2026


class _SetBack:
    """A time source the demo moves along while it replays the evening."""

    def __init__(self, at: datetime) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at


def _demo_rows(session: Session) -> list[TournamentRow]:
    """The demo tournaments in the database (not archived), newest first."""
    return list(tournament_rows.active(session, name=DEMO_NAME))


def _has_other_tournament(session: Session, demo_id: int) -> bool:
    """Whether the database holds a tournament besides the demos (the director's own)."""
    return tournament_rows.another_active_exists(session, but=demo_id, name_not=DEMO_NAME)


def _info(row: TournamentRow) -> TournamentInfo:
    assert row.id is not None
    return TournamentInfo(row.id, row.name, row.created_at)


def _set_demo_clock(session: Session, tid: int, started: datetime, now: datetime) -> None:
    """The demo's clock: started at `started`, level 3 running with 12:34 to go at `now`."""
    structure = load_structure(session, tid)
    state = engine.start(ClockState(), structure, started)
    third = structure.index_of_level(3)
    state = engine.jump(state, structure, now - timedelta(minutes=7, seconds=26), third)
    save_clock(session, tid, state)


class DemoService:
    """Creates the sample tournament, or finds the one already there."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def find_demo(self) -> TournamentInfo | None:
        """The demo tournament already in the database (the newest), or None. Writes nothing."""
        with self._ctx.reading() as session:
            rows = _demo_rows(session)
            return _info(rows[0]) if rows else None

    def open_demo(self) -> Outcome[TournamentInfo]:
        """The demo for `clockapp --demo`: the one already in the database, else a new one.

        A demo left running for days would show its last level deep in overtime (or stopped by
        a hard end tried on it): then its clock goes back to level 3 with 12:34 to go. Nothing
        else of it changes, and it does not become the tournament the app reopens unless the
        database has no other tournament.

        >>> from clockapp.services.app import open_services
        >>> services = open_services("sqlite://")
        >>> first = services.demo.open_demo().value
        >>> services.demo.open_demo().value == first, len(services.tournaments.list())
        (True, 1)
        """
        found = self.find_demo()
        if found is None:
            return self.create_demo()
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            structure = load_structure(session, found.id)
            shown = engine.view(load_clock(session, found.id), structure, now)
            stale = shown.in_overtime or shown.status is ClockStatus.STOPPED_BY_HARD_END
            if not stale:
                revision = revision_of(session, found.id).tournament
                return Outcome(found, Changes(found.id, Change.NONE, revision))
            _set_demo_clock(session, found.id, now - timedelta(minutes=47), now)
            changes = record_change(session, found.id, Change.CLOCK, "demo clock reset", now)
        return Outcome(found, changes)

    def create_demo(self) -> Outcome[TournamentInfo]:
        """A tournament in full swing: 24 entries, 17 left, level 3 running with 12:34 to go.

        The money, the tables and a pending seat move come from the cashier and seating
        services, one transaction per action, as at a real event. The demo becomes the
        tournament the app reopens only when the database holds no other (besides demos).
        """
        now = self._ctx.now()
        started = now - timedelta(minutes=47)
        with self._ctx.transaction() as session:
            row = tournament_rows.add(
                session, TournamentRow(name=DEMO_NAME, created_at=started - timedelta(minutes=30))
            )
            assert row.id is not None
            tid = row.id
            create_setup(session, tid)
            session.flush()
            stack = setup_row(session, tid).starting_stack
            info = _info(row)

        at = _SetBack(started - timedelta(minutes=20))
        ctx = ServiceContext(self._ctx.engine, now=at, station=self._ctx.station)
        self._fill(ctx, at, tid, stack, started, now)

        with self._ctx.transaction() as session:
            _set_demo_clock(session, tid, started, now)
            if not _has_other_tournament(session, tid):
                set_last_opened(session, tid)
            changes = record_change(session, tid, Change.ALL, "demo created", now)
        return Outcome(info, changes)

    @staticmethod
    def _fill(
        ctx: ServiceContext,
        at: _SetBack,
        tid: int,
        stack: int,
        started: datetime,
        now: datetime,
    ) -> None:
        """Buy-ins, the draw, the busts and the balancing move, each through its service."""
        players = PlayerService(ctx)
        cashier = CashierService(ctx)
        seating = SeatingService(ctx, rng=random.Random(DEMO_SEED))
        results = ResultsService(ctx)

        rules = EntryRules(RegistrationRule(DEMO_PRICE, stack))
        cashier.set_config(tid, CashierConfig(rules))
        known = {p.name: p.id for p in players.list()}
        for name in DEMO_PLAYERS:
            player_id = known.get(name)
            if player_id is None:
                player_id = players.create(PlayerDetails(name)).value.id
            at.at += timedelta(seconds=25)
            cashier.buy_in(tid, player_id, tendered=DEMO_PRICE.total)
        seating.add_tables(tid, DEMO_TABLES, seat_count=DEMO_SEATS)
        seating.draw_seats(tid)

        room = seating.room(tid)
        minute = 6
        for table in room.tables:
            seated = [s.registration_id for s in table.seats if s.registration_id is not None]
            busts = DEMO_BUSTS.get(table.number, 0)
            # Each bust goes to the next player round the table (the bounty story of the night).
            for out, winner in zip(seated[:busts], seated[busts:], strict=False):
                at.at = started + timedelta(minutes=minute)
                minute += 5
                results.bust(tid, out, busted_by=winner)

        # The director gave each table's button for the balancing, which moves one player.
        at.at = now - timedelta(minutes=1)
        for table in seating.room(tid).tables:
            occupied = [s.number for s in table.seats if s.registration_id is not None]
            if occupied:
                seating.set_button(tid, table.number, occupied[len(occupied) // 2])
        for _ in range(DEMO_TABLES):
            result = seating.balance(tid).value
            if result.need_button is None:
                break
            table = seating.room(tid).table(result.need_button.table)
            first = next(s.number for s in table.seats if s.registration_id is not None)
            seating.set_button(tid, table.number, first)
