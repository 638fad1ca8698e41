"""The clock through the services: persisted absolute times, undo, and sounds that play once."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from clockapp.core.clock import ClockState, EventKind, view
from clockapp.core.structure import Break, Level, Structure
from clockapp.errors import DomainError, ValidationError
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.clock import ClockChangedError, Seen
from tests.fakes import FakeClock

SIMPLE = Structure(
    "Test",
    (Level(25, 50, minutes=20), Level(50, 100, minutes=20), Break(10), Level(100, 200, minutes=20)),
)


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.structure.replace(t, SIMPLE)
    return t


def remaining(services: Services, tid: int) -> int:
    snap = services.clock.snapshot(tid)
    return view(snap.state, snap.structure, services.now()).remaining_ms


def test_a_new_tournament_has_a_usable_default_set_up(services: Services) -> None:
    t = services.tournaments.create("Fresh").value.id
    snap = services.clock.snapshot(t)
    assert snap.structure.level_count >= 10
    assert not snap.state.started
    snap.structure.validate_chips(snap.chip_set)


def test_start_pause_resume_keeps_time_exactly(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    outcome = services.clock.start(tid)
    assert outcome.changes.touches(Change.CLOCK)
    fake_clock.advance(minutes=5)
    services.clock.pause(tid)
    fake_clock.advance(minutes=30)  # a long pause costs no level time
    assert remaining(services, tid) == 15 * 60_000
    services.clock.resume(tid)
    fake_clock.advance(seconds=1.5)
    assert remaining(services, tid) == 15 * 60_000 - 1500


def test_the_clock_runs_on_while_the_app_is_closed(
    engine: Engine, fake_clock: FakeClock, tid: int, services: Services
) -> None:
    services.clock.start(tid)
    fake_clock.advance(minutes=25)  # the app is closed here
    reopened = Services(engine, now=fake_clock)
    snap = reopened.clock.snapshot(tid)
    shown = view(snap.state, snap.structure, fake_clock())
    assert shown.level_number == 2
    assert shown.remaining_ms == 15 * 60_000


def test_undo_restores_the_previous_state(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.clock.start(tid)
    fake_clock.advance(minutes=3)
    before = services.clock.state(tid)
    services.clock.next_level(tid)
    assert view(services.clock.state(tid), SIMPLE, fake_clock()).level_number == 2
    services.clock.restore(tid, before)
    assert remaining(services, tid) == 17 * 60_000


def test_minutes_added_and_removed(services: Services, tid: int, fake_clock: FakeClock) -> None:
    services.clock.start(tid)
    services.clock.add_time(tid, 60_000)
    assert remaining(services, tid) == 21 * 60_000
    services.clock.add_time(tid, -120_000)
    assert remaining(services, tid) == 19 * 60_000
    with pytest.raises(ValidationError):
        services.clock.add_time(tid, 1.5)  # type: ignore[arg-type]


def test_a_refused_transition_changes_nothing(services: Services, tid: int) -> None:
    revision = services.tournaments.revision()
    with pytest.raises(DomainError):
        services.clock.jump(tid, 99)
    assert services.tournaments.revision() == revision
    assert not services.clock.state(tid).started


def test_sounds_play_once_never_after_undo_or_restart(
    engine: Engine, services: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.clock.start(tid)
    first = services.clock.claim_events(tid)
    assert [e.kind for e in first] == [EventKind.LEVEL_STARTED]
    assert services.clock.claim_events(tid) == ()
    fake_clock.advance(seconds=19 * 60 - 1)
    since = fake_clock()
    fake_clock.advance(seconds=2)  # the one-minute warning falls at 19:00
    warning = services.clock.claim_events(tid, since=since)
    assert [e.kind for e in warning] == [EventKind.ONE_MINUTE_WARNING]
    # Undo to just before the warning and let it pass again: it does not replay.
    services.clock.add_time(tid, 30_000)
    fake_clock.advance(seconds=31)
    assert services.clock.claim_events(tid) == ()
    # Another display (or a restarted app) on the same database does not replay either.
    other = Services(engine, now=fake_clock)
    assert other.clock.claim_events(tid) == ()
    fake_clock.advance(seconds=60)
    level_two = other.clock.claim_events(tid)
    assert [e.kind for e in level_two] == [EventKind.LEVEL_STARTED]
    assert services.clock.claim_events(tid) == ()


def test_events_missed_while_closed_are_not_played_on_restart(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.clock.start(tid)
    services.clock.claim_events(tid)
    fake_clock.advance(minutes=45)  # level 2 started and the break began while nobody listened
    assert services.clock.claim_events(tid) == ()


def test_field_counts_and_stats(services: Services, tid: int) -> None:
    services.structure.update_settings(tid, starting_stack=5000)
    stats = services.clock.set_field(tid, entries=20, players_left=8).value
    assert (stats.chips_in_play, stats.average_stack) == (100_000, 12_500)
    with pytest.raises(ValidationError, match="more than entries"):
        services.clock.set_field(tid, players_left=21)
    assert services.clock.snapshot(tid).stats.players_left == 8


def test_mute_and_announce_flags(services: Services, tid: int) -> None:
    assert services.clock.set_muted(tid, True).value.muted
    assert not services.clock.set_announce(tid, False).value.announce
    settings = services.clock.snapshot(tid).settings
    assert settings.muted
    assert not settings.announce


def test_restore_refuses_a_position_that_no_longer_exists(services: Services, tid: int) -> None:
    state = services.clock.state(tid)
    with pytest.raises(ValidationError):
        services.clock.restore(tid, replace(state, index=40))


@pytest.mark.slow
def test_the_demo_is_in_full_swing(services: Services) -> None:
    info = services.demo.create_demo().value
    assert services.tournaments.last_opened() == info
    snap = services.clock.snapshot(info.id)
    shown = view(snap.state, snap.structure, services.now())
    assert shown.level_number == 3
    assert snap.state.running
    assert shown.remaining_ms == 20 * 60_000 - (7 * 60_000 + 26_000)
    assert (snap.stats.entries, snap.stats.players_left) == (24, 17)
    # The money comes from the cashier: 24 buy-ins of $90 to the prize pool.
    assert snap.stats.prize_pool_cents == 24 * 9_000
    assert snap.stats.chips_in_play == 24 * snap.settings.starting_stack
    assert snap.stats.average_stack == snap.stats.chips_in_play // 17
    assert sum(cents for _place, cents in snap.stats.payouts) == snap.stats.prize_pool_cents
    assert snap.stats.players_to_money == 17 - len(snap.stats.payouts)
    assert len(services.results.busts(info.id)) == 7
    # Three tables, everyone left seated and balanced, one move waiting on the display.
    room = services.seating.room(info.id)
    assert len(room.tables) == 3
    assert room.player_count == 17
    assert not room.out_of_balance
    (move,) = services.seating.pending_moves(info.id)
    assert move.name
    assert move.from_seat.table != move.to_seat.table


@pytest.mark.slow
def test_a_second_demo_reuses_the_players_and_draws_the_same_seats(services: Services) -> None:
    first = services.demo.create_demo().value
    players = len(services.players.list())
    second = services.demo.create_demo().value
    assert second.id != first.id
    assert len(services.players.list()) == players == 24
    assert services.tournaments.last_opened() == second

    def layout(tid: int) -> list[list[str]]:
        return [[s.name for s in t.seats] for t in services.seating.room(tid).tables]

    assert layout(first.id) == layout(second.id)


@pytest.mark.slow
def test_the_demo_does_not_take_the_place_of_a_real_tournament(services: Services) -> None:
    real = services.tournaments.create("Saturday Main Event").value
    demo = services.demo.open_demo().value
    assert demo.id != real.id
    assert services.tournaments.last_opened() == real
    # Asked again, the same demo: one demo however often it is opened.
    assert services.demo.open_demo().value == demo
    assert services.demo.find_demo() == demo
    assert [t.name for t in services.tournaments.list()] == [demo.name, real.name]
    assert services.tournaments.last_opened() == real


@pytest.mark.slow
def test_an_old_demo_is_reused_with_its_clock_back_on_level_3(
    services: Services, fake_clock: FakeClock
) -> None:
    demo = services.demo.open_demo().value
    fake_clock.advance(minutes=5)
    revision = services.tournaments.revision()
    assert services.demo.open_demo().value == demo  # still in play: left as it is
    assert services.tournaments.revision() == revision
    snap = services.clock.snapshot(demo.id)
    assert view(snap.state, snap.structure, services.now()).remaining_ms == 7 * 60_000 + 34_000
    fake_clock.advance(minutes=3 * 24 * 60)  # three days later: deep in overtime
    snap = services.clock.snapshot(demo.id)
    assert view(snap.state, snap.structure, services.now()).in_overtime
    assert services.demo.open_demo().value == demo
    snap = services.clock.snapshot(demo.id)
    shown = view(snap.state, snap.structure, services.now())
    assert (shown.level_number, shown.remaining_ms) == (3, 12 * 60_000 + 34_000)
    assert len(services.tournaments.list()) == 1


# ---------------------------------------------------------------- several stations


def _station_b(engine: Engine, fake_clock: FakeClock) -> Services:
    """A second station on the same database (its own services, the same room clock)."""
    return Services(engine, now=fake_clock)


def test_a_press_on_a_clock_another_station_changed_is_refused_and_changes_nothing(
    services: Services, tid: int, engine: Engine, fake_clock: FakeClock
) -> None:
    services.clock.start(tid)
    seen_by_a = Seen(services.clock.state(tid), index=0)
    other = _station_b(engine, fake_clock)
    paused = other.clock.toggle_pause(tid).value  # B pauses first
    with pytest.raises(ClockChangedError, match=r"another station.*Level 1 \(25/50\), paused"):
        services.clock.toggle_pause(tid, seen_by_a)  # A's Space would otherwise resume it
    assert services.clock.state(tid) == paused
    # A station that has seen B's pause presses again: it applies.
    assert services.clock.toggle_pause(tid, Seen(paused, index=0)).value.running


def test_a_level_move_is_refused_when_time_already_moved_the_level(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    state = services.clock.start(tid).value
    fake_clock.advance(minutes=19, seconds=59)
    seen = Seen(state, index=0)  # the director sees level 1 with a second left ...
    fake_clock.advance(seconds=2)  # ... and level 2 begins as the key goes down
    with pytest.raises(ClockChangedError, match=r"level changed as you pressed.*Level 2"):
        services.clock.next_level(tid, seen)
    assert services.clock.state(tid) == state
    assert services.clock.next_level(tid, Seen(state, index=1)).value.index == 2


@pytest.mark.slow
def test_an_undo_never_overwrites_another_stations_press(
    services: Services, tid: int, engine: Engine, fake_clock: FakeClock
) -> None:
    before = services.clock.start(tid).value
    after = services.clock.next_level(tid, Seen(before, index=0)).value
    _station_b(engine, fake_clock).clock.pause(tid)
    with pytest.raises(ClockChangedError, match="another station"):
        services.clock.restore(tid, before, Seen(after))
    assert services.clock.state(tid).running is False
    assert services.clock.state(tid).index == 1


def test_a_pause_reads_and_writes_only_the_clock(
    services: Services, tid: int, engine: Engine
) -> None:
    services.clock.start(tid)
    statements: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        statements.append(" ".join(statement.split()))

    def counted(call: Callable[[], object]) -> list[str]:
        statements.clear()
        event.listen(engine, "before_cursor_execute", count)
        try:
            call()
        finally:
            event.remove(engine, "before_cursor_execute", count)
        return list(statements)

    before = services.clock.state(tid)
    after: list[ClockState] = []
    pause = counted(lambda: after.append(services.clock.pause(tid, Seen(before)).value))
    # Its undo, as the undo stack does it: what the pause left is what it undoes.
    undo = counted(lambda: services.clock.restore(tid, before, Seen(after[0])))
    redo = counted(lambda: services.clock.pause(tid, Seen(before)))
    # What a window re-reads after each of them: the clock row alone.
    reread = counted(lambda: services.clock.state(tid))
    for done in (pause, undo, redo):
        updates = [re.findall(r"^UPDATE (\w+)", s)[0] for s in done if s.startswith("UPDATE")]
        # The clock row, whole, and the tournament's revision (the change feed), once each.
        assert sorted(updates) == ["clock_state", "tournament"], done
        assert len(done) <= 10, done
        assert len(done) + len(reread) <= 10, (done, reread)
        touched = {t for s in done for t in re.findall(r"(?:FROM|INTO|UPDATE) (\w+)", s)}
        assert touched <= {"tournament", "tournament_setup", "clock_state", "change"}, done
    assert [s.split()[0] for s in reread] == ["BEGIN", "SELECT"]
    assert services.clock.state(tid) == after[0]


@pytest.mark.slow
def test_named_presses_are_kept_for_the_undo_after_a_restart(engine, fake_clock) -> None:
    from clockapp.services.app import Services
    from clockapp.services.clock import Seen

    services = Services(engine, now=fake_clock)
    tid = services.tournaments.create("Kept").value.id
    clock = services.clock
    started = clock.start(tid, Seen(clock.state(tid), step="Start clock")).value
    fake_clock.advance(seconds=10)
    moved = clock.next_level(tid, Seen(started, step="Next level")).value
    clock.pause(tid)  # no name: not an undoable press, and not kept
    again = Services(engine, now=fake_clock)
    assert again.clock.undo_steps(tid) == ()  # the pause is not undoable: nothing chains up
    clock.resume(tid)
    clock.restore(tid, moved)
    # Once the clock is back where the last kept step left it, both are offered, oldest first.
    assert [s.name for s in again.clock.undo_steps(tid)] == ["Start clock", "Next level"]
    again.clock.restore(tid, started, Seen(moved), undoing=True)
    step, undone = again.clock.undo_steps(tid)
    assert (step.name, step.after, step.undone) == ("Start clock", started, False)
    # The undone press is offered for redo, and a redo keeps it as done again.
    assert (undone.name, undone.before, undone.undone) == ("Next level", started, True)
    again.clock.restore(tid, moved, Seen(started, step="Next level", redoing=True))
    assert [(s.name, s.undone) for s in again.clock.undo_steps(tid)] == [
        ("Start clock", False),
        ("Next level", False),
    ]
    # A new press after an undo drops the undone step from the redo.
    again.clock.restore(tid, started, Seen(moved), undoing=True)
    fake_clock.advance(seconds=10)
    clock.add_time(tid, 60_000, Seen(started, step="Add a minute"))
    assert [(s.name, s.undone) for s in again.clock.undo_steps(tid)] == [
        ("Start clock", False),
        ("Add a minute", False),
    ]
    # Another station keeps its own presses.
    other = Services(engine, now=fake_clock, station="director@laptop2")
    assert other.clock.undo_steps(tid) == ()


@pytest.mark.slow
def test_registration_choices_are_kept_in_the_undo_line(engine, fake_clock) -> None:
    from clockapp.core.clock import RegistrationStep
    from clockapp.core.registration import RegistrationMode
    from clockapp.services.app import Services
    from clockapp.services.clock import Seen

    services = Services(engine, now=fake_clock)
    tid = services.tournaments.create("Kept").value.id
    clock = services.clock
    clock.start(tid, Seen(clock.state(tid), step="Start clock"))
    services.registration.close(tid, "Close registration")
    again = Services(engine, now=fake_clock)
    steps = again.clock.undo_steps(tid)
    assert [s.name for s in steps] == ["Start clock", "Close registration"]
    closed = steps[1]
    assert isinstance(closed, RegistrationStep)
    assert (closed.before, closed.after) == (RegistrationMode.AUTO, RegistrationMode.CLOSED)
    # Reopened at another desk, without a step: the close no longer undoes, nor what is under it.
    services.registration.reopen(tid)
    assert again.clock.undo_steps(tid) == ()
