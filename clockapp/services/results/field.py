"""The clock's figures from the cashier: entries, players left, chips, the prize pool, the payouts
and a deal's shares (`field_stats`)."""

from __future__ import annotations

from clockapp.core.bounties.mystery import in_box
from clockapp.core.bounties.rules import BountyFormat
from clockapp.core.money.till import Till
from clockapp.core.money.view import MoneyView, money_view
from clockapp.core.registration import RegistrationStatus
from clockapp.persistence.queries import registrations
from clockapp.persistence.session import WRITING, Session, once_per_read
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import chips_on_the_tables, load_till
from clockapp.services.payouts import payout_view
from clockapp.services.results.views import FieldStats, WallBounty


def _any_listed(till: Till) -> bool:
    """Whether the till holds a registration that was not withdrawn (`has_registrations`)."""
    return any(r.status != RegistrationStatus.WITHDRAWN for r in till.registrations.values())


def has_registrations(
    session: Session, tournament_id: int, cache: LedgerCache | None = None
) -> bool:
    """Whether the cashier has any player on the tournament's list (asked once per shared read;
    from the till `cache` keeps, while its revision has not moved, in a read)."""
    if cache is not None and not session.info.get(WRITING):
        return cache.derived(session, tournament_id, _any_listed)
    return once_per_read(
        session,
        ("any_listed", tournament_id),
        lambda: registrations.any_listed(session, tournament_id),
    )


def field_stats(
    session: Session, tournament_id: int, cache: LedgerCache | None = None
) -> FieldStats | None:
    """The clock's figures from the cashier, or None when nobody is registered yet (worked out
    once per revision when `cache` keeps the till, with the money view the other reads share)."""
    if not has_registrations(session, tournament_id, cache):
        return None
    if cache is not None:
        return cache.derived_from_view(session, tournament_id, stats_of)
    till = load_till(session, tournament_id)
    return stats_of(till, money_view(till))


def stats_of(till: Till, view: MoneyView) -> FieldStats:
    """The clock's figures of a till and its money view."""
    payouts = payout_view(till, view)
    left = sum(1 for reg in till.registrations.values() if reg.status == RegistrationStatus.PLAYING)
    chips = chips_on_the_tables(till)
    deal = sorted(
        ((due.name, due.prize) for due in view.dues.values() if due.in_deal),
        key=lambda pair: (-pair[1], pair[0].casefold()),
    )
    ladder = payouts.ladder
    satellite = till.bounty.satellite
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
        bounty=wall_bounty(till, view),
        payouts_refit=payouts.refit,
        seats=payouts.seats,
        satellite=satellite.description if satellite is not None and payouts.seats else "",
    )


def wall_bounty(till: Till, view: MoneyView) -> WallBounty | None:
    """The bounty picture for the wall (None when no entry paid a bounty part)."""
    rules = till.bounty.rules
    if view.balances.bounty_pool == 0:
        return None
    if rules.format is BountyFormat.MYSTERY:
        drawn = [d for d in till.bounty.draws if d.returned_by is None]
        last = None
        if drawn:
            credits = till.bounty.credits.get(drawn[-1].bust_id, ())
            last = (" & ".join(till.name(rid) for rid, _ in credits), drawn[-1].amount)
        return WallBounty(
            rules.format.value,
            last_draw=last,
            envelopes_left=len(in_box(rules.envelopes, till.bounty.draws)),
            stage=rules.stage.label if rules.stage else "",
        )
    heads = [(till.name(rid), cents) for rid, cents in view.heads.items() if cents]
    leader = max(heads, key=lambda h: (h[1], h[0]), default=None)
    return WallBounty(rules.format.value, leader=leader, heads=len(heads))
