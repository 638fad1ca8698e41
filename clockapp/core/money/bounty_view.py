"""The bounty rules applied to a till: knockout money credited, the bounty on every head now,
and what the winner collects at the end (`clockapp.core.bounties` holds the rules)."""

from __future__ import annotations

from clockapp.core.bounties.knockouts import BountySettlement, Knockout, settle_bounties
from clockapp.core.bounties.mystery import in_box
from clockapp.core.bounties.rules import BountyError, BountyFormat, LateEntryRule
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.field import current_stack, lives, standing_busts, standing_entry_rows
from clockapp.core.money.till import Till
from clockapp.core.registration import RegistrationStatus
from clockapp.i18n import gettext as _


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


def late_entry(till: Till, price: EntryPrice) -> tuple[EntryPrice, str]:
    """How an entry sold now splits, and what the cashier says of its bounty share.

    Before the first mystery envelope is drawn (and in the other formats) the price splits as
    it is. After it, the host's rule (`BountyRules.late_entries`) says: one more envelope of
    the bounty share (the split as it is), or the bounty share added to the prize pool.
    """
    rules = till.bounty.rules
    if rules.format is not BountyFormat.MYSTERY or not price.bounty or not till.bounty.draws:
        return price, ""
    share = format_cents(price.bounty)
    if rules.late_entries is LateEntryRule.POOL:
        pooled = EntryPrice(price.prize_pool + price.bounty, price.house_fee, 0)
        return pooled, (
            _(
                "Sold after the first mystery envelope was drawn: its {share} bounty "
                "goes to the prize pool."
            ).format(share=share)
        )
    return price, (
        _(
            "Sold after the first mystery envelope was drawn: its bounty adds a "
            "{share} envelope to the box."
        ).format(share=share)
    )


def mystery_envelopes(till: Till) -> tuple[tuple[int, ...], frozenset[int]]:
    """Every mystery envelope by number (the host's, then one for each entry sold after the
    first draw under `LateEntryRule.ENVELOPES`), and those withdrawn (their entry was voided or
    refunded before they were drawn)."""
    book = till.bounty
    base = book.rules.envelopes
    if book.sealed_row is None or book.rules.late_entries is not LateEntryRule.ENVELOPES:
        return base, frozenset()
    late = [
        row
        for row in till.rows
        if row.kind.is_entry
        and row.row_id > book.sealed_row
        and row.split is not None
        and row.split.bounty > 0
    ]
    standing = {row.row_id for row in standing_entry_rows(till)}
    drawn = {d.envelope for d in book.draws}
    envelopes = base + tuple(row.split.bounty for row in late if row.split is not None)
    withdrawn = frozenset(
        len(base) + k
        for k, row in enumerate(late)
        if row.row_id not in standing and len(base) + k not in drawn
    )
    return envelopes, withdrawn


def mystery_box(till: Till) -> tuple[int, ...]:
    """The envelopes (numbers) in the box now: not drawn (or put back), not withdrawn."""
    envelopes, withdrawn = mystery_envelopes(till)
    return tuple(i for i in in_box(envelopes, till.bounty.draws) if i not in withdrawn)


def check_box(till: Till) -> None:
    """Refuse a change that leaves the sealed mystery envelopes apart from the bounty money.

    After the first draw the envelopes (those entries sold later added included, those
    withdrawn with their entry left out) hold the bounty money to the cent; a void or refund
    that took an entry's bounty share out of envelopes already sealed would break that.

    Raises:
        BountyError: The envelopes and the bounty money would differ.
    """
    book = till.bounty
    if book.rules.format is not BountyFormat.MYSTERY or book.sealed_row is None:
        return
    envelopes, withdrawn = mystery_envelopes(till)
    held = sum(amount for i, amount in enumerate(envelopes) if i not in withdrawn)
    pool = till.balances().bounty_pool
    if held != pool:
        raise BountyError(
            _(
                "The mystery envelopes were sealed at the first draw and hold "
                "{amount}; this would leave {amount2} of bounty money. "
                "Refund only the entry's prize-pool part and fee, or leave it as it is."
            ).format(amount=format_cents(held), amount2=format_cents(pool))
        )


def winner_collects(till: Till, winner: int, settlement: BountySettlement) -> int:
    """What the winner collects at the end: their own head (mystery: the envelopes left)."""
    rules = till.bounty.rules
    if rules.format is BountyFormat.MYSTERY:
        envelopes, _unused = mystery_envelopes(till)
        return sum(envelopes[i] for i in mystery_box(till))
    row = current_stack(lives(till).get(winner, {}))
    return settlement.heads.get(row, 0) if row is not None else 0
