"""What the wall shows of points: a team event's standings (in breaks, and between
tournaments), else the standings of the league the tournament counts in (between tournaments:
before it starts and once it is over). The wall decides when (`ui/display/standings.py`)."""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.core.points import format_points
from clockapp.i18n import ngettext
from clockapp.services.leagues.views import LeagueView, TeamEventView

#: Lines the wall has room for.
WALL_LINES = 10


@dataclass(frozen=True)
class WallBoard:
    """A standings card for the wall: (rank, name, points) lines, best first.

    `during_breaks`: shown in every break too (a team event), not only between tournaments.
    """

    title: str
    lines: tuple[tuple[str, str, str], ...]
    during_breaks: bool
    note: str = ""


def points_text(points: str) -> str:
    """'1 pt', '2 pts', '1.5 pts'.

    >>> points_text("1"), points_text("12.5")
    ('1 pt', '12.5 pts')
    """
    return f"{points} pt" if points == "1" else f"{points} pts"


def team_board(view: TeamEventView) -> WallBoard:
    """The team standings: each team's share of the 100 points."""
    lines = tuple(
        (str(s.rank), s.team, points_text(str(s.share))) for s in view.standings[:WALL_LINES]
    )
    note = view.problem or (f"Worst beat: {view.worst_beat}" if view.worst_beat else "")
    return WallBoard("TEAM STANDINGS", lines, during_breaks=True, note=note)


def league_board(view: LeagueView) -> WallBoard:
    """A league's standings, the leaders first."""
    lines = tuple(
        (str(s.rank), s.season.name, points_text(format_points(s.season.points)))
        for s in view.standings[:WALL_LINES]
    )
    played = len(view.league.tournaments)
    note = view.problem or ngettext(
        "after {count} tournament", "after {count} tournaments", played
    ).format(count=played)
    return WallBoard(view.league.name.upper(), lines, during_breaks=False, note=note)
