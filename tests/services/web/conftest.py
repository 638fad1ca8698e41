"""The web view's tests share one demo tournament, built once and copied for each test."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from clockapp.persistence.db import make_engine, sqlite_url
from clockapp.services.app import Services
from tests.fakes import FakeClock


@pytest.fixture(scope="session")
def demo_template(
    migrated_template: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, int]:
    """A database holding the demo at the fake clock's start time, and the demo's id."""
    path = tmp_path_factory.mktemp("web-demo") / "demo.db"
    shutil.copyfile(migrated_template, path)
    built = make_engine(sqlite_url(path))
    tid = Services(built, now=FakeClock()).demo.create_demo().value.id
    built.dispose()
    return path, tid


@pytest.fixture
def engine(db_path: Path, demo_template: tuple[Path, int]) -> Iterator[Engine]:
    """A fresh copy of the demo database (the fake clock starts where the demo was built)."""
    shutil.copyfile(demo_template[0], db_path)
    fresh = make_engine(sqlite_url(db_path))
    yield fresh
    fresh.dispose()


@pytest.fixture
def demo(demo_template: tuple[Path, int]) -> int:
    """The demo tournament's id."""
    return demo_template[1]
