"""The bounty board through the services: every head in play biggest first on the wall, in one
action that records the wall's change; a board there is nothing to show is refused and the
database is unchanged."""

from __future__ import annotations

import pytest

from clockapp.core.bounties import BountyError, BountyFormat, BountyRules, MysteryStage
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.wall import BOUNTY_BOARD, MESSAGE
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.players import PlayerDetails
from tests.dbdump import dump_database as dump

PKO = BountyRules(BountyFormat.PROGRESSIVE)


def field_of(services: Services, rules: BountyRules, count: int = 4) -> tuple[int, list[int]]:
    """Players A, B, C... bought in at 10.01 of bounty each."""
    tid = services.tournaments.create("Friday PKO").value.id
    price = EntryPrice(2000, house_fee=500, bounty=1001)
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(price, 10_000))))
    services.bounties.set_rules(tid, rules)
    regs = []
    for number in range(count):
        pid = services.players.create(PlayerDetails(chr(ord("A") + number))).value.id
        regs.append(services.cashier.buy_in(tid, pid).value.registration.id)
    return tid, regs


@pytest.mark.slow
def test_the_board_lists_every_head_in_play_biggest_first(services: Services) -> None:
    tid, (a, b, c, d, _) = field_of(services, PKO, count=5)
    services.results.bust(tid, d, busted_by=b)  # B: head 15.01
    outcome = services.bounties.show_board(tid)
    assert outcome.changes.touches(Change.WALL)
    moment = services.wall.current(tid)
    assert moment is not None
    assert moment.kind == BOUNTY_BOARD
    payload = moment.payload
    assert payload["format"] == "progressive"
    assert payload["currency"] == "$"
    assert payload["rows"] == 10
    assert payload["seconds"] == 10
    # The busted player is off the board; equal bounties share a rank, in name order.
    assert [(x["rank"], x["name"], x["cents"]) for x in payload["lines"]] == [
        (1, "B", 1501),
        (2, "A", 1001),
        (2, "C", 1001),
        (2, "E", 1001),
    ]
    assert payload["total"] == 1501 + 3 * 1001
    assert {a, c} <= {h.registration_id for h in outcome.value.heads}


def test_a_plain_knockout_board_lists_the_fixed_bounties(services: Services) -> None:
    tid, _ = field_of(services, BountyRules(BountyFormat.KNOCKOUT), count=3)
    services.bounties.show_board(tid)
    moment = services.wall.current(tid)
    assert moment is not None
    assert [x["cents"] for x in moment.payload["lines"]] == [1001, 1001, 1001]


@pytest.mark.slow
def test_a_board_of_mystery_bounties_is_refused_and_the_wall_is_unchanged(
    services: Services,
) -> None:
    rules = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_players_left=4), 5, (2002, 2002))
    tid, _ = field_of(services, rules)
    services.wall.show(tid, MESSAGE, {"title": "Welcome"})
    before = dump(services.ctx.engine)
    with pytest.raises(BountyError, match="drawn from envelopes"):
        services.bounties.show_board(tid)
    assert dump(services.ctx.engine) == before


@pytest.mark.slow
def test_a_board_without_bounty_money_says_what_to_do(services: Services) -> None:
    tid = services.tournaments.create("No bounties").value.id
    before = dump(services.ctx.engine)
    with pytest.raises(BountyError, match="set a bounty part in the entry price"):
        services.bounties.show_board(tid)
    assert dump(services.ctx.engine) == before
