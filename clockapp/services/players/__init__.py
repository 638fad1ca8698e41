"""The player database: create, edit, search as you type, merge duplicates, CSV import and export.

Players are shared by every tournament in the database; a tournament's players are its
registrations (`clockapp.services.cashier.service`). A merged duplicate is never deleted: it
points at the player it was merged into, its registrations move over, and searches no longer
show it.

- `service`: `PlayerService`, the use cases;
- `values`: `PlayerDetails`, `PlayerInfo`, `ImportReport`, the errors and `fold`;
- `rows`: player rows inside a transaction (`live_player`, `apply_details`, `search_text`);
- `csv_file`: the player CSV read and written (`parse_players_csv`, `players_to_csv`);
- `importing`: an import planned line by line, then applied at once (the player file and the
  cashier's pre-registration list share it; imported by name, not from the package).
"""

from clockapp.services.players.csv_file import (
    CSV_COLUMNS,
    parse_players_csv,
    players_csv_lines,
    players_to_csv,
)
from clockapp.services.players.rows import (
    add_player,
    apply_details,
    find_by_name,
    get_player,
    live_player,
    player_info,
    same_name,
    search_text,
)
from clockapp.services.players.service import PlayerService
from clockapp.services.players.values import (
    DuplicateNameError,
    ImportReport,
    PlayerDetails,
    PlayerError,
    PlayerInfo,
    fold,
)

__all__ = [
    "CSV_COLUMNS",
    "DuplicateNameError",
    "ImportReport",
    "PlayerDetails",
    "PlayerError",
    "PlayerInfo",
    "PlayerService",
    "add_player",
    "apply_details",
    "find_by_name",
    "fold",
    "get_player",
    "live_player",
    "parse_players_csv",
    "player_info",
    "players_csv_lines",
    "players_to_csv",
    "same_name",
    "search_text",
]
