"""Leagues and the team event: points from the host's formulas over the results.

- `service`: `LeagueService` (leagues, their tournaments, previews, standings);
- `team_event`: `TeamEventService` (the team event's formula, attendance, worst beat, standings);
- `inputs`: what a formula sees of a tournament (`event_people`);
- `export`: the standings and results as CSV;
- `views`: the frozen values returned, and `LeagueError`.
"""

from clockapp.services.leagues.export import league_results_csv, league_standings_csv
from clockapp.services.leagues.service import LeagueService
from clockapp.services.leagues.team_event import TeamEventService
from clockapp.services.leagues.views import (
    AttendanceInfo,
    LeagueError,
    LeagueInfo,
    LeagueView,
    PreviewLine,
    TeamEventView,
)
from clockapp.services.leagues.wall import WallBoard

__all__ = [
    "AttendanceInfo",
    "LeagueError",
    "LeagueInfo",
    "LeagueService",
    "LeagueView",
    "PreviewLine",
    "TeamEventService",
    "TeamEventView",
    "WallBoard",
    "league_results_csv",
    "league_standings_csv",
]
