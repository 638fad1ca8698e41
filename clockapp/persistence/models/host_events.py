"""Tables of the events the host defines: the events, and the occurrences already fired."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Column, Field, SQLModel, Text

from clockapp.persistence.types import UTCDateTime


class HostEventRow(SQLModel, table=True):
    """One event the host defined (`clockapp.core.host_events.HostEvent`), per tournament."""

    __tablename__ = "host_event"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    trigger: str = Field(max_length=40)
    minutes: int = 0
    players: int = 0
    at: str = Field(default="", max_length=5)
    sound: str = Field(default="", sa_column=Column(Text, nullable=False))
    spoken: str = Field(default="", sa_column=Column(Text, nullable=False))
    wall_text: str = Field(default="", sa_column=Column(Text, nullable=False))
    seconds: int = 10


class HostEventClaimRow(SQLModel, table=True):
    """An occurrence of a host event already fired: each key fires once, on one display, ever.

    The key stays when its event is edited or removed, so an edit does not fire the same level's
    occurrence again.
    """

    __tablename__ = "host_event_claim"
    __table_args__ = (UniqueConstraint("tournament_id", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    key: str = Field(max_length=80)
    claimed_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
