"""Late entries keep finding seats: Balance leaves the tables up while registration is open.

The night this reproduces: 40 tables were set up for the expected field, 17 players had bought
in, the director pressed Balance, 38 tables broke, and every later buy-in was sold without a seat.
"""

from __future__ import annotations

import pytest
from sqlmodel import Session, col, select

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, ReEntryRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.persistence.models import GameTableRow, LedgerRecord, RegistrationRow, SeatRow
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails

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
