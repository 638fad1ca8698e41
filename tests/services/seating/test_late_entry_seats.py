"""Late entries keep finding seats: Balance leaves the tables up while registration is open, and a
sale into a full room can open a table in its own transaction.

The night this reproduces: 40 tables were set up for the expected field, 17 players had bought
in, the director pressed Balance, 38 tables broke, and every later buy-in was sold without a seat.
"""

from __future__ import annotations

import pytest
from sqlmodel import Session, col, select

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, ReEntryRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.persistence.models import GameTableRow, LedgerRecord, RegistrationRow, SeatRow
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.services.seating.sale_seat import IfFull, NoFreeSeat

STACK = 10_000


@pytest.fixture
def tid(services: Services) -> int:
    tid = services.tournaments.create("Friday").value.id
    rules = EntryRules(
        RegistrationRule(EntryPrice(2000), STACK, late_until_level=6),
        re_entry=ReEntryRule(EntryPrice(2000), STACK, last_level=6),
    )
    services.cashier.set_config(tid, CashierConfig(rules))
    services.clock.start(tid)
    return tid


def _player(services: Services, name: str) -> int:
    return services.players.create(PlayerDetails(name)).value.id


def _buy_in(services: Services, tid: int, name: str, **how: object) -> int:
    receipt = services.cashier.buy_in(tid, _player(services, name), seat=True, **how).value
    assert receipt.seat is not None
    assert receipt.seat.seat is not None, receipt.seat.sentence
    return receipt.registration.id


def _snapshot(services: Services, tid: int) -> tuple[object, ...]:
    """Everything a refused sale must leave as it was."""
    with Session(services.ctx.engine) as session:
        tables = session.exec(
            select(GameTableRow.number, GameTableRow.in_play, GameTableRow.seat_count).where(
                col(GameTableRow.tournament_id) == tid
            )
        ).all()
        seats = session.exec(select(SeatRow.id).where(col(SeatRow.tournament_id) == tid)).all()
        ledger = session.exec(
            select(LedgerRecord.id).where(col(LedgerRecord.tournament_id) == tid)
        ).all()
        regs = session.exec(
            select(RegistrationRow.id, RegistrationRow.status, RegistrationRow.entries).where(
                col(RegistrationRow.tournament_id) == tid
            )
        ).all()
    revision = services.tournaments.revision_of(tid).tournament
    return sorted(tables), sorted(seats), sorted(ledger), sorted(regs), revision


@pytest.mark.slow
def test_balance_while_registration_is_open_keeps_the_tables_late_entries_need(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 40, seat_count=10)
    for n in range(17):
        _buy_in(services, tid, f"Early {n:02d}")

    result = services.seating.balance(tid).value

    assert result.broken == ()
    assert len(result.held) == 38
    assert result.summary.startswith("Registration is open: 38 tables that would break stay up")
    assert "Break tables" in result.summary
    assert len(services.seating.room(tid).tables) == 40
    for n in range(40):  # more than the two tables the old Balance left could seat
        _buy_in(services, tid, f"Late {n:02d}")
    room = services.seating.room(tid)
    assert room.waiting == ()
    assert sum(t.count for t in room.tables) == 57


@pytest.mark.slow
def test_balance_breaks_the_tables_once_registration_is_closed(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 4, seat_count=10)
    for n in range(5):
        _buy_in(services, tid, f"P{n}")
    services.registration.close(tid)

    result = services.seating.balance(tid).value

    assert result.held == ()
    assert len(result.broken) == 3
    assert not result.summary.startswith("Registration is open")


def test_break_tables_still_breaks_on_the_directors_word_while_registration_is_open(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 3, seat_count=10)
    for n in range(4):
        _buy_in(services, tid, f"P{n}")
    assert services.seating.break_tables(tid).value.broken != ()


@pytest.mark.slow
def test_a_sale_into_a_full_room_opens_the_next_table_in_its_own_transaction(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 2, seat_count=2)
    for name in ("Ann", "Bob", "Cy", "Di"):
        _buy_in(services, tid, name)
    assert services.seating.table_to_open(tid) is not None
    assert services.seating.table_to_open(tid).question == (
        "No seat is free: open table 3 (2 seats) and seat the player there?"
    )
    before = services.tournaments.revision_of(tid).tournament

    outcome = services.cashier.buy_in(
        tid, _player(services, "Ed"), seat=True, if_full=IfFull.OPEN_TABLE
    )

    receipt = outcome.value
    assert receipt.opened_table == 3
    assert receipt.seat is not None
    assert receipt.seat.seat is not None
    assert receipt.seat.seat.seat.table == 3
    room = services.seating.room(tid)
    assert [t.number for t in room.tables] == [1, 2, 3]
    assert room.waiting == ()
    # One action: one revision for the sale, the table and the seat together.
    assert outcome.changes.revision == before + 1
    assert services.seating.table_to_open(tid) is None  # table 3 has a seat left


@pytest.mark.slow
def test_a_sale_asked_to_stop_in_a_full_room_leaves_the_database_unchanged(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 1, seat_count=2)
    _buy_in(services, tid, "Ann")
    _buy_in(services, tid, "Bob")
    ed = _player(services, "Ed")
    before = _snapshot(services, tid)

    with pytest.raises(NoFreeSeat, match="No seat is free for Ed: nothing was sold") as refused:
        services.cashier.buy_in(tid, ed, seat=True, tendered=5000, if_full=IfFull.ASK)

    assert refused.value.table.number == 2
    assert _snapshot(services, tid) == before
    assert services.cashier.registration_of(tid, ed) is None


