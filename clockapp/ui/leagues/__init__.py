"""The league and team-event windows, opened from the director's Windows menu.

- `window`: `LeagueWindow` (leagues, standings, each player's season, CSV and PDF);
- `team_window`: `TeamEventWindow` (the team event: attendance, worst beat, team standings);
- `formula_dialog`: `FormulaDialog` (a formula with its live preview);
- `models`: their table models; `report`: the league PDF.
"""

from clockapp.ui.leagues.formula_dialog import FormulaDialog
from clockapp.ui.leagues.team_window import TeamEventWindow
from clockapp.ui.leagues.window import LeagueWindow

__all__ = ["FormulaDialog", "LeagueWindow", "TeamEventWindow"]
