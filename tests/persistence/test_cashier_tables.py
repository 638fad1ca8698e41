"""The cashier's tables: the append-only ledger, one active registration per player, migrations."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlmodel import Session, col, select

from clockapp.core.icm import DealMethod
from clockapp.core.money.balances import balances
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.errors import DomainError
from clockapp.persistence.db import (
    alembic_config,
    current_revision,
    head_revision,
    make_engine,
    migrate,
)
from clockapp.persistence.models import (
    LedgerRecord,
    PlayerRow,
    RegistrationRow,
    TournamentRow,
)
from clockapp.persistence.queries.ledger import core_row
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock

NOW = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def row_id(engine: Engine) -> int:
    """A tournament with one player registered and one ledger row; returns the row's id."""
    with Session(engine) as s, s.begin():
        t = TournamentRow(name="Friday", created_at=NOW)
        p = PlayerRow(name="Ann", created_at=NOW)
        s.add(t)
        s.add(p)
        s.flush()
        assert t.id is not None
        assert p.id is not None
        reg = RegistrationRow(tournament_id=t.id, player_id=p.id, created_at=NOW)
        s.add(reg)
        s.flush()
        assert reg.id is not None
        row = LedgerRecord(
            tournament_id=t.id,
            kind="buy-in",
            amount=2000,
            registration_id=reg.id,
            prize_part=2000,
            fee_part=0,
            bounty_part=0,
            created_at=NOW,
        )
        s.add(row)
        s.flush()
        assert row.id is not None
        return row.id


@pytest.mark.slow
def test_the_database_refuses_to_update_a_ledger_row(engine: Engine, row_id: int) -> None:
    with pytest.raises(IntegrityError, match="append-only"), engine.begin() as conn:
        conn.execute(text("UPDATE ledger_row SET amount = 1 WHERE id = :id"), {"id": row_id})
    with engine.connect() as conn:
        assert conn.execute(text("SELECT amount FROM ledger_row")).scalar() == 2000


@pytest.mark.slow
def test_the_database_refuses_to_delete_a_ledger_row(engine: Engine, row_id: int) -> None:
    with pytest.raises(IntegrityError, match="append-only"), engine.begin() as conn:
        conn.execute(text("DELETE FROM ledger_row WHERE id = :id"), {"id": row_id})
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM ledger_row")).scalar() == 1


def test_an_orm_edit_of_a_ledger_row_is_refused_too(engine: Engine, row_id: int) -> None:
    def edit() -> None:
        with Session(engine) as s, s.begin():
            record = s.get(LedgerRecord, row_id)
            assert record is not None
            record.reason = "quietly changed"
            s.add(record)

    with pytest.raises(IntegrityError, match="append-only"):
        edit()


def test_one_active_registration_per_player_and_tournament(engine: Engine, row_id: int) -> None:
    with pytest.raises(IntegrityError), Session(engine) as s, s.begin():
        s.add(RegistrationRow(tournament_id=1, player_id=1, created_at=NOW))
    with Session(engine) as s, s.begin():
        # A withdrawn registration does not count: the player may register again.
        s.add(RegistrationRow(tournament_id=1, player_id=1, created_at=NOW, status="withdrawn"))
    with Session(engine) as s:
        assert len(s.exec(select(RegistrationRow)).all()) == 2


@pytest.mark.slow
def test_downgrade_and_upgrade_again(engine: Engine) -> None:
    config = alembic_config(engine)
    command.downgrade(config, "0002")
    with engine.connect() as conn:
        tables = {r[0] for r in conn.execute(text("SELECT name FROM sqlite_master"))}
    assert "ledger_row" not in tables
    assert "ledger_row_no_update" not in tables
    command.upgrade(config, "head")
    assert current_revision(engine) == head_revision()
    with engine.connect() as conn:
        triggers = {
            r[0] for r in conn.execute(text("SELECT name FROM sqlite_master WHERE type='trigger'"))
        }
    assert {"ledger_row_no_update", "ledger_row_no_delete"} <= triggers


