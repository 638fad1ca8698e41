"""The clock: start, pause, levels, time; what the display shows; sounds that play once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, tzinfo

from clockapp import formats
from clockapp.core import clock as engine
from clockapp.core.chips import ChipSet
from clockapp.core.clock import ClockEvent, ClockState, ClockStep, KeptStep, RegistrationStep
from clockapp.core.host_events import HostEvent, Occurrence, TournamentFacts, due_occurrences
from clockapp.core.registration import RegistrationMode
from clockapp.core.structure import Break, Level, Structure
from clockapp.core.wall import WallMoment
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.persistence.codec import (
    clock_state,
    clock_state_from_json,
    clock_state_to_json,
    store_clock_state,
    structure_load,
)
from clockapp.persistence.models import ClockEventClaimRow, ClockRow, HandForHandRow, SetupRow
from clockapp.persistence.queries import clock as clock_rows
from clockapp.persistence.queries import host_events as host_rows
from clockapp.persistence.queries.clock import REGISTRATION_STEP
from clockapp.persistence.queries.seating import game_tables
from clockapp.persistence.session import Session, one_to_one
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import load_till
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.ending import NO_ENDING, WallEnding, wall_ending
from clockapp.services.host_events import local_zone, read_events
from clockapp.services.house import House, read_house
from clockapp.services.layouts import WallLayouts, read_layouts
from clockapp.services.results import field_stats, has_registrations
from clockapp.services.results.views import WallBounty
from clockapp.services.setup import (
    clock_row,
    get_row,
    load_chips,
    load_clock,
    load_structure,
    lock_row,
    setup_row,
)
from clockapp.services.structure import TournamentSettings, read_settings
from clockapp.services.tournaments import TournamentInfo
from clockapp.services.waiting_list import waiting_line_now
from clockapp.services.wall import read_moment

#: Sounds older than this when first seen are skipped: after a restart the app does not play what
#: happened while it was closed.
EVENT_WINDOW = timedelta(seconds=5)

Transition = Callable[[ClockState, Structure, datetime], ClockState]


@dataclass(frozen=True)
class Seen:
    """What a station showed when the director pressed a clock key.

    A press applies to the clock the director was looking at. When another station (or time
    running out) changed it in the meantime, the press is refused and says what changed, instead
    of landing on a clock nobody saw: two stations pausing at once must not resume it.

    Attributes:
        state: The stored clock state the station was showing.
        index: The item on its screen at the press (None: not checked, e.g. for an undo).
        step: The name the director's Undo gives the press ("" for none): the press is then
            kept, with the clock before and after it, in its own transaction, so the Undo offers
            it again after a restart (`ClockService.undo_steps`).
        redoing: The press is the Redo of the station's next undone step: that step is kept
            as done again instead of a new one, so the steps undone after it stay offered.
    """

    state: ClockState
    index: int | None = None
    step: str = ""
    redoing: bool = False


class ClockChangedError(ValidationError):
    """The clock is no longer what the station showed when the key was pressed."""


def describe(state: ClockState, structure: Structure, now: datetime) -> str:
    """The clock in a few words, for a refusal: 'Level 4 (100/200), paused'."""
    shown = engine.view(state, structure, now)
    item = shown.item
    if shown.level_number is None:
        where = f"the {item.label.lower() or 'break'}" if isinstance(item, Break) else "a break"
    else:
        where = f"Level {shown.level_number}"
        if isinstance(item, Level):
            where += f" ({formats.number(item.small_blind)}/{formats.number(item.big_blind)})"
    return f"{where}, {shown.status}"


def _check_seen(seen: Seen, state: ClockState, structure: Structure, now: datetime) -> None:
    again = _("Nothing was done; press again if you still want to.")
    if seen.state != state:
        raise ClockChangedError(
            _(
                "The clock was changed at another station a moment ago: it is now {what}. {again}"
            ).format(what=describe(state, structure, now), again=again)
        )
    if seen.index is not None and engine.view(state, structure, now).index != seen.index:
        raise ClockChangedError(
            _("The level changed as you pressed: it is now {what}. {again}").format(
                what=describe(state, structure, now), again=again
            )
        )


@dataclass(frozen=True)
class TournamentStats:
    """The numbers around the clock: field, chips, money."""

    entries: int
    players_left: int
    chips_in_play: int
    average_stack: int
    prize_pool_cents: int = 0
    payouts: tuple[tuple[int, int], ...] = ()  # (place, cents)
    players_to_money: int | None = None
    deal: tuple[tuple[str, int], ...] = ()  # (name, cents) of a standing deal, largest first
    bounty: WallBounty | None = None  # the biggest bounty, or the mystery draws
    seats: int = 0  # a satellite's seats (0: not a satellite): the ladder's first places
    satellite: str = ""  # what the satellite's seats are seats in


@dataclass(frozen=True)
class ClockSnapshot:
    """Everything the clock display needs, read in one transaction."""

    tournament: TournamentInfo
    structure: Structure
    state: ClockState
    chip_set: ChipSet
    stats: TournamentStats
    settings: TournamentSettings
    hand_for_hand: bool = False  # the wall says so while it is on
    ending: WallEnding = NO_ENDING  # the registration line; the winner once finished
    wall: WallMoment | None = None  # the moment shown over the clock (`clockapp.core.wall`)
    house: House = field(
        default_factory=House
    )  # the host's look and break slides (`clockapp.services.house`)
    waiting: str = ""  # the waiting list's line ("WAITING: Ann (a seat is free) · Bob")
    host_events: tuple[HostEvent, ...] = ()  # the events the host defined (`core.host_events`)
    # The host's layouts and screen sets, and what each screen shows (`services.layouts`).
    layouts: WallLayouts = field(default_factory=WallLayouts)


def manual_stats(setup: SetupRow) -> TournamentStats:
    """Stats from the counts the director keeps by hand (before the cashier records entries)."""
    chips = setup.entries * setup.starting_stack
    average = chips // setup.players_left if setup.players_left > 0 else 0
    return TournamentStats(
        entries=setup.entries,
        players_left=setup.players_left,
        chips_in_play=chips,
        average_stack=average,
    )


def tournament_stats(
    session: Session, setup: SetupRow, cache: LedgerCache | None = None
) -> TournamentStats:
    """The cashier's figures once anyone is registered, else the director's manual counts
    (the till from `cache` while its revision has not moved)."""
    cashier = field_stats(session, setup.tournament_id, cache)
    if cashier is None:
        return manual_stats(setup)
    return TournamentStats(
        entries=cashier.entries,
        players_left=cashier.players_left,
        chips_in_play=cashier.chips_in_play,
        average_stack=cashier.average_stack,
        prize_pool_cents=cashier.prize_pool_cents,
        payouts=cashier.payouts,
        players_to_money=cashier.players_to_money,
        deal=cashier.deal,
        bounty=cashier.bounty,
        seats=cashier.seats,
        satellite=cashier.satellite,
    )


def _ending(
    session: Session, tournament_id: int, now: datetime, cache: LedgerCache | None
) -> WallEnding:
    """The wall's registration line and winner, once the cashier has anyone on the list."""
    if not has_registrations(session, tournament_id, cache):
        return NO_ENDING
    return wall_ending(session, load_till(session, tournament_id, cache), now)


