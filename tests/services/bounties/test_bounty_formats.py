"""Progressive and mystery bounties and ticket prizes through the services: settlement to the cent,
split knockouts, undo, the recorded draw, and bad input refused with nothing written."""

from __future__ import annotations

from dataclasses import replace

import pytest

from clockapp.core.bounties import BountyError, BountyFormat, BountyRules, MysteryStage
from clockapp.core.bounties.rules import LateEntryRule
from clockapp.core.bounties.tickets import Ticket, TicketTieRule
from clockapp.core.busts import BustError
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.field import BustInput
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails

BOUNTY = 1001  # odd, so every half has an odd cent
PRICE = EntryPrice(2000, house_fee=500, bounty=BOUNTY)


def _field(
    services: Services, rules: BountyRules, count: int = 4, late_until_level: int | None = None
) -> tuple[int, list[int]]:
    tid = services.tournaments.create("Friday PKO").value.id
    registration = RegistrationRule(PRICE, 10_000, late_until_level=late_until_level)
    services.cashier.set_config(tid, CashierConfig(EntryRules(registration)))
    services.bounties.set_rules(tid, rules)
    regs = []
    for number in range(count):
        pid = services.players.create(PlayerDetails(chr(ord("A") + number))).value.id
        regs.append(services.cashier.buy_in(tid, pid).value.registration.id)
    return tid, regs


def _bounties(services: Services, tid: int, rid: int) -> int:
    return services.payouts.owed(tid, rid).bounties


PKO = BountyRules(BountyFormat.PROGRESSIVE)


@pytest.mark.slow
def test_progressive_knockouts_settle_to_the_cent(services: Services) -> None:
    tid, (a, b, c, d) = _field(services, PKO)
    services.results.bust(tid, d, busted_by=a)  # A: 5.01 cash, head 15.01
    services.results.bust(tid, c, busted_by=b)  # B: 5.01 cash, head 15.01
    heads = {h.registration_id: h.bounty for h in services.bounties.view(tid).heads}
    assert heads == {a: 1501, b: 1501}
    rows = {r.registration_id: r for r in services.results.results(tid)}
    assert rows[a].bounty_on_head == 1501
    services.results.bust(tid, b, busted_by=a)  # B's 15.01: 7.51 cash, 7.50 onto A
    # A won: collects 5.01 + 7.51 in knockouts and their own head of 22.51.
    assert _bounties(services, tid, a) == 501 + 751 + 2251
    assert _bounties(services, tid, b) == 501
    assert _bounties(services, tid, a) + _bounties(services, tid, b) == 4 * BOUNTY
    assert services.bounties.view(tid).bounty_pool == 4 * BOUNTY


@pytest.mark.slow
def test_undoing_a_progressive_bust_restores_the_bounties(services: Services) -> None:
    tid, (a, b, c, _) = _field(services, PKO)
    services.results.bust(tid, c, busted_by=b)
    before = services.bounties.view(tid)
    owed_before = _bounties(services, tid, a), _bounties(services, tid, b)
    services.results.bust(tid, b, busted_by=a)
    services.results.undo_bust(tid, b)
    after = services.bounties.view(tid)
    assert after.heads == before.heads
    assert (_bounties(services, tid, a), _bounties(services, tid, b)) == owed_before


@pytest.mark.slow
def test_a_split_knockout_shares_by_position(services: Services) -> None:
    tid, (a, b, c, _) = _field(services, PKO)
    services.results.bust_players(tid, [BustInput(c, busted_by=b, co_busters=(a,))])
    heads = {h.registration_id: h.bounty for h in services.bounties.view(tid).heads}
    # 10.01 split 5.01 (B, earlier position) and 5.00 (A); each halved, odd cent to the cash.
    assert heads[b] == BOUNTY + 250
    assert heads[a] == BOUNTY + 250
    rows = {r.registration_id: r for r in services.results.results(tid)}
    assert (rows[b].knockouts, rows[a].knockouts) == (1, 1)


@pytest.mark.slow
def test_a_progressive_bust_with_no_buster_is_refused(services: Services) -> None:
    tid, (_, b, _, _) = _field(services, PKO)
    revision = services.tournaments.revision()
    with pytest.raises(BustError, match="say who busted B"):
        services.results.bust(tid, b)
    assert services.tournaments.revision() == revision
    assert not services.results.busts(tid)


