"""What the wall shows of points: a team event's standings (in breaks and at the end), else
the standings of the league a finished tournament counts in (between tournaments)."""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.core.points import format_points
from clockapp.services.leagues.views import LeagueView, TeamEventView

#: Lines the wall has room for.
WALL_LINES = 10


@dataclass(frozen=True)
class WallBoard:
    """A standings card for the wall: (rank, name, points) lines, best first.

    `during_breaks`: shown in every break (a team event), not only once the tournament is over.
    """

    title: str
    lines: tuple[tuple[str, str, str], ...]
    during_breaks: bool
    note: str = ""


def team_board(view: TeamEventView) -> WallBoard:
    """The team standings: each team's share of the 100 points."""
    lines = tuple((str(s.rank), s.team, f"{s.share} pts") for s in view.standings[:WALL_LINES])
    note = view.problem or (f"Worst beat: {view.worst_beat}" if view.worst_beat else "")
    return WallBoard("TEAM STANDINGS", lines, during_breaks=True, note=note)


def league_board(view: LeagueView) -> WallBoard:
    """A league's standings, the leaders first."""
    lines = tuple(
        (str(s.rank), s.season.name, f"{format_points(s.season.points)} pts")
        for s in view.standings[:WALL_LINES]
    )
    played = len(view.league.tournaments)
    note = view.problem or f"after {played} tournament{'s' if played != 1 else ''}"
    return WallBoard(view.league.name.upper(), lines, during_breaks=False, note=note)
