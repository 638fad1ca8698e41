"""`insert_or_ignore` says whether it inserted, on SQLite and on PostgreSQL alike."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from clockapp.persistence.db import make_engine, migrate
from clockapp.persistence.models import AppSetting, TemplateRow
from clockapp.persistence.upsert import insert_or_ignore


def _check(engine: Engine) -> None:
    with Session(engine) as session, session.begin():
        assert insert_or_ignore(session, AppSetting(key="k", value="one"))
        assert not insert_or_ignore(session, AppSetting(key="k", value="two"))
        at = datetime(2026, 11, 26, tzinfo=UTC)
        assert insert_or_ignore(
            session, TemplateRow(name="A", structure_json="{}", created_at=at), unique=("name",)
        )
        assert not insert_or_ignore(
            session, TemplateRow(name="A", structure_json="[]", created_at=at), unique=("name",)
        )
    with Session(engine) as session:
        assert session.get(AppSetting, "k").value == "one"  # type: ignore[union-attr]
        assert [t.structure_json for t in session.exec(select(TemplateRow))] == ["{}"]


def test_insert_or_ignore_on_sqlite(engine: Engine) -> None:
    _check(engine)


@pytest.mark.slow
@pytest.mark.postgres
def test_insert_or_ignore_on_postgresql(pg_url: str) -> None:
    engine = make_engine(pg_url)
    try:
        migrate(engine)
        _check(engine)
    finally:
        engine.dispose()
