"""The database itself refuses what two stations racing could otherwise both write:
one revision handed to two actions, a sale voided twice."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails

NOW = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)


def _insert(engine: Engine, sql: str, **values: object) -> None:
    with engine.begin() as conn:
        conn.execute(text(sql), values)


def test_one_revision_of_a_tournament_is_one_change(engine: Engine) -> None:
    tid = Services(engine).tournaments.create("Friday").value.id  # revision 1
    with pytest.raises(IntegrityError):
        _insert(
            engine,
            'INSERT INTO "change" (tournament_id, revision, what, at, summary) '
            "VALUES (:t, 1, 1, :at, 'a second revision 1')",
            t=tid,
            at=NOW,
        )


def test_one_app_wide_revision_is_one_change(engine: Engine) -> None:
    Services(engine).players.create(PlayerDetails("Ann"))  # app-wide revision 1
    with pytest.raises(IntegrityError):
        _insert(
            engine,
            'INSERT INTO "change" (tournament_id, revision, what, at, summary) '
            "VALUES (NULL, 1, 1, :at, 'a second revision 1')",
            at=NOW,
        )


def test_a_sale_is_voided_once(engine: Engine) -> None:
    services = Services(engine)
    tid = services.tournaments.create("Friday").value.id
    player = services.players.create(PlayerDetails("Ann")).value.id
    services.cashier.buy_in(tid, player)
    void = (
        "INSERT INTO ledger_row (tournament_id, kind, amount, target_id, reason, shares_json, "
        "created_at, station) VALUES (:t, 'void', 0, :target, 'undo', '', :at, '')"
    )
    with engine.connect() as conn:  # the buy-in's row
        target = conn.execute(
            text("SELECT max(id) FROM ledger_row WHERE tournament_id = :t"), {"t": tid}
        ).scalar_one()
    _insert(engine, void, t=tid, target=target, at=NOW)
    with pytest.raises(IntegrityError):
        _insert(engine, void, t=tid, target=target, at=NOW)
