"""Balancing (TDA): who moves, from which table, to which seat, and when a button is needed."""

from __future__ import annotations

import pytest

from clockapp.core.seating import (
    DealIn,
    Move,
    MoveKind,
    Seat,
    Seating,
    SeatingError,
    Table,
    set_button,
    set_fixed,
)
from clockapp.core.seating.balancing import BalancePlan, BalancePolicy, NeedButton, plan_balance
from clockapp.core.seating.planning import MoveStats


def room(
    layout: dict[int, list[int]],
    *,
    buttons: dict[int, int | None] | None = None,
    seat_count: int = 10,
    closed: dict[int, frozenset[int]] | None = None,
) -> Seating:
    """Tables by number -> taken seats; player ids are table * 100 + seat."""
    buttons = buttons if buttons is not None else {n: min(s) for n, s in layout.items() if s}
    closed = closed or {}
    tables = tuple(
        Table(
            n,
            seat_count=seat_count,
            button=buttons.get(n),
            closed_seats=closed.get(n, frozenset()),
        )
        for n in layout
    )
    seats = {n * 100 + s: Seat(n, s) for n, taken in layout.items() for s in taken}
    return Seating(tables, seats)


def seats(*numbers: int) -> list[int]:
    return list(numbers)


def first(n: int) -> list[int]:
    return list(range(1, n + 1))


def planned(result: BalancePlan | NeedButton) -> BalancePlan:
    assert isinstance(result, BalancePlan), result
    return result


# ------------------------------------------------------------------ policy


