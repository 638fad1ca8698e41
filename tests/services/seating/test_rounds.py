"""The seating service over a whole evening: busts and balancing to the final table, hand-for-hand
play, and shootouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clockapp.core.seating import MoveKind, Seat
from clockapp.core.seating.shootout_state import ExitCause
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.seating import SeatingError, SeatingService
from tests.fakes import FakeClock
from tests.services.seating import test_seating as base
from tests.services.seating.test_seating import bust, buy_ins, field, place, snapshot

# The seating fixtures (a RAM-disk database copied from a migrated template, seeded services).
db_path = base.db_path
template_db = base.template_db
engine = base.engine
services = base.services
tid = base.tid


def answer_buttons(services: Services, tid: int, rng: random.Random) -> None:
    """Balance until nothing more is asked, answering each button question like a dealer."""
    for _ in range(10):
        result = services.seating.balance(tid).value
        if result.need_button is None:
            return
        seating = services.seating.seating(tid)
        seats = sorted(seating.players_at(result.need_button.table))
        services.seating.set_button(tid, result.need_button.table, rng.choice(seats))
    raise AssertionError("balancing kept asking for buttons")


@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_busts_in_any_order_keep_the_room_whole_and_balanced(
    services: Services, fake_clock: FakeClock, data: st.DataObject
) -> None:
    """Against the obvious reference: the seated players are exactly the players in play, once
    each, the tables stay within one player, and every logged move matches a seat change. Time
    passes between busts (so some button answers go stale and are asked again)."""
    tid = services.tournaments.create("Evening").value.id
    services.seating.add_tables(tid, 3, seat_count=6)
    ids = field(services, tid, 16)
    services.seating.draw_seats(tid)
    order = data.draw(st.permutations(ids), label="bust order")
    rng = random.Random(data.draw(st.integers(0, 10_000), label="buttons"))
    in_play = set(ids)
    for rid in order[:13]:
        before = services.seating.seating(tid)
        logged = len(services.seating.moves(tid))
        fake_clock.advance(seconds=data.draw(st.integers(0, 200), label="seconds"))
        bust(services, rid)
        in_play.discard(rid)
        answer_buttons(services, tid, rng)
        after = services.seating.seating(tid)
        assert set(after.seats) == in_play
        assert len(set(after.seats.values())) == len(in_play)
        counts = list(after.counts().values())
        assert max(counts) - min(counts) <= 1
        assert sum(t.open_seat_count for t in after.tables) - len(in_play) < 6  # broke in time
        for move in services.seating.moves(tid)[logged:]:
            assert before.seat_of(move.registration_id) == move.from_seat
            assert after.seat_of(move.registration_id) == move.to_seat
    assert len(services.seating.room(tid).tables) == 1  # 3 players left: the final table


# ---------------------------------------------------------------------------- hand-for-hand
@pytest.mark.slow
def test_hand_for_hand_waits_for_every_table(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    place(services, tid, {1: [1, 3, 5, 7], 2: [2, 4, 6]})
    services.seating.set_button(tid, 1, 5)
    outcome = services.seating.start_hand_for_hand(tid)
    assert outcome.changes.touches(Change.SEATING | Change.CLOCK)
    hfh = outcome.value
    assert (hfh.hand, hfh.waiting) == (1, (1, 2))
    assert services.seating.room(tid).hand_for_hand == hfh

    services.seating.finish_hand(tid, 2)
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match="Table 1 has not finished hand 1"):
        services.seating.next_hand(tid)
    assert snapshot(services, tid) == before

    hfh = services.seating.finish_hand(tid, 1).value
    assert hfh.all_finished
    second = services.seating.next_hand(tid).value
    assert (second.hand, second.waiting, second.finished) == (2, (1, 2), frozenset())
    # Each table played one hand: the known button moved on to the next player.
    assert services.seating.room(tid).table(1).button == 7
    assert services.seating.room(tid).table(2).button is None

    with pytest.raises(SeatingError, match="Table 5 is not playing hand 2"):
        services.seating.finish_hand(tid, 5)
    with pytest.raises(SeatingError, match="already on"):
        services.seating.start_hand_for_hand(tid)
    services.seating.stop_hand_for_hand(tid)
    assert services.seating.hand_for_hand(tid) is None
    with pytest.raises(SeatingError, match="Hand-for-hand play is off"):
        services.seating.finish_hand(tid, 1)


def test_a_table_that_breaks_has_finished_its_hand(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 3, seat_count=6)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5], 3: [1, 2, 3]})
    services.seating.start_hand_for_hand(tid)
    bust(services, seats[(3, 1)])
    result = services.seating.balance(tid).value
    assert result.broken == (3,)
    assert services.seating.hand_for_hand(tid).finished == frozenset({3})  # type: ignore[union-attr]


# ---------------------------------------------------------------------------- shootouts
@pytest.mark.slow
def test_a_shootout_plays_each_table_to_one_winner_then_a_final(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 3, seat_count=4)
    ids = buy_ins(services, tid, 8)
    view = services.seating.start_shootout(tid).value
    first = view.shootout.current
    assert first.seating.counts() == {1: 4, 2: 4}  # as few tables as hold them
    room = services.seating.room(tid)
    assert room.shootout
    assert room.busts_until_table_break is None
    assert sorted(t.count for t in room.tables) == [0, 4, 4]

    before = snapshot(services, tid)
    for refused in (
        lambda: services.seating.balance(tid),
        lambda: services.seating.move_player(tid, ids[0], 3, 1),
        lambda: services.seating.draw_seats(tid),
    ):
        with pytest.raises(SeatingError, match="A shootout is under way"):
            refused()
    with pytest.raises(SeatingError, match="Round 1 is not finished"):
        services.seating.advance_shootout(tid, {})
    assert snapshot(services, tid) == before

    for table in (1, 2):
        players = first.remaining(table)
        for player in players[:2]:
            services.seating.shootout_bust(tid, player)
        services.seating.shootout_hand_busts(tid, {players[2]: 5000})
        assert services.seating.room(tid).table(table).count == 1
    view = services.seating.shootout(tid)
    assert view is not None
    assert view.shootout.current.finished
    winners = dict(view.shootout.current.winners)

    chips = {winners[1]: 16_000, winners[2]: 24_000}
    final = services.seating.advance_shootout(tid, chips).value
    assert final.shootout.current.is_final
    assert dict(final.shootout.current.stacks) == chips
    moves = services.seating.pending_moves(tid)
    assert {m.registration_id for m in moves} <= set(chips)
    assert all(m.kind is MoveKind.FINAL_TABLE for m in moves)
    room = services.seating.room(tid)
    assert room.table(1).count == 2

    done = services.seating.shootout_bust(tid, winners[1]).value
    assert done.shootout.champion == winners[2]
    places = {p.player: p.place for p in done.places}
    assert places[winners[2]] == 1
    assert places[winners[1]] == 2
    assert sorted(places.values()) == list(range(1, 9))  # by order of busts
    assert not services.seating.room(tid).shootout  # over: the room is a room again


def test_a_shootout_time_limit_crowns_the_chip_leader(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.seating.add_tables(tid, 1, seat_count=6)
    buy_ins(services, tid, 3)
    view = services.seating.start_shootout(tid, time_limit_minutes=60).value
    players = view.shootout.current.remaining(1)
    chips = {players[0]: 2000, players[1]: 9000, players[2]: 4000}
    fake_clock.advance(minutes=60)  # the time limit is up (a time-out before it is refused)
    done = services.seating.shootout_time_limit(tid, 1, chips).value
    assert done.shootout.champion == players[1]
    causes = {p.player: p.cause for p in done.places}
    assert causes[players[0]] is ExitCause.TIME_LIMIT
    assert [p.player for p in done.places] == [players[1], players[2], players[0]]


@pytest.mark.slow
def test_seat_moves_use_registration_names(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=6)
    seats = place(services, tid, {1: [1]})
    move = services.seating.move_player(tid, seats[(1, 1)], 2, 2).value
    assert (move.name, move.to_seat) == ("P01", Seat(2, 2))


def test_the_default_random_source_is_fresh_for_each_draw(services: Services, tid: int) -> None:
    """Without an injected generator, two identical rooms are (almost surely) drawn differently."""
    services.seating = SeatingService(services.ctx)
    services.seating.add_tables(tid, 4, seat_count=10)
    field(services, tid, 40)
    first = services.seating.draw_seats(tid).value
    second = services.seating.draw_seats(tid, redraw=True).value
    assert {d.registration_id: d.seat for d in first} != {d.registration_id: d.seat for d in second}
