"""What a money rule changes in a till (`TillChange`), and the till it leaves (`applied`).

A money rule reads a till and returns a `TillChange`: the registrations to add, the ledger rows
to append, the busts to record with their knockout credits and mystery draws, the deals, and
the registrations it updates. The services write the change (the database gives the new records
their ids) and keep `applied(till, written)` as the till after the action: the till given to a
rule is never changed, so the one a cache keeps for a revision stays true.

A record the database has not numbered yet carries a provisional id: the next one after the
till's (`next_row_id`, `next_bust_id`, `next_registration_id`; a deal goes by its ledger row's).
The database numbers rows above every one already written, so a provisional id never names an
existing record, and a rule that builds on its own change (a sale that settles the field it
changed) reads `applied(till, change)` as the till will be.

An action that must write one change before the next is checked (a bust recorded at the table,
then the rebuy the ledger allows only once the player is out) returns its changes in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from clockapp.core.bounties.book import Credits
from clockapp.core.bounties.mystery import Draw
from clockapp.core.money.balances import check_append
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.field import RegistrationUpdate, Settlement, settle
from clockapp.core.money.ledger import DealShare, LedgerRow, RowKind
from clockapp.core.money.till import Bust, DealInfo, Reg, RowMeta, Till


@dataclass(frozen=True)
class NewRegistration:
    """A registration to add (its id provisional), with the player's name for messages."""

    reg: Reg
    name: str


@dataclass(frozen=True)
class NewRow:
    """A ledger row to append (its id provisional), with what the history shows of it."""

    row: LedgerRow
    meta: RowMeta


@dataclass(frozen=True)
class TillChange:
    """What one money rule changes, in the order the services write it.

    Attributes:
        registered: Registrations to add.
        rows: Ledger rows to append, checked against the rules already (`append`).
        busts: Busts (and undo records) to record.
        credits: By bust id, the players credited with it and the stack each played.
        sealed_row: Where the mystery box is sealed now (None: unchanged).
        draws: Mystery envelopes drawn.
        returned: Envelopes put back by an undo: (the draw's number, the undo record's id).
        deals: Deals recorded, each with its deal row on the ledger (`rows`).
        registrations: Registration updates, in order (later fields win).
    """

    registered: tuple[NewRegistration, ...] = ()
    rows: tuple[NewRow, ...] = ()
    busts: tuple[Bust, ...] = ()
    credits: tuple[tuple[int, Credits], ...] = ()
    sealed_row: int | None = None
    draws: tuple[Draw, ...] = ()
    returned: tuple[tuple[int, int], ...] = ()
    deals: tuple[DealInfo, ...] = ()
    registrations: tuple[RegistrationUpdate, ...] = ()

    def then(self, later: TillChange) -> TillChange:
        """This change followed by `later` (written together, as one).

        >>> TillChange().then(TillChange()) == TillChange()
        True
        """
        return TillChange(
            self.registered + later.registered,
            self.rows + later.rows,
            self.busts + later.busts,
            self.credits + later.credits,
            later.sealed_row if later.sealed_row is not None else self.sealed_row,
            self.draws + later.draws,
            self.returned + later.returned,
            self.deals + later.deals,
            self.registrations + later.registrations,
        )


#: The change that changes nothing.
NO_CHANGE = TillChange()


def next_row_id(till: Till) -> int:
    """The provisional id of the next ledger row (after the till's last)."""
    return (till.rows[-1].row_id + 1) if till.rows else 1


def next_bust_id(till: Till) -> int:
    """The provisional id of the next bust record."""
    return max((b.id for b in till.busts), default=0) + 1


def next_registration_id(till: Till) -> int:
    """The provisional id of the next registration."""
    return max(till.registrations, default=0) + 1


def append(
    till: Till,
    now: datetime,
    *,
    kind: RowKind,
    amount: int,
    registration_id: int | None = None,
    split: EntryPrice | None = None,
    chips: int | None = None,
    target: int | None = None,
    reason: str = "",
    shares: Sequence[DealShare] = (),
    station: str = "",
) -> TillChange:
    """The change appending a ledger row (numbered `next_row_id`), checked against the
    ledger's rules.

    Raises:
        LedgerError: The row breaks the ledger's rules (`check_append`).
        ValidationError: The row is not well formed (`LedgerRow`).
    """
    row = LedgerRow(
        next_row_id(till),
        kind,
        amount,
        player_id=registration_id,
        split=split,
        target=target,
        reason=reason.strip(),
        shares=tuple(shares),
    )
    check_append(till.rows, row)
    return TillChange(rows=(NewRow(row, RowMeta(chips, now, station[:100])),))


def settled(till: Till) -> tuple[TillChange, Settlement]:
    """The change that settles the field (`settle`), with the settlement.

    Raises:
        BustError: The busts no longer make a valid finishing order.
    """
    settlement = settle(till)
    return TillChange(registrations=settlement.updates), settlement


def applied(till: Till, change: TillChange) -> Till:
    """The till with `change` made (a new till: `till` itself is not changed).

    >>> from clockapp.core.money.records import CashierConfig
    >>> from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), chips=10_000))
    >>> till = Till(1, CashierConfig(rules), [], {}, {}, {}, [], {})
    >>> applied(till, NO_CHANGE) == till, applied(till, NO_CHANGE) is till
    (True, False)
    """
    registrations = dict(till.registrations)
    names = dict(till.names)
    for new in change.registered:
        registrations[new.reg.id] = new.reg
        names[new.reg.id] = new.name
    for update in change.registrations:
        registrations[update.reg.id] = update.reg
    book = till.bounty.copy()
    book.credits.update(change.credits)
    if change.sealed_row is not None:
        book.sealed_row = change.sealed_row
    book.draws.extend(change.draws)
    for number, by in change.returned:
        book.draws = [replace(d, returned_by=by) if d.number == number else d for d in book.draws]
    return replace(
        till,
        rows=[*till.rows, *(new.row for new in change.rows)],
        meta={**till.meta, **{new.row.row_id: new.meta for new in change.rows}},
        registrations=registrations,
        names=names,
        busts=[*till.busts, *change.busts],
        deals={**till.deals, **{deal.ledger_row_id: deal for deal in change.deals}},
        bounty=book,
    )


def applied_all(till: Till, changes: Sequence[TillChange]) -> Till:
    """The till with each change made in turn (the till itself when there is none: a rule
    that changes nothing the till holds may still set its config in place after the write).

    >>> from clockapp.core.money.records import CashierConfig
    >>> from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), chips=10_000))
    >>> till = Till(1, CashierConfig(rules), [], {}, {}, {}, [], {})
    >>> applied_all(till, []) is till, applied_all(till, [NO_CHANGE]) is till
    (True, False)
    """
    for change in changes:
        till = applied(till, change)
    return till
