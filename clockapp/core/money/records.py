"""What the cashier's screens see of the money: the config, registrations, ledger rows, dues.

Frozen records built from a `Till` (`clockapp.core.money.till`) by pure functions; the services hand
them to the UI.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from clockapp.core.bounties.tickets import Ticket
from clockapp.core.money.amounts import check_cents
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules
from clockapp.core.money.ledger import LedgerRow, RowKind, voided_rows
from clockapp.core.payouts import PayoutStructure
from clockapp.core.registration import RegistrationStatus
from clockapp.errors import DomainError

if TYPE_CHECKING:
    from clockapp.core.money.till import Reg, Till


class CashierError(DomainError):
    """A cashier action that cannot be done (unknown registration, amount tendered too low...)."""


@dataclass(frozen=True)
class CashierConfig:
    """A tournament's entry rules and payout choices.

    Attributes:
        rules: Buy-in price and stack, late registration, cap, rebuy, add-on and re-entry rules.
            The buy-in stack is the tournament's starting stack (saving it updates the set-up).
        payouts: Preset or custom payout table, rounding unit, minimum cash, guarantee, lock.
        opening_float: Cash put in the drawer before the first entry, in cents.

    >>> from clockapp.core.money.entries import EntryPrice
    >>> from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
    >>> config = CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000, 500), 10_000)))
    >>> config.rules.label, config.rules.registration.price.total
    ('Freeze-out', 2500)
    """

    rules: EntryRules
    payouts: PayoutStructure = field(default_factory=PayoutStructure)
    opening_float: int = 0

    def __post_init__(self) -> None:
        check_cents(self.opening_float, "The opening float")
        payouts = self.payouts
        check_cents(payouts.guarantee, "The guarantee")
        check_cents(payouts.minimum_cash, "The minimum cash")
        check_cents(payouts.rounding_unit, "The rounding unit", minimum=1)
        for place, amount in enumerate(payouts.amounts, start=1):
            check_cents(amount, f"The prize for place {place}")


@dataclass(frozen=True)
class RegistrationInfo:
    """One player in the tournament, as the cashier window and seating see it.

    Attributes:
        id: The registration id (what seating seats).
        player_id: The player in the player database.
        name: The player's name (with the nickname in quotes when set).
        status: Pre-registered, checked in, playing, busted or withdrawn.
        entries: The buy-in plus re-entries still standing.
        rebuys: Rebuys still standing.
        add_ons: Add-ons still standing.
        place: Finishing place (best place covered when tied), None while still in.
        tied: How many players share the places from `place`.
        busted_by_id: The registration credited with the knockout.
        bust_hand: The hand number of the bust (the same number: the same hand).
        bust_chips: Chips at the start of the bust hand.
    """

    id: int
    tournament_id: int
    player_id: int
    name: str
    status: RegistrationStatus
    entries: int
    rebuys: int
    add_ons: int
    place: int | None
    tied: int
    busted_by_id: int | None
    bust_hand: int | None
    bust_chips: int | None
    created_at: datetime
    checked_in_at: datetime | None
    busted_at: datetime | None

    @property
    def bought_in(self) -> bool:
        """Whether the player has a standing entry."""
        return self.entries > 0

    @property
    def in_play(self) -> bool:
        """Whether the player is in the field with chips."""
        return self.status is RegistrationStatus.PLAYING


@dataclass(frozen=True)
class LedgerEntry:
    """One ledger row for the history view.

    Attributes:
        id: The row's number (increasing in the order rows were written).
        kind: What it records.
        amount: Cents (the kind says which way they move).
        registration_id: The player paying or paid.
        name: That player's name ("" for rows about no one).
        split: For entries and refunds: prize pool, fee and bounty parts.
        chips: Chips handed over with an entry.
        target_id: The row a void reverses or a refund refunds.
        reason: Why (voids, refunds, overlays).
        voided_by: The void row that reversed this row, if any.
    """

    id: int
    kind: RowKind
    amount: int
    registration_id: int | None
    name: str
    split: EntryPrice | None
    chips: int | None
    target_id: int | None
    reason: str
    created_at: datetime
    station: str
    voided_by: int | None = None

    @property
    def voided(self) -> bool:
        """Whether a later void reversed this row."""
        return self.voided_by is not None


@dataclass(frozen=True)
class PrizeDue:
    """What one player is due and has been paid, in cents.

    Attributes:
        registration_id: The player.
        name: Their name.
        place: Their finish (None while in and no deal).
        tied: Players sharing the places from `place`.
        prize: Prize due for the finish, or the deal share (plus what was left to play for, once
            they win).
        bounties: Bounties credited (knockouts, and the winner's own bounty).
        knockouts: Players they busted.
        prize_paid: Prize rows paid to them.
        bounties_paid: Bounty rows paid to them.
        in_deal: Whether the prize comes from a recorded deal.
        ticket: The ticket their place is paid with, besides `prize` in cash (None: none).
    """

    registration_id: int
    name: str
    place: int | None
    tied: int
    prize: int
    bounties: int
    knockouts: int
    prize_paid: int
    bounties_paid: int
    in_deal: bool = False
    ticket: Ticket | None = None

    @property
    def prize_owed(self) -> int:
        """Prize still to pay (never below 0)."""
        return max(0, self.prize - self.prize_paid)

    @property
    def bounties_owed(self) -> int:
        """Bounties still to pay (never below 0)."""
        return max(0, self.bounties - self.bounties_paid)

    @property
    def owed(self) -> int:
        """Everything still to pay this player."""
        return self.prize_owed + self.bounties_owed


def _entry(till: Till, row: LedgerRow, voided_by: int | None) -> LedgerEntry:
    meta = till.meta[row.row_id]
    return LedgerEntry(
        id=row.row_id,
        kind=row.kind,
        amount=row.amount,
        registration_id=row.player_id,
        name=till.name(row.player_id),
        split=row.split,
        chips=meta.chips,
        target_id=row.target,
        reason=row.reason,
        created_at=meta.created_at,
        station=meta.station,
        voided_by=voided_by,
    )


def ledger_entries(till: Till) -> tuple[LedgerEntry, ...]:
    """Every ledger row of the till, oldest first, with who voided what."""
    voided = voided_rows(till.rows)
    return tuple(_entry(till, row, voided.get(row.row_id)) for row in till.rows)


def ledger_entry(till: Till, row_id: int) -> LedgerEntry:
    """One ledger row of the till (a row just written is voided by nothing yet)."""
    row = next(r for r in reversed(till.rows) if r.row_id == row_id)
    voided_by = next(
        (r.row_id for r in till.rows if r.kind is RowKind.VOID and r.target == row_id), None
    )
    return _entry(till, row, voided_by)


def registration_info(till: Till, reg: Reg) -> RegistrationInfo:
    """The frozen view of a registration."""
    assert reg.id is not None
    return RegistrationInfo(
        id=reg.id,
        tournament_id=reg.tournament_id,
        player_id=reg.player_id,
        name=till.name(reg.id),
        status=RegistrationStatus(reg.status),
        entries=reg.entries,
        rebuys=reg.rebuys,
        add_ons=reg.add_ons,
        place=reg.place,
        tied=reg.tied,
        busted_by_id=reg.busted_by_id,
        bust_hand=reg.bust_hand,
        bust_chips=reg.bust_chips,
        created_at=reg.created_at,
        checked_in_at=reg.checked_in_at,
        busted_at=reg.busted_at,
    )


#: Ledger kinds whose money leaves the drawer (shown with a minus sign).
_CASH_OUT = frozenset({RowKind.PAYOUT, RowKind.BOUNTY, RowKind.REFUND})
#: Ledger kinds that move no cash (a deal only records how the unpaid money is shared).
_NO_CASH = frozenset({RowKind.DEAL})


def cash_effect(entry: LedgerEntry, by_id: dict[int, LedgerEntry]) -> int | None:
    """Cents the row moved into (+) or out of (-) the drawer; None for a row that moves none.

    A void moves back what its target moved; a deal moves nothing (it only records how the
    unpaid money is shared).
    """
    if entry.kind is RowKind.VOID:
        target = by_id.get(entry.target_id) if entry.target_id is not None else None
        if target is None:
            return None
        reversed_effect = cash_effect(target, by_id)
        return None if reversed_effect is None else -reversed_effect
    if entry.kind in _NO_CASH:
        return None
    return -entry.amount if entry.kind in _CASH_OUT else entry.amount
