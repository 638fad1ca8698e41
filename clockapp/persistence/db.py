"""The engine: `make_engine(url)`, the default database location, and migrations at start-up.

SQLite (the default, one file in the user data folder) is opened with foreign keys on, WAL and
synchronous=FULL so an acknowledged transaction survives a crash or a power cut. Several stations on
several machines share one PostgreSQL server instead: `clockapp --db postgresql+psycopg://...`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.pool import NullPool
from sqlmodel import create_engine

from clockapp.paths import user_data_dir

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


def default_url() -> str:
    """The SQLite file in the user's data folder."""
    return sqlite_url(user_data_dir() / "clockapp.db")


def sqlite_url(path: Path | str) -> str:
    """The SQLAlchemy URL of a SQLite file.

    >>> sqlite_url("/tmp/t.db")
    'sqlite:////tmp/t.db'
    """
    return f"sqlite:///{Path(path).resolve()}"


def normalize_url(url_or_path: str) -> str:
    """Accept a SQLAlchemy URL or a plain file path (taken as a SQLite file).

    >>> normalize_url("postgresql+psycopg://u@h/db")
    'postgresql+psycopg://u@h/db'
    >>> normalize_url("/tmp/night.db")
    'sqlite:////tmp/night.db'
    """
    if "://" in url_or_path:
        make_url(url_or_path)  # raises a clear ArgumentError on a malformed URL
        return url_or_path
    return sqlite_url(url_or_path)


def _set_sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA busy_timeout=5000")
    finally:
        cursor.close()


def make_engine(url: str) -> Engine:
    """Build the engine for `url` (a SQLAlchemy URL or a SQLite file path)."""
    url = normalize_url(url)
    if make_url(url).get_backend_name() == "sqlite":
        in_memory = make_url(url).database in (None, "", ":memory:")
        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
        if not in_memory:
            # A file database: a fresh connection per checkout keeps other processes' writes visible
            # and costs little with SQLite.
            kwargs["poolclass"] = NullPool
        engine = create_engine(url, **kwargs)
        event.listen(engine, "connect", _set_sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["engine"] = engine
    return config


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest migration (`alembic upgrade head`)."""
    command.upgrade(_alembic_config(engine), "head")


def current_revision(engine: Engine) -> str | None:
    """The migration the database is at, or None for an empty database."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str | None:
    """The newest migration shipped with this version of clockapp."""
    return ScriptDirectory(str(MIGRATIONS_DIR)).get_current_head()


def open_database(url: str | None = None) -> Engine:
    """Build the engine for `url` (default: the user's SQLite file) and migrate it."""
    engine = make_engine(url or default_url())
    migrate(engine)
    return engine
