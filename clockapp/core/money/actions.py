"""The money rules as changes: a sale, a void or refund, the busts of a hand, an undone bust.

Each takes a till and returns the `TillChange` it makes (`clockapp.core.money.change`), checked
against every rule before anything is written: the ledger's (`check_append`), the field's
(`settle`, `guard_busts`) and the payments' (`guard_payments`). The till given is not changed;
a step that builds on an earlier one reads `applied(till, change)`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from clockapp.core.bounties.mystery import Draw, draw_envelope
from clockapp.core.bounties.rules import BountyFormat
from clockapp.core.money.bounty_view import late_entry, mystery_box, mystery_envelopes
from clockapp.core.money.change import (
    NO_CHANGE,
    NewRegistration,
    TillChange,
    append,
    applied,
    next_bust_id,
    next_registration_id,
    settled,
)
from clockapp.core.money.entries import EntryOffer
from clockapp.core.money.field import (
    BustInput,
    RegistrationUpdate,
    broken_busts,
    current_stack,
    guard_busts,
    lives,
    standing_busts,
)
from clockapp.core.money.ledger import LedgerError, RowKind
from clockapp.core.money.till import Bust, Reg, Till
from clockapp.core.money.view import guard_payments
from clockapp.core.registration import RegistrationStatus
from clockapp.i18n import gettext as _


def new_registration(
    till: Till, player_id: int, name: str, now: datetime, *, checked_in: bool
) -> NewRegistration:
    """A registration to add for the player (checked in now, or pre-registered)."""
    status = RegistrationStatus.CHECKED_IN if checked_in else RegistrationStatus.PRE_REGISTERED
    reg = Reg(
        next_registration_id(till),
        till.tournament_id,
        player_id,
        status,
        now,
        now if checked_in else None,
        entries=0,
        rebuys=0,
        add_ons=0,
        place=None,
        tied=1,
        busted_by_id=None,
        bust_hand=None,
        bust_chips=None,
        busted_at=None,
    )
    return NewRegistration(reg, name)


def check_in(reg: Reg, now: datetime) -> RegistrationUpdate:
    """`reg` checked in at `now` (unchanged when it already is)."""
    if reg.checked_in_at is not None:
        return RegistrationUpdate(reg, {})
    return RegistrationUpdate(replace(reg, checked_in_at=now), {"checked_in_at": now})


def sale(
    till: Till,
    buyer: RegistrationUpdate | NewRegistration,
    offers: Sequence[EntryOffer],
    now: datetime,
    station: str,
) -> tuple[TillChange, str]:
    """The change selling `offers` to `buyer` (checked in, or added), with the field settled;
    and what the cashier says of the bounty shares ("" when nothing).

    Raises:
        LedgerError: A row breaks the ledger's rules, or a prize already paid would be more
            than due (a late entry reopening a finished field).
    """
    if isinstance(buyer, NewRegistration):
        change = TillChange(registered=(buyer,))
    else:
        change = TillChange(registrations=(buyer,))
    rid = buyer.reg.id
    notes: list[str] = []
    for offer in offers:
        now_till = applied(till, change)
        split, note = late_entry(now_till, offer.price)
        if note and note not in notes:
            notes.append(note)
        change = change.then(
            append(
                now_till,
                now,
                kind=RowKind.for_entry(offer.kind),
                amount=offer.price.total,
                registration_id=rid,
                split=split,
                chips=offer.chips,
                station=station,
            )
        )
    settle_change, _unused = settled(applied(till, change))
    change = change.then(settle_change)
    # A late entry can reopen a finished field: a winner already paid would be overpaid.
    guard_payments(applied(till, change))
    return change, " ".join(notes)


def reversal(
    till: Till, kind: RowKind, row_id: int, reason: str, now: datetime, station: str
) -> TillChange:
    """The change voiding (`RowKind.VOID`) or refunding (`RowKind.REFUND`) row `row_id`, with
    the field settled.

    Raises:
        LedgerError: No such row (or, for a refund, not an entry); the row cannot be reversed;
            it would break a standing bust; a payment would be more than due.
    """
    target = next((r for r in till.rows if r.row_id == row_id), None)
    before = broken_busts(till)
    if kind is RowKind.VOID:
        if target is None:
            raise LedgerError(
                _("Ledger row {row_id} is not in this tournament's ledger.").format(row_id=row_id)
            )
        change = append(
            till,
            now,
            kind=RowKind.VOID,
            amount=target.amount,
            target=row_id,
            reason=reason,
            station=station,
        )
    else:
        if target is None or not target.kind.is_entry:
            raise LedgerError(
                _("Ledger row {row_id} is not an entry of this tournament.").format(row_id=row_id)
            )
        assert target.split is not None
        change = append(
            till,
            now,
            kind=RowKind.REFUND,
            amount=target.amount,
            registration_id=target.player_id,
            split=target.split,
            target=row_id,
            reason=reason,
            station=station,
        )
    reversed_till = applied(till, change)
    guard_busts(reversed_till, before)  # a bust on the entry's chips, a knockout by one taken out
    settle_change, _unused = settled(reversed_till)
    change = change.then(settle_change)
    guard_payments(applied(till, change))
    return change


def hand_busts(
    till: Till,
    busts: Sequence[BustInput],
    *,
    hand: int,
    seats: Mapping[int, tuple[int, int]],
    level: int,
    now: datetime,
    station: str = "",
    reason: str = "",
) -> TillChange:
    """The change recording the busts of one hand (checked already: `check_busts`), with their
    knockouts and the field settled.

    `seats` are where the players sat (table, seat), `level` the level the hand was played on.

    Raises:
        BountyError: A mystery envelope cannot be drawn (`knockout`).
        BustError: The busts no longer make a valid finishing order.
    """
    stacks = lives(till)
    left = sum(1 for reg in till.registrations.values() if reg.status == RegistrationStatus.PLAYING)
    change = NO_CHANGE
    for bust_input in busts:
        held = stacks.get(bust_input.registration_id, {})
        stack_row = current_stack(held)
        assert stack_row is not None  # bought in, checked before
        table, seat = seats.get(bust_input.registration_id, (None, None))
        bust = Bust(
            id=next_bust_id(applied(till, change)),
            registration_id=bust_input.registration_id,
            hand=hand,
            chips_at_hand_start=bust_input.chips_at_hand_start or 1,
            busted_by_id=bust_input.busted_by,
            bounty=held[stack_row],
            entry_number=stack_row,
            undoes_id=None,
            reason=reason[:500],
            created_at=now,
            station=station[:100],
            table_number=table,
            seat_number=seat,
        )
        change = change.then(TillChange(busts=(bust,)))
        change = change.then(
            knockout(applied(till, change), bust_input, bust, stacks, level, players_left=left)
        )
    settle_change, _unused = settled(applied(till, change))
    return change.then(settle_change)


def knockout(
    till: Till,
    bust_input: BustInput,
    bust: Bust,
    stacks: dict[int, dict[int, int]],
    level: int,
    *,
    players_left: int,
) -> TillChange:
    """The players credited with `bust` and, from the mystery stage on, the envelope it draws.

    `stacks` are the players' stacks before the hand (`lives`), `level` and `players_left`
    where the tournament was when the hand began. The first draw seals the box: the envelopes
    must then add up to the bounty money, and entries sold later follow the host's rule
    (`BountyRules.late_entries`), so no later knockout is refused for the envelopes' total.

    Raises:
        BountyError: At the first draw the envelopes do not add up to the bounty money; or none
            is left.
    """
    if not bust_input.busters:
        return NO_CHANGE
    credits = tuple((b, current_stack(stacks.get(b, {}))) for b in bust_input.busters)
    change = TillChange(credits=((bust.id, credits),))
    book = till.bounty
    rules = book.rules
    if rules.format is not BountyFormat.MYSTERY or rules.stage is None:
        return change
    if not rules.stage.reached(level=level, players_left=players_left):
        return change
    if book.sealed_row is None:
        if not book.draws:
            rules.check_envelopes(till.balances().bounty_pool)
        # Sealed here (also for a box drawn from before the seal was kept).
        change = replace(change, sealed_row=max((row.row_id for row in till.rows), default=0))
    credited = applied(till, change)
    envelopes, _unused = mystery_envelopes(credited)
    box = mystery_box(credited)
    number = max((d.number for d in book.draws), default=0) + 1
    index = draw_envelope(rules.seed, number, box)
    draw = Draw(number, bust.id, index, envelopes[index], box=box)
    return replace(change, draws=(draw,))


def bust_undone(
    till: Till, registration_id: int, reason: str, now: datetime, station: str
) -> tuple[TillChange, Bust]:
    """The change undoing the player's last bust standing (the undo record, and the envelope
    it drew put back), and that bust; the caller has checked the undo is allowed
    (`undo_refusal`). The field is not settled: undo a hand's busts, then settle."""
    last = [b for b in standing_busts(till) if b.registration_id == registration_id][-1]
    undo = replace(
        last,
        id=next_bust_id(till),
        undoes_id=last.id,
        reason=(reason.strip() or "undo")[:500],
        created_at=now,
        station=station[:100],
    )
    drawn = till.bounty.draw_of(last.id)
    returned = ((drawn.number, undo.id),) if drawn is not None else ()
    return TillChange(busts=(undo,), returned=returned), last
