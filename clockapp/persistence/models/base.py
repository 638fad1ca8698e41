"""The tables every part of the app shares: tournaments, the change log and app settings."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, text
from sqlmodel import Column, Field, SQLModel

from clockapp.persistence.types import UTCDateTime


class TournamentRow(SQLModel, table=True):
    """One tournament; a database holds several."""

    __tablename__ = "tournament"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    archived: bool = Field(default=False)
    # Set in the transaction that leaves one player (or records a deal that ends the event);
    # cleared when that is undone. Stored, so a restart and every station see the end.
    finished_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )
    # The director's choice on registration (`clockapp.core.registration.RegistrationMode`).
    registration: str = Field(default="auto", max_length=20)
    # Bumped by every action on this tournament, in the action's transaction: the row stays
    # locked until the commit, so revisions are handed out in commit order (the change feed).
    revision: int = Field(default=0, sa_column_kwargs={"server_default": "0"})


class ChangeRow(SQLModel, table=True):
    """One committed user action, numbered by its tournament's revision (or the app's).

    Every service call appends one row in its own transaction, with the flags of what it changed, so
    any station (this process or another machine sharing the database) sees that something changed
    and refreshes only what it must. Its `revision` is the tournament's revision after the action
    (`AppRevisionRow`'s for an app-wide change, `tournament_id` NULL): unique in its scope and
    handed out under the scope's row lock, so in commit order. The id is only a row id: sequence
    values are taken in start order, not commit order, and a station reading by id misses rows.
    """

    __tablename__ = "change"
    __table_args__ = (
        Index("uq_change_tournament_revision", "tournament_id", "revision", unique=True),
        Index(
            "uq_change_app_revision",
            "revision",
            unique=True,
            sqlite_where=text("tournament_id IS NULL"),
            postgresql_where=text("tournament_id IS NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    revision: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    tournament_id: int | None = Field(
        default=None, foreign_key="tournament.id", index=True, ondelete="CASCADE"
    )
    what: int = Field(description="clockapp.services.changes.Change flags")
    at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    summary: str = Field(default="", max_length=300)
    # Who acted: "cashier@laptop2" (`clockapp.core.stations.station_name`); "" before 0012.
    station: str = Field(default="", max_length=100)


class AppRevisionRow(SQLModel, table=True):
    """The revision of app-wide changes (players, templates, a restore): one row, id 1."""

    __tablename__ = "app_revision"

    id: int | None = Field(default=None, primary_key=True)
    revision: int = Field(default=0)


class PinThrottleRow(SQLModel, table=True):
    """The display PIN's wrong tries in a row and until when the next waits: one row, id 1.

    In the database, not in the display's memory, so a restarted display and a second display
    on the same database go on from the same count (`clockapp.core.pin.PinThrottle`).
    """

    __tablename__ = "pin_throttle"

    id: int | None = Field(default=None, primary_key=True)
    failures: int = Field(default=0)
    wait_until: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )


class AppSetting(SQLModel, table=True):
    """A key/value setting kept in the database (e.g. the tournament the app reopens)."""

    __tablename__ = "app_setting"

    key: str = Field(primary_key=True, max_length=100)
    value: str = Field(default="")
