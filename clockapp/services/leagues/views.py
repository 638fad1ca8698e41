"""The frozen values the league and team-event services return."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from clockapp.core.points import (
    EventResult,
    LeagueStanding,
    PointsLine,
    Role,
    TeamStanding,
    TieBreak,
    points_race,
)
from clockapp.core.points.league import RACE_PLAYERS
from clockapp.errors import DomainError


class LeagueError(DomainError):
    """A league or team-event action refused, with a message a director can read."""


@dataclass(frozen=True)
class LeagueInfo:
    """A league: its formula, its tie-breaks in order, and its tournaments (id, name)."""

    id: int
    name: str
    formula: str
    tie_breaks: tuple[TieBreak, ...]
    tournaments: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class PreviewLine:
    """One person's points under a formula at one tournament."""

    place: int
    name: str
    role: Role
    team: str
    points: int  # hundredths


@dataclass(frozen=True)
class LeagueView:
    """A league's standings, and every result behind them (for each player's season).

    `problem` names a tournament the formula fails on since it was saved (a place reached
    later, say); that tournament is left out of the standings until the formula is fixed.
    """

    league: LeagueInfo
    standings: tuple[LeagueStanding, ...]
    results: tuple[EventResult, ...]
    problem: str = ""

    def events_of(self, player_id: int) -> tuple[EventResult, ...]:
        """One player's tournaments in the league, in order."""
        return tuple(r for r in self.results if r.player_id == player_id)

    def race(self, top: int = RACE_PLAYERS) -> tuple[PointsLine, ...]:
        """The top `top` players' running points, tournament by tournament in the league's
        order (`league.tournaments`), for the season chart."""
        tournament_ids = [tid for tid, _name in self.league.tournaments]
        return points_race(self.standings, self.results, tournament_ids, top)


@dataclass(frozen=True)
class AttendanceInfo:
    """A helper or spectator at a team event (or a player's recorded time away)."""

    id: int
    registration_id: int | None
    name: str
    team: str
    role: Role
    checked_in_at: datetime | None
    checked_out_at: datetime | None
    away_minutes: int


@dataclass(frozen=True)
class TeamEventView:
    """The team event: its formula, the worst beat, who came, and the team standings.

    `problem` says why there are no standings (a formula failing, a team without players);
    the rest is still shown.
    """

    tournament_id: int
    formula: str
    worst_beat_id: int | None
    worst_beat: str
    attendance: tuple[AttendanceInfo, ...]
    standings: tuple[TeamStanding, ...]
    problem: str = ""
