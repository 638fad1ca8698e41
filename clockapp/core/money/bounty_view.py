"""The bounty rules applied to a till: knockout money credited, the bounty on every head now,
and what the winner collects at the end (`clockapp.core.bounties` holds the rules)."""

from __future__ import annotations

from clockapp.core.bounties.knockouts import BountySettlement, Knockout, settle_bounties
from clockapp.core.bounties.mystery import in_box
from clockapp.core.bounties.rules import BountyFormat
from clockapp.core.money.field import current_stack, lives, standing_busts
from clockapp.core.money.till import Till
from clockapp.core.registration import RegistrationStatus


def knockouts(till: Till) -> list[Knockout]:
    """The standing busts as the bounty rules see them, in the order recorded."""
    book = till.bounty
    result = []
    for bust in standing_busts(till):
        credits = book.credits.get(bust.id)
        if credits is None:  # recorded before credits were kept: the one buster named
            credits = ((bust.busted_by_id, None),) if bust.busted_by_id is not None else ()
        draw = book.draw_of(bust.id)
        envelope = draw.amount if draw is not None and draw.returned_by is None else None
        result.append(Knockout(bust.registration_id, bust.entry_number, credits, envelope))
    return result


def bounty_settlement(till: Till) -> BountySettlement:
    """Where the bounty money stands (see `clockapp.core.bounties.knockouts`)."""
    return settle_bounties(till.bounty.rules.format, lives(till), knockouts(till))


def heads(till: Till, settlement: BountySettlement | None = None) -> dict[int, int]:
    """The bounty on each player in play now (mystery: none, the envelopes are the prize)."""
    if till.bounty.rules.format is BountyFormat.MYSTERY:
        return {}
    settled = settlement if settlement is not None else bounty_settlement(till)
    stacks = lives(till)
    result = {}
    for rid, reg in till.registrations.items():
        row = current_stack(stacks.get(rid, {}))
        if reg.status == RegistrationStatus.PLAYING and row is not None:
            result[rid] = settled.heads.get(row, 0)
    return result


def winner_collects(till: Till, winner: int, settlement: BountySettlement) -> int:
    """What the winner collects at the end: their own head (mystery: the envelopes left)."""
    rules = till.bounty.rules
    if rules.format is BountyFormat.MYSTERY:
        return sum(rules.envelopes[i] for i in in_box(rules.envelopes, till.bounty.draws))
    row = current_stack(lives(till).get(winner, {}))
    return settlement.heads.get(row, 0) if row is not None else 0
