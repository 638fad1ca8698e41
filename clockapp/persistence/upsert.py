"""Race-free get-or-create: INSERT ... ON CONFLICT DO NOTHING, then read.

"Read, and add the row when it is missing" lets two stations both see no row and both insert it;
the second then fails with a raw IntegrityError. Here the database decides: the insert does
nothing when the row is already there (inserted by another transaction, even one that has not
committed yet: PostgreSQL waits for it), and the caller reads whichever row won.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from sqlalchemy import inspect
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, SQLModel

Row = TypeVar("Row", bound=SQLModel)


def insert_or_ignore(session: Session, row: SQLModel, unique: Sequence[str] = ()) -> bool:
    """Insert `row` unless a row with its primary key (or its `unique` columns) exists.

    True when it was inserted. `row` is not added to the session: read the stored row
    afterwards (`get_or_create` does).
    """
    table: Any = type(row).__table__  # type: ignore[attr-defined]
    given = {c.name: getattr(row, c.name) for c in table.columns}
    values = {name: value for name, value in given.items() if value is not None}
    keys = list(unique) or [c.name for c in table.primary_key.columns]
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        statement: Any = (
            postgresql.insert(table).values(values).on_conflict_do_nothing(index_elements=keys)
        )
    elif dialect == "sqlite":
        statement = sqlite.insert(table).values(values).on_conflict_do_nothing(index_elements=keys)
    else:  # pragma: no cover - clockapp runs on SQLite and PostgreSQL only
        raise NotImplementedError(f"insert_or_ignore does not know the {dialect} dialect")
    # RETURNING says whether a row went in: the driver's rowcount does not on PostgreSQL.
    result: Any = session.execute(statement.returning(*table.primary_key.columns))
    return result.first() is not None


def get_or_create(session: Session, row: Row) -> Row:
    """The stored row with `row`'s primary key, inserting `row` first when there is none.

    >>> from sqlmodel import create_engine
    >>> from clockapp.persistence.models import AppSetting
    >>> engine = create_engine("sqlite://")
    >>> AppSetting.__table__.create(engine)  # type: ignore[attr-defined]
    >>> with Session(engine) as s:
    ...     first = get_or_create(s, AppSetting(key="k", value="one"))
    ...     again = get_or_create(s, AppSetting(key="k", value="two"))
    >>> first.value, again.value
    ('one', 'one')
    """
    model = type(row)
    key = tuple(getattr(row, c.name) for c in inspect(model).primary_key)
    found = session.get(model, key if len(key) > 1 else key[0])
    if found is None:
        insert_or_ignore(session, row)
        found = session.get(model, key if len(key) > 1 else key[0])
    assert found is not None
    return found
