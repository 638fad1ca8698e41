"""The director window's menu bar and toolbar, laid out from the actions registry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.actions import Action

#: The menu bar in the desktop's order: File, Edit, View, then the app's own (Tournament, Tables,
#: Wall), then Help; Quit, Undo, Redo, Find and Preferences carry the system's own keys.
MENUS = (
    (
        N_("&File"),
        (
            Action.NEW_TOURNAMENT,
            Action.OPEN_TOURNAMENT,
            None,
            Action.EXPORT_TOURNAMENT,
            Action.IMPORT_TOURNAMENT,
            None,
            Action.QUIT,
        ),
    ),
    (
        N_("&Edit"),
        (Action.UNDO, Action.REDO, None, Action.FIND, None, Action.PREFERENCES),
    ),
    (
        N_("&View"),
        (
            Action.SHOW_DISPLAY,
            Action.TOGGLE_FULLSCREEN,
            Action.LEAVE_FULLSCREEN,
            Action.LOCK_DISPLAY,
            Action.WEB_VIEW,
            None,
            Action.TOGGLE_MUTE,
            Action.TOGGLE_ANNOUNCE,
        ),
    ),
    (
        N_("&Tournament"),
        (
            Action.TOGGLE_PAUSE,
            Action.NEXT_LEVEL,
            Action.PREVIOUS_LEVEL,
            Action.ADD_MINUTE,
            Action.REMOVE_MINUTE,
            Action.RESTART_LEVEL,
            None,
            Action.STRUCTURE_EDITOR,
            Action.OPEN_CASHIER,
            Action.OPEN_LEAGUES,
            Action.OPEN_TEAM_EVENT,
            Action.OPEN_CHARTS,
        ),
    ),
    (
        N_("T&ables"),
        (Action.OPEN_TABLES, Action.OPEN_RULINGS, None, Action.ACKNOWLEDGE_MOVES),
    ),
    (
        N_("W&all"),
        (
            Action.WALL_MESSAGE,
            Action.SHOWDOWN,
            Action.SHOWDOWN_BUSTS,
            Action.BAD_BEAT,
            Action.WORST_BEATS,
            None,
            Action.CHIP_RACE,
            Action.CHIP_COUNTS,
            Action.SHOT_CLOCK,
            Action.ESTIMATE,
            Action.BOUNTY_BOARD,
            None,
            Action.SHOW_HOUSE_RULES,
            None,
            Action.CLEAR_WALL,
            None,
            Action.WALL_LOOK,
            Action.EDIT_HOUSE,
            Action.HOST_EVENTS,
        ),
    ),
    (
        N_("&Help"),
        (
            Action.HELP,
            Action.OPEN_DATA_FOLDER,
            None,
            Action.CHECK_FOR_UPDATES,
            None,
            Action.ABOUT,
        ),
    ),
)
#: Where macOS moves an entry (to the application menu); elsewhere the role changes nothing.
ROLES = {
    Action.ABOUT: QAction.MenuRole.AboutRole,
    Action.PREFERENCES: QAction.MenuRole.PreferencesRole,
    Action.QUIT: QAction.MenuRole.QuitRole,
}
#: The toolbar: the windows a director opens all night.
TOOLBAR = (
    Action.OPEN_CASHIER,
    Action.OPEN_TABLES,
    Action.OPEN_RULINGS,
    Action.STRUCTURE_EDITOR,
    None,
    Action.SHOW_DISPLAY,
    Action.HELP,
)


def install_menus(
    window: QMainWindow,
    actions: dict[Action, QAction],
    extras: Mapping[str, Sequence[QAction]] | None = None,
    submenus: Mapping[str, Sequence[QMenu]] | None = None,
) -> QToolBar:
    """Fill `window`'s menu bar (`MENUS`) and a toolbar (`TOOLBAR`) with `actions`.

    Actions the window did not install are left out. `extras` adds the window's own actions
    (not in the registry: no shortcut) at the end of the menu of that title, `submenus` the
    window's submenus (View > Language) after them. Returns the toolbar.
    """
    bar = window.menuBar()
    for title, members in MENUS:
        menu = bar.addMenu(_(title))
        for action in members:
            if action is None:
                menu.addSeparator()
            elif action in actions:
                actions[action].setMenuRole(ROLES.get(action, QAction.MenuRole.NoRole))
                menu.addAction(actions[action])
        own = (extras or {}).get(title, ())
        if own:
            menu.addSeparator()
            for qaction in own:
                menu.addAction(qaction)
        for submenu in (submenus or {}).get(title, ()):
            menu.addSeparator()
            menu.addMenu(submenu)
    toolbar = QToolBar(_("Windows"), window)
    toolbar.setObjectName("director_toolbar")
    toolbar.setMovable(False)
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    for action in TOOLBAR:
        if action is None:
            toolbar.addSeparator()
        elif action in actions:
            toolbar.addAction(actions[action])
    window.addToolBar(toolbar)
    return toolbar
