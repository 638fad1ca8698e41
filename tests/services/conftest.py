"""Fixtures for the service tests: each test gets a copy of one migrated template database.

Migrating a fresh database for every test costs more than most of these tests; copying the file
migrated once per session gives the same schema. A module may still override `db_path` (the
seating tests put the file in RAM), and `engine` copies the template to that path.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from clockapp.persistence.db import make_engine, migrate


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One migrated database, copied for each test."""
    path = tmp_path_factory.mktemp("template") / "services.db"
    eng = make_engine(str(path))
    migrate(eng)
    eng.dispose()
    return path


@pytest.fixture
def engine(db_path: Path, template_db: Path) -> Iterator[Engine]:
    """A fresh database at `db_path`: a copy of the migrated template."""
    shutil.copyfile(template_db, db_path)
    eng = make_engine(str(db_path))
    yield eng
    eng.dispose()
