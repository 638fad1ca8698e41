"""The structure editor's toolbar and menus, over its commands in the actions registry.

The commands, their text, keys and tips are `StructureAction` in `clockapp.ui.actions`, so the
toolbar, the menus and the help overlay list the same actions with the same keys. The editor
hands `install_editor_actions` a handler for each.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QSizePolicy, QWidget

from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.actions import StructureAction, create_action

if TYPE_CHECKING:
    from clockapp.ui.structure.window import StructureEditor

S = StructureAction


#: The toolbar: actions, None for a separator, "" for the stretch.
TOOLBAR: tuple[StructureAction | str | None, ...] = (
    S.ADD_LEVEL, S.ADD_BREAK, None, S.INSERT_LEVEL, S.DUPLICATE, S.DELETE, None,
    S.MOVE_UP, S.MOVE_DOWN, None, S.UNDO, S.REDO, "", S.CHIPS, S.SUGGEST,
)  # fmt: skip

MENUS: tuple[tuple[str, tuple[StructureAction | None, ...]], ...] = (
    (N_("&Structure"), (S.IMPORT, S.EXPORT, None, S.SAVE_TEMPLATE, None, S.CLOSE)),
    (
        N_("&Edit"),
        (
            S.UNDO, S.REDO, None, S.ADD_LEVEL, S.ADD_BREAK, S.INSERT_LEVEL, S.INSERT_BREAK,
            S.DUPLICATE, S.DELETE, None, S.MOVE_UP, S.MOVE_DOWN, None, S.PLANNED_LAST,
        ),
    ),
    (N_("&Tools"), (S.CHIPS, S.SUGGEST)),
)  # fmt: skip


def install_editor_actions(
    editor: StructureEditor, handlers: Mapping[StructureAction, Callable[[], object]]
) -> dict[StructureAction, QAction]:
    """Create the editor's actions (each `StructureAction` handled), its toolbar and menus.

    Row actions (their keys act on the table: Delete, Insert ...) are added to the table, the
    others to the window.
    """
    actions: dict[StructureAction, QAction] = {}
    for action in StructureAction:
        handler = handlers.get(action)
        if handler is None:
            continue  # an action of one of the editor's dialogs
        qaction = create_action(action, editor, handler)
        row_only = action.value.context == Qt.ShortcutContext.WidgetWithChildrenShortcut
        (editor.table if row_only else editor).addAction(qaction)
        actions[action] = qaction

    for item in TOOLBAR:
        if item is None:
            editor.toolbar.addSeparator()
        elif isinstance(item, StructureAction):
            editor.toolbar.addAction(actions[item])
        else:
            spacer = QWidget(editor)
            spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            editor.toolbar.addWidget(spacer)
    for title, items in MENUS:
        menu = editor.menu_bar.addMenu(_(title))
        for entry in items:
            if entry is None:
                menu.addSeparator()
            else:
                menu.addAction(actions[entry])
    editor.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    separator = QAction(editor)
    separator.setSeparator(True)
    editor.table.addAction(separator)
    editor.table.addAction(actions[S.PLANNED_LAST])
    return actions
