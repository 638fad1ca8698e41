"""Tables of the wall's layouts: the host's layouts and screen sets, and what each screen shows."""

from __future__ import annotations

from sqlalchemy import UniqueConstraint
from sqlmodel import Column, Field, SQLModel, Text


class WallLayoutRow(SQLModel, table=True):
    """One layout of the tournament (`clockapp.core.layouts.cells.Layout`), kept as its JSON."""

    __tablename__ = "wall_layout"
    __table_args__ = (UniqueConstraint("tournament_id", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    name: str = Field(max_length=60)
    body: str = Field(sa_column=Column(Text, nullable=False))


class ScreenSetRow(SQLModel, table=True):
    """One screen set of the tournament (`clockapp.core.layouts.screen_sets.ScreenSet`)."""

    __tablename__ = "wall_screen_set"
    __table_args__ = (UniqueConstraint("tournament_id", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    name: str = Field(max_length=60)
    body: str = Field(sa_column=Column(Text, nullable=False))


class WallScreenRow(SQLModel, table=True):
    """What one screen shows: a layout or a screen set, by name ("" for neither)."""

    __tablename__ = "wall_screen"
    __table_args__ = (UniqueConstraint("tournament_id", "screen"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    screen: str = Field(max_length=80)
    layout: str = Field(default="", max_length=60)
    screen_set: str = Field(default="", max_length=60)
