"""`money_action`: the one way a money action runs (lock, load, apply the rule, write, Outcome).

Every cashier, payout and deal action goes through it, so each is one write transaction that
starts with the till's lock (`clockapp.services.cashier.till.lock_till`: BEGIN IMMEDIATE on
SQLite, the tournament's row FOR UPDATE on PostgreSQL), reads the till once (through the cache,
keyed by the revision), takes its time inside the lock, applies the pure rules of
`clockapp.core.money` and writes the change each returns, appends its change row (the new
revision) and returns the `Outcome` with its change flags. A refused action raises before the
commit, so the database is unchanged.

An action that puts the first player out or brings the only one out back in (a rebuy, a void
of a rebuy, a bust recorded with a re-entry) may open or close registration: its flags then
include `Change.TOURNAMENT`, so the windows that show registration read it again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Generic, TypeVar

from clockapp.core.money.till import Till
from clockapp.persistence.session import Session
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import lock_till, snapshot
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.ending import anyone_busted
from clockapp.services.setup import setup_row

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


#: The body of a money action: the transaction's session, the locked till, the action's time.
Apply = Callable[[Session, Till, datetime], Done[T]]


def money_action(
    ctx: ServiceContext,
    cache: LedgerCache | None,
    tournament_id: int,
    apply: Apply[T],
    *,
    keep: bool = False,
) -> Outcome[T]:
    """Run one money action in one write transaction and return its Outcome.

    Args:
        ctx: The services' context (engine and clock).
        cache: The tills already read (one per `Services`; None: read the database).
        tournament_id: The tournament whose till is locked.
        apply: Checks the action against the core rules and writes it through the till's
            helpers (`append_row`, `save_settled`, `record_busts`...); raises to refuse it.
        keep: The action keeps its till in step with every row it writes (entries, voids,
            refunds, payouts): the cache keeps it as the state at the action's revision.

    Raises:
        DomainError: Whatever `apply` refuses; nothing is written.
    """
    with ctx.transaction() as session:
        held = (*lock_till(session, tournament_id), setup_row(session, tournament_id))
        read_at, till = snapshot(session, tournament_id, cache)
        now = ctx.now()  # inside the lock: times follow the order
        busted_before = anyone_busted(till)
        # The rules, each change written (and put into the till) as it is made.
        done = apply(session, till, now)
        what = done.what
        if anyone_busted(till) != busted_before:  # registration may have opened or closed
            what |= Change.TOURNAMENT
        changes = record_change(session, tournament_id, what, done.summary, now)
        del held  # the lock's rows, referenced until the change is recorded
    if keep and cache is not None and read_at is not None:
        cache.keep(till, read_at, changes)
    return Outcome(done.value, changes)