@pytest.mark.parametrize(
    ("policy", "tables", "allowed", "text"),
    [
        (BalancePolicy(), 2, 1, "within 1"),
        (BalancePolicy.within_one(), 9, 1, "within 1"),
        (BalancePolicy.within_two_from(3), 3, 2, "within 2 while there are 3 or more tables"),
        (BalancePolicy.within_two_from(3), 2, 1, "else within 1"),
        (BalancePolicy(2), 2, 2, "within 2"),
        (BalancePolicy(1, 3, 5), 4, 1, "within 3 while there are 5 or more tables"),
        (BalancePolicy(1, 3, 5), 5, 3, "else within 1"),
    ],
)
def test_policy(policy: BalancePolicy, tables: int, allowed: int, text: str) -> None:
    assert policy.allowed_difference(tables) == allowed
    assert text in str(policy)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"within": 0}, "within 1 or more players"),
        ({"within": 1, "wide_within": 0}, "wider limit must be 1 or more"),
        ({"within": 1, "wide_within": 2, "wide_from_tables": 1}, "start at 2 or more tables"),
    ],
)
def test_policy_rejects_nonsense(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        BalancePolicy(**kwargs)


def test_move_stats() -> None:
    moves = [
        Move(1, Seat(1, 1), Seat(2, 1), MoveKind.BALANCE, "short"),
        Move(1, Seat(2, 1), Seat(3, 1), MoveKind.BREAK, "breaks"),
        Move(2, Seat(1, 2), Seat(2, 2), MoveKind.MANUAL, "director"),
        Move(3, Seat(1, 3), Seat(2, 3), MoveKind.FINAL_TABLE, "final"),
    ]
    stats = MoveStats().record(moves)
    assert (stats.moves_of(1), stats.moves_of(2), stats.moves_of(3)) == (2, 0, 0)
    assert (stats.gives_of(1), stats.gives_of(2)) == (1, 0)
    assert stats == MoveStats({1: 2}, {1: 1})
    assert hash(stats) == hash(MoveStats({1: 2}, {1: 1}))
    with pytest.raises(SeatingError, match="player 4 has -1 moves"):
        MoveStats({4: -1})


# ------------------------------------------------------------------ TDA cases

# Each row: description, counts per table (players in seats 1..n, button on seat 1), policy,
# the expected moves as (from table, to table) and the counts afterwards.
TDA_CASES = [
    ("balanced", [8, 8, 7], BalancePolicy(), [], [8, 8, 7]),
    ("short by 2 with 3 tables", [8, 8, 6], BalancePolicy(), [(1, 3)], [7, 8, 7]),
    ("short by 3 with 3 tables", [9, 9, 6], BalancePolicy(), [(1, 3), (2, 3)], [8, 8, 8]),
    ("two short tables", [9, 9, 7, 7], BalancePolicy(), [(1, 3), (2, 4)], [8, 8, 8, 8]),
    ("4 tables, one short by 3", [9, 9, 9, 6], BalancePolicy(), [(1, 4), (2, 4)], [8, 8, 9, 8]),
    ("heads for the fullest first", [10, 9, 8, 7], BalancePolicy(), [(1, 4)], [9, 9, 8, 8]),
    ("two tables", [10, 6], BalancePolicy(), [(1, 2), (1, 2)], [8, 8]),
    ("within 2 with 3 tables", [9, 9, 7], BalancePolicy.within_two_from(3), [], [9, 9, 7]),
    (
        "within 2 with 3 tables, short by 3",
        [9, 9, 6],
        BalancePolicy.within_two_from(3),
        [(1, 3)],
        [8, 9, 7],
    ),
    ("within 1 once 2 tables are left", [9, 7], BalancePolicy.within_two_from(3), [(1, 2)], [8, 8]),
    ("empty table gets players", [5, 0], BalancePolicy(), [(1, 2)] * 2, [3, 2]),
]


@pytest.mark.parametrize(
    ("name", "counts", "policy", "expected_moves", "after"),
    TDA_CASES,
    ids=[case[0] for case in TDA_CASES],
)
def test_tda_balancing(
    name: str,
    counts: list[int],
    policy: BalancePolicy,
    expected_moves: list[tuple[int, int]],
    after: list[int],
) -> None:
    layout = {n: first(c) for n, c in enumerate(counts, start=1)}
    result = planned(plan_balance(room(layout), policy))
    assert [(m.from_seat.table, m.to_seat.table) for m in result.moves] == expected_moves
    assert list(result.seating.counts().values()) == after
    assert all(m.kind is MoveKind.BALANCE for m in result.moves)
    assert result.warnings == ()


def test_the_big_blind_next_moves_to_the_worst_position() -> None:
    # Table 1: button 3, small blind 4, big blind 5 -> the player in seat 5 moves.
    # Table 3: button 1, small blind 2, big blind 3; seat 4 is the first empty seat after the
    # small blind: the big blind in 2 hands (seat 5 posts next).
    layout = {1: first(8), 2: first(8), 3: seats(1, 2, 3, 5, 6, 7)}
    result = planned(plan_balance(room(layout, buttons={1: 3, 2: 1, 3: 1})))
    (move,) = result.moves
    assert move.announcement == "Table 1, seat 5 -> Table 3, seat 4"
    assert move.player == 105
    assert move.deal_in is DealIn.NOW
    assert move.reason == (
        "Table 3 is short (6 vs 8): the big blind next at Table 1 moves to the worst position, "
        "the big blind in 2 hands"
    )
    assert result.stats.moves_of(105) == 1
    assert result.stats.gives_of(1) == 1
    assert result.seating.seat_of(105) == Seat(3, 4)


def test_worst_position_takes_the_big_blind_even_twice() -> None:
    # Table 2: button 1, small blind 2, big blind 5: seats 3-4 post the big blind next hand.
    layout = {1: first(8), 2: seats(1, 2, 5, 6, 7, 8)}
    (move,) = planned(plan_balance(room(layout, buttons={1: 8, 2: 1}))).moves
    # Table 1 button 8: small blind 1, big blind 2 -> seat 2 moves to seat 3 of table 2.
    assert move.announcement == "Table 1, seat 2 -> Table 2, seat 3"
    assert move.reason.endswith("the big blind next hand")


def test_never_the_small_blind_so_the_player_waits_when_only_that_gap_is_free() -> None:
    # Table 2: button 1, empty seats 2-3 are between the button and the small blind (4).
    layout = {1: first(10), 2: [1, 4, 5, 6, 7, 8, 9, 10]}
    (move,) = planned(plan_balance(room(layout, buttons={1: 1, 2: 1}))).moves
    assert move.to_seat == Seat(2, 2)
    assert move.deal_in is DealIn.AFTER_BUTTON
    assert "waits until the button has passed" in move.reason


def test_two_players_from_one_table_follow_the_big_blind() -> None:
    # Table 1: button 1: big blind next is seat 3, then (once seat 3 has gone) seat 4.
    layout = {1: first(10), 2: first(6)}
    moves = planned(plan_balance(room(layout, buttons={1: 1, 2: 1}))).moves
    assert [m.from_seat.number for m in moves] == [3, 4]
    # Table 2: button 1, small blind 2, big blind 3, all seats up to 6 taken: 7 then 8.
    assert [m.to_seat.number for m in moves] == [7, 8]
    assert moves[0].reason.endswith("the big blind in 5 hands")
    assert moves[1].reason.endswith("the big blind in 6 hands")


def test_giving_table_with_fewest_moves_given() -> None:
    layout = {1: first(8), 2: first(8), 3: first(6)}
    result = planned(plan_balance(room(layout), stats=MoveStats(table_gives={1: 1})))
    assert [m.from_seat.table for m in result.moves] == [2]
    assert result.stats.gives_of(1) == 1
    assert result.stats.gives_of(2) == 1


def test_moves_spread_over_players() -> None:
    # Tables 1 and 2 tie; table 1's big blind next (seat 3) has moved twice already.
    layout = {1: first(8), 2: first(8), 3: first(6)}
    result = planned(plan_balance(room(layout), stats=MoveStats(player_moves={103: 2})))
    assert [m.player for m in result.moves] == [203]
    assert result.stats.moves_of(103) == 2
    assert result.stats.moves_of(203) == 1


def test_unknown_button_at_giving_table_is_asked_for() -> None:
    layout = {1: first(8), 2: first(6)}
    before = room(layout, buttons={1: None, 2: 1})
    result = plan_balance(before)
    assert isinstance(result, NeedButton)
    assert result.table == 1
    assert "Which seat has the button for the next hand at Table 1?" in result.reason
    assert "Table 2 is short (6 vs 8)" in result.reason
    answered = planned(plan_balance(set_button(before, 1, 4)))
    assert [m.from_seat for m in answered.moves] == [Seat(1, 6)]


def test_unknown_button_at_short_table_is_asked_for() -> None:
    result = plan_balance(room({1: first(8), 2: first(6)}, buttons={1: 1, 2: None}))
    assert isinstance(result, NeedButton)
    assert result.table == 2
    assert "takes the worst position there" in result.reason


def test_no_button_needed_where_no_hand_is_under_way() -> None:
    result = planned(plan_balance(room({1: first(4), 2: seats(4)}, buttons={1: 1, 2: None})))
    (move,) = result.moves
    assert move.to_seat == Seat(2, 5)
    assert move.reason.endswith("no hand is under way there")


def test_a_table_without_a_hand_under_way_fills_in_clockwise() -> None:
    result = planned(plan_balance(room({1: first(6), 2: []}, buttons={1: 1})))
    assert [m.to_seat for m in result.moves] == [Seat(2, 1), Seat(2, 2), Seat(2, 3)]
    assert all(m.deal_in is DealIn.NOW for m in result.moves)
    one = planned(plan_balance(room({1: first(6), 2: seats(9)}, buttons={1: 1})))
    assert [m.to_seat for m in one.moves] == [Seat(2, 10), Seat(2, 1)]


def test_a_known_button_is_preferred_to_asking() -> None:
    layout = {1: first(8), 2: first(8), 3: first(6)}
    result = planned(plan_balance(room(layout, buttons={1: None, 2: 1, 3: 1})))
    assert [m.from_seat.table for m in result.moves] == [2]
    both_unknown = plan_balance(room(layout, buttons={1: None, 2: None, 3: 1}))
    assert isinstance(both_unknown, NeedButton)
    assert both_unknown.table == 1


def test_fixed_seat_is_skipped_for_the_player_after() -> None:
    before = set_fixed(room({1: first(8), 2: first(6)}), 103)
    (move,) = planned(plan_balance(before)).moves
    assert move.player == 104
    assert "the player after the big blind next (that seat is fixed)" in move.reason


def test_table_of_fixed_seats_does_not_give() -> None:
    before = room({1: first(3), 2: first(1)})
    for player in (101, 102, 103):
        before = set_fixed(before, player)
    result = planned(plan_balance(before))
    assert result.moves == ()
    assert "fixed seat" in result.warnings[0]


def test_short_table_without_a_free_seat_is_reported() -> None:
    layout = {1: first(9), 2: seats(1, 2, 3, 4, 5, 6)}
    closed = {2: frozenset({7, 8, 9, 10})}
    result = planned(plan_balance(room(layout, closed=closed)))
    assert result.moves == ()
    assert result.warnings == (
        "The tables cannot be balanced within 1: Table 2 (6 players) has no free open seat; "
        "open a seat there to balance.",
    )


def test_balance_with_a_partly_closed_short_table_goes_to_the_next_shortest() -> None:
    # Table 3 is shortest but full; table 2 still takes one from table 1.
    layout = {1: first(10), 2: first(7), 3: first(6)}
    closed = {3: frozenset({7, 8, 9, 10})}
    result = planned(plan_balance(room(layout, closed=closed)))
    assert [(m.from_seat.table, m.to_seat.table) for m in result.moves] == [(1, 2)]
    assert "cannot be balanced within 1" in result.warnings[0]


def test_full_room_of_different_table_sizes_is_reported() -> None:
    before = Seating(
        (Table(1, seat_count=10), Table(2, seat_count=6)),
        {**{100 + s: Seat(1, s) for s in first(10)}, **{200 + s: Seat(2, s) for s in first(6)}},
    )
    result = planned(plan_balance(before))
    assert result.moves == ()
    assert result.warnings == (
        "The tables cannot be balanced within 1: Table 2 (6 players) has no free open seat; "
        "open a seat there to balance.",
    )


def test_one_table_and_balanced_rooms_plan_nothing() -> None:
    single = room({1: first(3)})
    assert planned(plan_balance(single)) == BalancePlan(single, (), MoveStats())
    even = room({1: first(5), 2: first(4)})
    assert planned(plan_balance(even)).seating == even


def test_planning_is_deterministic_and_leaves_the_input_alone() -> None:
    before = room({1: first(9), 2: first(9), 3: first(5)})
    copy = Seating(before.tables, dict(before.seats))
    assert plan_balance(before) == plan_balance(before)
    assert before == copy
