"""The seating rules: the director's button kept until changed, the rules set in one action, the
final table at the size the director chose, and players named in every refusal."""

from __future__ import annotations

import pytest

from clockapp.core.seating import MoveKind, Seat
from clockapp.core.seating.balancing import BalancePolicy
from clockapp.core.seating.table_breaks import TableBreakRules
from clockapp.services.app import Services
from clockapp.services.seating import SeatingError
from tests.fakes import FakeClock
from tests.services.seating import test_seating as base
from tests.services.seating.test_seating import bust, field, place, snapshot

# The seating fixtures (a RAM-disk database copied from a migrated template, seeded services).
db_path = base.db_path
template_db = base.template_db
engine = base.engine
services = base.services
tid = base.tid


def uneven_room(services: Services, tid: int) -> dict[tuple[int, int], int]:
    """Table 1 with 8 players, table 2 with 6: one balancing move is due."""
    services.seating.add_tables(tid, 2, seat_count=10)
    return place(services, tid, {1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6]})


# ---------------------------------------------------------------------------- kept buttons
@pytest.mark.parametrize("seconds_later", [0, 121, 3600, 6 * 3600])
def test_a_button_the_director_entered_is_kept(
    services: Services, tid: int, fake_clock: FakeClock, seconds_later: int
) -> None:
    """A button position entered was forgotten about two minutes later."""
    uneven_room(services, tid)
    services.seating.set_button(tid, 1, 1)
    services.seating.set_button(tid, 2, 1)
    fake_clock.advance(seconds=seconds_later)
    assert services.seating.room(tid).table(1).button == 1
    result = services.seating.balance(tid).value
    assert result.need_button is None
    assert [m.from_seat for m in result.moves] == [Seat(1, 3)]  # the big blind next


@pytest.mark.parametrize("change", ["bust", "late seat", "hand move"])
def test_a_seat_change_at_the_table_keeps_the_button(
    services: Services, tid: int, fake_clock: FakeClock, change: str
) -> None:
    """Players sitting down or leaving do not move the button: it stays as the director said."""
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5, 6, 7, 8, 9], 2: [1, 2, 3, 4, 5, 6]})
    services.seating.set_button(tid, 1, 1)
    services.seating.set_button(tid, 2, 1)
    fake_clock.advance(minutes=10)
    if change == "bust":
        bust(services, seats[(1, 9)])  # the seat frees at the next seating action
    elif change == "late seat":
        (late,) = field(services, tid, 1)
        services.seating.seat_player(tid, late, 1, 10)
    else:
        services.seating.move_player(tid, seats[(1, 9)], 1, 10)
    fake_clock.advance(minutes=10)
    result = services.seating.balance(tid).value
    assert result.need_button is None
    assert [t.button for t in services.seating.room(tid).tables] == [1, 1]


def test_balancing_moves_keep_both_buttons(services: Services, tid: int) -> None:
    """Moving a player between tables moves nobody's button: the next balance asks nothing."""
    seats = uneven_room(services, tid)
    services.seating.set_button(tid, 1, 1)
    services.seating.set_button(tid, 2, 1)
    assert len(services.seating.balance(tid).value.moves) == 1
    assert [t.button for t in services.seating.room(tid).tables] == [1, 1]
    bust(services, seats[(2, 1)])
    bust(services, seats[(2, 2)])
    result = services.seating.balance(tid).value
    assert result.need_button is None
    assert len(result.moves) == 1


@pytest.mark.slow
def test_the_director_changes_the_button_and_the_final_table_draws_it_again(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5, 6], 2: [1, 2]})
    services.seating.set_button(tid, 1, 1)
    services.seating.set_button(tid, 1, 4)  # the director's correction replaces the answer
    assert services.seating.room(tid).table(1).button == 4
    services.seating.set_button(tid, 2, 1)
    services.seating.break_tables(tid)  # table 2 breaks into table 1: the final table forms
    assert [t.number for t in services.seating.room(tid).tables] == [1]
    assert services.seating.room(tid).table(1).button is None  # the button is drawn there
    services.seating.add_tables(tid, 1, seat_count=10)
    assert services.seating.room(tid).table(2).button is None  # a new table: ask the director
    table_one = {s.registration_id for s in services.seating.room(tid).table(1).seats}
    assert seats[(2, 1)] in table_one


