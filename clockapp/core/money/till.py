"""A tournament's money state (its "till") as plain data: registrations, busts, deals, the ledger.

The services load a `Till` inside one transaction (`clockapp.services.cashier.till`); the rules of
this package read it and return the change they make (`clockapp.core.money.change.TillChange`),
which the services write; the till after the action is `applied(till, change)`, a new till, so
the one a rule read stays as it was. Nothing here does I/O or keeps persistence bookkeeping (what
was read, the revision, the rows held for the session: the services keep those).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime

from clockapp.core.bounties.book import BountyBook
from clockapp.core.icm import DealMethod
from clockapp.core.money.balances import LedgerBalances, balances
from clockapp.core.money.ledger import LedgerRow
from clockapp.core.money.records import CashierConfig, CashierError
from clockapp.core.registration import RegistrationStatus
from clockapp.i18n import gettext as _


@dataclass(frozen=True)
class RowMeta:
    """What the ledger history shows of a row beyond the core's money facts."""

    chips: int | None
    created_at: datetime
    station: str


@dataclass(frozen=True)
class Reg:
    """A registration row as the till reasons about it (plain data, frozen: a rule that changes
    one returns the new value, `clockapp.core.money.field.RegistrationUpdate`)."""

    id: int
    tournament_id: int
    player_id: int
    status: RegistrationStatus
    created_at: datetime
    checked_in_at: datetime | None
    entries: int
    rebuys: int
    add_ons: int
    place: int | None
    tied: int
    busted_by_id: int | None
    bust_hand: int | None
    bust_chips: int | None
    busted_at: datetime | None


#: The fields of `Reg`, in order (the registration columns the services read and write).
REG_FIELDS = tuple(f.name for f in fields(Reg))


@dataclass(frozen=True)
class Bust:
    """A bust record as read (the table is only ever appended to)."""

    id: int
    registration_id: int
    hand: int
    chips_at_hand_start: int
    busted_by_id: int | None
    bounty: int
    entry_number: int
    undoes_id: int | None
    reason: str
    created_at: datetime
    station: str
    table_number: int | None = None  # where the player sat when busted
    seat_number: int | None = None


#: The fields of `Bust`, in order (the bust columns the services read).
BUST_FIELDS = tuple(f.name for f in fields(Bust))


@dataclass(frozen=True)
class DealInfo:
    """A recorded deal."""

    id: int
    ledger_row_id: int
    method: DealMethod
    description: str
    registration_ids: tuple[int, ...]
    stacks: tuple[int, ...]
    amounts: tuple[int, ...]
    prizes: tuple[int, ...]
    reserved: int
    exact: bool
    created_at: datetime


@dataclass(frozen=True)
class Till:
    """A tournament's money state, loaded inside one transaction (frozen: a rule returns a
    `TillChange`, and `applied` makes the till after it).

    Nothing changes a till once made, its containers included: they are typed read-only
    (`Sequence`, `Mapping`) and `applied` builds new ones, so a till may be shared (the cache
    hands the one it keeps to every reader at its revision) without a copy. They stay the lists
    and dicts they were read into: a tuple or a read-only proxy would cost the buy-in a copy for
    no check the types do not make already.
    """

    tournament_id: int
    config: CashierConfig
    rows: Sequence[LedgerRow]
    meta: Mapping[int, RowMeta]  # by ledger row id
    registrations: Mapping[int, Reg]
    names: Mapping[int, str]
    busts: Sequence[Bust]
    deals: Mapping[int, DealInfo]  # by ledger row id
    # The tournament row's end and registration choice (`services.ending` keeps them in step).
    finished_at: datetime | None = None
    registration_mode: str = "auto"
    # Bounty format, split knockouts, mystery draws and ticket prizes (`clockapp.core.bounties`).
    bounty: BountyBook = field(default_factory=BountyBook)
    # What the colour-ups' chip races added to the chips in play, or took away (their rounding).
    chips_raced: int = 0

    def registration(self, registration_id: int) -> Reg:
        """A registration of this tournament, or a clear error."""
        row = self.registrations.get(registration_id)
        if row is None:
            raise CashierError(
                _(
                    "Registration #{registration_id} is not in this tournament (withdrawn or "
                    "never registered?)."
                ).format(registration_id=registration_id)
            )
        return row

    def name(self, registration_id: int | None) -> str:
        """The player's name for messages ("" for no registration)."""
        if registration_id is None:
            return ""
        return self.names.get(registration_id, f"Registration #{registration_id}")

    def balances(self) -> LedgerBalances:
        """The ledger's balances."""
        return balances(self.rows)


def display_name(name: str, nickname: str) -> str:
    """The player's name, with the nickname in quotes when there is one.

    >>> display_name("Ann Lee", "Ace"), display_name("Bob", "")
    ('Ann Lee "Ace"', 'Bob')
    """
    return f'{name} "{nickname}"' if nickname else name
