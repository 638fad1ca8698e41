"""One starting stack: the stack the generator checked against the chips owned is the one the
cashier hands out, and the cashier warns before a colour runs out."""

from __future__ import annotations

import pytest

from clockapp.core.chips import ChipSet, StackBreakdown
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.night_plan import NightPlan
from clockapp.core.structure import Level, Structure
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.services.cashier.test_cashier import PRICE, at_item, configure

#: The host's case: 300 of each small colour, 200 T500, 100 T1,000.
CHIPS = ChipSet.standard((25, 100, 500, 1000), owned=(300, 300, 200, 100))
FITTING = StackBreakdown(((1000, 2), (500, 4), (100, 8), (25, 8)))
HANDIEST = StackBreakdown(((500, 6), (100, 15), (25, 20)))


def buy_in(services: Services, tid: int, n: int):  # type: ignore[no-untyped-def]
    pid = services.players.create(PlayerDetails(f"Player {n}")).value.id
    return services.cashier.buy_in(tid, pid).value


@pytest.mark.slow
def test_the_generators_stack_is_handed_out_on_every_receipt(services: Services) -> None:
    plan = NightPlan("Friday", 2000, 500, starting_stack=5000, chips=CHIPS, players=18)
    suggested = services.tournaments.preview(plan).suggested
    assert suggested.breakdown == FITTING  # checked against the case: 144 T25 for 18 stacks
    tid = services.tournaments.create_planned(plan).value.id
    receipts = [buy_in(services, tid, n) for n in range(18)]
    assert {r.handouts[0].breakdown for r in receipts} == {FITTING}
    assert all(r.chip_warnings == () for r in receipts)


@pytest.mark.slow
def test_the_cashier_warns_before_a_colour_runs_out(services: Services) -> None:
    # A structure set by hand: no planned stack, so the handiest one (20 T25 a stack).
    tid = services.tournaments.create("Friday").value.id
    structure = Structure("By hand", (Level(25, 50, minutes=20), Level(50, 100, minutes=20)))
    services.structure.replace(tid, structure, chips=CHIPS)
    configure(services, tid, EntryRules(RegistrationRule(PRICE, 5000)))
    receipts = [buy_in(services, tid, n) for n in range(18)]
    assert {r.handouts[0].breakdown for r in receipts} == {HANDIEST}
    assert all(r.chip_warnings == () for r in receipts[:14])  # 20 T25 left for the 15th
    assert receipts[14].chip_warnings == ("T25 chips are running out: 0 left, a buy-in takes 20.",)
    # The sales still go through; the warning stays until chips come back.
    assert all(r.chip_warnings for r in receipts[15:])


@pytest.mark.slow
def test_a_rebuy_hands_out_the_planned_rebuy_stack(services: Services) -> None:
    plan = NightPlan(
        "Friday", 2000, 500, starting_stack=5000, chips=CHIPS, players=18,
        rebuys=6, rebuy_price=2000, rebuy_chips=2500, rebuy_until_level=3,
    )  # fmt: skip
    suggested = services.tournaments.preview(plan).suggested
    tid = services.tournaments.create_planned(plan).value.id
    rid = buy_in(services, tid, 0).registration.id
    buy_in(services, tid, 1)
    at_item(services, tid, 0)
    receipt = services.cashier.rebuy(tid, rid, busted_at_table=True).value
    assert receipt.handouts[0].breakdown == suggested.rebuy_breakdown
    assert receipt.handouts[0].chips == 2500


def test_an_add_on_hands_out_the_planned_add_on_stack(services: Services) -> None:
    plan = NightPlan(
        "Friday", 2000, 500, starting_stack=5000, chips=CHIPS, players=18,
        add_on_price=1000, add_on_chips=3000,
    )  # fmt: skip
    suggested = services.tournaments.preview(plan).suggested
    tid = services.tournaments.create_planned(plan).value.id
    add_on = services.cashier.config(tid).rules.add_on
    assert add_on is not None
    assert add_on.at_break_after_level is not None
    rid = buy_in(services, tid, 0).registration.id
    buy_in(services, tid, 1)
    structure = services.structure.get(tid)
    at_item(services, tid, structure.index_of_level(add_on.at_break_after_level) + 1)
    receipt = services.cashier.add_on(tid, rid).value
    assert receipt.handouts[0].breakdown == suggested.addon_breakdown
    assert receipt.handouts[0].chips == 3000


def test_a_preset_drops_the_stacks_planned_for_other_chips(services: Services) -> None:
    plan = NightPlan("Friday", 2000, 500, starting_stack=5000, chips=CHIPS, players=18)
    tid = services.tournaments.create_planned(plan).value.id
    assert services.structure.planned_stacks(tid) is not None
    services.structure.apply_preset(tid, services.structure.presets()[0])
    assert services.structure.planned_stacks(tid) is None