@pytest.mark.slow
def test_a_re_entry_into_a_full_room_can_open_a_table(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 1, seat_count=2)
    ann = _buy_in(services, tid, "Ann")
    _buy_in(services, tid, "Bob")
    # Ann's own seat is given up by her re-entry: the room is not full for her.
    assert services.seating.table_to_open(tid, leaving=ann) is None
    services.results.bust(tid, ann)
    _buy_in(services, tid, "Cy")  # takes the seat Ann's bust freed
    before = _snapshot(services, tid)
    with pytest.raises(NoFreeSeat):
        services.cashier.re_enter(tid, ann, seat=True, if_full=IfFull.ASK)
    assert _snapshot(services, tid) == before

    receipt = services.cashier.re_enter(tid, ann, seat=True, if_full=IfFull.OPEN_TABLE).value

    assert receipt.opened_table == 2
    assert receipt.seat is not None
    assert receipt.seat.seat is not None
    assert receipt.seat.seat.seat.table == 2


def test_a_sale_that_finds_a_free_seat_opens_no_table(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 1, seat_count=3)
    _buy_in(services, tid, "Ann", if_full=IfFull.ASK)
    receipt = services.cashier.buy_in(
        tid, _player(services, "Bob"), seat=True, if_full=IfFull.OPEN_TABLE
    ).value
    assert receipt.opened_table is None
    assert [t.number for t in services.seating.room(tid).tables] == [1]


def _rebuys(services: Services, tid: int) -> None:
    rules = EntryRules(
        RegistrationRule(EntryPrice(2000), STACK, late_until_level=6),
        rebuy=RebuyRule(EntryPrice(2000), STACK, last_level=6),
    )
    services.cashier.set_config(tid, CashierConfig(rules))


@pytest.mark.slow
def test_a_rebuy_whose_old_seat_is_taken_in_a_full_room_asks_then_opens_a_table(
    services: Services, tid: int
) -> None:
    _rebuys(services, tid)
    services.seating.add_tables(tid, 1, seat_count=2)
    ann = _buy_in(services, tid, "Ann")
    _buy_in(services, tid, "Bob")
    services.results.bust(tid, ann)
    _buy_in(services, tid, "Cy")  # takes the seat Ann's bust freed
    before = _snapshot(services, tid)

    with pytest.raises(NoFreeSeat, match="No seat is free for Ann: nothing was sold") as refused:
        services.cashier.rebuy(tid, ann, tendered=2000, if_full=IfFull.ASK)

    assert refused.value.table.number == 2
    assert _snapshot(services, tid) == before
    outcome = services.cashier.rebuy(tid, ann, if_full=IfFull.OPEN_TABLE)
    receipt = outcome.value
    assert receipt.opened_table == 2
    assert receipt.seat is not None
    assert receipt.seat.seat is not None
    assert receipt.seat.seat.seat.table == 2
    assert outcome.changes.revision == before[-1] + 1  # the table, the rebuy, the seat: one
    assert services.seating.room(tid).waiting == ()


@pytest.mark.slow
def test_a_rebuy_in_a_full_room_that_gets_its_seat_back_opens_no_table(
    services: Services, tid: int
) -> None:
    _rebuys(services, tid)
    services.seating.add_tables(tid, 1, seat_count=2)
    ann = _buy_in(services, tid, "Ann")
    _buy_in(services, tid, "Bob")
    seat = services.seating.room(tid).seat_of(ann)
    # Busted at the table, recorded with the rebuy: the seat it frees is hers again.
    receipt = services.cashier.rebuy(tid, ann, busted_at_table=True, if_full=IfFull.ASK).value
    assert receipt.opened_table is None
    assert services.seating.room(tid).seat_of(ann) == seat
    services.results.bust(tid, ann)
    receipt = services.cashier.rebuy(tid, ann, if_full=IfFull.ASK).value
    assert receipt.opened_table is None
    assert services.seating.room(tid).seat_of(ann) == seat
    assert [t.number for t in services.seating.room(tid).tables] == [1]


@pytest.mark.slow
def test_undoing_a_sale_that_opened_a_table_closes_it_while_nobody_sits_there(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 1, seat_count=2)
    _buy_in(services, tid, "Ann")
    _buy_in(services, tid, "Bob")
    receipt = services.cashier.buy_in(
        tid, _player(services, "Ed"), seat=True, if_full=IfFull.OPEN_TABLE
    ).value
    assert receipt.opened_table == 2
    before = services.tournaments.revision_of(tid).tournament

    outcome = services.cashier.void_action(
        tid, [r.id for r in receipt.rows], "undone", close_table=receipt.opened_table
    )

    assert outcome.changes.revision == before + 1  # the void and the table: one action
    assert [t.number for t in services.seating.room(tid).tables] == [1]
    assert services.seating.table_to_open(tid) is not None
    assert services.seating.table_to_open(tid).number == 2


@pytest.mark.slow
def test_undoing_a_sale_keeps_the_table_it_opened_when_someone_sits_there_since(
    services: Services, tid: int
) -> None:
    services.seating.add_tables(tid, 1, seat_count=2)
    _buy_in(services, tid, "Ann")
    _buy_in(services, tid, "Bob")
    receipt = services.cashier.buy_in(
        tid, _player(services, "Ed"), seat=True, if_full=IfFull.OPEN_TABLE
    ).value
    fay = _buy_in(services, tid, "Fay")  # the one free seat is at the table Ed's sale opened

    services.cashier.void_action(
        tid, [r.id for r in receipt.rows], "undone", close_table=receipt.opened_table
    )

    room = services.seating.room(tid)
    assert [t.number for t in room.tables] == [1, 2]
    assert room.seat_of(fay) is not None
    assert room.seat_of(fay).table == 2
