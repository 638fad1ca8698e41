"""What the tables window's command mixins use of the window: its services, widgets and hooks.

`SeatCommands`, `ShootoutCommands`, `RulesCommands` and `MoveListCommands` are mixed into
`TablesWindow`. For the type checker each derives from `TablesHost`, a `QMainWindow` declaring what
the window provides (built in `TablesWindow.__init__` and `_setup_ui`); at run time `TablesHost` is
plain `object`, so the window's bases and method order stay exactly as written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path
    from typing import TypeVar

    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QCheckBox, QLabel, QListWidget, QMainWindow, QTableView

    from clockapp.core.seating.balancing import NeedButton
    from clockapp.services.app import Services
    from clockapp.services.changes import Outcome
    from clockapp.services.seating import RoomView, TableInfo
    from clockapp.ui.banner import MessageBanner
    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.seating.dialogs import ShootoutChoice
    from clockapp.ui.seating.model import MoveListModel
    from clockapp.ui.seating.room import RoomView as RoomGraphicsView
    from clockapp.ui.seating.rules import SeatingRules
    from clockapp.ui.seating.shootout import ShootoutPanel

    T = TypeVar("T")

    class TablesHost(QMainWindow):
        """The tables window as its command mixins see it."""

        _services: Services
        _bus: TournamentBus
        room: RoomView | None
        undo_stack: QUndoStack
        move_model: MoveListModel
        banner: MessageBanner
        room_view: RoomGraphicsView
        waiting_list: QListWidget
        shootout_panel: ShootoutPanel
        shootout_timer: QTimer
        move_table: QTableView
        move_detail: QLabel
        show_done: QCheckBox
        # Dialog hooks: each returns the director's answer, or None for Cancel.
        ask_tables: Callable[[], tuple[int, int] | None]
        ask_button: Callable[[NeedButton, TableInfo], int | None]
        ask_move: Callable[[int | None], tuple[int, int, int] | None]
        ask_final_size: Callable[[], int | None]
        ask_pdf_path: Callable[[], Path | None]
        ask_shootout: Callable[[], ShootoutChoice | None]
        ask_chips: Callable[[str, str, Sequence[tuple[int, str]]], dict[int, int] | None]
        ask_rules: Callable[[], SeatingRules | None]
        ask_table: Callable[[TableInfo], tuple[str, int] | None]

        @property
        def tournament_id(self) -> int: ...
        def reload(self) -> None: ...
        def _run(self, operation: Callable[[], Outcome[T]]) -> T | None: ...
        def edit_table(self, number: int) -> None: ...
        def shootout_out(self, registration_id: int) -> None: ...
        def shootout_time_up(self, table: int) -> None: ...

else:
    TablesHost = object
