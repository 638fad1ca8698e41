"""Undo of a balancing, a table break and the final-table redraw: one action each, all or nothing.

Every refused undo must leave the room, the move log and the revision exactly as they were.
"""

from __future__ import annotations

import pytest

from clockapp.core.seating import MoveKind, Seat
from clockapp.core.seating.table_breaks import TableBreakRules
from clockapp.services.app import Services
from clockapp.services.seating import SeatingError
from tests.services.seating import test_seating as base
from tests.services.seating.test_seating import bust, place, snapshot

# The seating fixtures (a RAM-disk database copied from a migrated template, seeded services).
db_path = base.db_path
template_db = base.template_db
engine = base.engine
services = base.services
tid = base.tid


def seats_of(services: Services, tid: int) -> dict[int, Seat]:
    return dict(services.seating.seating(tid).seats)


def out_of_balance(services: Services, tid: int) -> dict[tuple[int, int], int]:
    """Table 1 with 8 players, table 2 with 4 (two busted there), buttons known."""
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6]})
    bust(services, seats[(2, 5)], seats[(2, 6)])
    services.seating.set_button(tid, 1, 1)
    services.seating.set_button(tid, 2, 1)
    return seats


@pytest.mark.slow
def test_undo_of_a_balance_puts_every_moved_player_back(services: Services, tid: int) -> None:
    out_of_balance(services, tid)
    before = seats_of(services, tid)
    room_before = services.seating.room(tid)
    result = services.seating.balance(tid).value
    assert len(result.moves) == 2
    assert result.action is not None
    assert seats_of(services, tid) != before

    undone = services.seating.undo_actions(tid, [result.action]).value
    assert {m.id for m in undone.moves} == {m.id for m in result.moves}
    assert all(m.undone for m in undone.moves)
    assert seats_of(services, tid) == before
    room = services.seating.room(tid)
    assert [t.count for t in room.tables] == [8, 4]
    assert [t.button for t in room.tables] == [1, 1]
    # The move counts go back too: the players are not counted as moved, table 1 gave nobody.
    assert room.tables[0].gives == room_before.tables[0].gives == 0
    assert all(s.moves == 0 for t in room.tables for s in t.seats)
    assert services.seating.pending_moves(tid) == ()
    with pytest.raises(SeatingError, match="already undone"):
        services.seating.undo_actions(tid, [result.action])

    redone = services.seating.redo_actions(tid, [result.action]).value
    assert [(m.from_seat, m.to_seat) for m in redone.moves] == [
        (m.from_seat, m.to_seat) for m in result.moves
    ]
    assert [t.count for t in services.seating.room(tid).tables] == [6, 6]
    assert len(services.seating.pending_moves(tid)) == 2


@pytest.mark.slow
def test_undo_of_a_table_break_reopens_the_table(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 3, seat_count=6)
    seats = place(services, tid, {1: [1, 2, 3, 4], 2: [1, 2, 3, 4], 3: [1, 2, 3, 4]})
    services.seating.close_seat(tid, 2, 6)
    services.seating.set_button(tid, 2, 3)
    bust(services, seats[(1, 1)], seats[(2, 1)])
    before = seats_of(services, tid)
    result = services.seating.break_tables(tid).value
    assert result.broken == (2,)
    assert result.action is not None
    assert [t.number for t in services.seating.room(tid).tables] == [1, 3]

    services.seating.undo_actions(tid, [result.action])
    room = services.seating.room(tid)
    assert [t.number for t in room.tables] == [1, 2, 3]
    assert seats_of(services, tid) == before
    table = room.table(2)
    assert (table.count, table.button, table.open_seat_count) == (3, 3, 5)
    assert services.seating.pending_moves(tid) == ()


def test_undo_of_a_table_break_keeps_the_receiving_tables_buttons(
    services: Services, tid: int
) -> None:
    """The buttons the director gave with the break, or since, are still where they are."""
    services.seating.add_tables(tid, 3, seat_count=6)
    seats = place(services, tid, {1: [1, 2, 3, 4], 2: [1, 2, 3, 4], 3: [1, 2, 3, 4]})
    services.seating.set_button(tid, 2, 3)
    bust(services, seats[(1, 1)], seats[(2, 1)])
    result = services.seating.break_tables(tid, 2, buttons={1: 2, 3: 4}).value
    assert result.broken == (2,)
    assert result.action is not None
    services.seating.set_button(tid, 3, 1)  # the dealer moved it on since

    services.seating.undo_actions(tid, [result.action])
    room = services.seating.room(tid)
    assert [room.table(n).button for n in (1, 2, 3)] == [2, 3, 1]


