"""Set-up edits lock the tournament before they read it, like a clock press (PostgreSQL).

On SQLite every write transaction holds the database's lock from its first statement (BEGIN
IMMEDIATE). On PostgreSQL an edit that reads the clock or the structure and then writes it must
lock the tournament's row first, or a clock press on another station between its read and its
write is lost.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import event

from clockapp.persistence.db import make_engine, migrate
from clockapp.services.app import Services

Edit = Callable[[Services, int], Callable[[], object]]


def _structure(s: Services, tid: int) -> Callable[[], object]:
    structure = s.structure.get(tid)
    return lambda: s.structure.replace(tid, structure)


def _chips(s: Services, tid: int) -> Callable[[], object]:
    chips = s.structure.chip_set(tid)
    return lambda: s.structure.set_chip_set(tid, chips)


def _settings(s: Services, tid: int) -> Callable[[], object]:
    return lambda: s.structure.update_settings(tid, starting_stack=20_000)


#: Each edit, its arguments read beforehand: the call itself is one write transaction.
EDITS: dict[str, Edit] = {"structure": _structure, "chips": _chips, "settings": _settings}


@pytest.mark.slow
@pytest.mark.parametrize("edit", sorted(EDITS))
def test_set_up_edits_lock_the_tournament_first(pg_url: str, edit: str) -> None:
    engine = make_engine(pg_url)
    try:
        migrate(engine)
        services = Services(engine)
        tid = services.tournaments.create("Friday").value.id
        services.clock.start(tid)
        action = EDITS[edit](services, tid)
        statements: list[str] = []

        def record(_conn: object, _cursor: object, statement: str, *_: object) -> None:
            statements.append(" ".join(statement.split()).upper())

        event.listen(engine, "before_cursor_execute", record)
        try:
            action()
        finally:
            event.remove(engine, "before_cursor_execute", record)
        assert statements[0].endswith("FOR UPDATE"), statements[:3]
    finally:
        engine.dispose()