@pytest.fixture
def statements(engine: Engine) -> Iterator[list[str]]:
    """Every SQL statement the engine runs while the test does its work."""
    seen: list[str] = []

    def capture(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.append(" ".join(statement.split()).upper())

    event.listen(engine, "before_cursor_execute", capture)
    yield seen
    event.remove(engine, "before_cursor_execute", capture)


@pytest.mark.slow
def test_a_whole_night_never_updates_or_deletes_a_ledger_row(
    engine: Engine, statements: list[str]
) -> None:
    """Buy-ins, a void, busts, an undo, a deal and payments: the ledger only gets INSERTs."""
    clock = FakeClock()
    services = Services(engine, now=clock)
    tid = services.tournaments.create("Night").value.id
    services.cashier.set_config(
        tid,
        CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000, 500, 500), chips=10_000))),
    )
    regs = []
    for name in ("Ann", "Bob", "Cy", "Di", "Ed"):
        player = services.players.create(PlayerDetails(name)).value.id
        regs.append(services.cashier.buy_in(tid, player).value.registration.id)
    rows = services.cashier.ledger(tid)
    services.cashier.void(tid, rows[-1].id, "wrong player")
    services.cashier.buy_in_registration(tid, regs[-1])
    services.results.bust(tid, regs[4], busted_by=regs[0])
    services.results.undo_bust(tid, regs[4], "wrong table")
    services.results.bust(tid, regs[4], busted_by=regs[1])
    services.results.bust(tid, regs[3], busted_by=regs[1])
    services.payouts.pay_bounties(tid, regs[1])
    services.payouts.record_deal(
        tid, {regs[0]: 20_000, regs[1]: 20_000, regs[2]: 10_000}, method=DealMethod.CHIP_CHOP
    )
    services.payouts.pay_prize(tid, regs[2])
    services.cashier.count_drawer(tid, 12_000)
    inserts = [s for s in statements if s.startswith("INSERT INTO LEDGER_ROW ")]
    assert len(inserts) == len(services.cashier.ledger(tid)) >= 10
    rewrites = [s for s in statements if re.match(r"(UPDATE|DELETE FROM) LEDGER_ROW\b", s)]
    assert rewrites == []


CHILD = textwrap.dedent(
    """
    import sys
    from clockapp.persistence.db import make_engine
    from clockapp.services.app import Services
    from clockapp.services.players import PlayerDetails

    services = Services(make_engine(sys.argv[1]))
    tid = int(sys.argv[2])
    for number in range(100_000):
        player = services.players.create(PlayerDetails(f"Player {number}")).value.id
        receipt = services.cashier.buy_in(tid, player).value
        # Printed only once the transaction committed: this is what the cashier was told.
        print("ACK", receipt.registration.id, receipt.rows[0].id, flush=True)
    """
)


