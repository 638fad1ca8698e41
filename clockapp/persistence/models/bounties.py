"""Tables of the bounty formats: the host's choice, knockout credits, mystery draws, tickets.

`knockout_credit` and `mystery_draw` are only ever appended to, like `bust`: an undone bust
is a new bust row pointing at the old one, and the credits and the draw of the old one stay
on record (the draw is then back in the box; `clockapp.core.bounties.mystery`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Column, Field, SQLModel, Text

from clockapp.persistence.types import BigInt, UTCDateTime


class BountyRulesRow(SQLModel, table=True):
    """A tournament's bounty format (no row: plain knockouts) and where ticket left-overs go."""

    __tablename__ = "bounty_rules"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    format: str = Field(default="knockout", max_length=20)
    stage_level: int | None = None
    stage_players: int | None = None
    seed: int = Field(default=0, sa_type=BigInt)
    envelopes_json: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    ticket_leftover: str = Field(default="next", max_length=20)
    # Mystery: what an entry sold after the first draw does with its bounty share.
    late_entries: str = Field(default="envelopes", max_length=20)
    # Mystery: the last ledger row when the box was sealed (the first draw, or the host's change
    # of the envelopes after one); None before the first draw.
    sealed_row: int | None = None
    # Players tied over a ticket place: its value shared in cash, or a recorded draw (its seed).
    ticket_tie: str = Field(default="cash", max_length=20)
    ticket_seed: int = Field(default=0, sa_type=BigInt)
    # A satellite: N equal seats as prizes (0: not a satellite), each worth `satellite_value`,
    # a seat in `satellite_description`; where the cash left over goes.
    satellite_seats: int = 0
    satellite_value: int = Field(default=0, sa_type=BigInt)
    satellite_description: str = Field(default="", max_length=200)
    satellite_leftover: str = Field(default="bubble", max_length=20)


class KnockoutCreditRow(SQLModel, table=True):
    """One player credited with a bust: several for a split pot, in position order."""

    __tablename__ = "knockout_credit"
    __table_args__ = (UniqueConstraint("elimination_id", "registration_id"),)

    id: int | None = Field(default=None, primary_key=True)
    bust_id: int = Field(
        foreign_key="elimination.id", index=True, sa_column_kwargs={"name": "elimination_id"}
    )
    registration_id: int = Field(foreign_key="registration.id")
    # The ledger row of the stack the buster played with (a progressive half goes onto it).
    stack_row: int | None = None
    position: int = 0


class MysteryDrawRow(SQLModel, table=True):
    """One envelope drawn by a knockout, with its number in the seeded sequence."""

    __tablename__ = "mystery_draw"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    bust_id: int = Field(
        foreign_key="elimination.id", unique=True, sa_column_kwargs={"name": "elimination_id"}
    )
    number: int
    envelope: int
    amount: int = Field(sa_type=BigInt)
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    # The envelopes (numbers, JSON) in the box at this draw; None for draws before it was kept.
    box_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


class PrizeTicketRow(SQLModel, table=True):
    """A prize place paid with a ticket (a seat in a league final or a bigger event)."""

    __tablename__ = "prize_ticket"
    __table_args__ = (UniqueConstraint("tournament_id", "place"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    place: int
    value: int = Field(sa_type=BigInt)
    description: str = Field(max_length=200)
