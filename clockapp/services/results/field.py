"""The clock's figures from the cashier: entries, players left, chips, the prize pool, the payouts
and a deal's shares (`field_stats`)."""

from __future__ import annotations

from clockapp.core.money.field import chips_in_play
from clockapp.core.money.view import money_view
from clockapp.persistence.models.cashier import STATUS_PLAYING
from clockapp.persistence.queries import registrations
from clockapp.persistence.session import Session
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import load_till
from clockapp.services.payouts import payout_view
from clockapp.services.results.views import FieldStats


def has_registrations(session: Session, tournament_id: int) -> bool:
    """Whether the cashier has any player on the tournament's list."""
    return registrations.any_listed(session, tournament_id)


def field_stats(
    session: Session, tournament_id: int, cache: LedgerCache | None = None
) -> FieldStats | None:
    """The clock's figures from the cashier, or None when nobody is registered yet."""
    if not has_registrations(session, tournament_id):
        return None
    till = load_till(session, tournament_id, cache)
    view = money_view(till)
    payouts = payout_view(till, view)
    left = sum(1 for reg in till.registrations.values() if reg.status == STATUS_PLAYING)
    chips = chips_in_play(till)
    deal = sorted(
        ((due.name, due.prize) for due in view.dues.values() if due.in_deal),
        key=lambda pair: (-pair[1], pair[0].casefold()),
    )
    ladder = payouts.ladder
    if deal:  # the dealers' places are paid by the deal: the wall shows their shares instead
        ladder = tuple((place, cents) for place, cents in ladder if place > len(deal))
    return FieldStats(
        entries=view.balances.entries,
        players_left=left,
        chips_in_play=chips,
        average_stack=chips // left if left else 0,
        prize_pool_cents=payouts.prize_pool,
        payouts=ladder,
        players_to_money=payouts.players_to_money,
        deal=tuple(deal),
    )