@pytest.mark.slow
def test_a_crash_mid_buy_ins_loses_no_acknowledged_transaction(
    engine: Engine, db_path: Path, tmp_path: Path
) -> None:
    services = Services(engine, now=FakeClock())
    tid = services.tournaments.create("Crash night").value.id
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen(
        [sys.executable, str(script), str(db_path), str(tid)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    acknowledged: list[tuple[int, int]] = []
    try:
        assert child.stdout is not None
        for line in child.stdout:
            _, reg, row = line.split()
            acknowledged.append((int(reg), int(row)))
            if len(acknowledged) == 25:
                child.send_signal(signal.SIGKILL)  # no clean-up of any kind
                break
    finally:
        child.kill()
        _, err = child.communicate(timeout=30)
    assert len(acknowledged) == 25, err
    reopened = make_engine(str(db_path))
    try:
        with Session(reopened) as s:
            records = s.exec(
                select(LedgerRecord)
                .where(col(LedgerRecord.tournament_id) == tid)
                .order_by(col(LedgerRecord.id))
            ).all()
            regs = s.exec(
                select(RegistrationRow).where(col(RegistrationRow.tournament_id) == tid)
            ).all()
        by_id = {r.id: r for r in records}
        for reg_id, row_id in acknowledged:
            assert row_id in by_id
            assert by_id[row_id].registration_id == reg_id
        # Every registration that exists came with its buy-in, in the same transaction.
        assert {r.registration_id for r in records} == {r.id for r in regs}
        totals = balances([core_row(r) for r in records])  # the core re-checks every rule
        assert totals.buy_ins == len(records) >= 25
        assert totals.cash_in == totals.prize_pool == 2000 * len(records)
        assert all(r.kind == RowKind.BUY_IN for r in records)
        with reopened.connect() as conn:
            assert conn.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    finally:
        reopened.dispose()


@pytest.mark.slow
@pytest.mark.postgres
def test_postgresql_keeps_the_ledger_append_only(pg_url: str) -> None:
    eng = make_engine(pg_url)
    try:
        migrate(eng)
        services = Services(eng, now=FakeClock())
        tid = services.tournaments.create("Shared").value.id
        ann = services.players.create(PlayerDetails("Ann")).value.id
        services.cashier.buy_in(tid, ann)
        row = services.cashier.ledger(tid)[0].id
        services.cashier.void(tid, row, "wrong player")
        for statement in (
            "UPDATE ledger_row SET amount = 1",
            "DELETE FROM ledger_row",
            "TRUNCATE ledger_row CASCADE",
        ):
            with pytest.raises(DBAPIError, match="append-only"), eng.begin() as conn:
                conn.execute(text(statement))
        assert len(services.cashier.ledger(tid)) == 2
        services.cashier.buy_in(tid, ann)  # the voided registration stands; same player again
        with pytest.raises(IntegrityError), Session(eng) as s, s.begin():
            s.add(RegistrationRow(tournament_id=tid, player_id=ann, created_at=NOW))
        config = alembic_config(eng)
        command.downgrade(config, "0002")
        command.upgrade(config, "head")
        assert current_revision(eng) == head_revision()
    finally:
        eng.dispose()


def _pay_twice_at_once(eng: Engine) -> list[str]:
    """Two stations pay the same prize at the same moment; returns what each was told."""
    first = Services(eng, now=FakeClock())
    tid = first.tournaments.create("Two desks").value.id
    regs = [
        first.cashier.buy_in(tid, first.players.create(PlayerDetails(n)).value.id).value
        for n in ("Ann", "Bob")
    ]
    winner, loser = (r.registration.id for r in regs)
    first.results.bust(tid, loser, busted_by=winner)
    desks = [Services(eng, now=FakeClock()) for _ in range(2)]
    start = threading.Barrier(2)
    told: list[str] = []

    def pay(desk: Services) -> None:
        start.wait()
        try:
            desk.payouts.pay_prize(tid, winner)
            told.append("paid")
        except DomainError as error:
            told.append(str(error))

    threads = [threading.Thread(target=pay, args=(desk,)) for desk in desks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    payouts = [r for r in first.cashier.ledger(tid) if r.kind is RowKind.PAYOUT]
    assert len(payouts) == 1
    assert payouts[0].amount == 4000  # 2 entries: the home-game table pays the winner only
    return sorted(told)


def test_two_desks_cannot_pay_the_same_prize_twice(engine: Engine) -> None:
    assert _pay_twice_at_once(engine) == ["Ann's prize ($40.00) is already paid.", "paid"]


@pytest.mark.slow
@pytest.mark.postgres
def test_two_desks_cannot_pay_the_same_prize_twice_on_postgresql(pg_url: str) -> None:
    eng = make_engine(pg_url)
    try:
        migrate(eng)
        assert _pay_twice_at_once(eng) == ["Ann's prize ($40.00) is already paid.", "paid"]
    finally:
        eng.dispose()
