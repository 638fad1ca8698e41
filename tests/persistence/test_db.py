"""The engine, the SQLite settings that make it crash-safe, and the migrations."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel

import clockapp.persistence.models  # noqa: F401
from clockapp.persistence.db import (
    current_revision,
    head_revision,
    make_engine,
    migrate,
    normalize_url,
    open_database,
    shipped_head,
    stored_revision,
)
from clockapp.persistence.models import TournamentRow


def test_sqlite_is_opened_crash_safe(engine: Engine) -> None:
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_migrations_reach_head_and_match_the_models(engine: Engine) -> None:
    assert current_revision(engine) == head_revision()
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
    assert diff == [], f"models and migrations differ; write a migration: {diff}"


def test_migrate_twice_is_harmless(engine: Engine) -> None:
    migrate(engine)
    assert current_revision(engine) == head_revision()


def test_open_database_creates_the_default_file(tmp_path: Path) -> None:
    engine = open_database(str(tmp_path / "night.db"))
    try:
        assert (tmp_path / "night.db").exists()
        assert current_revision(engine) == head_revision()
    finally:
        engine.dispose()


def test_a_plain_path_means_sqlite() -> None:
    assert normalize_url("night.db").startswith("sqlite:///")
    assert normalize_url("postgresql+psycopg://u@h/d") == "postgresql+psycopg://u@h/d"


def test_timestamps_come_back_aware_utc(engine: Engine) -> None:
    paris = timezone(timedelta(hours=1))
    when = datetime(2026, 11, 21, 21, 30, 15, 123000, tzinfo=paris)
    with Session(engine) as s, s.begin():
        s.add(TournamentRow(name="Friday", created_at=when))
    with Session(engine) as s:
        row = s.get(TournamentRow, 1)
        assert row is not None
        assert row.created_at == when
        assert row.created_at.tzinfo == UTC


def test_naive_timestamps_are_refused(engine: Engine) -> None:
    with pytest.raises(Exception, match="naive datetime"), Session(engine) as s, s.begin():
        s.add(TournamentRow(name="x", created_at=datetime(2026, 1, 1)))


def test_committed_rows_survive_a_hard_close(db_path: Path) -> None:
    """An acknowledged transaction is on disk even if the process dies without closing."""
    eng = make_engine(str(db_path))
    migrate(eng)
    with Session(eng) as s, s.begin():
        s.add(TournamentRow(name="Saved", created_at=datetime.now(UTC)))
    # No dispose, no checkpoint: a second engine (as after a crash) must see the row.
    other = make_engine(str(db_path))
    with Session(other) as s:
        assert s.get(TournamentRow, 1) is not None
    other.dispose()
    eng.dispose()


@pytest.mark.slow
@pytest.mark.postgres
def test_postgresql_migrates_and_round_trips(pg_url: str) -> None:
    eng = make_engine(pg_url)
    try:
        migrate(eng)
        assert current_revision(eng) == head_revision()
        with eng.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
        assert diff == []
        when = datetime(2026, 11, 21, 20, 0, tzinfo=UTC)
        with Session(eng) as s, s.begin():
            s.add(TournamentRow(name="Shared", created_at=when))
        with Session(eng) as s:
            rows = s.exec(text("SELECT name FROM tournament")).all()  # type: ignore[call-overload]
            assert [r[0] for r in rows] == ["Shared"]
    finally:
        eng.dispose()


def test_the_quick_head_check_agrees_with_alembic() -> None:
    assert shipped_head() == head_revision()


def test_an_up_to_date_database_is_not_migrated_again(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    import alembic.command

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("upgrade should not run on an up-to-date database")

    monkeypatch.setattr(alembic.command, "upgrade", refuse)
    assert stored_revision(engine) == head_revision()
    migrate(engine)  # no upgrade, no error


def test_an_older_database_is_upgraded(db_path: Path) -> None:
    from alembic import command

    from clockapp.persistence.db import alembic_config

    eng = make_engine(str(db_path))
    try:
        command.upgrade(alembic_config(eng), "0001")
        assert stored_revision(eng) == "0001"
        migrate(eng)
        assert stored_revision(eng) == head_revision()
    finally:
        eng.dispose()
