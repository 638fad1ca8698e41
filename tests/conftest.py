"""Fixtures for every suite: a fake clock, a fresh migrated database, and the services over it."""

from __future__ import annotations

import faulthandler
import os
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from sqlalchemy.engine import Engine

from clockapp.i18n import set_language
from clockapp.logs import close_log
from clockapp.persistence.db import make_engine, migrate, sqlite_url
from clockapp.services.app import Services
from tests import pgserver
from tests.fakes import FakeClock

# Messages and screens show the room's local time: run every test in one known zone.
os.environ["TZ"] = "UTC"
time.tzset()

# Property tests explore the same examples on every run, so CI is reproducible; set
# HYPOTHESIS_PROFILE=explore locally to search with fresh random examples.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("explore", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


#: A test still running after this long is stopped with every thread's stack, from C: a
#: deadlock that holds the interpreter's lock stops pytest-timeout's own thread too.
HUNG_S = 600


@pytest.fixture(autouse=True)
def _in_english() -> Iterator[None]:
    # The language is the process's: a test that switches it must not leave it switched.
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def _stopped_if_hung() -> Iterator[None]:
    faulthandler.dump_traceback_later(HUNG_S, exit=True, file=sys.__stderr__)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Never touch the real user data folder from a test, nor another test's log file."""
    monkeypatch.setenv("CLOCKAPP_DATA_DIR", str(tmp_path_factory.mktemp("userdata")))
    yield
    # The app sets its log up once per process; a test that set it up (the error nets) must not
    # leave the next test writing to its folder.
    close_log()


@pytest.fixture
def fake_clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "clockapp.db"


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One database file migrated to head, copied for each test (migrating every time is slow)."""
    path = tmp_path_factory.mktemp("template") / "template.db"
    template = make_engine(sqlite_url(path))
    migrate(template)
    template.dispose()
    return path


@pytest.fixture
def engine(db_path: Path, migrated_template: Path) -> Iterator[Engine]:
    """A fresh SQLite file database at `db_path`, at the newest migration."""
    shutil.copyfile(migrated_template, db_path)
    eng = make_engine(sqlite_url(db_path))
    yield eng
    eng.dispose()


@pytest.fixture
def services(engine: Engine, fake_clock: FakeClock) -> Services:
    return Services(engine, now=fake_clock)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A PostgreSQL server: CLOCKAPP_TEST_PG_URL, or one started for this session."""
    with pgserver.server_url() as url:
        if url is None:
            pytest.skip(
                "PostgreSQL is not installed (no initdb/pg_ctl) and CLOCKAPP_TEST_PG_URL is not set"
            )
        yield url


@pytest.fixture
def pg_url(pg_server: str) -> str:
    """A fresh, empty database on the test server."""
    return pgserver.fresh_database(pg_server)
