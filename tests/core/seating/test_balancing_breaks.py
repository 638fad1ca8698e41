"""Breaking tables, the final table, and hand-for-hand play."""

from __future__ import annotations

import random

import pytest

from clockapp.core.seating import (
    DealIn,
    MoveKind,
    Seat,
    Seating,
    SeatingError,
    Table,
    set_fixed,
)
from clockapp.core.seating.hand_for_hand import (
    HandForHand,
    finish_hand,
    next_hand,
    rank_busts,
    start_hand_for_hand,
)
from clockapp.core.seating.planning import MoveStats
from clockapp.core.seating.table_breaks import (
    TableBreakRules,
    busts_until_table_break,
    plan_table_breaks,
    table_break_costs,
    table_break_order,
)


def room(counts: list[int], seat_count: int = 10, button: int | None = 1) -> Seating:
    """Tables 1..n with players in seats 1..count; player ids are table * 100 + seat."""
    tables = tuple(
        Table(n, seat_count=seat_count, button=button if c else None)
        for n, c in enumerate(counts, start=1)
    )
    seats = {
        n * 100 + s: Seat(n, s) for n, c in enumerate(counts, start=1) for s in range(1, c + 1)
    }
    return Seating(tables, seats)


# ------------------------------------------------------------------ break order

# Each row: table numbers, rules, expected order (last = final table host).
ORDER_CASES = [
    ([1, 2, 3, 4], TableBreakRules(), (4, 3, 2, 1)),
    ([1, 2, 3, 4], TableBreakRules(order=(1,)), (1, 4, 3, 2)),
    ([1, 2, 3, 4], TableBreakRules(order=(2, 4, 1, 3)), (2, 4, 1, 3)),
    ([1, 2, 3, 4], TableBreakRules(final_table=4), (3, 2, 1, 4)),
    ([1, 2, 3, 4], TableBreakRules(order=(9, 2), final_table=3), (2, 4, 1, 3)),  # 9 is gone
    ([2, 5, 7], TableBreakRules(), (7, 5, 2)),
]


@pytest.mark.parametrize(("numbers", "rules", "expected"), ORDER_CASES)
def test_break_order(numbers: list[int], rules: TableBreakRules, expected: tuple[int, ...]) -> None:
    seating = Seating(tuple(Table(n) for n in numbers))
    assert table_break_order(seating, rules) == expected


def test_the_table_that_costs_fewest_moves_breaks_first() -> None:
    # 88 players on ten tables of 10: breaking table 10 (10 players) was the old default; table 7
    # has 5, and the others have the room for them.
    counts = [9, 9, 9, 9, 9, 9, 5, 9, 10, 10]
    seating = room(counts)
    assert table_break_order(seating)[:3] == (7, 8, 6)  # 5 players, then 9s from the highest number
    plan = plan_table_breaks(seating, random.Random(1))
    assert plan.broken == (7,)
    assert len(plan.moves) == 5
    costs = table_break_costs(seating)
    assert (costs[7], costs[10]) == (5, 10)
    assert min(costs, key=lambda n: (costs[n], -n)) == 7
    assert 1 not in costs  # the final table's host never breaks


