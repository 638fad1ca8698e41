"""A till read into results: the report of a bust, the bust history, each player's row
with place, money paid in and won."""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.core.money.ledger import RowKind, voided_rows
from clockapp.core.money.till import Till
from clockapp.core.money.view import (
    MoneyView,
    check_deal_holds,
    check_not_overpaid,
    money_view,
)
from clockapp.core.registration import RegistrationStatus
from clockapp.services.ending import final_places
from clockapp.services.payouts import payout_view
from clockapp.services.results.views import BustInfo, BustReport, ResultRow


def bust_report(till: Till, ids: Sequence[int]) -> BustReport:
    view = money_view(till)
    check_not_overpaid(view)
    check_deal_holds(view)
    payouts = payout_view(till, view)
    return BustReport(
        busted=tuple(view.dues[rid] for rid in ids),
        players_left=payouts.players_left,
        players_to_money=payouts.players_to_money,
    )


def history(till: Till) -> tuple[BustInfo, ...]:
    undone_by = {e.undoes_id: e.id for e in till.busts if e.undoes_id is not None}
    result = []
    for e in till.busts:
        assert e.id is not None
        result.append(
            BustInfo(
                id=e.id,
                registration_id=e.registration_id,
                name=till.name(e.registration_id),
                hand=e.hand,
                chips_at_hand_start=e.chips_at_hand_start,
                busted_by_id=e.busted_by_id,
                busted_by=till.name(e.busted_by_id),
                bounty=e.bounty,
                undoes_id=e.undoes_id,
                undone_by=undone_by.get(e.id),
                reason=e.reason,
                created_at=e.created_at,
                station=e.station,
            )
        )
    return tuple(result)


def paid_in(till: Till) -> dict[int, int]:
    """Cents each registration paid for entries and still has in: entries not voided, less the
    refunds not voided (a refunded rebuy is money handed back, not money paid in)."""
    voided = set(voided_rows(till.rows))
    result: dict[int, int] = {}
    for row in till.rows:
        if row.player_id is None or row.row_id in voided:
            continue
        if row.kind.is_entry:
            result[row.player_id] = result.get(row.player_id, 0) + row.amount
        elif row.kind is RowKind.REFUND:
            result[row.player_id] = result.get(row.player_id, 0) - row.amount
    return result


def result_rows(till: Till, view: MoneyView | None = None) -> tuple[ResultRow, ...]:
    """Every player who bought in: players still in first, then by finishing place (the money
    view of `till` worked out when not given)."""
    view = view if view is not None else money_view(till)
    paid = paid_in(till)
    # Places as they finished; after a deal that ended the event, the dealers' by their chips.
    places = final_places(till, view)
    rows = []
    for rid, reg in till.registrations.items():
        if reg.entries == 0:
            continue
        due = view.dues[rid]
        place, tied, label = places.get(rid, (None, 1, "in play (deal)" if due.in_deal else ""))
        label = label or "in play"
        rows.append(
            ResultRow(
                registration_id=rid,
                player_id=reg.player_id,
                name=till.name(rid),
                status=RegistrationStatus(reg.status),
                place=place,
                tied=tied,
                label=label,
                entries=reg.entries,
                rebuys=reg.rebuys,
                add_ons=reg.add_ons,
                paid_in=paid.get(rid, 0),
                prize=due.prize,
                bounties=due.bounties,
                knockouts=due.knockouts,
                paid_out=due.prize_paid + due.bounties_paid,
                busted_by=till.name(reg.busted_by_id),
                in_deal=due.in_deal,
                bounty_on_head=view.heads.get(rid, 0),
                ticket=due.ticket.description if due.ticket else "",
                ticket_value=due.ticket.value if due.ticket else 0,
            )
        )
    # Players still in first (they are ahead of every busted player), then by place.
    rows.sort(key=lambda r: (r.place is not None, r.place or 0, r.name.casefold()))
    return tuple(rows)
