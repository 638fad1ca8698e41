"""Every command the director can give, in one registry: text, shortcuts and a description.

Windows never hard-code a shortcut: they call `install_actions(widget, handlers)` (or
`create_action` for one) with a handler for each member they support, and the help overlay lists
the registry in order. Adding a member here is all it takes for a new command to get its
shortcut, its menu entry and its line in the help. The app-wide commands are `Action`; each
window's own are `CashierAction` (with the desk's commands, `DeskKey`), `TablesAction`,
`RulingsAction` (installed with `bind_keys`: one key per player) and `StructureAction`. Every
QAction made here carries its member's name (`REGISTRY_PROPERTY`), so a test can check that a
window binds no key of its own.

One key, one meaning across the app: `clockapp.ui.keys.key_bindings(window)` finds every key a
window binds (through this registry or its own QActions), with what it means there (`Meaning`
and `mark` name the meanings several windows share, such as Ctrl+N for New), so a test walks
every window and checks that no key means two things.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QWidget

from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.errors import guard


@dataclass(frozen=True)
class ActionSpec:
    """What the director sees of a command.

    `meaning` names a meaning several windows share on the same key (see `Meaning`); `context`
    says where the keys act: the whole window, or only the widget the action is added to (row
    keys such as Delete act on a table and keep their use elsewhere). `standard` is the
    desktop's own key for the command (Quit, Undo, Find, Preferences...): the system's binding
    comes first, `shortcuts` are added where the system has none of them (Windows has no Quit).
    """

    text: str
    shortcuts: tuple[str, ...]
    description: str
    group: str
    meaning: str | None = None
    context: Qt.ShortcutContext = Qt.ShortcutContext.WindowShortcut
    standard: QKeySequence.StandardKey | None = None


class Meaning(enum.StrEnum):
    """Meanings that several windows share, each on its one key.

    A window marks an action with `mark` when its text says it in the window's own words
    ("New player", "+ Level"): `key_bindings` then reads the shared meaning, so a test can check
    that no key means two things anywhere in the app. (Undo and Redo need no mark: every window
    calls them that, and `key_bindings` reads an unmarked action's text.)
    """

    NEW = "new: add one to this window's list (a player, a level)"
    INSERT_ROW = "insert a row before the selected one"
    DELETE_ROW = "delete (or void) the selected row"


MEANING_PROPERTY = "meaning"


def mark(target: QObject, meaning: str) -> None:
    """Say what `target`'s shortcut means, for `key_bindings` (when its text says it otherwise)."""
    target.setProperty(MEANING_PROPERTY, str(meaning))


class Action(enum.Enum):
    """The director's commands; the value holds the text, shortcuts and description."""

    TOGGLE_PAUSE = ActionSpec(
        N_("Start / pause / resume"),
        ("Space",),
        N_("Start the clock, or pause and resume it"),
        N_("Clock"),
    )
    NEXT_LEVEL = ActionSpec(
        N_("Next level"), ("Right", "N"), N_("Go to the next level or break"), N_("Clock")
    )
    PREVIOUS_LEVEL = ActionSpec(
        N_("Previous level"),
        ("Left", "P"),
        N_("Go back to the previous level or break"),
        N_("Clock"),
    )
    ADD_MINUTE = ActionSpec(
        N_("Add a minute"), ("+", "="), N_("Add one minute to this level"), N_("Clock")
    )
    REMOVE_MINUTE = ActionSpec(
        N_("Remove a minute"), ("-",), N_("Take one minute off this level"), N_("Clock")
    )
    RESTART_LEVEL = ActionSpec(
        N_("Restart level"), ("R",), N_("Start this level again from its full time"), N_("Clock")
    )
    UNDO = ActionSpec(
        N_("Undo"),
        ("Ctrl+Z",),
        N_("Undo the last clock action"),
        N_("Clock"),
        standard=QKeySequence.StandardKey.Undo,
    )
    REDO = ActionSpec(
        N_("Redo"),
        ("Ctrl+Shift+Z", "Ctrl+Y"),
        N_("Redo what was undone"),
        N_("Clock"),
        standard=QKeySequence.StandardKey.Redo,
    )
    TOGGLE_FULLSCREEN = ActionSpec(
        N_("Fullscreen"),
        ("F", "F11"),
        N_("Show the clock fullscreen, or in a window again"),
        N_("Display"),
    )
    LEAVE_FULLSCREEN = ActionSpec(
        N_("Leave fullscreen"), ("Esc",), N_("Show the clock in a window again"), N_("Display")
    )
    SHOW_DISPLAY = ActionSpec(
        N_("Show clock display"), ("D",), N_("Open the clock display for the room"), N_("Display")
    )
    LOCK_DISPLAY = ActionSpec(
        N_("Lock display"),
        ("Ctrl+L",),
        N_("Lock the display's keys until the PIN is typed"),
        N_("Display"),
    )
    WEB_VIEW = ActionSpec(
        N_("Web view for phones…"),
        ("Ctrl+Shift+P",),
        N_("Serve the clock, payouts and seats to phones and TVs (read-only)"),
        N_("Display"),
    )
    TOGGLE_MUTE = ActionSpec(N_("Mute"), ("M",), N_("Silence or restore the sounds"), "Sound")
    TOGGLE_ANNOUNCE = ActionSpec(
        N_("Spoken announcements"), ("A",), N_("Read new blinds and seat moves aloud"), N_("Sound")
    )
    STRUCTURE_EDITOR = ActionSpec(
        N_("Structure editor…"), ("E",), N_("Edit levels, breaks and chips"), N_("Tournament")
    )
    OPEN_TOURNAMENT = ActionSpec(
        N_("Open tournament…"),
        ("Ctrl+O",),
        N_("Show another tournament in every window"),
        N_("Tournament"),
    )
    NEW_TOURNAMENT = ActionSpec(
        N_("New tournament…"),
        ("Ctrl+Shift+N",),
        N_("Create a tournament and show it"),
        N_("Tournament"),
    )
    EXPORT_TOURNAMENT = ActionSpec(
        N_("Export tournament…"),
        ("Ctrl+Alt+E",),
        N_("Save the tournament as one file: players, ledger, seats, structure, look and history"),
        N_("Tournament"),
    )
    IMPORT_TOURNAMENT = ActionSpec(
        N_("Import tournament…"),
        ("Ctrl+Alt+I",),
        N_("Open a tournament file from another computer as a new tournament"),
        N_("Tournament"),
    )
    FIND = ActionSpec(
        N_("Find a player"),
        ("Ctrl+F",),
        N_("Open the cashier on its player search"),
        N_("Tournament"),
        standard=QKeySequence.StandardKey.Find,
    )
    OPEN_CASHIER = ActionSpec(
        N_("Cashier…"),
        ("Ctrl+K",),
        N_("Players, buy-ins, rebuys, the ledger and payouts"),
        N_("Windows"),
    )
    OPEN_TABLES = ActionSpec(
        N_("Tables…"), ("Ctrl+T",), N_("Seats, balancing, breaking tables and moves"), N_("Windows")
    )
    OPEN_RULINGS = ActionSpec(
        N_("Rulings…"),
        ("Ctrl+R",),
        N_("Settle a hand: winners, side pots, odd chips, odds"),
        N_("Windows"),
    )
    OPEN_LEAGUES = ActionSpec(
        N_("Leagues…"),
        ("Ctrl+Shift+S",),
        N_("Seasons: points formulas, standings, CSV and PDF"),
        N_("Windows"),
    )
    OPEN_TEAM_EVENT = ActionSpec(
        N_("Team event…"),
        ("Ctrl+Shift+T",),
        N_("Team points: helpers, spectators, the worst beat, 100 points shared"),
        N_("Windows"),
    )
    OPEN_CHARTS = ActionSpec(
        N_("Charts…"),
        ("Ctrl+Shift+G",),
        N_("Players left, average stack and prize pool over time"),
        N_("Windows"),
    )
    ACKNOWLEDGE_MOVES = ActionSpec(
        N_("All seat moves done"),
        ("Ctrl+Shift+M",),
        N_("Take every seat move off the clock display"),
        N_("Windows"),
    )
    WALL_MESSAGE = ActionSpec(
        N_("Message on the wall…"),
        ("Ctrl+Shift+W",),
        N_("Show a message over the clock in large type"),
        N_("Wall"),
    )
    CHIP_RACE = ActionSpec(
        N_("Chip race…"),
        ("Ctrl+Shift+R",),
        N_("Race off the odd chips of a colour-up at a table, and show the race on the wall"),
        N_("Wall"),
    )
    CHIP_COUNTS = ActionSpec(
        N_("Chip counts…"),
        ("Ctrl+Shift+C",),
        N_("Type each table's chip counts; show the chip leaders on the wall"),
        N_("Wall"),
    )
    SHOT_CLOCK = ActionSpec(
        N_("Call the clock…"),
        ("Ctrl+Shift+H",),
        N_("Call the clock on a player: 60 seconds on the wall, the last 10 counted aloud"),
        N_("Wall"),
    )
    ESTIMATE = ActionSpec(
        N_("Estimated end on the wall"),
        ("Ctrl+Shift+F",),
        N_("Show when the money bubble and the end are likely, with their range"),
        N_("Wall"),
    )
    BOUNTY_BOARD = ActionSpec(
        N_("Bounty board on the wall"),
        ("Ctrl+Shift+J",),
        N_("Show the bounty on each player in play, biggest first, a page at a time"),
        N_("Wall"),
    )
    CLEAR_WALL = ActionSpec(
        N_("Clear the wall"),
        ("Ctrl+Shift+X",),
        N_("Take the showdown, ruling or message off the wall: the clock shows again"),
        N_("Wall"),
    )
    SHOWDOWN = ActionSpec(
        N_("All-in showdown on the wall…"),
        ("Ctrl+Shift+A",),
        N_("Enter the hands all in and show them with their odds, street by street"),
        N_("Wall"),
    )
    SHOWDOWN_BUSTS = ActionSpec(
        N_("Record the showdown's busts"),
        ("Ctrl+Shift+O",),
        N_("Record the players the last showdown busted, its winners as busters"),
        N_("Wall"),
    )
    BAD_BEAT = ActionSpec(
        N_("Record the showdown as a bad beat"),
        ("Ctrl+Shift+V",),
        N_("Keep the last showdown as a candidate for the night's worst beat"),
        N_("Wall"),
    )
    WORST_BEATS = ActionSpec(
        N_("The night's worst beats…"),
        ("Ctrl+Shift+U",),
        N_("The bad beats recorded, the least likely first"),
        N_("Wall"),
    )
    WALL_LOOK = ActionSpec(
        N_("Look…"),
        ("Ctrl+Shift+L",),
        N_("The event's name, logo, theme and colours on the wall, with a preview"),
        N_("Wall"),
    )
    EDIT_HOUSE = ActionSpec(
        N_("House rules and break slides…"),
        ("Ctrl+Shift+I",),
        N_("Edit the rules sheet and the slides the wall turns during breaks"),
        N_("Wall"),
    )
    HOST_EVENTS = ActionSpec(
        "Host events…",
        ("Ctrl+Alt+H",),
        "Sounds, spoken texts and wall messages at moments the host chooses",
        N_("Wall"),
    )
    SHOW_HOUSE_RULES = ActionSpec(
        N_("House rules on the wall"),
        ("Ctrl+Shift+Y",),
        N_("Show the rules sheet over the clock, a page at a time"),
        N_("Wall"),
    )
    PREFERENCES = ActionSpec(
        N_("Preferences…"),
        ("Ctrl+,",),
        N_("This computer's settings: checking for updates"),
        N_("Help"),
        standard=QKeySequence.StandardKey.Preferences,
    )
    HELP = ActionSpec(N_("Keyboard shortcuts"), ("?", "F1"), N_("Show or hide this list"), "Help")
    OPEN_DATA_FOLDER = ActionSpec(
        N_("Open the data folder"),
        (),
        N_("Show the folder with the database, backups, settings and logs"),
        N_("Help"),
    )
    CHECK_FOR_UPDATES = ActionSpec(
        N_("Check for updates…"),
        (),
        N_("Ask the project's site whether a newer clockapp is out (asks before it connects)"),
        N_("Help"),
    )
    ABOUT = ActionSpec(
        N_("About clockapp"),
        (),
        N_("The version, the licence and where to report a problem"),
        N_("Help"),
    )
    QUIT = ActionSpec(
        N_("Quit"),
        ("Ctrl+Q",),
        N_("Close clockapp (the clock keeps its time)"),
        N_("Help"),
        standard=QKeySequence.StandardKey.Quit,
    )

    @property
    def text(self) -> str:
        """The menu and button text, in the current language."""
        return _(self.value.text)

    @property
    def shortcuts(self) -> tuple[str, ...]:
        """Key sequences in portable text form, the first one is the main one."""
        return self.value.shortcuts

    @property
    def meaning(self) -> str:
        """What its keys mean wherever they are bound (see `key_bindings`)."""
        return normalise(self.value.text)

    @property
    def description(self) -> str:
        """One line for the help overlay and tooltips, in the current language."""
        return _(self.value.description)

    @property
    def group(self) -> str:
        """The help overlay's section, in the current language."""
        return _(self.value.group)

    def key_sequences(self) -> list[QKeySequence]:
        """The shortcuts as Qt key sequences."""
        return key_sequences(self)

    def shortcut_label(self) -> str:
        """The shortcuts as the director reads them, e.g. 'Right or N'."""
        return shortcut_label(self)


def create_action(
    action: RegistryAction, parent: QWidget, handler: Callable[[], object]
) -> QAction:
    """One QAction for `action`, triggering `handler`, active while `parent`'s window has focus
    (or only `parent` itself, for an action whose `context` says so).

    The handler runs through `clockapp.ui.errors.guard`.
    """
    qaction = register(QAction(_(action.value.text), parent), action)
    # Every command runs inside the error net: whatever it raises is shown on the window that
    # asked (the director's, if it came from the wall display) and logged, never raised into Qt.
    guarded = guard(parent, handler)
    qaction.triggered.connect(lambda _checked=False: guarded())
    return qaction


def register(qaction: QAction, action: RegistryAction) -> QAction:
    """Give an existing QAction (one a `QUndoStack` made, say) `action`'s keys, tips and name."""
    spec = action.value
    qaction.setObjectName(f"{_prefix(action)}_{action.name.lower()}")
    qaction.setShortcuts(key_sequences(action))
    qaction.setShortcutContext(spec.context)
    label = shortcut_label(action)
    description = _(spec.description)
    qaction.setToolTip(f"{description} ({label})" if label else description)
    qaction.setStatusTip(description)
    qaction.setData(action.name)
    qaction.setProperty(REGISTRY_PROPERTY, registry_name(action))
    if spec.meaning is not None:
        mark(qaction, spec.meaning)
    return qaction


def install_actions(
    widget: QWidget, handlers: Mapping[E, Callable[[], object]]
) -> dict[E, QAction]:
    """Create a QAction for every handled member and add it to `widget` (so its keys work)."""
    created: dict[E, QAction] = {}
    if not handlers:
        return created
    for action in type(next(iter(handlers))):
        handler = handlers.get(action)
        if handler is None:
            continue
        qaction = create_action(action, widget, handler)
        widget.addAction(qaction)
        created[action] = qaction
    return created


def key_sequences(action: RegistryAction) -> list[QKeySequence]:
    """`action`'s shortcuts as Qt key sequences: the desktop's own first (`standard`), then the
    registry's that the desktop does not already give."""
    spec = action.value
    keys: list[QKeySequence] = []
    # The desktop's bindings come from the platform theme, which exists once the app does
    # (asked before, Qt crashes); the registry's own keys stand in until then.
    if spec.standard is not None and QGuiApplication.instance() is not None:
        keys = list(QKeySequence.keyBindings(spec.standard))
    for text in spec.shortcuts:
        key = QKeySequence(text)
        if key not in keys:
            keys.append(key)
    return keys


def shortcut_label(action: RegistryAction) -> str:
    """`action`'s shortcuts as the director reads them, e.g. 'Right or N'."""
    return " or ".join(
        key.toString(QKeySequence.SequenceFormat.NativeText) for key in key_sequences(action)
    )


def _prefix(action: RegistryAction) -> str:
    """The start of the object names of `action`'s QActions: "action", "tables", "rulings"."""
    if isinstance(action, Action):
        return "action"
    return type(action).__name__.removesuffix("Action").removesuffix("Key").lower()


def registry_name(action: RegistryAction) -> str:
    """The name a QAction made from `action` carries: "TablesAction.BALANCE"."""
    return f"{type(action).__name__}.{action.name}"


class RulingsAction(enum.Enum):
    """The rulings window's own keys (they act only while that window has focus).

    Their keys are chosen to mean nothing else anywhere in the app: `Alt` plus a letter or digit
    aims the keyboard somewhere in the dispute, so Ctrl+B (the tables' Balance), Ctrl+1..0 (the
    cashier's pages) and Ctrl+Shift+N (New tournament) keep their one meaning.
    """

    BOARD = ActionSpec(N_("Type the board"), ("Alt+B",), N_("type the board"), "Rulings")
    HAND = ActionSpec(
        N_("Type a hand"),
        tuple(f"Alt+{n % 10}" for n in range(1, 11)),
        N_("type player 1…10's cards"),
        N_("Rulings"),
    )
    BETS = ActionSpec(N_("Type the bets"), ("Alt+C",), N_("type the bets"), "Rulings")
    ADD_PLAYER = ActionSpec(
        N_("Add a player"), ("Ctrl+N",), N_("add a player"), "Rulings", meaning=Meaning.NEW
    )
    REMOVE_PLAYER = ActionSpec(
        N_("Remove the player"), ("Ctrl+Delete",), N_("remove the player"), N_("Rulings")
    )
    TAKE_BACK = ActionSpec(
        N_("Take back the last card"), ("Backspace",), N_("take back the last card"), N_("Rulings")
    )
    TOGGLE_GAME = ActionSpec(N_("Hold'em / Omaha"), ("Alt+G",), N_("Hold'em / Omaha"), "Rulings")
    NEW_DISPUTE = ActionSpec(
        N_("New dispute"), ("Ctrl+Shift+Delete",), N_("new dispute"), N_("Rulings")
    )
    RULING_TO_WALL = ActionSpec(
        N_("Show the ruling on the wall"), ("Alt+W",), N_("ruling to the wall"), N_("Rulings")
    )
    SHOWDOWN_TO_WALL = ActionSpec(
        N_("Show the hands all in on the wall"),
        ("Alt+S",),
        N_("showdown to the wall"),
        N_("Rulings"),
    )
    BAD_BEAT = ActionSpec(
        N_("Record the hand as a bad beat"), ("Alt+V",), N_("bad beat"), N_("Rulings")
    )
    CLOSE = ActionSpec(N_("Close"), ("Ctrl+W",), N_("close the window"), "Rulings")


class CashierAction(enum.Enum):
    """The cashier window's keys (they act while that window has focus)."""

    FIND = ActionSpec(N_("Find a player"), ("Ctrl+F",), N_("find a player"), "Cashier")
    NEW_PLAYER = ActionSpec(
        N_("New player"), ("Ctrl+N",), N_("add a new player"), "Cashier", meaning=Meaning.NEW
    )
    UNDO = ActionSpec(N_("Undo"), ("Ctrl+Z",), N_("undo (writes a reversing row)"), "Cashier")
    REDO = ActionSpec(N_("Redo"), ("Ctrl+Shift+Z", "Ctrl+Y"), N_("redo"), "Cashier")
    # Ctrl+D draws seats in the tables window, Ctrl+R opens the rulings: one key, one meaning
    # across the app (tests/ui/test_shortcuts_app.py).
    COUNT = ActionSpec(
        N_("Count the drawer"), ("Ctrl+Shift+D",), N_("count the cash drawer"), N_("Cashier")
    )
    RULES = ActionSpec(
        N_("Entry rules"),
        ("Ctrl+Shift+E",),
        N_("entry rules: kind, prices, late registration, rebuys, add-on, re-entry"),
        N_("Cashier"),
    )
    RECEIPT = ActionSpec(
        N_("Receipt"), ("Ctrl+P",), N_("receipt of the last sale (PDF)"), N_("Cashier")
    )
    VOID = ActionSpec(
        N_("Void…"),
        ("Del",),
        N_("void the selected ledger row"),
        N_("Cashier"),
        meaning=Meaning.DELETE_ROW,
    )
    PAGE = ActionSpec(
        N_("Page"), tuple(f"Ctrl+{n}" for n in range(1, 9)), N_("show a page"), N_("Cashier")
    )
    CLOSE = ActionSpec(N_("Close"), ("Ctrl+W",), N_("close the window"), "Cashier")


class DeskKey(enum.Enum):
    """The desk's commands on the selected player.

    Function keys, never letters: a letter typed anywhere on the desk is part of a name (the
    player list hands it to the search box), so typing "Eve Torres" can never sell a re-entry.
    The desk's search box and list read them (so they have no QAction): they act only while
    the focus is there.
    """

    BUY_IN = ActionSpec(N_("Buy-in"), ("F2",), N_("buy-in"), "Cashier desk")
    REBUY = ActionSpec(N_("Rebuy"), ("F3",), N_("rebuy"), "Cashier desk")
    ADD_ON = ActionSpec(N_("Add-on"), ("F4",), N_("add-on"), "Cashier desk")
    RE_ENTRY = ActionSpec(N_("Re-entry"), ("F5",), N_("re-entry"), "Cashier desk")
    BUST = ActionSpec(N_("Bust"), ("F6",), N_("bust"), "Cashier desk")


class TablesAction(enum.Enum):
    """The tables window's commands (its toolbar and keys)."""

    ADD_TABLES = ActionSpec(N_("Add tables…"), (), N_("add tables"), "Tables")
    DRAW = ActionSpec(N_("Draw seats"), ("Ctrl+D",), N_("draw seats"), "Tables")
    BALANCE = ActionSpec(N_("Balance"), ("Ctrl+B",), N_("balance the tables"), "Tables")
    BREAK = ActionSpec(N_("Break table"), (), N_("break the next table"), "Tables")
    FINAL = ActionSpec(N_("Final table…"), (), N_("form the final table"), "Tables")
    HAND_FOR_HAND = ActionSpec(
        N_("Hand-for-hand"), ("Ctrl+H",), N_("hand-for-hand on or off"), N_("Tables")
    )
    MOVE = ActionSpec(N_("Move player…"), ("Ctrl+M",), N_("move a player"), "Tables")
    SHOOTOUT = ActionSpec(N_("Shootout…"), (), N_("start a shootout, or its next round"), "Tables")
    RULES = ActionSpec(
        N_("Rules…"), (), N_("seating rules: balance, break order, final table"), N_("Tables")
    )
    ZOOM_IN = ActionSpec(N_("Zoom in"), ("Ctrl++",), N_("zoom in"), "Tables")
    ZOOM_OUT = ActionSpec(N_("Zoom out"), ("Ctrl+-",), N_("zoom out"), "Tables")
    ZOOM_FIT = ActionSpec(N_("Show all tables"), ("Ctrl+0",), N_("show all tables"), "Tables")
    UNDO = ActionSpec(N_("Undo"), ("Ctrl+Z",), N_("undo a move by hand"), "Tables")
    REDO = ActionSpec(N_("Redo"), ("Ctrl+Shift+Z", "Ctrl+Y"), N_("redo"), "Tables")
    CLOSE = ActionSpec(N_("Close"), ("Ctrl+W",), N_("close the window"), "Tables")


ROW = Qt.ShortcutContext.WidgetWithChildrenShortcut  # row keys act on the structure table only


class StructureAction(enum.Enum):
    """The structure editor's commands (toolbar, menus and keys).

    A key means one thing across the app (tests/ui/test_shortcuts_app.py): Ctrl+B balances the
    tables, Ctrl+D draws seats, Ctrl+K opens the cashier and Ctrl+O another tournament, so the
    editor's break, duplicate, chips and import take Ctrl+Shift+B, Ctrl+J, Ctrl+Shift+K and
    Ctrl+I.
    """

    ADD_LEVEL = ActionSpec(
        N_("+ Level"), ("Ctrl+N",), N_("Add a level at the end"), "Structure", meaning=Meaning.NEW
    )
    ADD_BREAK = ActionSpec(
        N_("+ Break"), ("Ctrl+Shift+B",), N_("Add a break at the end"), N_("Structure")
    )
    INSERT_LEVEL = ActionSpec(
        N_("Insert level"),
        ("Insert",),
        N_("Insert a level before the selected row"),
        N_("Structure"),
        meaning=Meaning.INSERT_ROW,
        context=ROW,
    )
    INSERT_BREAK = ActionSpec(
        N_("Insert break"),
        ("Shift+Insert",),
        N_("Insert a break before the selected row"),
        N_("Structure"),
        context=ROW,
    )
    DUPLICATE = ActionSpec(
        N_("Duplicate"),
        ("Ctrl+J",),
        N_("Copy the selected rows below them"),
        N_("Structure"),
        context=ROW,
    )
    DELETE = ActionSpec(
        N_("Delete"),
        ("Delete",),
        N_("Delete the selected rows"),
        N_("Structure"),
        meaning=Meaning.DELETE_ROW,
        context=ROW,
    )
    MOVE_UP = ActionSpec(
        N_("▲ Up"), ("Ctrl+Up",), N_("Move the selected rows up"), "Structure", context=ROW
    )
    MOVE_DOWN = ActionSpec(
        N_("▼ Down"), ("Ctrl+Down",), N_("Move the selected rows down"), "Structure", context=ROW
    )
    PLANNED_LAST = ActionSpec(
        N_("Mark as planned last level"),
        (),
        N_("The level at which the planned time runs out; later levels are extra"),
        N_("Structure"),
    )
    UNDO = ActionSpec(N_("↶ Undo"), ("Ctrl+Z",), N_("Undo the last change"), "Structure")
    REDO = ActionSpec(
        N_("↷ Redo"), ("Ctrl+Shift+Z", "Ctrl+Y"), N_("Redo the change undone"), N_("Structure")
    )
    CHIPS = ActionSpec(N_("Chips…"), ("Ctrl+Shift+K",), N_("Edit the chip set"), "Structure")
    SUGGEST = ActionSpec(
        N_("Suggest a structure…"),
        ("Ctrl+G",),
        N_("Suggest levels for your players, stack and time"),
        N_("Structure"),
    )
    IMPORT = ActionSpec(
        N_("Import…"),
        ("Ctrl+I",),
        N_("Replace the levels with a CSV or JSON file"),
        N_("Structure"),
    )
    EXPORT = ActionSpec(
        N_("Export…"), ("Ctrl+E",), N_("Save the levels as CSV or JSON"), N_("Structure")
    )
    SAVE_TEMPLATE = ActionSpec(
        N_("Save as template…"),
        ("Ctrl+S",),
        N_("Keep this structure for later tournaments"),
        N_("Structure"),
    )
    CLOSE = ActionSpec(N_("Close"), ("Ctrl+W",), N_("Close the editor"), "Structure")
    # The editor's dialogs: the chip set (row keys on its table) and the structure suggested.
    ADD_CHIP = ActionSpec(
        N_("Add chip"),
        ("Insert",),
        N_("Add a chip (chip set)"),
        N_("Structure"),
        meaning=Meaning.INSERT_ROW,
        context=ROW,
    )
    REMOVE_CHIP = ActionSpec(
        N_("Remove chip"),
        ("Delete",),
        N_("Remove the selected chip (chip set)"),
        N_("Structure"),
        meaning=Meaning.DELETE_ROW,
        context=ROW,
    )
    USE_SUGGESTION = ActionSpec(
        N_("Use this structure"), ("Ctrl+Return", "Ctrl+Enter"),
        N_("Use the structure suggested (Suggest a structure)"), "Structure",
    )  # fmt: skip


#: Every part of the registry, in the help's order.
RegistryAction = Action | CashierAction | DeskKey | TablesAction | RulingsAction | StructureAction
REGISTRY: tuple[type[enum.Enum], ...] = (
    Action,
    CashierAction,
    DeskKey,
    TablesAction,
    RulingsAction,
    StructureAction,
)
#: The QAction property holding the member an action was made from ("TablesAction.BALANCE").
REGISTRY_PROPERTY = "registry_action"
E = TypeVar("E", Action, CashierAction, DeskKey, TablesAction, RulingsAction, StructureAction)


def bind_keys(
    widget: QWidget, action: RegistryAction, handler: Callable[[int], object]
) -> list[QAction]:
    """One window-wide QAction per key of `action`; `handler` gets the key's position.

    (`RulingsAction.HAND` has ten keys, Alt+1 for the first player up to Alt+0 for the tenth;
    `CashierAction.PAGE` one per page.)
    """
    created = []
    for position, sequence in enumerate(action.value.shortcuts):
        qaction = QAction(_(action.value.text), widget)
        qaction.setObjectName(f"{_prefix(action)}_{action.name.lower()}_{position}")
        qaction.setShortcut(QKeySequence(sequence))
        qaction.setShortcutContext(action.value.context)
        # Read as an unmarked action's text is: Close here means the cashier's Close.
        mark(qaction, action.value.meaning or normalise(action.value.text))
        qaction.setProperty(REGISTRY_PROPERTY, registry_name(action))
        guarded = guard(widget, partial(handler, position))
        qaction.triggered.connect(lambda _checked=False, run=guarded: run())
        widget.addAction(qaction)
        created.append(qaction)
    return created


def rulings_keys() -> tuple[tuple[str, str], ...]:
    """(keys, what they do) for the rulings window's help line and the clock's help overlay."""
    rows = []
    for action in RulingsAction:
        keys = action.value.shortcuts
        label = f"{keys[0]}…{keys[-1][-1]}" if len(keys) > 1 else keys[0]
        rows.append((label, _(action.value.description)))
    rows.insert(2, ("Enter", "next hand, bet, place"))
    return tuple(rows)


def normalise(text: str) -> str:
    """`↶ Undo` and `Undo` mean the same; `Chips…` and `Chips` too."""
    kept = "".join(c for c in text.replace("&", "") if c.isalnum() or c in " '/")
    return " ".join(kept.lower().split())


def help_rows() -> list[tuple[str, str, str, str]]:
    """(group, shortcut label, text, description) for every action, in registry order."""
    return [(a.group, a.shortcut_label(), a.text, a.description) for a in Action]


def window_help_rows(actions: type[E]) -> tuple[tuple[str, str], ...]:
    """(keys, what they do) of a window's keyed members, in registry order."""
    rows = []
    for action in actions:
        spec: ActionSpec = action.value
        keys = spec.shortcuts
        if not keys:
            continue
        if len(keys) > 2:  # a run of keys: Alt+1…0, Ctrl+1 … Ctrl+8
            label = f"{keys[0]} … {keys[-1]}"
        else:
            label = " or ".join(
                QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText) or k for k in keys
            )
        rows.append((label, _(spec.description)))
    return tuple(rows)


