"""Tables, seats, positions around the button, editing the room, and bad input."""

from __future__ import annotations

import pytest

from clockapp.core.seating import (
    Blinds,
    DealIn,
    Move,
    MoveKind,
    Seat,
    Seating,
    SeatingError,
    Table,
    add_table,
    advance_button,
    close_seat,
    deal_in_status,
    move_player,
    next_big_blind,
    next_hand_blinds,
    open_seat,
    remove_table,
    seat_player,
    set_button,
    set_fixed,
    without_player,
    worst_seat,
)
from clockapp.errors import DomainError


def table_of(
    seats: dict[int, int] | list[int],
    *,
    seat_count: int = 10,
    button: int | None = None,
    closed: frozenset[int] = frozenset(),
    number: int = 1,
) -> Seating:
    """One table; `seats` maps seat -> player, or lists taken seats (player id = seat number)."""
    taken = seats if isinstance(seats, dict) else {s: s for s in seats}
    table = Table(number, seat_count=seat_count, button=button, closed_seats=closed)
    return Seating((table,), {player: Seat(number, seat) for seat, player in taken.items()})


# ------------------------------------------------------------------ value types


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"number": 0}, "Table number must be 1 or more"),
        ({"number": 1, "seat_count": 1}, "Table 1 must have 2 to 20 seats"),
        ({"number": 2, "seat_count": 21}, "Table 2 must have 2 to 20 seats"),
        ({"number": 3, "closed_seats": frozenset({11})}, "Table 3 has no seat 11 to close"),
        (
            {"number": 4, "seat_count": 3, "closed_seats": frozenset({1, 2})},
            "Table 4 needs at least 2 open seats",
        ),
        ({"number": 5, "button": 11}, "button at table 5 cannot be on seat 11"),
        (
            {"number": 6, "button": 3, "closed_seats": frozenset({3})},
            "button at table 6 cannot be on seat 3: that seat is closed",
        ),
    ],
)
def test_table_rejects_bad_values(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        Table(**kwargs)  # type: ignore[arg-type]


def test_table_label_and_open_seats() -> None:
    table = Table(3, seat_count=9, name="Feature", closed_seats=frozenset({9, 1}))
    assert table.label == "Table 3 (Feature)"
    assert Table(4).label == "Table 4"
    assert table.open_seats == (2, 3, 4, 5, 6, 7, 8)
    assert table.open_seat_count == 7


@pytest.mark.parametrize(
    ("table", "number", "message"), [(0, 1, "table number"), (1, 0, "seat number")]
)
def test_seat_rejects_bad_numbers(table: int, number: int, message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        Seat(table, number)


def test_seat_text_and_order() -> None:
    assert str(Seat(3, 7)) == "Table 3, seat 7"
    assert sorted([Seat(2, 1), Seat(1, 9), Seat(1, 2)]) == [Seat(1, 2), Seat(1, 9), Seat(2, 1)]


def test_seating_errors_are_domain_errors() -> None:
    assert issubclass(SeatingError, DomainError)


@pytest.mark.parametrize(
    ("tables", "seats", "fixed", "message"),
    [
        ((Table(1), Table(1)), {}, frozenset(), "Table 1 is listed twice"),
        ((Table(1),), {7: Seat(2, 1)}, frozenset(), "Player 7 is seated at table 2, which is not"),
        ((Table(1, seat_count=6),), {7: Seat(1, 7)}, frozenset(), "table 1 has 6 seats"),
        (
            (Table(1, closed_seats=frozenset({4})),),
            {7: Seat(1, 4)},
            frozenset(),
            "Table 1, seat 4 is closed but player 7 sits there",
        ),
        (
            (Table(1),),
            {7: Seat(1, 4), 8: Seat(1, 4)},
            frozenset(),
            r"Table 1, seat 4 is taken twice \(players 7 and 8\)",
        ),
        ((Table(1),), {}, frozenset({5}), "Player 5 has a fixed seat but is not seated"),
    ],
)
def test_seating_rejects_impossible_rooms(
    tables: tuple[Table, ...], seats: dict[int, Seat], fixed: frozenset[int], message: str
) -> None:
    with pytest.raises(SeatingError, match=message):
        Seating(tables, seats, fixed)


def test_seating_queries_and_immutability() -> None:
    room = Seating((Table(2, seat_count=6), Table(1, seat_count=4)), {5: Seat(1, 2), 6: Seat(2, 6)})
    assert [t.number for t in room.tables] == [1, 2]  # kept sorted
    assert room.counts() == {1: 1, 2: 1}
    assert room.empty_seats(1) == (1, 3, 4)
    assert room.capacity == 10
    assert room.free_seat_count == 8
    assert room.player_at(Seat(2, 6)) == 6
    assert room.player_at(Seat(9, 1)) is None
    assert room.seat_of(99) is None
    with pytest.raises(TypeError):
        room.seats[7] = Seat(1, 1)  # type: ignore[index]
    with pytest.raises(SeatingError, match="Table 9 is not in play"):
        room.table(9)
    same = Seating((Table(1, seat_count=4), Table(2, seat_count=6)), {6: Seat(2, 6), 5: Seat(1, 2)})
    assert room == same
    assert hash(room) == hash(same)


def test_move_needs_a_reason_and_announces() -> None:
    with pytest.raises(SeatingError, match="needs a reason"):
        Move(1, Seat(1, 1), Seat(2, 2), MoveKind.MANUAL, "  ")
    move = Move(1, Seat(3, 7), Seat(1, 2), MoveKind.BALANCE, "short")
    assert move.announcement == "Table 3, seat 7 -> Table 1, seat 2"


# ------------------------------------------------------------------ positions

# Each row: taken seats (10-seat table), button, expected (button, small blind, big blind).
BLINDS_CASES = [
    ([1, 2, 3, 4], 1, (1, 2, 3)),
    ([1, 2, 3, 4], 4, (4, 1, 2)),  # wraps round
    ([2, 5, 9], 9, (9, 2, 5)),
    ([2, 5, 9], 5, (5, 9, 2)),
    ([3, 7], 3, (3, 3, 7)),  # heads-up: the button posts the small blind
    ([3, 7], 7, (7, 7, 3)),
    ([2, 5, 9], 4, (4, 5, 9)),  # dead button on an empty seat
    ([3, 7], 5, (5, 7, 3)),  # heads-up, dead button
]


@pytest.mark.parametrize(("taken", "button", "expected"), BLINDS_CASES)
def test_next_hand_blinds(taken: list[int], button: int, expected: tuple[int, int, int]) -> None:
    assert next_hand_blinds(table_of(taken, button=button), 1) == Blinds(*expected)
    assert next_big_blind(table_of(taken, button=button), 1) == expected[2]


def test_blinds_unknown_without_button_or_players() -> None:
    assert next_hand_blinds(table_of([1, 2, 3]), 1) is None
    assert next_hand_blinds(table_of([4], button=4), 1) is None
    assert next_big_blind(table_of([1, 2, 3]), 1) is None


# Each row: taken seats (10-seat table), button, closed seats, expected worst seat, deal-in,
# description. "Worst" = the empty seat that posts the big blind soonest, never the small blind.
WORST_CASES = [
    # Button 1, SB 2, BB 5: seats 3-4 take the big blind next hand; the first one is used.
    ([1, 2, 5, 6, 7, 8, 9, 10], 1, frozenset(), 3, DealIn.NOW, "the big blind next hand"),
    # Button 1, SB 2, BB 3: no gap between the blinds; seat 4 (after the BB) posts in 2 hands.
    ([1, 2, 3, 5, 6, 7, 8, 9, 10], 1, frozenset(), 4, DealIn.NOW, "the big blind in 2 hands"),
    # The only empty seat is between the button (1) and the small blind (3): waits.
    ([1, 3, 4, 5, 6, 7, 8, 9, 10], 1, frozenset(), 2, DealIn.AFTER_BUTTON, "waits until"),
    # Empty seats: 2 (between button and SB) and 10 (just before the button): 10 is taken, it
    # posts the big blind after the whole orbit, but is never the small blind.
    ([1, 3, 4, 5, 6, 7, 8, 9], 1, frozenset(), 10, DealIn.NOW, "the big blind in 7 hands"),
    # Closed seat 3 is skipped.
    ([1, 2, 5, 6], 1, frozenset({3}), 4, DealIn.NOW, "the big blind next hand"),
    # Heads-up (button 3 = SB, 7 = BB): seats 8..2 make the newcomer the big blind of 3-handed play;
    # seats 4..6 would make him the small blind.
    ([3, 7], 3, frozenset(), 8, DealIn.NOW, "the big blind next hand"),
    # Dead button on empty seat 4: the SB is 5; seat 4 itself is in the gap, 6 is the worst.
    ([2, 5, 9], 4, frozenset(), 6, DealIn.NOW, "the big blind next hand"),
    # Wrap round: button 9, SB 10, BB 2: seat 1 takes the big blind.
    ([2, 3, 9, 10], 9, frozenset(), 1, DealIn.NOW, "the big blind next hand"),
]


@pytest.mark.parametrize(
    ("taken", "button", "closed", "seat", "deal_in", "description"), WORST_CASES
)
def test_worst_position(
    taken: list[int],
    button: int,
    closed: frozenset[int],
    seat: int,
    deal_in: DealIn,
    description: str,
) -> None:
    worst = worst_seat(table_of(taken, button=button, closed=closed), 1)
    assert (worst.seat, worst.deal_in) == (seat, deal_in)
    assert worst.description.startswith(description)


def test_worst_position_without_a_hand_under_way() -> None:
    assert worst_seat(table_of([]), 1).seat == 1
    assert worst_seat(table_of([], closed=frozenset({1})), 1).seat == 2
    assert worst_seat(table_of([6]), 1).seat == 7
    assert worst_seat(table_of([10]), 1).seat == 1


def test_worst_position_needs_the_button_and_a_free_seat() -> None:
    with pytest.raises(SeatingError, match="button at Table 1 is unknown"):
        worst_seat(table_of([1, 2]), 1)
    with pytest.raises(SeatingError, match="no empty open seat"):
        worst_seat(table_of([1, 2], seat_count=2, button=1), 1)


# Each row: taken seats (10-seat table), button, seat a newcomer sits in, expected deal-in.
DEAL_IN_CASES = [
    ([1, 4, 7], 1, 2, DealIn.AFTER_BUTTON),  # between the button and the small blind
    ([1, 4, 7], 1, 3, DealIn.AFTER_BUTTON),
    ([1, 4, 7], 1, 5, DealIn.NOW),  # between the blinds: posts the big blind at once
    ([1, 4, 7], 1, 10, DealIn.NOW),  # just before the button
    ([1, 4, 7], 7, 8, DealIn.AFTER_BUTTON),
    ([1, 4, 7], 7, 10, DealIn.AFTER_BUTTON),
    ([1, 4, 7], 7, 2, DealIn.NOW),
    ([4, 7], 5, 5, DealIn.AFTER_BUTTON),  # the dead button's own seat
    ([4, 7], 5, 6, DealIn.AFTER_BUTTON),
    ([4, 7], 5, 3, DealIn.NOW),
    ([4], 4, 5, DealIn.NOW),  # no hand under way with one player
]


@pytest.mark.parametrize(("taken", "button", "seat", "expected"), DEAL_IN_CASES)
def test_never_dealt_in_between_small_blind_and_button(
    taken: list[int], button: int, seat: int, expected: DealIn
) -> None:
    assert deal_in_status(table_of(taken, button=button), Seat(1, seat)) is expected


def test_deal_in_unknown_button_and_taken_seat() -> None:
    assert deal_in_status(table_of([1, 4]), Seat(1, 2)) is DealIn.DEALER_CHECKS
    with pytest.raises(SeatingError, match="taken by player 4"):
        deal_in_status(table_of([1, 4], button=1), Seat(1, 4))


# ------------------------------------------------------------------ editing the room, bad input


def test_set_button_and_advance() -> None:
    room = table_of([2, 5, 9])
    with_button = set_button(room, 1, 9)
    assert with_button.table(1).button == 9
    assert advance_button(with_button, 1).table(1).button == 2
    assert set_button(with_button, 1, None).table(1).button is None
    assert room.table(1).button is None  # the original is untouched


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (4, "Table 1, seat 4 is empty: the button must be in front of a player"),
        (11, "cannot be on seat 11"),
        (0, "cannot be on seat 0"),
    ],
)
def test_button_on_an_empty_seat_is_refused(seat: int, message: str) -> None:
    room = table_of([2, 5, 9], button=2)
    before = Seating(room.tables, dict(room.seats))
    with pytest.raises(SeatingError, match=message):
        set_button(room, 1, seat)
    assert room == before


