"""Tables of leagues and the team event: leagues and their tournaments, the team event's
formula and worst beat, and who came (helpers and spectators check in and out; a player's time
away is kept beside their registration).

Points are never stored: they are computed from the results and the formula each time, so a
corrected result or an edited formula shows at once, and a merged or renamed player keeps their
history (registrations follow the player).
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Column, Field, SQLModel, Text

from clockapp.persistence.types import UTCDateTime


class LeagueRow(SQLModel, table=True):
    """A season: a name, the points formula, and the tie-breaks in order (comma-separated)."""

    __tablename__ = "league"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200, unique=True)
    formula: str = Field(sa_column=Column(Text, nullable=False))
    tie_breaks: str = Field(default="", max_length=200)
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class LeagueTournamentRow(SQLModel, table=True):
    """A tournament counted in a league."""

    __tablename__ = "league_tournament"

    league_id: int = Field(foreign_key="league.id", primary_key=True, ondelete="CASCADE")
    tournament_id: int = Field(
        foreign_key="tournament.id", primary_key=True, index=True, ondelete="CASCADE"
    )


class TeamEventRow(SQLModel, table=True):
    """A tournament run as a team event: each person's formula and the worst beat's winner."""

    __tablename__ = "team_event"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True, ondelete="CASCADE")
    formula: str = Field(sa_column=Column(Text, nullable=False))
    worst_beat_id: int | None = Field(default=None, foreign_key="registration.id")


class AttendanceRow(SQLModel, table=True):
    """Someone at a team event: a helper or spectator (checked in and out), or a player's
    longest time away from the table (`registration_id` set, role 'player')."""

    __tablename__ = "attendance"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    registration_id: int | None = Field(default=None, foreign_key="registration.id", unique=True)
    name: str = Field(max_length=200)
    team: str = Field(default="", max_length=100)
    role: str = Field(max_length=20)
    checked_in_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )
    checked_out_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )
    away_minutes: int = 0


class StandInRow(SQLModel, table=True):
    """A teammate standing in for a player who left (appended; the latest for a registration is
    who plays its chips now)."""

    __tablename__ = "stand_in"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    registration_id: int = Field(foreign_key="registration.id")
    player_id: int = Field(foreign_key="player.id")
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    station: str = Field(default="", max_length=100)
