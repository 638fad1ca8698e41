"""Tables of the chips counted at the tables: the chip races run and the players' counts."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Column, Field, SQLModel, Text

from clockapp.persistence.types import BigInt, UTCDateTime


class ChipRaceRow(SQLModel, table=True):
    """One chip race run at a colour-up (`clockapp.core.chip_race`), kept to be checked later.

    `seed` is the draw's seed (None when the real cards dealt were entered); `race_json` is the
    race as the wall showed it: every player's odd chips, cards, and what each took.
    """

    __tablename__ = "chip_race"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    table_number: int | None = None
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    rounding: str = Field(max_length=20)
    seed: int | None = Field(default=None, sa_type=BigInt)
    race_json: str = Field(sa_column=Column(Text, nullable=False))


class ChipCountRow(SQLModel, table=True):
    """A player's stack as counted at a table (the newest count of a player is his stack)."""

    __tablename__ = "chip_count"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    registration_id: int = Field(foreign_key="registration.id", ondelete="CASCADE")
    table_number: int | None = None
    chips: int = Field(sa_type=BigInt)
    counted_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
