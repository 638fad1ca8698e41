"""Property tests: balancing and breaking against a spelled-out reference of the TDA rules.

The reference works from first principles: the blinds are listed by walking clockwise from the
button, and the worst position is found by trying every empty seat and counting, hand by hand, how
long the newcomer plays before posting the big blind.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.seating import (
    DealIn,
    Move,
    MoveKind,
    Seat,
    Seating,
    Table,
    set_button,
    without_player,
)
from clockapp.core.seating.balancing import BalancePlan, BalancePolicy, NeedButton, plan_balance
from clockapp.core.seating.planning import MoveStats
from clockapp.core.seating.table_breaks import TableBreakRules, plan_table_breaks, table_break_order

# ------------------------------------------------------------------ the reference


def clockwise_after(seat: int, seat_count: int) -> list[int]:
    """Every seat after `seat`, walking clockwise, ending with `seat`."""
    return [*range(seat + 1, seat_count + 1), *range(1, seat + 1)]


def ref_blinds(seat_count: int, button: int, players: set[int]) -> tuple[int, int]:
    """(small blind, big blind) for the next hand."""
    seated = [s for s in clockwise_after(button, seat_count) if s in players]
    if len(players) == 2 and button in players:
        return button, seated[0]
    return seated[0], seated[1]


def ref_hands_until_big_blind(
    seat_count: int, button: int, players: set[int], newcomer: int
) -> int | None:
    """Hands until a newcomer posts the big blind; None where the rule forbids dealing him in."""
    if newcomer == button:
        return None  # he would sit on the button
    everyone = players | {newcomer}
    small, big = ref_blinds(seat_count, button, everyone)
    if small == newcomer:
        return None  # he would be the small blind (between the small blind and the button)
    # The big blind moves on one player per hand.
    ring = [s for s in clockwise_after(big, seat_count) if s in everyone]
    ring = [big, *ring[:-1]]
    return ring.index(newcomer) + 1


def ref_worst_seats(table: Table, players: set[int], taken: set[int]) -> set[int]:
    """Every seat that is as bad as the worst position (ties share the honours)."""
    assert table.button is not None
    empty = [s for s in table.open_seats if s not in taken]
    hands = {
        s: ref_hands_until_big_blind(table.seat_count, table.button, players, s) for s in empty
    }
    allowed = {s: h for s, h in hands.items() if h is not None}
    if not allowed:
        return set(empty)
    best = min(allowed.values())
    return {s for s, h in allowed.items() if h == best}


# ------------------------------------------------------------------ rooms


@st.composite
def rooms(draw: st.DrawFn, min_tables: int = 2, max_tables: int = 7) -> Seating:
    """Random rooms: buttons known, unknown or dead; and, in most rooms, tables of mixed sizes,
    closed seats and players with a fixed seat (the simple rooms of equal tables stay in the mix,
    where the policy can always be reached)."""
    simple = draw(st.booleans())
    same_size = draw(st.integers(3, 10))
    tables = []
    seats: dict[int, Seat] = {}
    player = 0
    for number in range(1, draw(st.integers(min_tables, max_tables)) + 1):
        seat_count = same_size if simple else draw(st.integers(2, 10))
        closed: set[int] = set()
        if not simple:
            closed = draw(st.sets(st.integers(1, seat_count), max_size=seat_count - 2))
        open_seats = [s for s in range(1, seat_count + 1) if s not in closed]
        taken = draw(st.sets(st.sampled_from(open_seats), max_size=len(open_seats)))
        for seat in sorted(taken):
            player += 1
            seats[player] = Seat(number, seat)
        button = draw(st.one_of(st.none(), st.sampled_from(open_seats)))
        tables.append(
            Table(number, seat_count=seat_count, closed_seats=frozenset(closed), button=button)
        )
    fixed: set[int] = set()
    if not simple and seats:
        fixed = draw(st.sets(st.sampled_from(sorted(seats)), max_size=max(1, len(seats) // 4)))
    return Seating(tuple(tables), seats, frozenset(fixed))


def ref_can_still_balance(seating: Seating) -> bool:
    """Whether some legal balancing move is left: a table with a free open seat, and a table with
    at least two players more that has a player without a fixed seat."""
    counts = seating.counts()
    for short in seating.tables:
        if counts[short.number] >= short.open_seat_count:
            continue
        for full in seating.tables:
            movable = [
                p for p in seating.players_at(full.number).values() if p not in seating.fixed
            ]
            if counts[full.number] >= counts[short.number] + 2 and movable:
                return True
    return False


policies = st.sampled_from(
    [BalancePolicy(), BalancePolicy.within_two_from(3), BalancePolicy(2), BalancePolicy(1, 3, 4)]
)


def balance_answering(
    seating: Seating, policy: BalancePolicy, data: st.DataObject
) -> tuple[Seating, BalancePlan]:
    """Plan, answering every button question with a random occupied seat, as a director would."""
    for _ in range(len(seating.tables) * 2 + 1):
        result = plan_balance(seating, policy)
        if isinstance(result, BalancePlan):
            return seating, result
        assert isinstance(result, NeedButton)
        assert seating.table(result.table).button is None
        assert len(seating.players_at(result.table)) >= 2  # a hand is under way there
        taken = sorted(seating.players_at(result.table))
        seating = set_button(seating, result.table, data.draw(st.sampled_from(taken)))
    raise AssertionError("the planner kept asking for buttons")


def check_balance_moves(before: Seating, moves: tuple[Move, ...]) -> None:
    """Replay the moves one by one and hold each to the TDA rules."""
    occupied = {t.number: dict(before.players_at(t.number)) for t in before.tables}
    waiting: dict[int, set[int]] = {t.number: set() for t in before.tables}
    idle = {n for n, o in occupied.items() if len(o) < 2}  # no hand under way there
    givers: set[int] = set()
    receivers: set[int] = set()
    for move in moves:
        source, target = move.from_seat, move.to_seat
        counts = {n: len(o) for n, o in occupied.items()}
        # Only from a fuller to a shorter table, and from a fullest table that can give (one
        # with a player whose seat is not fixed).
        assert counts[source.table] >= counts[target.table] + 2
        can_give = [
            n
            for n in counts
            if counts[n] >= counts[target.table] + 2
            and any(p not in before.fixed for p in occupied[n].values())
        ]
        assert counts[source.table] == max(counts[n] for n in can_give)
        with_room = [n for n in counts if counts[n] < before.table(n).open_seat_count]
        assert counts[target.table] == min(counts[n] for n in with_room)
        # The player who will be big blind next moves; when his seat is fixed, the first player
        # after him whose seat is not.
        giver = before.table(source.table)
        assert giver.button is not None
        _, big = ref_blinds(giver.seat_count, giver.button, set(occupied[source.table]))
        ring = [big, *clockwise_after(big, giver.seat_count)[:-1]]
        mover = next(
            s
            for s in ring
            if s in occupied[source.table] and occupied[source.table][s] not in before.fixed
        )
        assert source.number == mover
        assert occupied[source.table][mover] == move.player
        assert move.player not in before.fixed
        # He takes the worst position at the short table.
        receiver = before.table(target.table)
        dealt = set(occupied[target.table]) - waiting[target.table]
        if target.table in idle:
            assert move.deal_in is DealIn.NOW
        else:
            taken = set(occupied[target.table])
            assert target.number in ref_worst_seats(receiver, dealt, taken)
            assert receiver.button is not None
            forced = all(
                ref_hands_until_big_blind(receiver.seat_count, receiver.button, dealt, s) is None
                for s in receiver.open_seats
                if s not in taken
            )
            assert (move.deal_in is DealIn.AFTER_BUTTON) == forced
        del occupied[source.table][source.number]
        occupied[target.table][target.number] = move.player
        if move.deal_in is DealIn.AFTER_BUTTON:
            waiting[target.table].add(target.number)
        givers.add(source.table)
        receivers.add(target.table)
    assert not givers & receivers  # no table both gives and receives


# ------------------------------------------------------------------ properties


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(rooms(), policies, st.data())
def test_balancing_follows_the_rules(
    seating: Seating, policy: BalancePolicy, data: st.DataObject
) -> None:
    answered, plan = balance_answering(seating, policy, data)
    after = plan.seating
    # No player lost or seated twice; fixed seats stay where they are.
    assert after.players == seating.players
    assert len(set(after.seats.values())) == after.player_count
    assert after.fixed == seating.fixed
    assert all(after.seat_of(p) == seating.seat_of(p) for p in seating.fixed)
    # Within the policy, or a warning says why not, and no legal move is left indeed (a short
    # table with no free open seat, or fuller tables holding only fixed seats).
    counts = list(after.counts().values())
    if max(counts) - min(counts) <= policy.allowed_difference(len(counts)):
        assert plan.warnings == ()
    else:
        assert len(plan.warnings) == 1
        assert "cannot be balanced" in plan.warnings[0]
        assert not ref_can_still_balance(after)
    assert all(m.kind is MoveKind.BALANCE for m in plan.moves)
    check_balance_moves(answered, plan.moves)
    # Counts kept, and balancing again changes nothing.
    assert plan.stats == MoveStats().record(plan.moves)
    again = plan_balance(after, policy, plan.stats)
    assert isinstance(again, BalancePlan)
    assert again.moves == ()
    assert again.warnings == plan.warnings


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(rooms(), policies, st.integers(0, 2**32), st.data())
def test_breaking_then_balancing(
    seating: Seating, policy: BalancePolicy, seed: int, data: st.DataObject
) -> None:
    host = seating.table(table_break_order(seating)[-1])
    final_size = data.draw(st.integers(2, host.open_seat_count))
    rules = TableBreakRules(final_table_size=final_size)
    breaks = plan_table_breaks(seating, random.Random(seed), rules=rules)
    after_breaks = breaks.seating
    assert after_breaks.players == seating.players
    assert len(set(after_breaks.seats.values())) == after_breaks.player_count
    remaining = [t.number for t in after_breaks.tables]
    total = seating.player_count
    if breaks.final_table is not None:
        # The final table forms at the size the director chose, with a redraw for everyone
        # but the players whose seat at it is fixed.
        assert remaining == [breaks.final_table] == [host.number]
        assert total <= final_size
        assert after_breaks.table(host.number).open_seat_count == final_size
        kept = {p for p in seating.fixed if seating.seat_of(p).table == host.number}  # type: ignore[union-attr]
        # Everyone else redraws; a player who drew his own seat is not listed as a move.
        stayed = {p for p in seating.players if after_breaks.seat_of(p) == seating.seat_of(p)}
        assert {m.player for m in breaks.moves} == seating.players - kept - stayed
        assert all(m.from_seat != m.to_seat for m in breaks.moves)
        assert all(after_breaks.seat_of(p) == seating.seat_of(p) for p in kept)
    else:
        # No more table could break: none but the host would leave room for everyone.
        if len(remaining) > 2:
            for next_table in remaining:
                if next_table == host.number:
                    continue
                room_left = sum(
                    after_breaks.table(n).open_seat_count for n in remaining if n != next_table
                )
                assert total > room_left, (next_table, total)
        if len(remaining) >= 2:
            assert total > final_size
    for number in breaks.broken:
        assert not after_breaks.has_table(number)
    for move in breaks.moves:
        if move.kind is MoveKind.BREAK:
            assert move.from_seat.table in breaks.broken
            assert move.to_seat.table not in breaks.broken
        else:
            assert move.kind is MoveKind.FINAL_TABLE
            assert move.to_seat.table == breaks.final_table
    # Players from broken tables land evenly: each went to a shortest table with room.
    _, plan = balance_answering(after_breaks, policy, data)
    counts = list(plan.seating.counts().values())
    if plan.warnings == ():
        assert max(counts) - min(counts) <= policy.allowed_difference(len(counts))
    else:
        assert not ref_can_still_balance(plan.seating)
    assert plan.seating.players == seating.players


def test_a_whole_tournament_stays_sound() -> None:
    """60 players on 6 tables of 10 down to the final table, balancing after every bust."""
    rng = random.Random(11)
    tables = tuple(Table(n, seat_count=10) for n in range(1, 7))
    seats = {p: Seat((p - 1) // 10 + 1, (p - 1) % 10 + 1) for p in range(1, 61)}
    seating = Seating(tables, seats)
    for table in tables:
        seating = set_button(
            seating, table.number, rng.choice(sorted(seating.players_at(table.number)))
        )
    stats = MoveStats()
    alive = list(range(1, 61))
    rng.shuffle(alive)
    kinds: set[MoveKind] = set()
    while len(alive) > 1:
        seating = without_player(seating, alive.pop())
        breaks = plan_table_breaks(seating, rng, stats=stats)
        seating, stats = breaks.seating, breaks.stats
        while True:
            result = plan_balance(seating, BalancePolicy(), stats)
            if isinstance(result, BalancePlan):
                break
            seating = set_button(
                seating, result.table, rng.choice(sorted(seating.players_at(result.table)))
            )
        check_balance_moves(seating, result.moves)
        seating, stats = result.seating, result.stats
        kinds.update(m.kind for m in breaks.moves + result.moves)
        assert seating.players == frozenset(alive)
        counts = list(seating.counts().values())
        assert max(counts) - min(counts) <= 1
    assert kinds == {MoveKind.BALANCE, MoveKind.BREAK, MoveKind.FINAL_TABLE}
    assert [t.number for t in seating.tables] == [1]
