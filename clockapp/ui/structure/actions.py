"""The structure editor's actions: text, shortcut, tooltip and the method each one calls.

Kept as data so the toolbar, the menus and a help overlay list the same actions with the same keys.
A key means one thing across the app (tests/ui/test_shortcuts_app.py): Ctrl+B balances the tables,
Ctrl+D draws seats, Ctrl+K opens the cashier and Ctrl+O another tournament, so the editor's break,
duplicate, chips and import take Ctrl+Shift+B, Ctrl+J, Ctrl+Shift+K and Ctrl+I.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QSizePolicy, QWidget

from clockapp.ui.actions import Meaning, mark

if TYPE_CHECKING:
    from clockapp.ui.structure.window import StructureEditor


@dataclass(frozen=True)
class ActionSpec:
    """One editor action: its text, shortcut, tooltip and the method it calls (on the window,
    or on one of its parts: "rows.add_level")."""

    key: str
    text: str
    method: str | None
    shortcut: str | tuple[str, ...] | None
    tip: str
    table_only: bool = False
    meaning: Meaning | None = None  # a meaning other windows share on the same key


#: Every action of the editor, in menu order (a help overlay can list them).
ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "add_level", "+ Level", "rows.add_level", "Ctrl+N", "Add a level at the end",
        meaning=Meaning.NEW,
    ),
    ActionSpec("add_break", "+ Break", "rows.add_break", "Ctrl+Shift+B", "Add a break at the end"),
    ActionSpec(
        "insert_level", "Insert level", "rows.insert_level", "Insert",
        "Insert a level before the selected row", table_only=True, meaning=Meaning.INSERT_ROW,
    ),
    ActionSpec(
        "insert_break", "Insert break", "rows.insert_break", "Shift+Insert",
        "Insert a break before the selected row", table_only=True,
    ),
    ActionSpec(
        "duplicate", "Duplicate", "rows.duplicate", "Ctrl+J", "Copy the selected rows below them",
        table_only=True,
    ),
    ActionSpec(
        "delete", "Delete", "rows.delete_selected", "Delete", "Delete the selected rows",
        table_only=True, meaning=Meaning.DELETE_ROW,
    ),
    ActionSpec(
        "move_up", "▲ Up", "rows.move_up", "Ctrl+Up", "Move the selected rows up", table_only=True
    ),
    ActionSpec(
        "move_down", "▼ Down", "rows.move_down", "Ctrl+Down", "Move the selected rows down",
        table_only=True,
    ),
    ActionSpec(
        "planned_last", "Mark as planned last level", "rows.mark_planned_last", None,
        "The level at which the planned time runs out; later levels are extra",
    ),
    ActionSpec("undo", "↶ Undo", None, "Ctrl+Z", "Undo the last change"),
    ActionSpec("redo", "↷ Redo", None, ("Ctrl+Shift+Z", "Ctrl+Y"), "Redo the change undone"),
    ActionSpec("chips", "Chips…", "open_chip_editor", "Ctrl+Shift+K", "Edit the chip set"),
    ActionSpec(
        "suggest", "Suggest a structure…", "open_generator", "Ctrl+G",
        "Suggest levels for your players, stack and time",
    ),
    ActionSpec(
        "import", "Import…", "files.import_file", "Ctrl+I",
        "Replace the levels with a CSV or JSON file",
    ),
    ActionSpec(
        "export", "Export…", "files.export_file", "Ctrl+E", "Save the levels as CSV or JSON"
    ),
    ActionSpec(
        "save_template", "Save as template…", "files.save_template", "Ctrl+S",
        "Keep this structure for later tournaments",
    ),
    ActionSpec("close", "Close", "close", "Ctrl+W", "Close the editor"),
)  # fmt: skip

#: The toolbar: action keys, None for a separator, "" for the stretch.
TOOLBAR: tuple[str | None, ...] = (
    "add_level", "add_break", None, "insert_level", "duplicate", "delete", None,
    "move_up", "move_down", None, "undo", "redo", "", "chips", "suggest",
)  # fmt: skip

MENUS: tuple[tuple[str, tuple[str | None, ...]], ...] = (
    ("&Structure", ("import", "export", None, "save_template", None, "close")),
    (
        "&Edit",
        (
            "undo", "redo", None, "add_level", "add_break", "insert_level", "insert_break",
            "duplicate", "delete", None, "move_up", "move_down", None, "planned_last",
        ),
    ),
    ("&Tools", ("chips", "suggest")),
)  # fmt: skip


def install_editor_actions(
    editor: StructureEditor, slot_of: Callable[[str], Callable[[], object]]
) -> dict[str, QAction]:
    """Create the editor's actions (`ACTIONS`), its toolbar and menus; returns them by key.

    `slot_of` finds the method an action's `method` names ("rows.add_level").
    """
    actions: dict[str, QAction] = {}
    for spec in ACTIONS:
        action = QAction(spec.text, editor)
        slot = slot_of(spec.method) if spec.method else None
        if spec.key == "undo":
            slot = editor.undo_stack.undo
        elif spec.key == "redo":
            slot = editor.undo_stack.redo
        assert slot is not None, spec.key
        if spec.shortcut is not None:
            shortcuts = (spec.shortcut,) if isinstance(spec.shortcut, str) else spec.shortcut
            sequences = [QKeySequence(k) for k in shortcuts]
            action.setShortcuts(sequences)
            shown = sequences[0].toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{spec.tip} ({shown})")
        else:
            action.setToolTip(spec.tip)
        action.triggered.connect(lambda _checked=False, slot=slot: slot())
        if spec.meaning is not None:
            mark(action, spec.meaning)
        if spec.table_only:
            # Row keys (Delete, Insert ...) act on the table; elsewhere they keep their use.
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            editor.table.addAction(action)
        else:
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            editor.addAction(action)
        actions[spec.key] = action

    for key in TOOLBAR:
        if key is None:
            editor.toolbar.addSeparator()
        elif key == "":
            spacer = QWidget(editor)
            spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            editor.toolbar.addWidget(spacer)
        else:
            editor.toolbar.addAction(actions[key])
    for title, keys in MENUS:
        menu = editor.menu_bar.addMenu(title)
        for key in keys:
            if key is None:
                menu.addSeparator()
            else:
                menu.addAction(actions[key])
    editor.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    separator = QAction(editor)
    separator.setSeparator(True)
    editor.table.addAction(separator)
    editor.table.addAction(actions["planned_last"])
    return actions
