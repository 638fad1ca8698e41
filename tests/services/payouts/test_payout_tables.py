"""The published payout tables through the services: chosen and kept, renormalised on confirm."""

from __future__ import annotations

import pytest

from clockapp.core.errors import DomainError
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails

RULES = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.cashier.set_config(t, CashierConfig(RULES))
    return t


def field(services: Services, tid: int, count: int) -> list[int]:
    regs = []
    for number in range(count):
        pid = services.players.create(PlayerDetails(chr(ord("A") + number))).value.id
        regs.append(services.cashier.buy_in(tid, pid).value.registration.id)
    return regs


def test_a_new_tournament_pays_by_the_home_game_table(services: Services, tid: int) -> None:
    field(services, tid, 20)
    view = services.payouts.table(tid)
    assert view.structure.table == "barge-home"
    assert view.ladder == ((1, 16_800), (2, 10_400), (3, 7_200), (4, 5_600))


def test_the_chosen_table_is_kept(services: Services, tid: int) -> None:
    field(services, tid, 8)
    services.payouts.set_structure(tid, PayoutStructure(table="vegaspoker247-over-5"))
    view = services.payouts.table(tid)
    assert view.structure.table == "vegaspoker247-over-5"
    assert view.ladder == ((1, 16_000),)


def test_too_many_places_are_renormalised_once_confirmed_then_the_winner_is_paid(
    services: Services, tid: int
) -> None:
    """With fewer players than paid places the winner could not be paid."""
    a, b = field(services, tid, 2)
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000))
    # The table was typed for a bigger field than came (the set-up takes it as it is).
    services.cashier.set_config(tid, CashierConfig(RULES, custom))
    services.results.eliminate(tid, b, busted_by=a)
    with pytest.raises(DomainError, match="pays 3 places but there are only 2 entries"):
        services.payouts.pay_prize(tid, a)
    ledger_before = services.cashier.ledger(tid)

    fit = services.payouts.fit(tid)
    assert fit is not None
    assert fit.before.table is None
    assert "3 places" in fit.before.problem
    assert fit.after.structure.percentages == (6250, 3750)
    assert fit.after.ladder == ((1, 2500), (2, 1500))
    assert services.cashier.ledger(tid) == ledger_before  # nothing saved by looking

    services.payouts.set_structure(tid, fit.after.structure)
    assert services.payouts.fit(tid) is None
    paid = services.payouts.pay_prize(tid, a).value
    assert paid.amount == 2500
