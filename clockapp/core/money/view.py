"""What the money view shows: the payout table, the standings with prizes, what each is due.

`money_view` computes it from a `Till` (no writes); `guard_payments`, `check_not_overpaid` and
`check_deal_holds` refuse a change that would leave a player paid more than they are now due, or a
standing deal sharing money or a field that is no longer there.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from clockapp.core.bounties.tickets import (
    PlacePrize,
    TicketTieRule,
    apply_tickets,
    draw_ties,
    tickets_in_ties,
)
from clockapp.core.busts import Standings
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.balances import LedgerBalances
from clockapp.core.money.bounty_view import (
    bounty_settlement,
    check_box,
    heads,
    winner_collects,
)
from clockapp.core.money.field import compute_standings
from clockapp.core.money.ledger import LedgerError, RowKind, voided_rows
from clockapp.core.money.records import PrizeDue
from clockapp.core.money.till import DealInfo, Till
from clockapp.core.payouts import PayoutTable, field_table
from clockapp.core.registration import RegistrationStatus
from clockapp.core.satellite import satellite_prizes, seats_won
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _


@dataclass(frozen=True)
class MoneyView:
    """The payout picture of a till: the table, the standings with prizes, what each is due."""

    balances: LedgerBalances
    table: PayoutTable | None
    problem: str
    standings: Standings
    dues: dict[int, PrizeDue]
    deal: DealInfo | None
    place_prizes: tuple[PlacePrize, ...] = ()  # each paid place's cash and ticket
    heads: dict[int, int] = field(default_factory=dict)  # the bounty on each player in play


def standing_deal(till: Till, totals: LedgerBalances) -> DealInfo | None:
    """The last deal row not voided."""
    if not totals.deal:
        return None
    voided = set(voided_rows(till.rows))
    standing = [r for r in till.rows if r.kind is RowKind.DEAL and r.row_id not in voided]
    return till.deals.get(standing[-1].row_id) if standing else None


def money_view(till: Till) -> MoneyView:
    """Compute the payout table, standings with prizes, bounties and dues (no writes)."""
    totals = till.balances()
    collected = totals.prize_pool - totals.overlay
    table: PayoutTable | None
    try:
        table = field_table(collected, totals.entries, till.config.payouts)
        problem = ""
    except DomainError as error:
        table, problem = None, str(error)
    place_prizes: tuple[PlacePrize, ...] = ()
    satellite = till.bounty.satellite
    if table is not None and satellite is not None:
        # A satellite pays seats, not the payout table: its prizes make the table.
        try:
            place_prizes = satellite_prizes(table.prize_pool, satellite)
            table = PayoutTable(
                tuple(p.value for p in place_prizes), table.collected, table.overlay
            )
        except DomainError as error:
            table, problem = None, str(error)
    elif table is not None:
        try:
            place_prizes = apply_tickets(table.amounts, till.bounty.tickets, till.bounty.leftover)
        except DomainError as error:  # tickets that no longer fit the pool: paid in cash
            place_prizes = apply_tickets(table.amounts, (), till.bounty.leftover)
            problem = str(error)
    result = compute_standings(till, tuple(p.cash for p in place_prizes))
    drawn: dict[int, PlacePrize] = {}
    if any(p.ticket is not None for p in place_prizes):
        # A tie over a ticket place cannot split the ticket: the host's rule says who gets what.
        if till.bounty.ticket_tie is TicketTieRule.DRAW:
            ties: dict[tuple[int, int], list[int]] = {}
            for f in result.finishes:
                if f.tied > 1:
                    ties.setdefault((f.place, f.tied), []).append(f.player_id)
            drawn = draw_ties(
                place_prizes,
                ((range(p, p + n), ids) for (p, n), ids in ties.items()),
                till.bounty.ticket_seed,
            )
        else:
            in_cash = tickets_in_ties(place_prizes, (f.places for f in result.finishes))
            if in_cash != place_prizes:
                place_prizes = in_cash
                result = compute_standings(till, tuple(p.cash for p in place_prizes))
    tickets = {p.place: p.ticket for p in place_prizes if p.ticket is not None}
    finishes = {f.player_id: f for f in result.finishes}
    someone_out = any(
        reg.status == RegistrationStatus.BUSTED for reg in till.registrations.values()
    )
    deal = standing_deal(till, totals)
    deal_shares: dict[int, int] = {}
    if deal is not None:
        deal_shares = dict(zip(deal.registration_ids, deal.amounts, strict=True))
    settlement = bounty_settlement(till)
    winner = result.remaining[0] if len(result.remaining) == 1 and someone_out else None
    own_bounty = {winner: winner_collects(till, winner, settlement)} if winner is not None else {}
    paid: dict[int, list[int]] = {}
    voided = set(voided_rows(till.rows))
    for row in till.rows:
        if row.row_id in voided or row.player_id is None:
            continue
        if row.kind in (RowKind.PAYOUT, RowKind.BOUNTY):
            slot = paid.setdefault(row.player_id, [0, 0])
            slot[0 if row.kind is RowKind.PAYOUT else 1] += row.amount
    dues: dict[int, PrizeDue] = {}
    for rid in till.registrations:
        finish = finishes.get(rid)
        if finish is not None and finish.hand is None and not someone_out:
            finish = None
        in_deal = rid in deal_shares
        if in_deal:
            prize = deal_shares[rid]
            if finish is not None and finish.place == 1 and deal is not None:
                prize += deal.reserved
        elif rid in drawn:
            prize = drawn[rid].cash  # the recorded draw gave this player one place of the tie
        else:
            prize = finish.prize if finish is not None else 0
        ticket = tickets.get(finish.place) if finish is not None and finish.tied == 1 else None
        if rid in drawn:
            ticket = drawn[rid].ticket
        prize_paid, bounties_paid = paid.get(rid, [0, 0])
        dues[rid] = PrizeDue(
            registration_id=rid,
            name=till.name(rid),
            place=finish.place if finish is not None else None,
            tied=finish.tied if finish is not None else 1,
            prize=prize,
            bounties=settlement.cash.get(rid, 0) + own_bounty.get(rid, 0),
            knockouts=settlement.knockouts.get(rid, 0),
            prize_paid=prize_paid,
            bounties_paid=bounties_paid,
            in_deal=in_deal,
            ticket=ticket,
        )
    if (
        satellite is not None
        and place_prizes
        and someone_out
        and seats_won(len(result.remaining), satellite)
    ):
        # Play has stopped: every player left has a seat (the places still open, in the order
        # the field was given; a seat is a seat, and the seat winners' cash is equal but for
        # the odd cent of a share).
        taken = {
            p for f in result.finishes if f.player_id not in result.remaining for p in f.places
        }
        open_places = [p for p in place_prizes if p.place not in taken]
        for rid, prize_of in zip(result.remaining, open_places, strict=False):
            if rid not in deal_shares:
                dues[rid] = replace(
                    dues[rid],
                    place=prize_of.place,
                    tied=1,
                    prize=prize_of.cash,
                    ticket=prize_of.ticket,
                )
    return MoneyView(
        totals, table, problem, result, dues, deal, place_prizes, heads(till, settlement)
    )


def guard_payments(till: Till) -> None:
    """`check_box`, `check_not_overpaid` and `check_deal_holds` after an action (the view is
    computed only when something was ever paid or dealt)."""
    check_box(till)
    if any(row.kind in (RowKind.PAYOUT, RowKind.BOUNTY, RowKind.DEAL) for row in till.rows):
        view = money_view(till)
        check_not_overpaid(view)
        check_deal_holds(view)


def check_deal_holds(view: MoneyView) -> None:
    """Refuse a change that a standing deal cannot follow.

    A deal shares the prizes still to be won among the players left at that moment. An entry
    sold after it, a bust undone for a player outside it, or a void that shrinks the prize pool
    would leave it promising money the pool does not hold, or a player in play with no share:
    the director voids the deal first and makes a new one.
    """
    if view.deal is None:
        return
    # The field still in play (a registration with no standing entry is not in it).
    outside = sorted(
        view.dues[rid].name for rid in view.standings.remaining if not view.dues[rid].in_deal
    )
    if outside:
        raise LedgerError(
            _(
                "A deal was made among the players left and {outside} is not in it; void "
                "the deal first, then make a new one with every player in play."
            ).format(outside=outside[0])
        )
    promised = sum(
        d.prize + (d.ticket.value if d.ticket is not None else 0) for d in view.dues.values()
    )
    if promised > view.balances.prize_pool:
        raise LedgerError(
            _(
                "The deal and the prizes won add up to {amount} but the prize pool "
                "would hold {amount2}; void the deal first."
            ).format(
                amount=format_cents(promised),
                amount2=format_cents(view.balances.prize_pool),
            )
        )


def check_not_overpaid(view: MoneyView) -> None:
    """Refuse a change that would leave a player paid more than they are now due."""
    for due in view.dues.values():
        if due.prize_paid > due.prize:
            raise LedgerError(
                _(
                    "{name} was already paid {amount} in prizes but would now be due "
                    "{amount2}; void that payout first."
                ).format(
                    name=due.name,
                    amount=format_cents(due.prize_paid),
                    amount2=format_cents(due.prize),
                )
            )
        if due.bounties_paid > due.bounties:
            raise LedgerError(
                _(
                    "{name} was already paid {amount} in bounties but would now be "
                    "credited {amount2}; void that bounty payment first."
                ).format(
                    name=due.name,
                    amount=format_cents(due.bounties_paid),
                    amount2=format_cents(due.bounties),
                )
            )
