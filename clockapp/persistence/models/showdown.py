"""The all-in showdowns of a tournament, each kept for the night's worst beat."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Column, Field, SQLModel

from clockapp.persistence.types import UTCDateTime


class ShowdownRow(SQLModel, table=True):
    """One all-in showdown (or a bad beat entered from the rulings window).

    The players (names, registrations, hole cards, stacks, chips in) and the result are JSON the
    services write and read whole; the board is kept by street as it was dealt.
    """

    __tablename__ = "showdown"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    source: str = Field(default="wall", max_length=20)  # "wall" or "rulings"
    players_json: str = Field(default="[]")
    allin_board: str = Field(default="", max_length=20)  # the board when the money went in
    flop: str = Field(default="", max_length=10)
    turn: str = Field(default="", max_length=3)
    river: str = Field(default="", max_length=3)
    result_json: str = Field(default="")  # pots and busts, once the river is out
    busts_recorded: bool = Field(default=False)
    beat_wins: int | None = Field(default=None)  # a bad-beat candidate: wins / boards
    beat_boards: int | None = Field(default=None)
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    updated_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
