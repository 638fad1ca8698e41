"""The display PIN's throttle: the one row of `pin_throttle`, read locked and written back.

A try reads the throttle with `locked` and writes the new one with `put` in the same
transaction: the row stays locked until the commit (SELECT ... FOR UPDATE on PostgreSQL;
SQLite's write transaction already holds the whole database), so two displays trying PINs at the
same moment are counted one after the other, never both from the same count.
"""

from __future__ import annotations

from sqlmodel import Session

from clockapp.core.pin import PinThrottle
from clockapp.persistence.models import PinThrottleRow
from clockapp.persistence.upsert import insert_or_ignore

#: The id of the throttle's one row.
THROTTLE_ROW = 1


def locked(session: Session) -> PinThrottle:
    """The throttle, its row held until the transaction ends."""
    row = _row(session)
    return PinThrottle(row.failures, row.wait_until)


def put(session: Session, throttle: PinThrottle) -> None:
    """Store `throttle` (after `locked` in the same transaction, or on its own)."""
    row = _row(session)
    row.failures, row.wait_until = throttle.failures, throttle.until
    session.add(row)
    session.flush()


def _row(session: Session) -> PinThrottleRow:
    row = session.get(PinThrottleRow, THROTTLE_ROW, with_for_update=True)
    if row is None:  # the migration inserts it; a hand-edited database may have lost it
        insert_or_ignore(session, PinThrottleRow(id=THROTTLE_ROW, failures=0))
        row = session.get(PinThrottleRow, THROTTLE_ROW, with_for_update=True)
    assert row is not None
    return row
