"""Undoing one cashier action is one service call: its rows voided and, when the sale recorded a
bust at the table first (R on a player shown in play), that bust undone and the seat kept."""

from __future__ import annotations

import pytest

from clockapp.core.money.ledger import LedgerError
from clockapp.core.registration import RegistrationStatus
from clockapp.services.app import Services
from tests.services.cashier.test_cashier import (
    REBUY,
    STRUCTURE,
    Unchanged,
    at_item,
    configure,
    seat,
)
from tests.services.test_compound_actions import counting


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.structure.replace(t, STRUCTURE)
    configure(services, t, REBUY)
    return t


@pytest.fixture
def seated(services: Services, tid: int) -> dict[str, int]:
    services.seating.add_tables(tid, 1, seat_count=9)
    ids = {name: seat(services, tid, name, seat=True) for name in ("Ann", "Bob", "Cy")}
    at_item(services, tid, 0)
    return ids


def where(services: Services, tid: int, rid: int) -> object:
    return services.seating.seating(tid).seat_of(rid)


def test_undoing_a_rebuy_that_recorded_the_bust_puts_the_player_back_in_his_seat(
    services: Services, tid: int, seated: dict[str, int]
) -> None:
    ann = seated["Ann"]
    before_seat = where(services, tid, ann)
    sale = services.cashier.rebuy(tid, ann, busted_at_table=True).value
    assert sale.recorded_bust
    assert services.cashier.registration(tid, ann).rebuys == 1
    outcome = services.cashier.void_action(
        tid, [row.id for row in sale.rows], "undo: wrong player", undo_bust_of=ann
    )
    assert len(outcome.value) == len(sale.rows)
    reg = services.cashier.registration(tid, ann)
    assert (reg.status, reg.rebuys, reg.place) == (RegistrationStatus.PLAYING, 0, None)
    assert where(services, tid, ann) == before_seat
    assert services.clock.snapshot(tid).stats.players_left == 3


def test_a_sale_without_a_recorded_bust_says_so(
    services: Services, tid: int, seated: dict[str, int]
) -> None:
    bob = seated["Bob"]
    services.results.bust(tid, bob)
    sale = services.cashier.rebuy(tid, bob).value
    assert not sale.recorded_bust
    services.cashier.void_action(tid, [row.id for row in sale.rows], "undo")
    assert services.cashier.registration(tid, bob).status is RegistrationStatus.BUSTED


def test_the_undo_is_one_transaction_and_a_refusal_writes_nothing(
    services: Services, tid: int, seated: dict[str, int]
) -> None:
    cy = seated["Cy"]
    sale = services.cashier.rebuy(tid, cy, busted_at_table=True).value
    rows = [row.id for row in sale.rows]
    unchanged = Unchanged(services, tid)
    with pytest.raises(LedgerError):
        services.cashier.void_action(tid, [*rows, 999_999], "undo", undo_bust_of=cy)
    unchanged.check()
    with counting(services.ctx.engine) as counted:
        services.cashier.void_action(tid, rows, "undo", undo_bust_of=cy)
    assert counted.writes == 1
