"""Column types shared by the tables."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Integer, String
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

from clockapp.core.registration import RegistrationStatus


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


class RegistrationStatusType(TypeDecorator[RegistrationStatus]):
    """The registration's status column: the core's `RegistrationStatus`, stored as its value.

    The column stays the VARCHAR(20) it always was, holding the same strings (the CHECK and the
    SQLite triggers of migration 0006 name them), so no migration goes with the type: rows read
    back as the enum, and an unknown string is refused before it reaches the database.
    """

    impl = String(20)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> str | None:
        return None if value is None else RegistrationStatus(value).value

    def process_result_value(self, value: Any, dialect: Dialect) -> RegistrationStatus | None:
        return None if value is None else RegistrationStatus(value)
