"""The waiting list of a capped field (appended; a player leaves it by `left_at`)."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Column, Field, SQLModel

from clockapp.persistence.types import UTCDateTime


class WaitingRow(SQLModel, table=True):
    """A player waiting for a seat in a capped field, in the order they joined (`id`)."""

    __tablename__ = "waiting_list"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    player_id: int = Field(foreign_key="player.id")
    joined_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    left_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    station: str = Field(default="", max_length=100)
