"""Progressive and mystery bounties and ticket prizes through the services: settlement to the cent,
split knockouts, undo, the recorded draw, and bad input refused with nothing written."""

from __future__ import annotations

import pytest

from clockapp.core.bounties import BountyError, BountyFormat, BountyRules, MysteryStage
from clockapp.core.bounties.tickets import Ticket
from clockapp.core.busts import EliminationError
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.field import BustInput
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails

BOUNTY = 1001  # odd, so every half has an odd cent
PRICE = EntryPrice(2000, house_fee=500, bounty=BOUNTY)


def _field(services: Services, rules: BountyRules, count: int = 4) -> tuple[int, list[int]]:
    tid = services.tournaments.create("Friday PKO").value.id
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000))))
    services.bounties.set_rules(tid, rules)
    regs = []
    for number in range(count):
        pid = services.players.create(PlayerDetails(chr(ord("A") + number))).value.id
        regs.append(services.cashier.buy_in(tid, pid).value.registration.id)
    return tid, regs


def _bounties(services: Services, tid: int, rid: int) -> int:
    return services.payouts.owed(tid, rid).bounties


PKO = BountyRules(BountyFormat.PROGRESSIVE)


def test_progressive_knockouts_settle_to_the_cent(services: Services) -> None:
    tid, (a, b, c, d) = _field(services, PKO)
    services.results.eliminate(tid, d, busted_by=a)  # A: 5.01 cash, head 15.01
    services.results.eliminate(tid, c, busted_by=b)  # B: 5.01 cash, head 15.01
    heads = {h.registration_id: h.bounty for h in services.bounties.view(tid).heads}
    assert heads == {a: 1501, b: 1501}
    rows = {r.registration_id: r for r in services.results.results(tid)}
    assert rows[a].bounty_on_head == 1501
    services.results.eliminate(tid, b, busted_by=a)  # B's 15.01: 7.51 cash, 7.50 onto A
    # A won: collects 5.01 + 7.51 in knockouts and their own head of 22.51.
    assert _bounties(services, tid, a) == 501 + 751 + 2251
    assert _bounties(services, tid, b) == 501
    assert _bounties(services, tid, a) + _bounties(services, tid, b) == 4 * BOUNTY
    assert services.bounties.view(tid).bounty_pool == 4 * BOUNTY


def test_undoing_a_progressive_bust_restores_the_bounties(services: Services) -> None:
    tid, (a, b, c, _) = _field(services, PKO)
    services.results.eliminate(tid, c, busted_by=b)
    before = services.bounties.view(tid)
    owed_before = _bounties(services, tid, a), _bounties(services, tid, b)
    services.results.eliminate(tid, b, busted_by=a)
    services.results.undo_elimination(tid, b)
    after = services.bounties.view(tid)
    assert after.heads == before.heads
    assert (_bounties(services, tid, a), _bounties(services, tid, b)) == owed_before


def test_a_split_knockout_shares_by_position(services: Services) -> None:
    tid, (a, b, c, _) = _field(services, PKO)
    services.results.eliminate_hand(tid, [BustInput(c, busted_by=b, co_busters=(a,))])
    heads = {h.registration_id: h.bounty for h in services.bounties.view(tid).heads}
    # 10.01 split 5.01 (B, earlier position) and 5.00 (A); each halved, odd cent to the cash.
    assert heads[b] == BOUNTY + 250
    assert heads[a] == BOUNTY + 250
    rows = {r.registration_id: r for r in services.results.results(tid)}
    assert (rows[b].knockouts, rows[a].knockouts) == (1, 1)


def test_a_progressive_bust_with_no_buster_is_refused(services: Services) -> None:
    tid, (_, b, _, _) = _field(services, PKO)
    revision = services.tournaments.revision()
    with pytest.raises(EliminationError, match="say who busted B"):
        services.results.eliminate(tid, b)
    assert services.tournaments.revision() == revision
    assert not services.results.eliminations(tid)


def test_a_knockout_shared_with_oneself_is_refused(services: Services) -> None:
    tid, (a, b, c, _) = _field(services, PKO)
    with pytest.raises(EliminationError, match="credited twice"):
        services.results.eliminate_hand(tid, [BustInput(c, busted_by=a, co_busters=(a,))])
    with pytest.raises(EliminationError, match="cannot bust himself"):
        services.results.eliminate_hand(tid, [BustInput(c, busted_by=a, co_busters=(c,))])
    assert not services.results.eliminations(tid)
    assert b


MYSTERY = BountyRules(
    BountyFormat.MYSTERY, MysteryStage(from_players_left=3), 2026, (2000, 1000, 1004)
)


def test_mystery_envelopes_drawn_from_the_stage_reconcile(services: Services) -> None:
    tid, (a, b, c, d) = _field(services, MYSTERY)
    services.results.eliminate(tid, d, busted_by=a)  # four left: before the stage
    assert services.bounties.view(tid).draws == ()
    services.results.eliminate(tid, c, busted_by=b)
    services.results.eliminate(tid, b, busted_by=a)
    view = services.bounties.view(tid)
    assert [d.number for d in view.draws] == [1, 2]
    assert view.audit == ()
    assert view.heads == ()  # mystery: no bounty shown on heads
    drawn = {draw.busted: draw.amount for draw in view.draws}
    assert _bounties(services, tid, b) == drawn["C"]
    # A collects the envelope B's bust drew and, as the winner, the envelope left.
    assert _bounties(services, tid, a) == drawn["B"] + sum(view.envelopes_left)
    assert _bounties(services, tid, a) + _bounties(services, tid, b) == 4 * BOUNTY


