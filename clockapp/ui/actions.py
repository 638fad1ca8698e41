"""Every command the director can give, in one registry: text, shortcuts and a description.

Windows never hard-code a shortcut: they call `install_actions(widget, handlers)` with a handler
for each `Action` they support, and the help overlay lists `Action` in order. Adding a member here
is all it takes for a new command to get its shortcut, its menu entry and its line in the help.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from clockapp.ui.errors import guard


@dataclass(frozen=True)
class ActionSpec:
    """What the director sees of a command."""

    text: str
    shortcuts: tuple[str, ...]
    description: str
    group: str


class Action(enum.Enum):
    """The director's commands; the value holds the text, shortcuts and description."""

    TOGGLE_PAUSE = ActionSpec(
        "Start / pause / resume",
        ("Space",),
        "Start the clock, or pause and resume it",
        "Clock",
    )
    NEXT_LEVEL = ActionSpec("Next level", ("Right", "N"), "Go to the next level or break", "Clock")
    PREVIOUS_LEVEL = ActionSpec(
        "Previous level", ("Left", "P"), "Go back to the previous level or break", "Clock"
    )
    ADD_MINUTE = ActionSpec("Add a minute", ("+", "="), "Add one minute to this level", "Clock")
    REMOVE_MINUTE = ActionSpec("Remove a minute", ("-",), "Take one minute off this level", "Clock")
    RESTART_LEVEL = ActionSpec(
        "Restart level", ("R",), "Start this level again from its full time", "Clock"
    )
    UNDO = ActionSpec("Undo", ("Ctrl+Z",), "Undo the last clock action", "Clock")
    REDO = ActionSpec("Redo", ("Ctrl+Shift+Z", "Ctrl+Y"), "Redo what was undone", "Clock")
    TOGGLE_FULLSCREEN = ActionSpec(
        "Fullscreen", ("F", "F11"), "Show the clock fullscreen, or in a window again", "Display"
    )
    LEAVE_FULLSCREEN = ActionSpec(
        "Leave fullscreen", ("Esc",), "Show the clock in a window again", "Display"
    )
    SHOW_DISPLAY = ActionSpec(
        "Show clock display", ("D",), "Open the clock display for the room", "Display"
    )
    TOGGLE_MUTE = ActionSpec("Mute", ("M",), "Silence or restore the sounds", "Sound")
    TOGGLE_ANNOUNCE = ActionSpec(
        "Spoken announcements", ("A",), "Read new blinds aloud at each level", "Sound"
    )
    STRUCTURE_EDITOR = ActionSpec(
        "Structure editor…", ("E",), "Edit levels, breaks and chips", "Tournament"
    )
    OPEN_TOURNAMENT = ActionSpec(
        "Open tournament…", ("Ctrl+O",), "Show another tournament in every window", "Tournament"
    )
    NEW_TOURNAMENT = ActionSpec(
        "New tournament…", ("Ctrl+Shift+N",), "Create a tournament and show it", "Tournament"
    )
    OPEN_CASHIER = ActionSpec(
        "Cashier…", ("Ctrl+K",), "Players, buy-ins, rebuys, the ledger and payouts", "Windows"
    )
    OPEN_TABLES = ActionSpec(
        "Tables…", ("Ctrl+T",), "Seats, balancing, breaking tables and moves", "Windows"
    )
    OPEN_RULINGS = ActionSpec(
        "Rulings…", ("Ctrl+R",), "Settle a hand: winners, side pots, odd chips, odds", "Windows"
    )
    ACKNOWLEDGE_MOVES = ActionSpec(
        "All seat moves done",
        ("Ctrl+Shift+M",),
        "Take every seat move off the clock display",
        "Windows",
    )
    HELP = ActionSpec("Keyboard help", ("?", "F1"), "Show or hide this list", "Help")
    QUIT = ActionSpec("Quit", ("Ctrl+Q",), "Close clockapp (the clock keeps its time)", "Help")

    @property
    def text(self) -> str:
        """The menu and button text."""
        return self.value.text

    @property
    def shortcuts(self) -> tuple[str, ...]:
        """Key sequences in portable text form, the first one is the main one."""
        return self.value.shortcuts

    @property
    def description(self) -> str:
        """One line for the help overlay and tooltips."""
        return self.value.description

    @property
    def group(self) -> str:
        """The help overlay's section."""
        return self.value.group

    def key_sequences(self) -> list[QKeySequence]:
        """The shortcuts as Qt key sequences."""
        return [QKeySequence(s) for s in self.shortcuts]

    def shortcut_label(self) -> str:
        """The shortcuts as the director reads them, e.g. 'Right or N'."""
        return " or ".join(
            QKeySequence(s).toString(QKeySequence.SequenceFormat.NativeText) or s
            for s in self.shortcuts
        )


def create_action(action: Action, parent: QWidget, handler: Callable[[], object]) -> QAction:
    """One QAction for `action`, triggering `handler`, active while `parent`'s window has focus.

    The handler runs through `clockapp.ui.errors.guard`.
    """
    qaction = QAction(action.text, parent)
    qaction.setObjectName(f"action_{action.name.lower()}")
    qaction.setShortcuts(action.key_sequences())
    qaction.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    qaction.setToolTip(f"{action.description} ({action.shortcut_label()})")
    qaction.setStatusTip(action.description)
    qaction.setData(action.name)
    # Every command runs inside the error net: whatever it raises is shown on the window that
    # asked (the director's, if it came from the wall display) and logged, never raised into Qt.
    guarded = guard(parent, handler)
    qaction.triggered.connect(lambda _checked=False: guarded())
    return qaction


def install_actions(
    widget: QWidget, handlers: Mapping[Action, Callable[[], object]]
) -> dict[Action, QAction]:
    """Create a QAction for every handled `Action` and add it to `widget` (so its keys work)."""
    created: dict[Action, QAction] = {}
    for action in Action:
        handler = handlers.get(action)
        if handler is None:
            continue
        qaction = create_action(action, widget, handler)
        widget.addAction(qaction)
        created[action] = qaction
    return created


def help_rows() -> list[tuple[str, str, str, str]]:
    """(group, shortcut label, text, description) for every action, in registry order."""
    return [(a.group, a.shortcut_label(), a.text, a.description) for a in Action]