@pytest.mark.slow
def test_a_knockout_shared_with_oneself_is_refused(services: Services) -> None:
    tid, (a, b, c, _) = _field(services, PKO)
    with pytest.raises(BustError, match="credited twice"):
        services.results.bust_players(tid, [BustInput(c, busted_by=a, co_busters=(a,))])
    with pytest.raises(BustError, match="cannot bust himself"):
        services.results.bust_players(tid, [BustInput(c, busted_by=a, co_busters=(c,))])
    assert not services.results.busts(tid)
    assert b


MYSTERY = BountyRules(
    BountyFormat.MYSTERY, MysteryStage(from_players_left=3), 2026, (2000, 1000, 1004)
)


@pytest.mark.slow
def test_mystery_envelopes_drawn_from_the_stage_reconcile(services: Services) -> None:
    tid, (a, b, c, d) = _field(services, MYSTERY)
    services.results.bust(tid, d, busted_by=a)  # four left: before the stage
    assert services.bounties.view(tid).draws == ()
    services.results.bust(tid, c, busted_by=b)
    services.results.bust(tid, b, busted_by=a)
    view = services.bounties.view(tid)
    assert [d.number for d in view.draws] == [1, 2]
    assert view.audit == ()
    assert view.heads == ()  # mystery: no bounty shown on heads
    drawn = {draw.busted: draw.amount for draw in view.draws}
    assert _bounties(services, tid, b) == drawn["C"]
    # A collects the envelope B's bust drew and, as the winner, the envelope left.
    assert _bounties(services, tid, a) == drawn["B"] + sum(view.envelopes_left)
    assert _bounties(services, tid, a) + _bounties(services, tid, b) == 4 * BOUNTY


@pytest.mark.slow
def test_undoing_a_mystery_knockout_returns_its_envelope(services: Services) -> None:
    tid, (a, b, c, d) = _field(services, MYSTERY)
    services.results.bust(tid, d, busted_by=a)
    services.results.bust(tid, c, busted_by=b)
    assert len(services.bounties.view(tid).envelopes_left) == 2
    services.results.undo_bust(tid, c)
    view = services.bounties.view(tid)
    assert len(view.envelopes_left) == 3
    assert view.draws[0].returned
    assert _bounties(services, tid, b) == 0
    services.results.bust(tid, c, busted_by=b)  # draws afresh, as draw 2
    view = services.bounties.view(tid)
    assert [d.number for d in view.draws] == [1, 2]
    assert view.audit == ()


def test_a_refusal_from_the_rules_names_the_tournament_s_currency(services: Services) -> None:
    """The rules in core write their amounts in the currency of the action's tournament."""
    short = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_players_left=4), 7, (2000, 1000))
    tid, (a, _, _, d) = _field(services, short)
    services.structure.update_settings(tid, currency="€")
    with pytest.raises(BountyError) as refused:
        services.results.bust(tid, d, busted_by=a)
    assert "€10.04 short" in str(refused.value)
    assert "$" not in str(refused.value)


@pytest.mark.slow
def test_envelopes_that_do_not_add_up_refuse_the_draw(services: Services) -> None:
    short = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_players_left=4), 7, (2000, 1000))
    tid, (a, _, _, d) = _field(services, short)
    revision = services.tournaments.revision()
    with pytest.raises(BountyError, match=r"must add up to the cent \(\$10.04 short\)"):
        services.results.bust(tid, d, busted_by=a)
    assert services.tournaments.revision() == revision
    assert not services.results.busts(tid)


@pytest.mark.slow
def test_the_draw_cannot_change_once_envelopes_are_out(services: Services) -> None:
    tid, (a, _, c, d) = _field(services, MYSTERY)
    services.results.bust(tid, d, busted_by=a)
    services.results.bust(tid, c, busted_by=a)
    with pytest.raises(BountyError, match="can no longer change"):
        services.bounties.set_rules(
            tid, BountyRules(BountyFormat.MYSTERY, MYSTERY.stage, 1, MYSTERY.envelopes)
        )
    assert services.bounties.view(tid).rules.seed == 2026


@pytest.mark.slow
def test_a_mystery_format_without_a_seed_gets_one(services: Services) -> None:
    tid, _ = _field(services, BountyRules())
    rules = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_level=5), 0, (4004,))
    assert services.bounties.set_rules(tid, rules).value.rules.seed > 0


