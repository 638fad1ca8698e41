"""What a money rule changes in a till (`TillChange`), and the till it leaves (`applied`).

A money rule reads a till and returns a `TillChange`: the registrations to add, the ledger rows
to append, the busts to record with their knockout credits and mystery draws, the deals, and
the registrations it updates. It may also choose the entry rules, the registration mode or the
bounty settings, and record a count of the drawer. The services write the change (the database
gives the new records their ids) and keep `applied(till, written)` as the till after the
action: the till given to a rule is never changed, so the one a cache keeps for a revision
stays true.

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

from clockapp.core.bounties.book import BountyBook, BountySettings, Credits
from clockapp.core.bounties.mystery import Draw
from clockapp.core.bounties.tickets import Ticket
from clockapp.core.money.balances import check_append
from clockapp.core.money.drawer import DrawerCount
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.field import RegistrationUpdate, Settlement, settle
from clockapp.core.money.ledger import DealShare, LedgerRow, RowKind
from clockapp.core.money.records import CashierConfig
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
class NewCount:
    """A count of the cash drawer to record (the till does not hold the counts: its id is the
    database's once written, 0 before).

    Attributes:
        count: What was counted against what the ledger expected.
        note: The cashier's note.
        created_at: When it was counted.
        station: The station that counted it.
        id: The record's id (0: not written yet).
    """

    count: DrawerCount
    note: str
    created_at: datetime
    station: str
    id: int = 0


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
        config: The entry rules and payout choices now (None: unchanged); its buy-in stack is
            the tournament's starting stack.
        registration_mode: The director's registration choice now (None: unchanged).
        bounty: The host's bounty choices now (None: unchanged).
        tickets: The prize places paid with a ticket now (None: unchanged).
        counts: Counts of the cash drawer to record.
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
    config: CashierConfig | None = None
    registration_mode: str | None = None
    bounty: BountySettings | None = None
    tickets: tuple[Ticket, ...] | None = None
    counts: tuple[NewCount, ...] = ()

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
            later.config if later.config is not None else self.config,
            later.registration_mode
            if later.registration_mode is not None
            else self.registration_mode,
            later.bounty if later.bounty is not None else self.bounty,
            later.tickets if later.tickets is not None else self.tickets,
            self.counts + later.counts,
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
    return replace(
        till,
        config=till.config if change.config is None else change.config,
        rows=[*till.rows, *(new.row for new in change.rows)],
        meta={**till.meta, **{new.row.row_id: new.meta for new in change.rows}},
        registrations=registrations,
        names=names,
        busts=[*till.busts, *change.busts],
        deals={**till.deals, **{deal.ledger_row_id: deal for deal in change.deals}},
        registration_mode=(
            till.registration_mode if change.registration_mode is None else change.registration_mode
        ),
        bounty=_book_applied(till.bounty, change),
    )


def _book_applied(book: BountyBook, change: TillChange) -> BountyBook:
    """The bounty book with `change` made (the book itself when the change leaves it: a
    buy-in does not rebuild it)."""
    if (
        not change.credits
        and not change.draws
        and not change.returned
        and change.sealed_row is None
        and change.bounty is None
        and change.tickets is None
    ):
        return book
    if change.bounty is not None:
        book = book.with_settings(change.bounty)
    draws = (*book.draws, *change.draws)
    for number, by in change.returned:
        draws = tuple(replace(d, returned_by=by) if d.number == number else d for d in draws)
    return replace(
        book,
        credits={**book.credits, **dict(change.credits)},
        draws=draws,
        sealed_row=book.sealed_row if change.sealed_row is None else change.sealed_row,
        tickets=book.tickets if change.tickets is None else change.tickets,
    )


def applied_all(till: Till, changes: Sequence[TillChange]) -> Till:
    """The till with each change made in turn (the till itself when there is none).

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
