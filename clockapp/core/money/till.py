"""A tournament's money state (its "till") as plain data: registrations, busts, deals, the ledger.

The services load a `Till` inside one transaction (`clockapp.services.cashier.till`), the rules of
this package read and change it (`clockapp.core.money.field`, `.view`), and the services write back
what changed. Nothing here does I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import datetime
from operator import attrgetter

from clockapp.core.bounties.book import BountyBook
from clockapp.core.icm import DealMethod
from clockapp.core.money.balances import LedgerBalances, balances
from clockapp.core.money.ledger import LedgerRow
from clockapp.core.money.records import CashierConfig, CashierError


@dataclass(frozen=True)
class RowMeta:
    """What the ledger history shows of a row beyond the core's money facts."""

    chips: int | None
    created_at: datetime
    station: str


@dataclass
class Reg:
    """A registration row as the till reasons about it (plain data; `save_registrations` writes
    back only what changed, which is much cheaper than loading ORM objects for a whole field)."""

    id: int
    tournament_id: int
    player_id: int
    status: str
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

    def copy(self) -> Reg:
        """A copy (the fields are plain values; faster than `copy.copy` for a whole field)."""
        new = object.__new__(Reg)
        new.__dict__.update(self.__dict__)
        return new

    def values(self) -> tuple[object, ...]:
        """Every field, in order (to tell what changed)."""
        result: tuple[object, ...] = _reg_values(self)
        return result


#: The fields of `Reg`, in order (the registration columns the services read and write).
REG_FIELDS = tuple(f.name for f in fields(Reg))
_reg_values = attrgetter(*REG_FIELDS)


@dataclass(frozen=True)
class Bust:
    """An elimination record as read (the table is only ever appended to)."""

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


#: The fields of `Bust`, in order (the elimination columns the services read).
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


@dataclass
class Till:
    """A tournament's money state, loaded inside one transaction (mutable, never leaves it)."""

    tournament_id: int
    config: CashierConfig
    rows: list[LedgerRow]
    meta: dict[int, RowMeta]  # by ledger row id
    registrations: dict[int, Reg]
    names: dict[int, str]
    eliminations: list[Bust]
    deals: dict[int, DealInfo]  # by ledger row id
    saved: dict[int, tuple[object, ...]] = field(default_factory=dict)  # as in the database
    held: tuple[object, ...] = ()  # rows kept alive for the transaction (see `locked_till`)
    revision: int | None = None  # the revision it was read at, through the cache
    # The tournament row's end and registration choice (`services.ending` keeps them in step).
    finished_at: datetime | None = None
    registration_mode: str = "auto"
    # Bounty format, split knockouts, mystery draws and ticket prizes (`clockapp.core.bounties`).
    bounty: BountyBook = field(default_factory=BountyBook)

    def copy(self) -> Till:
        """A till that shares nothing changeable with this one (registrations are copied)."""
        return Till(
            self.tournament_id,
            self.config,
            list(self.rows),
            dict(self.meta),
            {rid: reg.copy() for rid, reg in self.registrations.items()},
            dict(self.names),
            list(self.eliminations),
            dict(self.deals),
            dict(self.saved),
            revision=self.revision,
            finished_at=self.finished_at,
            registration_mode=self.registration_mode,
            bounty=self.bounty.copy(),
        )

    def registration(self, registration_id: int) -> Reg:
        """A registration of this tournament, or a clear error."""
        row = self.registrations.get(registration_id)
        if row is None:
            raise CashierError(
                f"Registration #{registration_id} is not in this tournament (withdrawn or "
                "never registered?)."
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
