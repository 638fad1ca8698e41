"""The database refuses what the entry rules refuse (migration 0006), on SQLite and PostgreSQL:
a registration's status is one of five values, and the ledger takes no entry that the player's
state does not allow, whoever writes it. The migration derives unknown statuses again and can be
undone.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from alembic import command
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.persistence.db import (
    alembic_config,
    current_revision,
    make_engine,
    migrate,
    shipped_head,
)
from clockapp.persistence.models import LedgerRecord
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock

NOW = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
REBUYS = EntryRules(
    RegistrationRule(EntryPrice(2000), 10_000),
    rebuy=RebuyRule(EntryPrice(2000), chips=10_000, last_level=4),
)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def any_engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """A migrated database of each kind."""
    if request.param == "sqlite":
        yield request.getfixturevalue("engine")
        return
    engine = make_engine(request.getfixturevalue("pg_url"))
    try:
        migrate(engine)
        yield engine
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def unmigrated(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """An empty database of each kind."""
    if request.param == "sqlite":
        engine = make_engine(str(request.getfixturevalue("db_path")))
    else:
        engine = make_engine(request.getfixturevalue("pg_url"))
    try:
        yield engine
    finally:
        engine.dispose()


def _ann_rebought(engine: Engine) -> tuple[int, int]:
    """A rebuy tournament where Ann busted and rebought: (tournament, Ann's registration)."""
    services = Services(engine, now=FakeClock())
    tid = services.tournaments.create("Friday").value.id
    services.cashier.set_config(tid, CashierConfig(REBUYS))
    ids = [services.players.create(PlayerDetails(n)).value.id for n in ("Ann", "Bob")]
    ann, _bob = (services.cashier.buy_in(tid, p).value.registration.id for p in ids)
    services.clock.start(tid)
    services.results.bust(tid, ann)
    services.cashier.rebuy(tid, ann)
    assert services.cashier.registration(tid, ann).status is RegistrationStatus.PLAYING
    return tid, ann


def _insert(engine: Engine, tid: int, reg: int, kind: str) -> None:
    with Session(engine) as s, s.begin():
        s.add(
            LedgerRecord(
                tournament_id=tid,
                kind=kind,
                amount=2000,
                registration_id=reg,
                prize_part=2000,
                fee_part=0,
                bounty_part=0,
                chips=10_000,
                created_at=NOW,
            )
        )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("rebuy", "a rebuy is only for a busted player"),
        ("re-entry", "a re-entry is only for a busted player"),
        ("buy-in", "a buy-in is only for a registered player who has not bought in"),
    ],
)
def test_the_ledger_refuses_an_entry_the_players_state_does_not_allow(
    any_engine: Engine, kind: str, message: str
) -> None:
    tid, ann = _ann_rebought(any_engine)
    with Session(any_engine) as s:
        before = s.exec(text("SELECT count(*) FROM ledger_row")).one()  # type: ignore[call-overload]
    with pytest.raises(DBAPIError, match=message):
        _insert(any_engine, tid, ann, kind)
    with Session(any_engine) as s:
        assert s.exec(text("SELECT count(*) FROM ledger_row")).one() == before  # type: ignore[call-overload]


@pytest.mark.slow
def test_the_ledger_takes_an_add_on_for_a_player_in_play(any_engine: Engine) -> None:
    tid, ann = _ann_rebought(any_engine)
    _insert(any_engine, tid, ann, "add-on")  # the rules decide the add-on's window


@pytest.mark.slow
def test_a_status_outside_the_five_is_refused(any_engine: Engine) -> None:
    _tid, ann = _ann_rebought(any_engine)
    with pytest.raises(DBAPIError, match="status"), any_engine.begin() as conn:
        conn.execute(text("UPDATE registration SET status = 'done' WHERE id = :id"), {"id": ann})


@pytest.mark.slow
def test_the_migration_derives_unknown_statuses_and_can_be_undone(unmigrated: Engine) -> None:
    config = alembic_config(unmigrated)
    command.upgrade(config, "0005")
    rows = [  # (status before, entries, checked in, busted) -> status after
        ("odd", 1, True, False, "playing"),
        ("", 1, True, True, "busted"),
        ("finished", 0, True, False, "checked-in"),
        ("?", 0, False, False, "pre-registered"),
        ("busted", 1, True, True, "busted"),
    ]
    with unmigrated.begin() as conn:
        conn.execute(
            text("INSERT INTO tournament (id, name, created_at, archived) VALUES (1, 'T', :t, :f)"),
            {"t": NOW, "f": False},
        )
        for n, (status, entries, checked_in, busted, _after) in enumerate(rows, start=1):
            conn.execute(
                text(
                    "INSERT INTO player (id, name, nickname, phone, email, team, notes, "
                    "search_text, created_at) VALUES (:n, 'P', '', '', '', '', '', 'p', :t)"
                ),
                {"n": n, "t": NOW},
            )
            conn.execute(
                text(
                    "INSERT INTO registration (id, tournament_id, player_id, status, created_at, "
                    "checked_in_at, entries, rebuys, add_ons, tied, busted_at) VALUES "
                    "(:n, 1, :n, :s, :t, :c, :e, 0, 0, 1, :b)"
                ),
                {
                    "n": n,
                    "s": status,
                    "t": NOW,
                    "c": NOW if checked_in else None,
                    "e": entries,
                    "b": NOW if busted else None,
                },
            )
    command.upgrade(config, "0006")
    with unmigrated.connect() as conn:
        found = conn.execute(text("SELECT status FROM registration ORDER BY id")).scalars().all()
    assert found == [row[-1] for row in rows]
    command.downgrade(config, "0005")
    assert current_revision(unmigrated) == "0005"
    with unmigrated.begin() as conn:  # the guards went with the migration
        conn.execute(text("UPDATE registration SET status = 'odd' WHERE id = 1"))
        conn.execute(text("UPDATE registration SET status = 'playing' WHERE id = 1"))
    migrate(unmigrated)
    assert current_revision(unmigrated) == shipped_head()  # back at the newest