@pytest.mark.slow
def test_ticket_prizes_are_tracked_in_results_and_the_season(services: Services) -> None:
    tid, (a, b, c, d) = _field(services, BountyRules())
    pool = services.payouts.table(tid).prize_pool
    revision = services.tournaments.revision()
    with pytest.raises(BountyError, match="more than the prize pool"):
        services.bounties.set_tickets(tid, [Ticket(1, pool + 1, "League final")])
    assert services.tournaments.revision() == revision
    services.bounties.set_tickets(tid, [Ticket(1, 5000, "League final")])
    for victim in (d, c, b):
        services.results.bust(tid, victim, busted_by=a)
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


@pytest.mark.slow
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
    services.results.bust(tid, d, busted_by=a)
    services.results.bust_players(
        tid, [BustInput(b, 3000, busted_by=a), BustInput(c, 3000, busted_by=a)]
    )
    rows = {r.registration_id: r for r in services.results.results(tid)}
    assert [(rows[r].place, rows[r].prize, rows[r].ticket) for r in (b, c)] == [
        (2, 10_000, ""),
        (2, 10_000, ""),
    ]
    assert sum(r.prize + r.ticket_value for r in rows.values()) == 40_000


@pytest.mark.slow
def test_an_entry_after_the_first_draw_adds_an_envelope(services: Services) -> None:
    """A buy-in sold after the first envelope was drawn used to block every later knockout
    ("envelopes hold $40.04 but ... $50.05"): under the default rule its bounty share is one more
    envelope in the box, said on the receipt, and the knockouts go on."""
    tid, (a, b, c, d) = _field(services, MYSTERY, late_until_level=5)
    services.results.bust(tid, d, busted_by=a)
    services.results.bust(tid, c, busted_by=b)  # three left: draw 1
    late = services.players.create(PlayerDetails("Eve")).value.id
    receipt = services.cashier.buy_in(tid, late).value
    assert "adds a $10.01 envelope" in receipt.bounty_note
    e = receipt.registration.id
    services.results.bust(tid, e, busted_by=a)  # three left again: draw 2
    services.results.bust(tid, b, busted_by=a)
    view = services.bounties.view(tid)
    assert [draw.number for draw in view.draws] == [1, 2, 3]
    assert view.audit == ()
    assert _bounties(services, tid, a) + _bounties(services, tid, b) == 5 * BOUNTY
    assert view.bounty_pool == 5 * BOUNTY


@pytest.mark.slow
def test_an_entry_after_the_first_draw_can_put_its_bounty_in_the_pool(
    services: Services,
) -> None:
    pooled = replace(MYSTERY, late_entries=LateEntryRule.POOL)
    tid, (a, b, c, d) = _field(services, pooled, late_until_level=5)
    pool_before = services.payouts.table(tid).prize_pool
    services.results.bust(tid, d, busted_by=a)
    services.results.bust(tid, c, busted_by=b)
    late = services.players.create(PlayerDetails("Eve")).value.id
    receipt = services.cashier.buy_in(tid, late).value
    assert "goes to the prize pool" in receipt.bounty_note
    assert services.payouts.table(tid).prize_pool == pool_before + PRICE.prize_pool + BOUNTY
    services.results.bust(tid, receipt.registration.id, busted_by=a)
    services.results.bust(tid, b, busted_by=a)
    view = services.bounties.view(tid)
    assert view.bounty_pool == 4 * BOUNTY
    assert _bounties(services, tid, a) + _bounties(services, tid, b) == 4 * BOUNTY


@pytest.mark.slow
def test_envelopes_can_change_after_a_draw_where_they_add_up(services: Services) -> None:
    tid, (a, b, c, d) = _field(services, MYSTERY)
    services.results.bust(tid, d, busted_by=a)
    services.results.bust(tid, c, busted_by=b)
    drawn = services.bounties.view(tid).draws[0].amount
    rest = 4 * BOUNTY - drawn
    revision = services.tournaments.revision()
    with pytest.raises(BountyError, match=r"must add up to the cent \(\$0.01 over\)"):
        services.bounties.set_rules(tid, replace(MYSTERY, envelopes=(drawn, rest - 4, 5)))
    with pytest.raises(BountyError, match="was drawn: it stays in the list"):
        services.bounties.set_rules(tid, replace(MYSTERY, envelopes=(rest - 4, 4)))
    assert services.tournaments.revision() == revision
    services.bounties.set_rules(tid, replace(MYSTERY, envelopes=(rest - 4, drawn, 4)))
    view = services.bounties.view(tid)
    assert sorted(view.envelopes_left) == sorted((rest - 4, 4))
    assert sum(view.envelopes) == 4 * BOUNTY
    services.results.bust(tid, b, busted_by=a)
    view = services.bounties.view(tid)
    assert view.audit == ()
    assert _bounties(services, tid, a) + _bounties(services, tid, b) == 4 * BOUNTY