def test_advance_button_needs_a_button_and_two_players() -> None:
    with pytest.raises(SeatingError, match="unknown"):
        advance_button(table_of([1, 2]), 1)
    with pytest.raises(SeatingError, match="fewer than two players"):
        advance_button(table_of([1], button=1), 1)


def test_close_and_open_seats() -> None:
    room = table_of([1, 2], button=1)
    closed = close_seat(room, 1, 5)
    assert 5 not in closed.table(1).open_seats
    assert close_seat(closed, 1, 5) == closed  # closing twice changes nothing
    assert open_seat(closed, 1, 5) == room
    assert open_seat(room, 1, 5) == room


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (2, "Table 1, seat 2 is taken by player 2: move the player before closing the seat"),
        (11, "Table 1 has no seat 11 to close"),
    ],
)
def test_closing_a_taken_seat_is_refused(seat: int, message: str) -> None:
    room = table_of([1, 2], button=1)
    before = Seating(room.tables, dict(room.seats))
    with pytest.raises(SeatingError, match=message):
        close_seat(room, 1, seat)
    assert room == before


def test_closing_the_dead_button_seat_is_refused() -> None:
    room = without_player(table_of([1, 2, 3], button=1), 1)
    with pytest.raises(SeatingError, match="set the button elsewhere"):
        close_seat(room, 1, 1)