class ClockService:
    """Use cases on the tournament clock. Every transition is one transaction."""

    def __init__(
        self, ctx: ServiceContext, tills: LedgerCache | None = None, zone: tzinfo | None = None
    ) -> None:
        self._ctx = ctx
        self._tills = tills  # the money services' cache (`Services` shares one)
        self._zone = zone  # where a host event's time of day is read (None: this machine's)

    @property
    def zone(self) -> tzinfo:
        """The room's time zone, for a host event's time of day."""
        return self._zone if self._zone is not None else local_zone()

    # ---------------------------------------------------------------- reads
    def state(self, tournament_id: int) -> ClockState:
        """The persisted clock state: the clock row alone (what a window re-reads after a press
        or an undo, when only the clock changed)."""
        with self._ctx.reading() as session:
            row = session.get(ClockRow, tournament_id)
            if row is None:  # an older database without the row: it is created with defaults
                return load_clock(session, tournament_id)
            return clock_state(row)

    def figures(self, tournament_id: int) -> tuple[TournamentStats, WallEnding, str]:
        """The cashier's figures, the wall's registration line and the waiting list's line
        alone: the parts of the snapshot an entry, a bust or a payout changes (the rest is as
        it was read)."""
        with self._ctx.reading() as session:
            stats = tournament_stats(session, setup_row(session, tournament_id), self._tills)
            ending = _ending(session, tournament_id, self._ctx.now(), self._tills)
            return stats, ending, waiting_line_now(session, tournament_id)

    def snapshot(self, tournament_id: int) -> ClockSnapshot:
        """Tournament, structure, clock, chips, stats and settings, consistent with each other."""
        with self._ctx.reading() as session:
            row = get_row(session, tournament_id)
            assert row.id is not None
            setup = setup_row(session, tournament_id)
            return ClockSnapshot(
                tournament=TournamentInfo(row.id, row.name, row.created_at),
                structure=load_structure(session, tournament_id),
                state=load_clock(session, tournament_id),
                chip_set=load_chips(session, tournament_id),
                stats=tournament_stats(session, setup, self._tills),
                settings=read_settings(session, tournament_id),
                hand_for_hand=one_to_one(session, HandForHandRow, tournament_id) is not None,
                ending=_ending(session, tournament_id, self._ctx.now(), self._tills),
                wall=read_moment(session, tournament_id),
                house=read_house(session, tournament_id),
                waiting=waiting_line_now(session, tournament_id),
                host_events=read_events(session, tournament_id),
                layouts=read_layouts(session, tournament_id),
            )

    # ---------------------------------------------------------------- transitions
    def undo_steps(self, tournament_id: int) -> tuple[KeptStep, ...]:
        """The clock actions and registration choices this station's Undo and Redo offer,
        oldest first: the steps it kept (see `Seen.step`) and did not undo, as far back as they
        still undo from the clock and the registration choice as they are now, then the steps
        it undid (`undone`), as far as they still redo from them."""
        with self._ctx.reading() as session:
            rows = clock_rows.last_steps(session, tournament_id, self._ctx.station)
            steps: list[KeptStep] = []
            for kind, name, before, after, undone in rows:
                if kind == REGISTRATION_STEP:
                    steps.append(
                        RegistrationStep(
                            name,
                            RegistrationMode.parse(before),
                            RegistrationMode.parse(after),
                            undone,
                        )
                    )
                else:
                    steps.append(
                        ClockStep(
                            name,
                            clock_state_from_json(before),
                            clock_state_from_json(after),
                            undone,
                        )
                    )
            now = load_clock(session, tournament_id)
            mode = RegistrationMode.parse(get_row(session, tournament_id).registration)
            done = engine.still_undoable([s for s in steps if not s.undone], now, mode)
            return done + engine.still_redoable([s for s in steps if s.undone], now, mode)

    def _apply(
        self,
        tournament_id: int,
        transition: Transition,
        summary: str,
        seen: Seen | None,
        *,
        undoing: bool = False,
    ) -> Outcome[ClockState]:
        with self._ctx.transaction() as session:
            tournament = lock_row(session, tournament_id)  # held: it says whether play is over
            now = self._ctx.now()  # inside the lock: actions apply in the order of their times
            # The set-up and clock rows are held for the whole action: the session's identity map
            # keeps rows weakly, so each helper asking again would read them again.
            setup = setup_row(session, tournament_id)
            structure = structure_load(setup.structure_json)
            row = clock_row(session, tournament_id)
            before = clock_state(row)
            if seen is not None:
                _check_seen(seen, before, structure, now)
            state = transition(before, structure, now)
            if state.running and tournament.finished_at is not None:
                raise engine.ClockError(
                    _(
                        "The tournament is over: the clock stays stopped. Undo the last bust (or "
                        "void the deal) to play on."
                    )
                )
            store_clock_state(row, state)
            session.add(row)
            station = self._ctx.station
            if undoing:
                clock_rows.undo_last_step(session, tournament_id, station)
            if seen is not None and seen.step and seen.redoing:
                left = clock_state_to_json(state)
                clock_rows.redo_step(session, tournament_id, station, left, now)
            elif seen is not None and seen.step:
                states = (clock_state_to_json(before), clock_state_to_json(state))
                clock_rows.add_step(session, tournament_id, station, seen.step, states, now)
            changes = record_change(session, tournament_id, Change.CLOCK, summary, now)
        return Outcome(state, changes)

    def start(self, tournament_id: int, seen: Seen | None = None) -> Outcome[ClockState]:
        """Start the tournament clock (level 1, or where it was set).

        Every transition takes `seen`, what the station showed when the key was pressed: the press
        applies to that clock or is refused with what changed (`ClockChangedError`). Without it the
        transition applies to whatever the clock is now.
        """
        return self._apply(tournament_id, engine.start, "clock started", seen)

    def pause(self, tournament_id: int, seen: Seen | None = None) -> Outcome[ClockState]:
        """Pause: the time left is kept exactly."""
        return self._apply(tournament_id, engine.pause, "clock paused", seen)

    def resume(self, tournament_id: int, seen: Seen | None = None) -> Outcome[ClockState]:
        """Resume after a pause."""
        return self._apply(tournament_id, engine.resume, "clock resumed", seen)

    def toggle_pause(self, tournament_id: int, seen: Seen | None = None) -> Outcome[ClockState]:
        """Start, pause or resume, whichever the clock needs (the Space key)."""
        return self._apply(tournament_id, engine.toggle, "clock paused/resumed", seen)

    def next_level(self, tournament_id: int, seen: Seen | None = None) -> Outcome[ClockState]:
        """Go to the next level or break now."""
        return self._apply(tournament_id, engine.next_item, "next level", seen)

    def previous_level(self, tournament_id: int, seen: Seen | None = None) -> Outcome[ClockState]:
        """Go back to the previous level or break (from its start)."""
        return self._apply(tournament_id, engine.previous_item, "previous level", seen)

    def jump(self, tournament_id: int, index: int, seen: Seen | None = None) -> Outcome[ClockState]:
        """Go to item `index` of the structure (from its start)."""
        return self._apply(
            tournament_id,
            lambda s, st, now: engine.jump(s, st, now, index),
            f"jumped to item {index + 1}",
            seen,
        )

    def add_time(
        self, tournament_id: int, ms: int, seen: Seen | None = None
    ) -> Outcome[ClockState]:
        """Add time to the current level (negative to remove; never below zero)."""
        if isinstance(ms, bool) or not isinstance(ms, int):
            raise ValidationError(_("Time to add must be whole milliseconds."))
        return self._apply(
            tournament_id,
            lambda s, st, now: engine.add_time(s, st, now, ms),
            f"{'added' if ms >= 0 else 'removed'} {abs(ms) // 1000} s",
            seen,
        )

    def restart_level(self, tournament_id: int, seen: Seen | None = None) -> Outcome[ClockState]:
        """Start the current level again from its full time."""
        return self._apply(tournament_id, engine.restart_level, "level restarted", seen)

    def set_hard_end(
        self, tournament_id: int, when: datetime | None, seen: Seen | None = None
    ) -> Outcome[ClockState]:
        """Set (or clear, with None) the wall-clock time at which play stops."""
        return self._apply(
            tournament_id,
            lambda s, st, now: engine.set_hard_end(s, st, now, when),
            "hard end set" if when else "hard end cleared",
            seen,
        )

    def restore(
        self,
        tournament_id: int,
        state: ClockState,
        seen: Seen | None = None,
        *,
        undoing: bool = False,
    ) -> Outcome[ClockState]:
        """Put an earlier state back (undo). With absolute times this undoes exactly.

        With `seen` (the state the undone action left), it is refused when the clock has changed
        since, so an undo never overwrites another station's press. `undoing` marks this
        station's newest kept step undone in the same transaction (the Undo took it back; the
        Redo offers it, after a restart too).
        """

        def put_back(_current: ClockState, structure: Structure, _now: datetime) -> ClockState:
            if state.index >= len(structure.levels):
                raise ValidationError(
                    _("That clock position no longer exists: the structure has fewer levels now.")
                )
            return state

        return self._apply(tournament_id, put_back, "clock undo", seen, undoing=undoing)

    # ---------------------------------------------------------------- counts and sound
    def set_field(
        self, tournament_id: int, *, entries: int | None = None, players_left: int | None = None
    ) -> Outcome[TournamentStats]:
        """Set the entries and players left by hand (until the cashier records them)."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            setup = setup_row(session, tournament_id)
            new_entries = setup.entries if entries is None else entries
            new_left = setup.players_left if players_left is None else players_left
            if new_entries < 0 or new_left < 0:
                raise ValidationError(_("Entries and players left cannot be negative."))
            if new_left > new_entries:
                raise ValidationError(
                    _(
                        "Players left ({new_left}) cannot be more than entries ({new_entries})."
                    ).format(new_left=new_left, new_entries=new_entries)
                )
            setup.entries, setup.players_left = new_entries, new_left
            session.add(setup)
            changes = record_change(session, tournament_id, Change.ENTRIES, "field counted", now)
            stats = manual_stats(setup)
        return Outcome(stats, changes)

    def _set_flag(self, tournament_id: int, name: str, value: bool) -> Outcome[TournamentSettings]:
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            setup = setup_row(session, tournament_id)
            setattr(setup, name, value)
            session.add(setup)
            changes = record_change(session, tournament_id, Change.TOURNAMENT, name, now)
            settings = read_settings(session, tournament_id)
        return Outcome(settings, changes)

    def set_muted(self, tournament_id: int, muted: bool) -> Outcome[TournamentSettings]:
        """Mute or unmute the clock's sounds."""
        return self._set_flag(tournament_id, "muted", muted)

    def set_announce(self, tournament_id: int, announce: bool) -> Outcome[TournamentSettings]:
        """Turn the spoken announcements on or off."""
        return self._set_flag(tournament_id, "announce", announce)

    def claim_events(
        self, tournament_id: int, since: datetime | None = None
    ) -> tuple[ClockEvent, ...]:
        """The sounds due since `since` (at most a few seconds back) that never played before.

        They are marked as played in the same transaction, so each plays once: not again after an
        undo or a jump back, not after a restart, and only on one display when there are several.
        Writes nothing when nothing is due, so polling it every second costs a read.
        """
        now = self._ctx.now()
        start = now - EVENT_WINDOW if since is None else max(since, now - EVENT_WINDOW)
        with self._ctx.reading() as session:  # every second on every display: no write lock
            setup = setup_row(session, tournament_id)  # held: `load_clock` reads it too
            state = load_clock(session, tournament_id)
            due = engine.events_between(state, structure_load(setup.structure_json), start, now)
        if not due:
            return ()
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            setup = setup_row(session, tournament_id)
            structure = structure_load(setup.structure_json)
            due = engine.events_between(load_clock(session, tournament_id), structure, start, now)
            claimed = clock_rows.claimed_keys(session, tournament_id)
            fresh: list[ClockEvent] = []
            for event in due:
                key = (event.index, str(event.kind))
                if key in claimed:
                    continue
                claimed.add(key)
                fresh.append(event)
                session.add(
                    ClockEventClaimRow(
                        tournament_id=tournament_id,
                        item_index=event.index,
                        kind=str(event.kind),
                        claimed_at=now,
                    )
                )
        return tuple(fresh)

    def _facts(self, session: Session, tournament_id: int, now: datetime) -> TournamentFacts:
        """What the host's triggers look at, now."""
        stats = tournament_stats(session, setup_row(session, tournament_id), self._tills)
        tables = sum(1 for table in game_tables(session, tournament_id) if table.in_play)
        return TournamentFacts(
            at=now,
            state=load_clock(session, tournament_id),
            players_left=stats.players_left,
            paid=len(stats.payouts),
            tables=tables,
        )

    def _host_due(
        self, session: Session, tournament_id: int, before: TournamentFacts | None, now: datetime
    ) -> tuple[tuple[Occurrence, ...], TournamentFacts]:
        facts = self._facts(session, tournament_id, now)
        structure = structure_load(setup_row(session, tournament_id).structure_json)
        events = read_events(session, tournament_id)
        return due_occurrences(events, structure, before, facts, self.zone), facts

    def claim_host_events(
        self, tournament_id: int, before: TournamentFacts | None
    ) -> tuple[tuple[Occurrence, ...], TournamentFacts]:
        """The host's events due since the facts `before` that never fired, claimed; and the
        facts now, for the caller's next call (None the first time: no count has moved yet).

        As `claim_events`: the time window reaches at most a few seconds back, so nothing that
        fell due while the app was closed fires after a restart; each occurrence's key is
        claimed in the same transaction and stays, so it fires once, on one display, and not
        again after an undo. Writes nothing when nothing is due.
        """
        now = self._ctx.now()
        if before is not None and before.at < now - EVENT_WINDOW:
            before = replace(before, at=now - EVENT_WINDOW)
        with self._ctx.reading() as session:
            due, facts = self._host_due(session, tournament_id, before, now)
            if due:
                claimed = host_rows.claimed(session, tournament_id)
                due = tuple(o for o in due if o.key not in claimed)
        if not due:
            return (), facts
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            due, facts = self._host_due(session, tournament_id, before, now)
            fresh = tuple(o for o in due if host_rows.claim(session, tournament_id, o.key, now))
        return fresh, facts