def test_a_table_that_cannot_break_yet_has_no_cost() -> None:
    assert table_break_costs(room([10, 10, 9])) == {}  # 29 players do not fit at two tables of 10


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"order": (1, 2, 1)}, "table 1 appears twice"),
        ({"order": (0,)}, "0 is not a table number"),
        ({"order": (1,), "final_table": 1}, "Table 1 hosts the final table"),
        ({"final_table_size": 1}, "final table seats 2 to 20 players"),
    ],
)
def test_break_rules_reject_nonsense(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        TableBreakRules(**kwargs)  # type: ignore[arg-type]


def test_final_table_must_be_in_play() -> None:
    with pytest.raises(SeatingError, match="Table 7 was chosen for the final table"):
        table_break_order(room([3, 3]), TableBreakRules(final_table=7))


# ------------------------------------------------------------------ breaking

# Each row: counts per table, rules, expected broken tables, expected counts afterwards.
BREAK_CASES = [
    ("21 players do not fit at 2 tables", [7, 7, 7], TableBreakRules(), (), [7, 7, 7]),
    ("20 players fit at 2 tables", [7, 7, 6], TableBreakRules(), (3,), [10, 10]),
    ("highest number first", [7, 7, 7, 1], TableBreakRules(), (4,), [8, 7, 7]),
    ("director's order", [7, 7, 6], TableBreakRules(order=(1,)), (1,), [10, 10]),
    ("two tables in one go", [5, 5, 5, 4], TableBreakRules(), (4, 3), [10, 9]),
    (
        "two tables never merge by fit alone",
        [6, 4],
        TableBreakRules(final_table_size=9),
        (),
        [6, 4],
    ),
]


@pytest.mark.parametrize(
    ("name", "counts", "rules", "broken", "after"),
    BREAK_CASES,
    ids=[case[0] for case in BREAK_CASES],
)
def test_tables_break_as_soon_as_players_fit(
    name: str, counts: list[int], rules: TableBreakRules, broken: tuple[int, ...], after: list[int]
) -> None:
    before = room(counts)
    plan = plan_table_breaks(before, random.Random(1), rules=rules)
    assert plan.broken == broken
    assert sorted(plan.seating.counts().values(), reverse=True) == after
    assert plan.seating.players == before.players
    assert plan.final_table is None
    leaving = {p for p, s in before.seats.items() if s.table in broken}
    assert {m.player for m in plan.moves} == leaving
    for move in plan.moves:
        assert move.kind is MoveKind.BREAK
        assert move.reason.startswith(f"Table {move.from_seat.table} breaks: random draw")


def test_broken_table_players_go_to_the_shortest_tables() -> None:
    # 9 + 5 + 3 = 17 fit at two tables: table 3's three players all go to table 2.
    for seed in range(10):
        plan = plan_table_breaks(room([9, 5, 3]), random.Random(seed))
        assert plan.seating.counts() == {1: 9, 2: 8}


def test_break_draw_is_random_over_tables_and_seats() -> None:
    seen_tables: set[int] = set()
    seen_seats: set[int] = set()
    for seed in range(40):
        plan = plan_table_breaks(room([8, 8, 8, 2]), random.Random(seed))
        for move in plan.moves:
            seen_tables.add(move.to_seat.table)
            seen_seats.add(move.to_seat.number)
    assert seen_tables == {1, 2, 3}
    assert seen_seats == {9, 10}


def test_break_moves_carry_the_deal_in_rule() -> None:
    # Tables 1-2 have button 1 and players in seats 1, 4-9: seats 2-3 are between the button and
    # the small blind, seat 10 is not.
    layout = {n * 100 + s: Seat(n, s) for n in (1, 2) for s in (1, 4, 5, 6, 7, 8, 9)}
    layout.update({300 + s: Seat(3, s) for s in (1, 2)})
    before = Seating((Table(1, button=1), Table(2, button=1), Table(3, button=1)), layout)
    statuses = set()
    for seed in range(30):
        plan = plan_table_breaks(before, random.Random(seed))
        assert plan.broken == (3,)
        for move in plan.moves:
            expected = DealIn.AFTER_BUTTON if move.to_seat.number in (2, 3) else DealIn.NOW
            assert move.deal_in is expected
            if expected is DealIn.AFTER_BUTTON:
                assert "waits until the button has passed" in move.reason
            statuses.add(move.deal_in)
    assert statuses == {DealIn.NOW, DealIn.AFTER_BUTTON}


def test_break_with_unknown_buttons_tells_the_dealer() -> None:
    plan = plan_table_breaks(room([7, 7, 6], button=None), random.Random(0))
    assert {m.deal_in for m in plan.moves} == {DealIn.DEALER_CHECKS}
    assert "button unknown" in plan.moves[0].reason


def test_break_moves_count_for_players_not_tables() -> None:
    plan = plan_table_breaks(room([7, 7, 6]), random.Random(0), stats=MoveStats({301: 1}))
    assert plan.stats.moves_of(301) == 2
    assert plan.stats.moves_of(302) == 1
    assert plan.stats.table_gives == {}


def test_breaking_is_reproducible_and_leaves_the_input_alone() -> None:
    before = room([7, 7, 6])
    copy = Seating(before.tables, dict(before.seats))
    assert plan_table_breaks(before, random.Random(5)) == plan_table_breaks(
        before, random.Random(5)
    )
    assert before == copy


# ------------------------------------------------------------------ the final table


def test_final_table_forms_with_a_redraw() -> None:
    before = room([5, 5])
    plan = plan_table_breaks(before, random.Random(3))
    assert plan.final_table == 1
    assert plan.broken == (2,)
    assert [t.number for t in plan.seating.tables] == [1]
    assert plan.seating.table(1).button is None  # the director draws for the button
    assert plan.seating.players == before.players
    stayed = {p for p in before.players if plan.seating.seat_of(p) == before.seat_of(p)}
    assert {m.player for m in plan.moves} == before.players - stayed
    assert all(m.kind is MoveKind.FINAL_TABLE for m in plan.moves)
    assert all(m.reason == "Final table: redraw for seats" for m in plan.moves)
    assert plan.stats == MoveStats()


def test_the_final_table_redraw_lists_only_real_moves() -> None:
    before = room([5, 5])
    for seed in range(200):
        plan = plan_table_breaks(before, random.Random(seed))
        assert all(m.from_seat != m.to_seat for m in plan.moves)  # no "T1 s5 -> T1 s5"
        stayed = [p for p in before.players if plan.seating.seat_of(p) == before.seat_of(p)]
        if stayed:
            break
    assert stayed, "in 200 draws nobody at table 1 drew his own seat"
    assert len(plan.moves) == len(before.players) - len(stayed)


def test_final_table_redraw_is_random() -> None:
    seats_of_101 = {
        plan_table_breaks(room([5, 5]), random.Random(seed)).seating.seat_of(101)
        for seed in range(60)
    }
    assert len(seats_of_101) == 10


def test_final_table_size_chosen_by_the_director() -> None:
    rules = TableBreakRules(final_table_size=9)
    assert plan_table_breaks(room([5, 5]), random.Random(0), rules=rules).final_table is None
    plan = plan_table_breaks(room([5, 4]), random.Random(0), rules=rules)
    assert plan.final_table == 1
    assert plan.seating.table(1).open_seats == tuple(range(1, 10))


def test_final_table_at_the_chosen_table_from_many_tables() -> None:
    plan = plan_table_breaks(
        room([2, 2, 2, 2]), random.Random(0), rules=TableBreakRules(final_table=3)
    )
    assert plan.final_table == 3
    assert plan.broken == (4, 2, 1)
    assert plan.seating.counts() == {3: 8}


def test_fixed_seat_at_the_final_table_is_kept() -> None:
    before = set_fixed(room([5, 2]), 105)  # player 105 sits at table 1, seat 5
    rules = TableBreakRules(final_table_size=7)
    for seed in range(10):
        plan = plan_table_breaks(before, random.Random(seed), rules=rules)
        assert plan.seating.seat_of(105) == Seat(1, 5)
        assert 105 not in {m.player for m in plan.moves}
        assert plan.seating.table(1).open_seat_count == 7


def test_final_table_too_small_is_refused() -> None:
    closed = Table(1, closed_seats=frozenset({9, 10}))
    before = Seating((closed, Table(2)), {101: Seat(1, 1), 201: Seat(2, 1)})
    with pytest.raises(SeatingError, match="Table 1 has only 8 open seats; the final table is"):
        plan_table_breaks(before, random.Random(0), rules=TableBreakRules(final_table_size=9))


def test_one_table_never_breaks() -> None:
    before = room([3])
    plan = plan_table_breaks(before, random.Random(0))
    assert (plan.moves, plan.broken, plan.final_table) == ((), (), None)
    assert plan.seating == before


@pytest.mark.parametrize(
    ("counts", "rules", "expected"),
    [
        ([7, 7, 7], TableBreakRules(), 1),
        ([7, 7, 6], TableBreakRules(), 0),
        ([8, 8], TableBreakRules(), 6),
        ([8, 8], TableBreakRules(final_table_size=9), 7),
        ([9], TableBreakRules(), None),
        ([10, 10, 10, 10], TableBreakRules(), 10),
    ],
)
def test_busts_until_break(counts: list[int], rules: TableBreakRules, expected: int | None) -> None:
    assert busts_until_table_break(room(counts), rules) == expected


# ------------------------------------------------------------------ hand-for-hand


def test_hand_for_hand_round() -> None:
    seating = room([5, 5, 5])
    hfh = start_hand_for_hand(seating)
    assert (hfh.hand, hfh.waiting, hfh.all_finished) == (1, (1, 2, 3), False)
    hfh = finish_hand(finish_hand(hfh, 3), 1)
    assert hfh.waiting == (2,)
    with pytest.raises(SeatingError, match="Table 2 has not finished hand 1"):
        next_hand(hfh, seating)
    assert finish_hand(hfh, 1, finished=False).waiting == (1, 2)
    hfh = finish_hand(hfh, 2)
    assert hfh.all_finished
    after_break = room([8, 7])
    second = next_hand(hfh, after_break)
    assert (second.hand, second.waiting, second.finished) == (2, (1, 2), frozenset())


def test_hand_for_hand_rejects_unknown_tables() -> None:
    hfh = start_hand_for_hand(room([5, 5]))
    with pytest.raises(SeatingError, match="Table 3 is not playing hand 1"):
        finish_hand(hfh, 3)
    with pytest.raises(SeatingError, match="Tables 1 and 2 have not finished hand 1"):
        next_hand(hfh, room([5, 5]))
    with pytest.raises(SeatingError, match="Table 9 finished but did not play hand 1"):
        HandForHand(1, frozenset({1}), frozenset({9}))
    with pytest.raises(SeatingError, match="hand number must be 1 or more"):
        HandForHand(0, frozenset())


def test_busts_in_the_same_hand_rank_by_starting_chips() -> None:
    busts = {101: 3000, 201: 12000, 102: 3000, 202: 800}
    assert rank_busts(busts) == ((201,), (101, 102), (202,))
    assert rank_busts({}) == ()
