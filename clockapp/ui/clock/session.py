"""The live clock of one tournament, shared by every window of this process.

`ClockSession` keeps the latest `ClockSnapshot` from the services (re-read only when the bus says
the clock, the structure, the chips, the field or the money changed), computes the `ClockView`
from it and the injected `now`, and emits `ticked(view)`. Its single-shot timer only repaints: it
is armed for the next moment the displayed seconds change (never a free-running 1 s timer that
drifts into double updates), and the time shown always comes from `now`, never from counting.

It is also the one place that claims sound events (`services.clock.claim_events`), so two windows,
an undo or a restart never play a cue twice, and the one place that reads the seat moves pending on
the wall (`services.seating.pending_moves`, again whenever the bus reports a seating change), so
the display and the director's list show the same moves.

After a clock press, its undo or another station's clock change (the bus's flags name the clock
alone), only the clock row is read again; anything else re-reads the snapshot. Those reads, and
the claims of sound events, go through `TournamentBus.refresh`: on the station's worker, one at
a time, changes that come meanwhile merged into the next read (on the GUI thread only while a
change made there by a call not yet moved to the worker is published). The tick never touches the
database, and while the database hangs the wall keeps counting from the snapshot it holds. The
station's first read (`reload`, `reload_moves` when the session is built) is made where it is
built.
At start-up, `ClockSession.before_open` shows the start-up cache's snapshot with the same engine
and ticks until the station's session, on the database, takes the display over.

The tick never stops: the next repaint is armed in a `finally`, sounds are played inside the
`OptionalParts` guard (a sound or speech part that fails is reported once and then left alone),
and anything else a step raises is logged (`ticks.TickErrors`) while the clock carries on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from clockapp.core.clock import ClockEvent, ClockView, events_between, view
from clockapp.errors import DomainError
from clockapp.ui.clock.cues import NO_SOUND, cue_for
from clockapp.ui.clock.spoken import MovesHeard
from clockapp.ui.clock.texts import announcement
from clockapp.ui.ticks import TickErrors

if TYPE_CHECKING:  # the first frame is painted before the database layer and sound are imported
    from clockapp.core.host_events import Occurrence, TournamentFacts
    from clockapp.core.wall import WallMoment
    from clockapp.services.app import Services
    from clockapp.services.changes import Change, Changes
    from clockapp.services.seating import MoveInfo
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.clock.cache import ShownClock
    from clockapp.ui.optional import OptionalParts
    from clockapp.ui.sound import SoundPlayer

    #: What a seating read gives the windows: the moves pending on the wall, and the move an
    #: unbalanced room needs (None: balanced).
    SeatNews = tuple[tuple[MoveInfo, ...], str | None]

#: The repaint delay when the view could not be computed: try again in a second.
RETRY_MS = 1000
#: Land a little after the second changes, so the rounding has flipped when we look.
TICK_MARGIN_MS = 4
#: An event older than this when claimed (the app was closed, the machine slept) is not played.
STALE_EVENT = timedelta(seconds=10)


@cache
def display_flags() -> Change:
    """The change flags that change what the clock shows (the start-up clock, painted before
    the services layer is imported, never needs them)."""
    from clockapp.services.changes import Change

    return (
        Change.TOURNAMENT
        | Change.STRUCTURE
        | Change.CLOCK
        | Change.CHIPS
        | Change.ENTRIES
        | Change.LEDGER
        | Change.PAYOUTS
        | Change.WALL
    )


@cache
def count_flags() -> Change:
    """The changes that may move a count a host event waits for (players left, tables)."""
    from clockapp.services.changes import Change

    return Change.ENTRIES | Change.LEDGER | Change.PAYOUTS | Change.SEATING


def ms_to_next_change(clock_view: ClockView, now: datetime) -> int:
    """Milliseconds until the display must change: the next whole second of the countdown
    (or of the overtime counting up) while running, else the next minute of the time of day.

    >>> from datetime import UTC, datetime
    >>> from types import SimpleNamespace as NS
    >>> t = datetime(2025, 1, 1, 20, 0, 30, 250_000, tzinfo=UTC)
    >>> ms_to_next_change(NS(running=True, overtime_ms=0, remaining_ms=61_300), t)
    300
    >>> ms_to_next_change(NS(running=True, overtime_ms=0, remaining_ms=60_000), t)
    1000
    >>> ms_to_next_change(NS(running=True, overtime_ms=2_100, remaining_ms=0), t)
    900
    >>> ms_to_next_change(NS(running=False, overtime_ms=0, remaining_ms=5), t)
    29750
    """
    if clock_view.running:
        if clock_view.overtime_ms > 0:
            return 1000 - clock_view.overtime_ms % 1000
        # The countdown rounds up, so its text changes when the time left crosses a whole second.
        return clock_view.remaining_ms % 1000 or 1000
    into_minute = now.second * 1000 + now.microsecond // 1000
    return 60_000 - into_minute


class ClockSession(QObject):
    """The current tournament's clock for every window: snapshot, view, ticks and sounds.

    Args:
        services: The app's services (None: the start-up clock, see `before_open`).
        bus: The tournament bus (its `changed` signal triggers re-reads; None with `services`).
        sound: Where cues and announcements go.
        timer: The single-shot repaint timer (tests pass one they fire by hand).
        claim_sounds: False for a view that must not consume sound events (a screenshot).
        parts: Where a sound or speech failure is reported (one of its own if not given).
        shown: Without services, the snapshot shown (the start-up cache's first frame).
        now: Without services, the time.
    """

    ticked = Signal(object)  # ClockView, at least once per displayed second while running
    snapshot_changed = Signal(object)  # ClockSnapshot, when the static parts changed
    error_raised = Signal(str)  # a domain error to show the director
    moves_changed = Signal(object)  # tuple of MoveInfo: the seat moves pending on the wall
    balance_changed = Signal(object)  # str | None: the move an unbalanced room needs
    events_claimed = Signal(object)  # tuple of ClockEvent this station claimed (backups listen)
    host_fired = Signal(object)  # tuple of host-event Occurrence this station claimed and fired

    def __init__(
        self,
        services: Services | None,
        bus: TournamentBus | None,
        sound: SoundPlayer,
        timer: QTimer | None = None,
        claim_sounds: bool = True,
        parts: OptionalParts | None = None,
        parent: QObject | None = None,
        *,
        shown: ShownClock | None = None,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        super().__init__(parent)
        self._parts = parts  # one of its own on first use (the start-up clock never sounds)
        self.tick_errors = TickErrors("the clock's tick")
        self._sound = sound
        self._timer = timer if timer is not None else QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._stopped = False
        self._snapshot: Any = None
        self._view: ClockView | None = None
        self._last_tick: datetime | None = None
        self.last_changes: Change | None = None  # what the last reload was for (None: all)
        self._moves: tuple[MoveInfo, ...] = ()
        self._balance: str | None = None
        self._moves_heard = MovesHeard()  # which moves the room has heard (spoken)
        # The tournament's facts at this station's last claim of host events (None: none yet),
        # and the host's message over the clock with the time it comes down.
        self._host_facts: TournamentFacts | None = None
        self._host_message: tuple[WallMoment, datetime] | None = None
        self._wanted: Change | None = None  # what the bus said changed, not read yet
        self._in_flight: Change | None = None  # what the read on the worker is reading
        self._reads = 0  # reads asked so far: only the newest one's answer is shown
        self._services = services
        self._bus = bus
        self.sounds_enabled = claim_sounds
        if services is None or bus is None:
            if shown is None or now is None:
                raise TypeError("a clock session without services needs `shown` and `now`")
            self._now = now
            self._snapshot = shown
            return
        self._now = services.now
        bus.changed.connect(self._on_bus_changed)
        bus.tournament_switched.connect(self._on_bus_tournament_switched)
        bus.connection_changed.connect(self._on_bus_connection_changed)
        self.reload()
        self.reload_moves()

    @classmethod
    def before_open(
        cls, shown: ShownClock, now: Callable[[], datetime], parent: QObject | None = None
    ) -> ClockSession:
        """The clock of the start-up cache's snapshot, shown before the database is open.

        The same engine and ticks as a session on the services, but it reads nothing, claims no
        sound and has no seat moves: the station's session takes the display over once the
        database is open, and this one is stopped. The caller ticks it for the first frame.
        """
        return cls(None, None, NO_SOUND, claim_sounds=False, parent=parent, shown=shown, now=now)

    def stop(self) -> None:
        """Stop repainting (a start-up session whose display was taken over)."""
        self._stopped = True
        self._timer.stop()

    # ---------------------------------------------------------------- reading

    @property
    def services(self) -> Services:
        """The services this session reads."""
        assert self._services is not None, "a start-up session has no services"
        return self._services

    @property
    def bus(self) -> TournamentBus:
        """The bus it listens to."""
        assert self._bus is not None, "a start-up session has no bus"
        return self._bus

    @property
    def tournament_id(self) -> int:
        """The tournament shown."""
        if self._bus is None:
            return int(self._snapshot.tournament.id)
        return self._bus.tournament_id

    @property
    def snapshot(self) -> Any:
        """The latest ClockSnapshot."""
        return self._snapshot

    @property
    def parts(self) -> OptionalParts:
        """Where a sound or speech failure is reported."""
        if self._parts is None:
            from clockapp.ui.optional import OptionalParts

            self._parts = OptionalParts(self)
        return self._parts

    @property
    def sound(self) -> SoundPlayer:
        """Where cues go."""
        return self._sound

    def now(self) -> datetime:
        """The injected time."""
        return self._now()

    def current_view(self) -> ClockView:
        """The clock as it reads now."""
        snap = self._snapshot
        return view(snap.state, snap.structure, self.now())

    @property
    def moves(self) -> tuple[MoveInfo, ...]:
        """The seat moves pending on the wall (MoveInfo), oldest first."""
        return self._moves

    @property
    def balance(self) -> str | None:
        """The move the room needs while it is out of balance, in plain words (None: balanced)."""
        return self._balance

    @property
    def last_view(self) -> ClockView | None:
        """The view of the last tick."""
        return self._view

    def timer_interval(self) -> int:
        """The delay the repaint timer is armed with (for tests and the CPU bench)."""
        return self._timer.interval()

    # ---------------------------------------------------------------- updating

    def reload(self, what: Change | None = None) -> None:
        """Re-read the snapshot now, tell the windows, and repaint (on the calling thread: the
        station's first read; a change on the bus is read through `TournamentBus.refresh`).

        Sounds are claimed only when the clock or the structure changed (`what`, everything when
        None): a new count of players cannot make a level start.
        """
        from clockapp.services.changes import Change

        what = Change.ALL if what is None else what
        self._show_snapshot(self.services.clock.snapshot(self.tournament_id), what)

    def _show_snapshot(self, snapshot: Any, what: Change) -> None:
        from clockapp.services.changes import Change

        self._snapshot = snapshot
        self.last_changes = what
        self._sound.set_muted(bool(self._snapshot.settings.muted))
        self.snapshot_changed.emit(self._snapshot)
        if what & (Change.CLOCK | Change.STRUCTURE):
            self.claim_sounds()
        if self._host_facts is None and bool(getattr(snapshot, "host_events", None)):
            self.claim_host_events()  # the facts the next claims compare with
        self.tick()

    def reload_moves(self) -> None:
        """Read the pending seat moves again, tell the windows when they changed, say new ones."""
        self._show_moves(self._read_moves(self.tournament_id))

    def _read_moves(self, tournament_id: int) -> SeatNews | DomainError:
        # The balance is read with the moves: a bust at any station that unbalances the room
        # reaches the director with the move to make.
        try:
            seating = self.services.seating
            moves = tuple(seating.pending_moves(tournament_id))
            return moves, seating.balance_notice(tournament_id)
        except DomainError as error:
            return error

    def _show_moves(self, read: SeatNews | DomainError) -> None:
        if isinstance(read, DomainError):
            self.error_raised.emit(str(read))
            moves: tuple[MoveInfo, ...] = ()
            balance: str | None = None
        else:
            moves, balance = read
        if balance != self._balance:
            self._balance = balance
            self.balance_changed.emit(balance)
        news = self._moves_heard.news(moves)  # the new moves' sentence (once each)
        if moves != self._moves:
            self._moves = moves
            self.moves_changed.emit(moves)
        if news and self.sounds_enabled and self._snapshot.settings.announce:
            # Guarded like every optional part: no speech engine shows the moves and goes on.
            from clockapp.ui.optional import Part

            self.parts.load(Part.SPEECH, lambda: self._sound.say(news))

    def tick(self) -> ClockView:
        """Compute the view now, publish it, play what fell due, and arm the next repaint.

        The next repaint is armed whatever happens here; a listener of `ticked` that raises does
        not reach this method (Qt reports it), and sounds go through their own guard.
        """
        delay = RETRY_MS
        try:
            now = self.now()
            clock_view = self.current_view()
            delay = ms_to_next_change(clock_view, now) + TICK_MARGIN_MS
            previous = self._last_tick
            self._last_tick = now
            moved = self._view is not None and self._view.index != clock_view.index
            self._view = clock_view
            self.ticked.emit(clock_view)
            if moved:
                self.tick_errors.run(self._on_level_moved)
            if previous is not None:
                self.tick_errors.run(lambda: self._claim_if_due(previous, now))
                self.tick_errors.run(lambda: self._claim_host_if_due(previous, now))
        finally:
            if not self._stopped:
                self._timer.start(delay)
        return clock_view

    def _on_level_moved(self) -> None:
        """The cashier's wall line (registration open until a level) depends on where the clock
        is: read the figures again, off the GUI thread, when the level moves on (by time or by
        a press), or the wall would say "until level 6" through level 7."""
        if getattr(self._snapshot, "ending", None) is None:
            return  # the start-up clock, before the services: nothing to read yet
        from clockapp.services.changes import Change

        self._wanted = Change.ENTRIES if self._wanted is None else self._wanted | Change.ENTRIES
        self._refresh()

    def _claim_if_due(self, since: datetime, now: datetime) -> None:
        if self._events_due(since, now):
            self.claim_sounds()

    def claim_sounds(self) -> bool:
        """Claim the due events in the database and play what is fresh (once, across stations).

        The claim runs on the station's worker (the tick never waits on the database); the cues
        play when it answers. False when nothing was asked (sounds are off, or a claim is still
        on its way: it claims whatever is due when it runs).
        """
        if not self.sounds_enabled:
            return False
        tid, clock = self.tournament_id, self.services.clock

        def claim() -> tuple[ClockEvent, ...] | DomainError:
            try:
                return tuple(clock.claim_events(tid))
            except DomainError as error:
                return error

        return self.bus.refresh(
            claim,
            lambda claimed: self._on_claimed(tid, claimed),
            self.tick_errors.log,
            key=(self, "claim"),
        )

    def _on_claimed(
        self, tournament_id: int, claimed: tuple[ClockEvent, ...] | DomainError
    ) -> None:
        if isinstance(claimed, DomainError):
            self.error_raised.emit(str(claimed))
            return
        if claimed:
            self.events_claimed.emit(claimed)
        if tournament_id != self.tournament_id:
            return  # switched meanwhile: the room is no longer watching that clock
        now = self.now()
        fresh = [e for e in claimed if now - e.at <= STALE_EVENT]
        if fresh:
            self._play(fresh)

    def _events_due(self, since: datetime, now: datetime) -> bool:
        """Whether anything may sound between the last tick and now (a cheap, pure check)."""
        snap = self._snapshot
        if now <= since:
            return False
        return bool(events_between(snap.state, snap.structure, since, now))

    def _play(self, events: list[ClockEvent]) -> None:
        # Each call is guarded: a sound device that raises is reported once and then left alone.
        from clockapp.ui.optional import Part

        cue = cue_for({e.kind for e in events})
        if cue is not None:
            self.parts.load(Part.SOUND, lambda: self._sound.play(cue))
        if self._snapshot.settings.announce:
            # The newest sentence only: after a break, the new blinds.
            levels = self._snapshot.structure.levels
            spoken = [announcement(e, levels) for e in sorted(events, key=lambda e: e.at)]
            spoken = [s for s in spoken if s]
            if spoken:
                self.parts.load(Part.SPEECH, lambda: self._sound.say(spoken[-1]))

    # ---------------------------------------------------------------- the host's events

    def host_moment(self) -> WallMoment | None:
        """The host's message over the clock now (None once its seconds are up)."""
        if self._host_message is None:
            return None
        moment, until = self._host_message
        if self.now() >= until:
            self._host_message = None
            return None
        return moment

    def _has_count_triggers(self) -> bool:
        from clockapp.core.host_events import COUNT_TRIGGERS

        events = getattr(self._snapshot, "host_events", ())
        return any(event.trigger in COUNT_TRIGGERS for event in events)

    def _claim_host_if_due(self, since: datetime, now: datetime) -> None:
        """Claim the host's events when a time trigger fell due since the last tick (a cheap,
        pure check on the snapshot; the counts are checked when the bus reports a change)."""
        snap = self._snapshot
        events = getattr(snap, "host_events", ())
        if not events or now <= since:
            return
        from clockapp.core.host_events import TournamentFacts, due_occurrences

        left = snap.stats.players_left
        before = TournamentFacts(since, snap.state, left)
        if due_occurrences(events, snap.structure, before, replace(before, at=now), self._zone()):
            self.claim_host_events()

    def _zone(self) -> Any:
        return self.services.clock.zone

    def claim_host_events(self) -> bool:
        """Claim the host's events due since this station's last claim and fire what is fresh
        (on the station's worker, as `claim_sounds`; once across stations)."""
        if not self.sounds_enabled:
            return False
        tid, clock, before = self.tournament_id, self.services.clock, self._host_facts

        def claim() -> tuple[tuple[Occurrence, ...], TournamentFacts] | DomainError:
            try:
                return clock.claim_host_events(tid, before)
            except DomainError as error:
                return error

        return self.bus.refresh(
            claim,
            lambda claimed: self._on_host_claimed(tid, claimed),
            self.tick_errors.log,
            key=(self, "host"),
        )

    def _on_host_claimed(
        self,
        tournament_id: int,
        claimed: tuple[tuple[Occurrence, ...], TournamentFacts] | DomainError,
    ) -> None:
        if isinstance(claimed, DomainError):
            self.error_raised.emit(str(claimed))
            return
        if tournament_id != self.tournament_id:
            return
        fired, self._host_facts = claimed
        if fired:
            self.fire_host(fired)
            self.host_fired.emit(fired)

    def fire_host(self, occurrences: tuple[Occurrence, ...]) -> None:
        """Play, speak and show the host's occurrences now (a claim's, or the editor's Test now).

        Each sound goes through the optional-part guard: without sound the message still shows.
        """
        from pathlib import Path

        from clockapp.core.host_events import BUILT_IN_SOUNDS
        from clockapp.core.wall import MESSAGE, WallMoment
        from clockapp.ui.optional import Part
        from clockapp.ui.sound import Cue

        now = self.now()
        for occurrence in occurrences:
            sound = occurrence.sound
            if sound:
                cue: Cue | Path = Cue(sound) if sound in BUILT_IN_SOUNDS else Path(sound)
                self.parts.load(Part.SOUND, partial(self._sound.play, cue))
            spoken = occurrence.spoken.strip()
            if spoken and self._snapshot.settings.announce:
                self.parts.load(Part.SPEECH, partial(self._sound.say, spoken))
            if occurrence.wall_text.strip():
                lines = occurrence.wall_text.strip().splitlines()
                payload = {"title": lines[0], "text": "\n".join(lines[1:])}
                moment = WallMoment(MESSAGE, payload, since=now)
                self._host_message = (moment, now + timedelta(seconds=occurrence.seconds))
        self.tick()

    def _on_timer_timeout(self) -> None:
        # The timer is re-armed inside tick(); what it raises is logged, never raised into Qt.
        self.tick_errors.run(self.tick)

    def preview_moment(self, moment: WallMoment) -> None:
        """Show `moment` over the clock as if the director had put it there, writing nothing to
        the database (`clockapp --screenshot --wall KIND`): this session's copy of the snapshot
        carries it, so the next tick keeps it on the wall."""
        self._snapshot = replace(self._snapshot, wall=moment)
        self.snapshot_changed.emit(self._snapshot)
        self.tick()

    def reload_clock(self) -> None:
        """Re-read the clock state alone (the rest of the snapshot did not change), tell the
        windows, claim what fell due, and repaint (on the calling thread, as `reload`).

        A clock press or its undo costs this one read, not the whole snapshot (the cashier's
        figures, the settings and the chips stay as they were read).
        """
        self._show_clock(self.services.clock.state(self.tournament_id))

    def _show_clock(self, state: Any) -> None:
        from clockapp.services.changes import Change
        from clockapp.services.clock import EVENT_WINDOW

        self._snapshot = replace(self._snapshot, state=state)
        self.last_changes = Change.CLOCK
        self.snapshot_changed.emit(self._snapshot)
        now = self.now()
        # The pure check first: most presses (a pause, a minute) make no sound fall due, and the
        # claim would read the clock again to find that out.
        if self._events_due(now - EVENT_WINDOW, now):
            self.claim_sounds()
        self.tick()

    # ---------------------------------------------------------------- refreshing off the GUI

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.tournament_id not in (None, self.tournament_id):
            return
        if changes.what & count_flags() and self._has_count_triggers():
            self.claim_host_events()  # a bust or a broken table may be what a host awaits
        self._wanted = changes.what if self._wanted is None else self._wanted | changes.what
        self._refresh()

    def _refresh(self) -> None:
        """Read what the changes asked for since the last read (`TournamentBus.refresh`, on the
        worker), then show it.

        One read at a time: changes that come while it is on its way are merged into the next
        (a hung database queues nothing behind it; the clock ticks on from the snapshot held).
        """
        from clockapp.services.changes import Change

        what = self._wanted
        if what is None or self._in_flight is not None:
            return
        self._wanted = None
        if not what & (display_flags() | Change.SEATING | Change.TOURNAMENT):
            return
        tid, clock = self.tournament_id, self.services.clock
        clock_only = what & display_flags() == Change.CLOCK
        # An entry, a bust or a payout changes the figures beside the clock, nothing else of it.
        money = Change.ENTRIES | Change.LEDGER | Change.PAYOUTS
        figures = bool(what & money) and not what & display_flags() & ~money
        whole = not clock_only and not figures and bool(what & display_flags())
        moves = bool(what & (Change.SEATING | Change.TOURNAMENT))
        self._reads += 1
        number = self._reads

        def read() -> tuple[Any, Any, SeatNews | DomainError | None, Any]:
            return (
                clock.state(tid) if clock_only else None,
                clock.snapshot(tid) if whole else None,
                self._read_moves(tid) if moves else None,
                clock.figures(tid) if figures else None,
            )

        def failed(error: Exception) -> None:
            if number == self._reads:
                self._in_flight = None
                # Read again when the database is back.
                self._wanted = what if self._wanted is None else self._wanted | what
            self.tick_errors.log(error)

        self._in_flight = what
        self.bus.refresh(read, lambda answer: self._on_refreshed(number, tid, what, answer), failed)

    def _on_refreshed(
        self, number: int, tournament_id: int, what: Change, answer: tuple[Any, Any, Any, Any]
    ) -> None:
        if number != self._reads:
            return  # a newer read was made here meanwhile, and shown
        self._in_flight = None
        if tournament_id == self.tournament_id:
            state, snapshot, moves, figures = answer
            if figures is not None:
                stats, ending, waiting = figures
                snapshot = replace(self._snapshot, stats=stats, ending=ending, waiting=waiting)
            if snapshot is not None:
                self._show_snapshot(snapshot, what)
            elif state is not None:
                self._show_clock(state)
            if moves is not None:
                self._show_moves(moves)
        self._refresh()  # what changed while this read was on its way

    def _on_bus_connection_changed(self, online: bool) -> None:
        if online:
            self._refresh()  # a read that failed while away

    def _on_bus_tournament_switched(self, _tid: int) -> None:
        self._last_tick = None
        self._host_facts = None  # another tournament's counts
        self._host_message = None
        self._moves_heard = MovesHeard()  # another tournament's pending moves are not news