def test_closing_down_to_one_open_seat_is_refused() -> None:
    room = table_of([], seat_count=3, closed=frozenset({1}))
    with pytest.raises(SeatingError, match="needs at least 2 open seats"):
        close_seat(room, 1, 2)


def test_add_and_remove_tables() -> None:
    room = table_of([1])
    bigger = add_table(room, Table(2, seat_count=8))
    assert bigger.counts() == {1: 1, 2: 0}
    assert remove_table(bigger, 2) == room
    with pytest.raises(SeatingError, match="already in play"):
        add_table(room, Table(1))
    with pytest.raises(SeatingError, match="Table 1 still has 1 players"):
        remove_table(bigger, 1)


def test_without_player_keeps_a_dead_button() -> None:
    room = table_of([1, 4, 7], button=4)
    after = without_player(room, 4)
    assert after.players == frozenset({1, 7})
    assert after.table(1).button == 4
    assert next_hand_blinds(after, 1) == Blinds(4, 7, 1)


def test_moving_or_unseating_a_player_who_is_out_is_refused() -> None:
    room = table_of([1, 4])
    before = Seating(room.tables, dict(room.seats))
    with pytest.raises(SeatingError, match="Player 9 is not seated"):
        without_player(room, 9)
    with pytest.raises(SeatingError, match="Player 9 is not seated"):
        move_player(room, 9, Seat(1, 5))
    with pytest.raises(SeatingError, match="Player 9 is not seated"):
        set_fixed(room, 9)
    assert room == before