@pytest.mark.slow
def test_an_entry_sealed_in_the_envelopes_keeps_its_bounty(services: Services) -> None:
    rules = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_players_left=4), 5, (4000, 1005))
    tid, (a, b, _, d, e) = _field(services, rules, count=5, late_until_level=5)
    services.results.bust(tid, e, busted_by=a)
    services.results.bust(tid, d, busted_by=a)  # four left: draw 1
    late = services.cashier.buy_in(tid, services.players.create(PlayerDetails("Fay")).value.id)
    assert len(services.bounties.view(tid).envelopes_left) == 2
    services.cashier.void(tid, late.value.rows[0].id, "sold to the wrong player")
    assert len(services.bounties.view(tid).envelopes_left) == 1  # its envelope withdrawn
    entry = next(r for r in services.cashier.ledger(tid) if r.registration_id == b)
    revision = services.tournaments.revision()
    with pytest.raises(BountyError, match="sealed at the first draw"):
        services.cashier.void(tid, entry.id, "typed the wrong player")
    assert services.tournaments.revision() == revision


@pytest.mark.slow
def test_a_ticket_worth_more_than_its_place_is_said(services: Services) -> None:
    """2nd pays $100 of a $400 pool; a $150 seat for 2nd takes $50 from the cash places: the
    bounty picture says so (it is not refused: the host may mean it)."""
    tid = services.tournaments.create("Satellite night").value.id
    rules = EntryRules(RegistrationRule(EntryPrice(10_000), 10_000))
    custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 2500, 2500))
    services.cashier.set_config(tid, CashierConfig(rules, custom))
    for name in ("Ann", "Bo", "Cy", "Di"):
        services.cashier.buy_in(tid, services.players.create(PlayerDetails(name)).value.id)
    assert services.bounties.set_tickets(tid, [Ticket(2, 10_000, "Seat")]).value.warnings == ()
    view = services.bounties.set_tickets(tid, [Ticket(2, 15_000, "Main event seat")]).value
    assert view.warnings == (
        "The ticket for 2nd (Main event seat) is worth $150.00, more than the $100.00 the "
        "place pays: the other $50.00 comes out of the places paid in cash.",
    )


@pytest.mark.slow
def test_a_tie_over_a_ticket_place_can_go_to_a_recorded_draw(services: Services) -> None:
    """The host's rule for a tie over a ticket place: a draw, seeded when the rule is set and
    kept, so it replays; the winner takes the seat, the other 3rd's cash, and the pool is paid."""
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
    view = services.bounties.configure(tid, None, None, None, TicketTieRule.DRAW).value
    assert view.ticket_tie is TicketTieRule.DRAW
    assert view.ticket_seed > 0
    services.results.bust(tid, d, busted_by=a)
    services.results.bust_players(
        tid, [BustInput(b, 3000, busted_by=a), BustInput(c, 3000, busted_by=a)]
    )
    rows = {r.registration_id: r for r in services.results.results(tid)}
    tied = sorted(((rows[r].ticket, rows[r].prize) for r in (b, c)), reverse=True)
    assert tied == [("Main event seat", 0), ("", 10_000)]
    assert sum(r.prize + r.ticket_value for r in rows.values()) == 40_000
    again = {r.registration_id: r.ticket for r in services.results.results(tid)}
    assert again == {r: rows[r].ticket for r in rows}
    winner = next(r for r in (b, c) if rows[r].ticket)
    loser = c if winner == b else b
    won = services.bounties.tickets_won(rows[winner].player_id)
    assert [(t.place, t.value) for t in won] == [(2, 10_000)]
    assert services.bounties.tickets_won(rows[loser].player_id) == ()