@pytest.mark.slow
def test_undo_of_the_final_table_restores_the_seats_before_the_redraw(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5, 6]})
    services.seating.set_button(tid, 1, 1)
    services.seating.set_button(tid, 2, 4)
    bust(services, seats[(2, 1)], seats[(2, 2)])
    before = seats_of(services, tid)
    result = services.seating.form_final_table(tid, size=9).value
    assert result.final_table == 1
    assert result.action is not None
    (final,) = services.seating.room(tid).tables
    assert (final.open_seat_count, final.button) == (9, None)

    services.seating.undo_actions(tid, [result.action])
    room = services.seating.room(tid)
    assert seats_of(services, tid) == before
    assert [(t.number, t.count, t.open_seat_count, t.button) for t in room.tables] == [
        (1, 5, 10, 1),
        (2, 4, 10, 4),
    ]
    assert all(m.kind is MoveKind.FINAL_TABLE and m.undone for m in services.seating.moves(tid))


@pytest.mark.slow
def test_undo_is_refused_when_a_moved_player_busted_since(services: Services, tid: int) -> None:
    out_of_balance(services, tid)
    result = services.seating.balance(tid).value
    assert result.action is not None
    bust(services, result.moves[1].registration_id)
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match=r"P04 has busted since the balancing"):
        services.seating.undo_actions(tid, [result.action])
    assert snapshot(services, tid) == before


@pytest.mark.slow
def test_undo_is_refused_when_a_moved_player_moved_again(services: Services, tid: int) -> None:
    out_of_balance(services, tid)
    result = services.seating.balance(tid).value
    assert result.action is not None
    first = result.moves[0]
    services.seating.move_player(tid, first.registration_id, 2, 9)
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match=r"P03 has moved since the balancing"):
        services.seating.undo_actions(tid, [result.action])
    assert snapshot(services, tid) == before


@pytest.mark.slow
def test_undo_is_refused_when_the_seat_left_is_taken(services: Services, tid: int) -> None:
    seats = out_of_balance(services, tid)
    result = services.seating.balance(tid).value
    assert result.action is not None
    left = result.moves[0].from_seat
    services.seating.move_player(tid, seats[(1, 8)], left.table, left.number)
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match=rf"{left} is taken by P08 since"):
        services.seating.undo_actions(tid, [result.action])
    assert snapshot(services, tid) == before


def test_a_break_and_a_balancing_are_undone_together(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 3, seat_count=6)
    seats = place(services, tid, {1: [1, 2, 3, 4], 2: [1, 2, 3, 4], 3: [1, 2, 3, 4]})
    services.seating.set_break_rules(tid, TableBreakRules(order=(3,)))
    bust(services, seats[(1, 1)], seats[(2, 1)])
    before = seats_of(services, tid)
    broke = services.seating.break_tables(tid).value
    assert broke.action is not None
    gone = [seats[(1, 2)], seats[(1, 3)]]
    bust(services, *gone)  # table 1 is short now
    services.seating.set_button(tid, 1, 4)
    services.seating.set_button(tid, 2, 2)
    balanced = services.seating.balance(tid).value
    assert balanced.moves
    assert balanced.action is not None
    services.seating.undo_actions(tid, [broke.action, balanced.action])
    assert seats_of(services, tid) == {p: s for p, s in before.items() if p not in gone}
    assert [t.number for t in services.seating.room(tid).tables] == [1, 2, 3]
    services.seating.redo_actions(tid, [broke.action, balanced.action])
    assert [t.count for t in services.seating.room(tid).tables] == [4, 4]


def test_a_hand_move_undo_points_to_the_whole_action(services: Services, tid: int) -> None:
    out_of_balance(services, tid)
    move = services.seating.balance(tid).value.moves[0]
    with pytest.raises(SeatingError, match="undo that whole action"):
        services.seating.undo_move(tid, move.id)


