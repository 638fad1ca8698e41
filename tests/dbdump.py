"""A dump of every table, to prove that a refused or failed action changed nothing."""

from __future__ import annotations

from typing import Any

from sqlalchemy import MetaData, select
from sqlalchemy.engine import Engine

_REFLECTED: dict[str, MetaData] = {}  # by database URL: reflecting is slow, the tables stay put


def dump_database(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a stable order."""
    key = str(engine.url)
    metadata = _REFLECTED.get(key)
    if metadata is None:
        metadata = _REFLECTED[key] = MetaData()
        metadata.reflect(engine)
    with engine.connect() as connection:
        return {
            name: sorted((tuple(row) for row in connection.execute(select(table))), key=repr)
            for name, table in sorted(metadata.tables.items())
        }
