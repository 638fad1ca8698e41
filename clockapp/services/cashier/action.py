"""`money_action`: the one way a money action runs (lock, snapshot, rule, write, record).

Every cashier, payout and deal action goes through it, so each is one write transaction that
starts with the till's lock (`clockapp.services.cashier.till.lock_till`: BEGIN IMMEDIATE on
SQLite, the tournament's row FOR UPDATE on PostgreSQL), reads the till once (through the cache,
keyed by the revision) and takes its time inside the lock. Its rule reads that snapshot and
returns a `Ruling`: the changes it makes (`clockapp.core.money.change.TillChange`), which are
written in order, and what to make of the till they leave (the receipt, a seat drawn, the end).
Then the change row (the new revision) is appended and the `Outcome` returned with its change
flags; the cache keeps the till the action left, worked out from the snapshot and the change
(`applied`), never re-read. A refused action raises before the commit, so the database is
unchanged.

An action that puts the first player out or brings the only one out back in (a rebuy, a void
of a rebuy, a bust recorded with a re-entry) may open or close registration: its flags then
include `Change.TOURNAMENT`, so the windows that show registration read it again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Generic, TypeVar

from clockapp.core.money.change import TillChange, applied_all
from clockapp.core.money.till import Till
from clockapp.formats import using_currency
from clockapp.persistence.session import Session
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import lock_till, snapshot, write_change
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.ending import anyone_busted
from clockapp.services.setup import get_row, setup_row

T = TypeVar("T")


@dataclass(frozen=True)
class Done(Generic[T]):
    """What an applied money action returns: its value, what it changed, the change log's line.

    Attributes:
        value: The action's result (a receipt, a ledger entry...).
        what: The change flags (which windows refresh).
        summary: The line for the change log.
    """

    value: T
    what: Change
    summary: str


#: What follows the write: the session, the till the changes left, the changes as written
#: (with the database's ids) and the action's time; it makes the action's result.
Finish = Callable[[Session, Till, Sequence[TillChange], datetime], Done[T]]


@dataclass(frozen=True)
class Ruling(Generic[T]):
    """What a money rule decides: the changes to write, in order, and the action's finish.

    Attributes:
        changes: Written one after the other (a later one may need an earlier one written:
            the ledger takes a rebuy only from a player recorded out).
        finish: Makes the result from the till the changes left (a receipt, a seat drawn in
            the same transaction, the end of the tournament stored).
    """

    changes: tuple[TillChange, ...]
    finish: Finish[T]


#: A money rule: the transaction's session (to read), the locked till, the action's time.
Rule = Callable[[Session, Till, datetime], Ruling[T]]


def ruled(done: Done[T], *changes: TillChange) -> Ruling[T]:
    """The ruling of a rule whose result is known before the write (it names no new id)."""
    return Ruling(changes, lambda _session, _till, _written, _now: done)


def money_action(
    ctx: ServiceContext,
    cache: LedgerCache | None,
    tournament_id: int,
    rule: Rule[T],
    *,
    keep: bool = False,
) -> Outcome[T]:
    """Run one money action in one write transaction and return its Outcome.

    Args:
        ctx: The services' context (engine and clock).
        cache: The tills already read (one per `Services`; None: read the database).
        tournament_id: The tournament whose till is locked.
        rule: Checks the action against the core rules and returns its `Ruling`; raises to
            refuse it.
        keep: The action's till is the state at its revision (entries, voids, refunds, busts):
            the cache keeps it.

    Raises:
        DomainError: Whatever the rule or its finish refuses; nothing is written.
    """
    with ctx.transaction() as session:
        locked = lock_till(session, tournament_id)  # first: the rows after it are read locked
        setup = setup_row(session, tournament_id)
        held = (*locked, setup)
        read_at, till = snapshot(session, tournament_id, cache)
        now = ctx.now()  # inside the lock: times follow the order
        busted_before = anyone_busted(till)
        # The rules' refusals and receipts write money in this tournament's currency.
        with using_currency(setup.currency):
            ruling = rule(session, till, now)
            written = [write_change(session, tournament_id, c, now) for c in ruling.changes]
            after = applied_all(till, written)  # the snapshot plus the change: nothing re-read
            done = ruling.finish(session, after, written, now)
        # The end and the registration choice live on the tournament's row, which the lock
        # holds (found again without a statement); the finish may have stored the end there.
        row = get_row(session, tournament_id)
        after = replace(after, finished_at=row.finished_at, registration_mode=row.registration)
        what = done.what
        if anyone_busted(after) != busted_before:  # registration may have opened or closed
            what |= Change.TOURNAMENT
        changes = record_change(session, tournament_id, what, done.summary, now)
        del held  # the lock's rows, referenced until the change is recorded
    if keep and cache is not None and read_at is not None:
        cache.keep(after, read_at, changes)
    return Outcome(done.value, changes)