def cashier_keys() -> tuple[tuple[str, str], ...]:
    """The cashier window's keys for the help: searching, the desk's letters, the window's."""
    desk = tuple(("F2 or Enter", d) if k == "F2" else (k, d) for k, d in window_help_rows(DeskKey))
    return (
        ("letters", "search players as you type"),
        ("Up / Down, Enter", "choose the player"),
        *desk,
        *window_help_rows(CashierAction),
    )


def tables_keys() -> tuple[tuple[str, str], ...]:
    """The tables window's keys for the help, with the one that is a mouse gesture."""
    rows = list(window_help_rows(TablesAction))
    rows.insert(3, ("drag a name", "move a player to an empty seat"))
    return tuple(rows)


def help_sections() -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """(title, [(keys, what they do)]) of each window with keys of its own, for the help."""
    return (
        (f"Cashier window ({Action.OPEN_CASHIER.shortcut_label()})", cashier_keys()),
        (f"Tables window ({Action.OPEN_TABLES.shortcut_label()})", tables_keys()),
        (f"Rulings window ({Action.OPEN_RULINGS.shortcut_label()})", rulings_keys()),
        (
            f"Structure editor ({Action.STRUCTURE_EDITOR.shortcut_label()})",
            window_help_rows(StructureAction),
        ),
    )
