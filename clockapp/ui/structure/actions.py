"""The structure editor's actions: text, shortcut, tooltip and the method each one calls.

Kept as data so the toolbar, the menus and a help overlay list the same actions with the same keys.
A key means one thing across the app (tests/ui/test_shortcuts_app.py): Ctrl+B balances the tables,
Ctrl+D draws seats, Ctrl+K opens the cashier and Ctrl+O another tournament, so the editor's break,
duplicate, chips and import take Ctrl+Shift+B, Ctrl+J, Ctrl+Shift+K and Ctrl+I.
"""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.ui.actions import Meaning


@dataclass(frozen=True)
class ActionSpec:
    """One editor action: its text, shortcut, tooltip and the method it calls."""

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
        "add_level", "+ Level", "add_level", "Ctrl+N", "Add a level at the end",
        meaning=Meaning.NEW,
    ),
    ActionSpec("add_break", "+ Break", "add_break", "Ctrl+Shift+B", "Add a break at the end"),
    ActionSpec(
        "insert_level", "Insert level", "insert_level", "Insert",
        "Insert a level before the selected row", table_only=True, meaning=Meaning.INSERT_ROW,
    ),
    ActionSpec(
        "insert_break", "Insert break", "insert_break", "Shift+Insert",
        "Insert a break before the selected row", table_only=True,
    ),
    ActionSpec(
        "duplicate", "Duplicate", "duplicate", "Ctrl+J", "Copy the selected rows below them",
        table_only=True,
    ),
    ActionSpec(
        "delete", "Delete", "delete_selected", "Delete", "Delete the selected rows",
        table_only=True, meaning=Meaning.DELETE_ROW,
    ),
    ActionSpec(
        "move_up", "▲ Up", "move_up", "Ctrl+Up", "Move the selected rows up", table_only=True
    ),
    ActionSpec(
        "move_down", "▼ Down", "move_down", "Ctrl+Down", "Move the selected rows down",
        table_only=True,
    ),
    ActionSpec(
        "planned_last", "Mark as planned last level", "mark_planned_last", None,
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
        "import", "Import…", "import_file", "Ctrl+I", "Replace the levels with a CSV or JSON file"
    ),
    ActionSpec("export", "Export…", "export_file", "Ctrl+E", "Save the levels as CSV or JSON"),
    ActionSpec(
        "save_template", "Save as template…", "save_template", "Ctrl+S",
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