def test_manual_move_and_undo() -> None:
    room = Seating((Table(1, button=1), Table(2)), {1: Seat(1, 1), 4: Seat(1, 4), 7: Seat(1, 7)})
    moved = move_player(room, 4, Seat(2, 3))
    assert moved.move.kind is MoveKind.MANUAL
    assert moved.move.reason == "Moved by the director"
    assert moved.move.announcement == "Table 1, seat 4 -> Table 2, seat 3"
    assert moved.seating.seat_of(4) == Seat(2, 3)
    undone = move_player(moved.seating, 4, Seat(1, 4), "Undo")
    assert undone.seating == room


@pytest.mark.parametrize(
    ("target", "message"),
    [
        (Seat(1, 7), "Table 1, seat 7 is taken by player 7"),
        (Seat(3, 1), "table 3 is not in play"),
        (Seat(2, 11), "table 2 has only 10 seats"),
        (Seat(1, 9), "Table 1, seat 9 is closed"),
    ],
)
def test_manual_move_to_a_bad_seat_is_refused(target: Seat, message: str) -> None:
    room = Seating(
        (Table(1, closed_seats=frozenset({9})), Table(2)), {1: Seat(1, 1), 7: Seat(1, 7)}
    )
    before = Seating(room.tables, dict(room.seats))
    with pytest.raises(SeatingError, match=message):
        move_player(room, 1, target)
    assert room == before


def test_manual_move_within_the_table_into_the_gap_waits() -> None:
    room = table_of([1, 4, 7, 9], button=1)
    moved = move_player(room, 9, Seat(1, 2))
    assert moved.move.deal_in is DealIn.AFTER_BUTTON


def test_fixed_seats() -> None:
    room = table_of([1, 4])
    assert set_fixed(room, 4).fixed == frozenset({4})
    assert set_fixed(set_fixed(room, 4), 4, fixed=False).fixed == frozenset()
    assert without_player(set_fixed(room, 4), 4).fixed == frozenset()
    moved = move_player(set_fixed(room, 4), 4, Seat(1, 9))
    assert moved.seating.fixed == frozenset({4})


def test_seat_player_in_a_chosen_seat() -> None:
    room = table_of([1, 4, 7], button=1)
    seated = seat_player(room, 20, Seat(1, 2), fixed=True)
    assert seated.seating.seat_of(20) == Seat(1, 2)
    assert seated.seating.fixed == frozenset({20})
    assert seated.deal_in is DealIn.AFTER_BUTTON
    assert "waits until it passes" in seated.reason
    with pytest.raises(SeatingError, match="already seated at Table 1, seat 1"):
        seat_player(room, 1, Seat(1, 2))
    with pytest.raises(SeatingError, match="taken by player 4"):
        seat_player(room, 20, Seat(1, 4))
