"""The balance notice the cashier and the director are given after a bust: the move to make in
plain words, only when the tables differ by more than the policy allows, never in a shootout."""

from __future__ import annotations

import pytest

from clockapp.core.seating.balancing import BalancePolicy
from clockapp.services.app import Services
from tests.services.seating import test_seating as base
from tests.services.seating.test_seating import bust, buy_ins, place

db_path = base.db_path
template_db = base.template_db
engine = base.engine
services = base.services
tid = base.tid


def test_a_room_within_the_policy_gives_no_notice(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    place(services, tid, {1: list(range(1, 10)), 2: list(range(1, 9))})
    assert services.seating.balance_notice(tid) is None


def test_nine_against_seven_names_the_move_and_the_counts(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    seats = place(services, tid, {1: list(range(1, 10)), 2: list(range(1, 9))})
    bust(services, seats[(2, 3)])  # out, the seat row not yet dropped: it does not count
    assert services.seating.balance_notice(tid) == (
        "Tables out of balance: move a player from table 1 (9) to table 2 (7)."
    )


def test_a_wider_policy_keeps_quiet(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    seats = place(services, tid, {1: list(range(1, 10)), 2: list(range(1, 9))})
    bust(services, seats[(2, 3)])
    services.seating.set_policy(tid, BalancePolicy(within=2))
    assert services.seating.balance_notice(tid) is None


@pytest.mark.slow
def test_several_moves_are_each_named(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 3, seat_count=9)
    place(services, tid, {1: list(range(1, 10)), 2: list(range(1, 10)), 3: [1, 2, 3, 4, 5]})
    # The moves are listed as the language lists things (CLDR): "A and B" in English.
    assert services.seating.balance_notice(tid) == (
        "Tables out of balance: move a player from table 1 (9) to table 3 (5) and a player "
        "from table 2 (9) to table 3 (5)."
    )


@pytest.mark.slow
def test_a_cashier_bust_reports_the_notice_with_the_bust(services: Services, tid: int) -> None:
    ids = buy_ins(services, tid, 4)
    services.seating.add_tables(tid, 2, seat_count=9)
    services.seating.draw_seats(tid)
    room = services.seating.room(tid)
    short = [s.registration_id for s in room.table(2).seats if s.registration_id is not None]
    assert len(short) == 2
    assert set(short) <= set(ids)
    first = services.results.bust(tid, short[0], follow_seating=True, report_balance=True)
    assert first.value.balance is None  # 2 against 1: within one
    second = services.results.bust(tid, short[1], follow_seating=True, report_balance=True)
    assert second.value.balance == (
        "Tables out of balance: move a player from table 1 (2) to table 2 (0)."
    )


@pytest.mark.slow
def test_a_shootout_never_gives_a_notice(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=3)
    buy_ins(services, tid, 6)
    view = services.seating.start_shootout(tid).value
    table_1 = view.shootout.current.remaining(1)
    services.seating.shootout_bust(tid, table_1[0])
    services.seating.shootout_bust(tid, table_1[1])
    assert [t.count for t in services.seating.room(tid).tables] == [1, 3]
    assert services.seating.balance_notice(tid) is None