# ---------------------------------------------------------------------------- rules
def test_the_rules_are_set_in_one_action(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 4, seat_count=10)
    revision = services.tournaments.revision()
    config = services.seating.set_rules(
        tid,
        policy=BalancePolicy.within_two_from(3),
        rules=TableBreakRules(order=(2, 4), final_table=3, final_table_size=9),
    ).value
    assert services.tournaments.revision() == revision + 1
    assert config == services.seating.config(tid)
    assert str(config.policy) == "within 2 while there are 3 or more tables, else within 1"
    assert (config.rules.order, config.rules.final_table, config.rules.final_table_size) == (
        (2, 4),
        3,
        9,
    )
    # None keeps a setting.
    kept = services.seating.set_rules(tid, policy=BalancePolicy(2)).value
    assert kept.rules == config.rules
    assert services.seating.room(tid).final_table == (3, 9)


def test_refused_rules_change_nothing(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=8)
    before = snapshot(services, tid)
    for rules in (
        TableBreakRules(final_table=5),
        TableBreakRules(final_table=1, final_table_size=9),
    ):
        with pytest.raises(SeatingError):
            services.seating.set_rules(tid, policy=BalancePolicy(2), rules=rules)
    assert snapshot(services, tid) == before


@pytest.mark.slow
def test_the_final_table_forms_at_the_size_the_director_chose(services: Services, tid: int) -> None:
    """Two tables of 10 and a final table of 9: ten players left do not form it, nine do, and
    the final table has 9 open seats, not 10."""
    services.seating.add_tables(tid, 2, seat_count=10)
    seats = place(services, tid, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5, 6]})
    services.seating.set_break_rules(tid, TableBreakRules(final_table_size=9))
    bust(services, seats[(2, 6)])
    room = services.seating.room(tid)
    assert (room.final_table, room.busts_until_table_break) == ((1, 9), 1)
    for table in (1, 2):
        services.seating.set_button(tid, table, 1)
    result = services.seating.balance(tid).value
    assert result.final_table is None
    bust(services, seats[(2, 5)])
    result = services.seating.balance(tid).value
    assert result.final_table == 1
    assert {m.kind for m in result.moves} == {MoveKind.FINAL_TABLE}
    (table,) = services.seating.room(tid).tables
    assert (table.count, table.open_seat_count) == (9, 9)


def test_without_a_chosen_size_the_room_says_where_and_how_many(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 3, seat_count=9)
    services.seating.close_seat(tid, 1, 9)
    assert services.seating.room(tid).final_table == (1, 8)
    services.seating.set_break_rules(tid, TableBreakRules(order=(1,)))
    assert services.seating.room(tid).final_table == (2, 9)


def test_a_table_is_renamed_and_resized(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=10)
    info = services.seating.update_table(tid, 2, name="  Feature   table ", seat_count=8).value
    assert (info.label, info.seat_count, len(info.seats)) == ("Table 2 (Feature table)", 8, 8)
    assert services.seating.room(tid).table(2).label == "Table 2 (Feature table)"


# ---------------------------------------------------------------------------- names
def test_refusals_name_the_players(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=6)
    seats = place(services, tid, {1: [1, 2]})
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match=r"^Table 1, seat 2 is taken by P02\.$"):
        services.seating.move_player(tid, seats[(1, 1)], 1, 2)
    with pytest.raises(SeatingError, match=r"^P01 is already seated at Table 1, seat 1\.$"):
        services.seating.seat_player(tid, seats[(1, 1)], 2, 3)
    with pytest.raises(SeatingError, match=r"taken by P01: move the player"):
        services.seating.close_seat(tid, 1, 1)
    assert snapshot(services, tid) == before
