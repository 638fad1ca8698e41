"""The two small reads the bust dialog makes: the seats of the players in play (as the full room
read has them, in three statements) and the bounty format alone."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from clockapp.core.bounties import BountyFormat, BountyRules
from clockapp.services.app import Services
from tests.services.seating import test_seating as base
from tests.services.seating.test_seating import bust, place

db_path = base.db_path
template_db = base.template_db
engine = base.engine
services = base.services
tid = base.tid


@contextmanager
def selects(engine: Engine) -> Iterator[list[str]]:
    """The queries the engine runs meanwhile (not the transaction's own BEGIN)."""
    seen: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


@pytest.mark.slow
def test_the_seats_read_alone_are_the_rooms_seats(services: Services, tid: int) -> None:
    services.seating.add_tables(tid, 2, seat_count=9)
    seats = place(services, tid, {1: [1, 2, 3, 4], 2: [1, 2, 5]})
    bust(services, seats[(2, 5)])  # out, the seat row still there: not seated any more
    with selects(services.ctx.engine) as seen:
        seated = services.seating.seated(tid)
    room = services.seating.seating(tid)
    assert seated.seats == room.seats
    assert [t.number for t in seated.tables] == [t.number for t in room.tables]
    assert seats[(2, 5)] not in seated.seats
    assert len(seen) == 3


@pytest.mark.slow
def test_the_bounty_format_alone(services: Services, tid: int) -> None:
    assert services.bounties.rules(tid).format is BountyFormat.KNOCKOUT  # no row: knockouts
    services.bounties.set_rules(tid, BountyRules(BountyFormat.PROGRESSIVE))
    with selects(services.ctx.engine) as seen:
        rules = services.bounties.rules(tid)
    assert rules.format is BountyFormat.PROGRESSIVE
    assert rules == services.bounties.view(tid).rules
    assert len(seen) == 1
