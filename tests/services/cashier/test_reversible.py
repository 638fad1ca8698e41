"""What the cashier may reverse now (services.corrections), and player names already taken.

Each answer is checked against what the reversing service call then does: '' means the call is
accepted, a reason means it is refused and writes nothing.
"""

from __future__ import annotations

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.ledger import LedgerError
from clockapp.core.money.records import CashierConfig
from clockapp.services.app import Services
from clockapp.services.players import DuplicateNameError, PlayerDetails

PRICE = EntryPrice(2000, house_fee=500)


@pytest.fixture
def tid(services: Services) -> int:
    tid = services.tournaments.create("Corrections").value.id
    config = CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000)))
    services.cashier.set_config(tid, config)
    return tid


def buy_in(services: Services, tid: int, name: str) -> tuple[int, int]:
    """(registration id, ledger row id) of a new player's buy-in."""
    player = services.players.create(PlayerDetails(name)).value.id
    receipt = services.cashier.buy_in(tid, player).value
    return receipt.registration.id, receipt.rows[0].id


def test_a_row_can_be_voided_once_and_a_void_never(services: Services, tid: int) -> None:
    _reg, row = buy_in(services, tid, "Ann")
    corrections = services.corrections
    assert corrections.void_refusal(tid, [row]) == ""
    assert corrections.refund_refusal(tid, row) == ""
    void = services.cashier.void(tid, row, "wrong player").value
    assert "already voided" in corrections.void_refusal(tid, [row])
    assert "itself a void" in corrections.void_refusal(tid, [void.id])
    assert corrections.refund_refusal(tid, row) != ""
    assert corrections.refund_refusal(tid, void.id) != ""
    for refused in (
        lambda: services.cashier.void(tid, row, "again"),
        lambda: services.cashier.void(tid, void.id, "again"),
        lambda: services.cashier.refund(tid, row, "again"),
    ):
        with pytest.raises(LedgerError):
            refused()
    assert "not in this tournament" in corrections.void_refusal(tid, [9999])


def test_an_undone_bust_cannot_be_undone_again(services: Services, tid: int) -> None:
    ann, _ = buy_in(services, tid, "Ann")
    buy_in(services, tid, "Bob")
    buy_in(services, tid, "Cy")
    corrections = services.corrections
    assert "not out" in corrections.undo_bust_refusal(tid, [ann])
    services.results.bust(tid, ann)
    assert corrections.undo_bust_refusal(tid, [ann]) == ""
    (bust,) = services.results.busts(tid)
    assert corrections.undo_bust_refusal(tid, [ann], bust_id=bust.id) == ""
    assert "last bust standing" in corrections.undo_bust_refusal(tid, [ann], bust_id=bust.id + 1)
    services.results.undo_bust(tid, ann, "wrong player")
    assert "not out" in corrections.undo_bust_refusal(tid, [ann])


def test_a_taken_name_is_refused_in_the_insert_transaction(services: Services) -> None:
    alice = services.players.create(PlayerDetails("Alice Trent")).value.id
    revision = services.tournaments.revision()
    with pytest.raises(DuplicateNameError) as raised:
        services.players.create(PlayerDetails("  alice   TRENT "), unique=True)
    assert [p.id for p in raised.value.namesakes] == [alice]
    assert services.tournaments.revision() == revision
    assert [p.id for p in services.players.namesakes("ALICE Trent")] == [alice]
    assert services.players.namesakes("Alice Tren") == ()
    # Two people may share a name when the cashier says so (without `unique`).
    services.players.create(PlayerDetails("Alice Trent"))
    assert len(services.players.namesakes("alice trent")) == 2
