"""Points: formulas the host edits, the team event, and league seasons (pure, no I/O).

- `formula`: `Formula`, `PointsInput`, `evaluate_all`, `format_points`, `FormulaError`: formulas
  checked against a whitelist and evaluated by simpleeval, points in hundredths;
- `team_event`: the rules sheet's team event (`TEAM_EVENT_FORMULA`, `team_standings`,
  `share_out` with largest-remainder rounding to exactly 100);
- `league`: a season's records and standings with the host's tie-breaks, and the top players'
  points through the season (`points_race`, for the season chart).
"""

from clockapp.core.points.formula import (
    NAMES,
    Formula,
    FormulaError,
    PointsInput,
    Role,
    evaluate_all,
    format_points,
)
from clockapp.core.points.league import (
    EventResult,
    LeagueStanding,
    PointsLine,
    Season,
    TieBreak,
    league_standings,
    parse_tie_breaks,
    points_race,
    seasons,
)
from clockapp.core.points.team_event import (
    TEAM_EVENT_FORMULA,
    Contribution,
    TeamRules,
    TeamStanding,
    share_out,
    team_standings,
)

__all__ = [
    "NAMES",
    "TEAM_EVENT_FORMULA",
    "Contribution",
    "EventResult",
    "Formula",
    "FormulaError",
    "LeagueStanding",
    "PointsInput",
    "PointsLine",
    "Role",
    "Season",
    "TeamRules",
    "TeamStanding",
    "TieBreak",
    "evaluate_all",
    "format_points",
    "league_standings",
    "parse_tie_breaks",
    "points_race",
    "seasons",
    "share_out",
    "team_standings",
]
