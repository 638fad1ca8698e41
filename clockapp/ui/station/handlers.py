"""What each of the director's commands does in a station: the handlers the registry binds.

`station_handlers` maps every `Action` the clock station supports (on the wall display and the
director window alike, so a key does the same thing whichever has focus) to the station's method
or the part that does it (`windows`, `tournaments`, `web`, `wall`, `showdown`, `house`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from clockapp.ui.actions import Action
from clockapp.ui.station.windows import WINDOW_LEAGUES, WINDOW_TEAM_EVENT

if TYPE_CHECKING:
    from clockapp.ui.station.station import ClockStation


def station_handlers(station: ClockStation) -> dict[Action, Callable[[], object]]:
    """Each command's handler in `station`."""
    return {
        **station.controller.handlers(),
        Action.TOGGLE_FULLSCREEN: station.toggle_fullscreen,
        Action.LEAVE_FULLSCREEN: station.leave_fullscreen,
        Action.SHOW_DISPLAY: station.show_display,
        Action.LOCK_DISPLAY: lambda: station.display_lock.toggle(),
        Action.HELP: station.toggle_help,
        Action.STRUCTURE_EDITOR: station.windows.open_structure_editor,
        Action.OPEN_TOURNAMENT: station.tournaments.open_tournament,
        Action.NEW_TOURNAMENT: station.tournaments.new_tournament,
        Action.EXPORT_TOURNAMENT: station.tournament_file.export_tournament,
        Action.IMPORT_TOURNAMENT: station.tournament_file.import_tournament,
        Action.OPEN_CASHIER: station.windows.open_cashier,
        Action.OPEN_TABLES: station.windows.open_tables,
        Action.OPEN_RULINGS: station.windows.open_rulings,
        Action.OPEN_LEAGUES: lambda: station.windows.open_window(WINDOW_LEAGUES),
        Action.OPEN_TEAM_EVENT: lambda: station.windows.open_window(WINDOW_TEAM_EVENT),
        Action.OPEN_CHARTS: station.windows.open_charts,
        Action.ACKNOWLEDGE_MOVES: station.acknowledge_all_moves,
        Action.WALL_MESSAGE: station.wall.send_message,
        Action.CHIP_RACE: station.wall.open_chip_race,
        Action.CHIP_COUNTS: station.wall.open_chip_counts,
        Action.SHOT_CLOCK: station.wall.call_clock,
        Action.ESTIMATE: station.wall.show_estimate,
        Action.BOUNTY_BOARD: station.wall.show_bounty_board,
        Action.CLEAR_WALL: station.wall.clear,
        Action.WEB_VIEW: station.web.open_dialog,
        Action.SHOWDOWN: station.showdown.open_dialog,
        Action.SHOWDOWN_BUSTS: station.showdown.record_busts,
        Action.BAD_BEAT: station.showdown.record_beat,
        Action.WORST_BEATS: station.showdown.open_beats,
        Action.WALL_LOOK: station.house.edit_look,
        Action.EDIT_HOUSE: station.house.edit_house,
        Action.HOST_EVENTS: station.host_events.open_editor,
        Action.SHOW_HOUSE_RULES: station.house.show_rules,
        Action.FIND: station.find_player,
        Action.PREFERENCES: station.help.preferences,
        Action.OPEN_DATA_FOLDER: station.help.open_data_folder,
        Action.CHECK_FOR_UPDATES: station.help.check_for_updates,
        Action.ABOUT: station.help.about,
        Action.QUIT: station.quit,
    }