def test_undoing_a_mystery_knockout_returns_its_envelope(services: Services) -> None:
    tid, (a, b, c, d) = _field(services, MYSTERY)
    services.results.eliminate(tid, d, busted_by=a)
    services.results.eliminate(tid, c, busted_by=b)
    assert len(services.bounties.view(tid).envelopes_left) == 2
    services.results.undo_elimination(tid, c)
    view = services.bounties.view(tid)
    assert len(view.envelopes_left) == 3
    assert view.draws[0].returned
    assert _bounties(services, tid, b) == 0
    services.results.eliminate(tid, c, busted_by=b)  # draws afresh, as draw 2
    view = services.bounties.view(tid)
    assert [d.number for d in view.draws] == [1, 2]
    assert view.audit == ()


def test_envelopes_that_do_not_add_up_refuse_the_draw(services: Services) -> None:
    short = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_players_left=4), 7, (2000, 1000))
    tid, (a, _, _, d) = _field(services, short)
    revision = services.tournaments.revision()
    with pytest.raises(BountyError, match=r"must add up to the cent \(\$10.04 short\)"):
        services.results.eliminate(tid, d, busted_by=a)
    assert services.tournaments.revision() == revision
    assert not services.results.eliminations(tid)


def test_the_draw_cannot_change_once_envelopes_are_out(services: Services) -> None:
    tid, (a, _, c, d) = _field(services, MYSTERY)
    services.results.eliminate(tid, d, busted_by=a)
    services.results.eliminate(tid, c, busted_by=a)
    with pytest.raises(BountyError, match="can no longer change"):
        services.bounties.set_rules(
            tid, BountyRules(BountyFormat.MYSTERY, MYSTERY.stage, 1, MYSTERY.envelopes)
        )
    assert services.bounties.view(tid).rules.seed == 2026


def test_a_mystery_format_without_a_seed_gets_one(services: Services) -> None:
    tid, _ = _field(services, BountyRules())
    rules = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_level=5), 0, (4004,))
    assert services.bounties.set_rules(tid, rules).value.rules.seed > 0


def test_ticket_prizes_are_tracked_in_results_and_the_season(services: Services) -> None:
    tid, (a, b, c, d) = _field(services, BountyRules())
    pool = services.payouts.table(tid).prize_pool
    revision = services.tournaments.revision()
    with pytest.raises(BountyError, match="more than the prize pool"):
        services.bounties.set_tickets(tid, [Ticket(1, pool + 1, "League final")])
    assert services.tournaments.revision() == revision
    services.bounties.set_tickets(tid, [Ticket(1, 5000, "League final")])
    for victim in (d, c, b):
        services.results.eliminate(tid, victim, busted_by=a)
    rows = {r.registration_id: r for r in services.results.results(tid)}
    assert rows[a].ticket == "League final"
    assert rows[a].ticket_value == 5000
    paid_cash = sum(r.prize for r in rows.values())
    assert paid_cash + 5000 == pool
    player = rows[a].player_id
    won = services.bounties.tickets_won(player)
    assert [(t.tournament, t.place, t.value) for t in won] == [("Friday PKO", 1, 5000)]


def test_tickets_can_be_set_before_the_first_entry(services: Services) -> None:
    tid = services.tournaments.create("League night").value.id
    services.bounties.set_tickets(tid, [Ticket(1, 5000, "League final")])
    assert [t.place for t in services.bounties.view(tid).tickets] == [1]


def test_a_tie_over_a_ticket_place_shares_its_value_in_cash(services: Services) -> None:
    """Two players tied over 2nd (a $100 seat) and 3rd: the seat's value and 3rd's cash are
    shared between them, so every dollar of the $400 pool is paid."""
    tid = services.tournaments.create("Satellite night").value.id
    rules = EntryRules(RegistrationRule(EntryPrice(10_000), 10_000))
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 2500, 2500))
    services.cashier.set_config(tid, CashierConfig(rules, custom))
    a, b, c, d = (
        services.cashier.buy_in(
            tid, services.players.create(PlayerDetails(n)).value.id
        ).value.registration.id
        for n in ("Ann", "Bo", "Cy", "Di")
    )
    services.bounties.set_tickets(tid, [Ticket(2, 10_000, "Main event seat")])
    services.results.eliminate(tid, d, busted_by=a)
    services.results.eliminate_hand(
        tid, [BustInput(b, 3000, busted_by=a), BustInput(c, 3000, busted_by=a)]
    )
    rows = {r.registration_id: r for r in services.results.results(tid)}
    assert [(rows[r].place, rows[r].prize, rows[r].ticket) for r in (b, c)] == [
        (2, 10_000, ""),
        (2, 10_000, ""),
    ]
    assert sum(r.prize + r.ticket_value for r in rows.values()) == 40_000
