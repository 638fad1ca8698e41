"""The published payout tables through the services: chosen and kept; a custom table refitted to
the field by itself, or locked as typed and renormalised on confirm."""

from __future__ import annotations

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.errors import DomainError
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


@pytest.mark.slow
def test_a_new_tournament_pays_by_the_home_game_table(services: Services, tid: int) -> None:
    field(services, tid, 20)
    view = services.payouts.table(tid)
    assert view.structure.table == "barge-home"
    assert view.ladder == ((1, 16_800), (2, 10_400), (3, 7_200), (4, 5_600))


@pytest.mark.slow
def test_the_chosen_table_is_kept(services: Services, tid: int) -> None:
    field(services, tid, 8)
    services.payouts.set_structure(tid, PayoutStructure(table="vegaspoker247-over-5"))
    view = services.payouts.table(tid)
    assert view.structure.table == "vegaspoker247-over-5"
    assert view.ladder == ((1, 16_000),)


def test_too_many_places_are_refitted_to_the_field_by_themselves(
    services: Services, tid: int
) -> None:
    """A custom table typed for a bigger field than came pays the field at once: the wall shows
    the payouts and the winner is paid, with no confirmation; the refit is said."""
    a, b = field(services, tid, 2)
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000))
    services.cashier.set_config(tid, CashierConfig(RULES, custom))
    view = services.payouts.table(tid)
    assert (view.problem, view.ladder) == ("", ((1, 2500), (2, 1500)))
    assert view.refitted
    assert view.refit == (
        "Refitted to the field: 2 entries pay 2 of the 3 places typed "
        "(lock the table to pay it as typed)."
    )
    assert view.structure == custom  # the table as typed is kept: a bigger field pays it all
    assert services.payouts.fit(tid) is None  # nothing to confirm
    wall = services.results.stats(tid)
    assert wall is not None
    assert (wall.payouts, wall.payouts_refit) == (((1, 2500), (2, 1500)), view.refit)
    services.results.bust(tid, b, busted_by=a)
    assert services.payouts.pay_prize(tid, a).value.amount == 2500


def test_custom_amounts_are_refitted_keeping_their_total(services: Services, tid: int) -> None:
    field(services, tid, 2)
    amounts = PayoutStructure(PayoutMode.AMOUNTS, amounts=(2000, 1200, 800))
    services.cashier.set_config(tid, CashierConfig(RULES, amounts))
    view = services.payouts.table(tid)
    assert view.ladder == ((1, 2500), (2, 1500))
    assert "2 of the 3 places typed" in view.refit


def test_a_refit_follows_the_field_as_entries_come(services: Services, tid: int) -> None:
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000))
    services.cashier.set_config(tid, CashierConfig(RULES, custom))
    field(services, tid, 1)
    assert services.payouts.table(tid).ladder == ((1, 2000),)
    assert "1 entry pays 1 of the 3 places" in services.payouts.table(tid).refit
    field(services, tid, 2)  # the third place typed is paid again
    again = services.payouts.table(tid)
    assert (again.refit, again.ladder) == ("", ((1, 3000), (2, 1800), (3, 1200)))


@pytest.mark.slow
def test_a_table_locked_as_typed_is_not_refitted_until_the_director_confirms(
    services: Services, tid: int
) -> None:
    """Locked, the table is paid as typed: with too few entries it cannot pay, says so, and the
    director can still confirm a refit."""
    a, b = field(services, tid, 2)
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000))
    services.cashier.set_config(tid, CashierConfig(RULES, custom))
    locked = services.payouts.lock(tid).value
    assert locked.locked
    assert (locked.table, locked.refit) == (None, "")
    assert "pays 3 places but there are only 2 entries" in locked.problem
    services.results.bust(tid, b, busted_by=a)
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
    unlocked = services.payouts.unlock(tid).value
    assert (unlocked.locked, unlocked.refit) == (False, "")


def test_a_previewer_reads_the_field_once_and_previews_without_the_database(
    services: Services, tid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An editor previews every keystroke: the field is read once, each preview is pure."""
    field(services, tid, 10)
    preview = services.payouts.previewer(tid)

    def no_reads(*_args: object) -> None:
        raise AssertionError("a preview read the database")

    monkeypatch.setattr(type(services.ctx), "reading", no_reads)
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(6000, 4000))
    view = preview.view(custom)
    assert view.structure == custom
    assert view.ladder == ((1, 12_000), (2, 8_000))
    assert preview.view(PayoutStructure(table="vegaspoker247-over-5")).ladder[0][0] == 1
    monkeypatch.undo()
    assert services.payouts.preview(tid, custom) == view