@pytest.mark.slow
def test_an_undo_of_nothing_or_of_an_unknown_action_changes_nothing(
    services: Services, tid: int
) -> None:
    out_of_balance(services, tid)
    action = services.seating.balance(tid).value.action
    assert action is not None
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match="nothing to undo"):
        services.seating.undo_actions(tid, [])
    with pytest.raises(SeatingError, match="not recorded for undo"):
        services.seating.undo_actions(tid, [action + 100])
    with pytest.raises(SeatingError, match="nothing to redo"):
        services.seating.redo_actions(tid, [action])
    assert snapshot(services, tid) == before


@pytest.mark.slow
def test_undo_of_the_final_table_puts_back_the_final_table_size(
    services: Services, tid: int
) -> None:
    """The size given with the redraw was saved in the rules: the undo takes it back, the redo
    saves it again."""
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5, 6]})
    bust(services, seats[(2, 1)], seats[(2, 2)])
    assert services.seating.config(tid).rules.final_table_size is None
    result = services.seating.form_final_table(tid, size=9).value
    assert result.action is not None
    assert services.seating.config(tid).rules.final_table_size == 9

    services.seating.undo_actions(tid, [result.action])
    assert services.seating.config(tid).rules.final_table_size is None
    services.seating.redo_actions(tid, [result.action])
    assert services.seating.config(tid).rules.final_table_size == 9


def test_undo_of_the_final_table_keeps_a_size_the_director_set_since(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5, 6]})
    bust(services, seats[(2, 1)], seats[(2, 2)])
    result = services.seating.form_final_table(tid, size=9).value
    assert result.action is not None
    services.seating.set_break_rules(tid, TableBreakRules((), None, 8))

    services.seating.undo_actions(tid, [result.action])
    assert services.seating.config(tid).rules.final_table_size == 8


@pytest.mark.slow
def test_a_table_reopened_under_hand_for_hand_plays_the_current_hand(
    services: Services, tid: int
) -> None:
    """Every table in play plays each hand: the reopened one is dealt in and the next hand
    waits for it."""
    services.seating.add_tables(tid, 3, seat_count=6)
    seats = place(services, tid, {1: [1, 2, 3, 4], 2: [1, 2, 3, 4], 3: [1, 2, 3, 4]})
    bust(services, seats[(1, 1)], seats[(2, 1)])
    services.seating.start_hand_for_hand(tid)
    result = services.seating.break_tables(tid, 2).value
    assert result.broken == (2,)
    assert result.action is not None
    hfh = services.seating.hand_for_hand(tid)
    assert hfh is not None
    assert hfh.waiting == (1, 3)

    services.seating.undo_actions(tid, [result.action])
    hfh = services.seating.hand_for_hand(tid)
    assert hfh is not None
    assert (hfh.hand, hfh.waiting) == (1, (1, 2, 3))
    services.seating.finish_hand(tid, 1)
    services.seating.finish_hand(tid, 3)
    with pytest.raises(SeatingError, match="Table 2 has not finished hand 1"):
        services.seating.next_hand(tid)

    services.seating.redo_actions(tid, [result.action])
    hfh = services.seating.hand_for_hand(tid)
    assert hfh is not None
    assert hfh.all_finished  # the table broken again has no hand to play


def test_a_table_reopened_after_the_next_hand_joins_hand_for_hand(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 3, seat_count=6)
    seats = place(services, tid, {1: [1, 2, 3, 4], 2: [1, 2, 3, 4], 3: [1, 2, 3, 4]})
    bust(services, seats[(1, 1)], seats[(2, 1)])
    services.seating.start_hand_for_hand(tid)
    result = services.seating.break_tables(tid, 2).value
    assert result.action is not None
    services.seating.finish_hand(tid, 1)
    services.seating.finish_hand(tid, 3)
    services.seating.next_hand(tid)

    services.seating.undo_actions(tid, [result.action])
    hfh = services.seating.hand_for_hand(tid)
    assert hfh is not None
    assert (hfh.hand, hfh.tables, hfh.waiting) == (2, {1, 2, 3}, (1, 2, 3))
