"""Column types shared by the tables."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Integer
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC timestamp on every backend.

    SQLite stores datetimes without an offset and hands back naive values; this type refuses naive
    input, stores UTC and always returns an aware UTC datetime, so the clock's absolute end times
    survive a restart unchanged on SQLite and PostgreSQL alike.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column; pass an aware datetime")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


#: Money in cents and chip counts: 64-bit. PostgreSQL's INTEGER stops at 2^31 - 1 cents
#: ($21,474,836.47), which a series' prize pool or a deep chip count can pass; SQLite's INTEGER
#: is already 64-bit, so the columns stay INTEGER there (no table rebuild, no schema difference).
BigInt = BigInteger().with_variant(Integer(), "sqlite")
