"""Undo for hand moves (orange-canvas-core's `document/commands.py` style).

A hand move's step (`UndoStep`) redoes the move through `services.seating.move_player`; its undo
calls `services.seating.undo_move` with the id of the move it made last, which puts the player
back and marks the move undone (the display drops it). The move is made before the step is pushed
(`push_move`), so a refused move never reaches the stack. When a later undo or redo is refused
(the seat was taken since, the player busted), the step makes itself obsolete, Qt drops it, and
`refused` carries the director's message.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoStack

from clockapp.core.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.seating import MoveInfo
from clockapp.ui.bus import TournamentBus
from clockapp.ui.undo_step import UndoStep


def push_move(
    stack: QUndoStack,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    registration_id: int,
    table: int,
    seat: int,
    refused: Callable[[str], None],
) -> MoveInfo:
    """Move a player by hand and put the move on the undo stack.

    Raises:
        DomainError: The move is refused (nothing is pushed then).
    """
    seating = services.seating
    move = bus.run(lambda: seating.move_player(tournament_id, registration_id, table, seat))
    last = [move]  # the move as last made: its id is what an undo takes back

    def redo_work() -> None:
        made = last[0]
        last[0] = bus.run(
            lambda: seating.move_player(
                tournament_id,
                made.registration_id,
                made.to_seat.table,
                made.to_seat.number,
                made.reason,
            )
        )

    def undo_work() -> None:
        move_id = last[0].id
        bus.run(lambda: seating.undo_move(tournament_id, move_id))

    stack.push(
        UndoStep(
            f"Move {move.name} to {move.to_seat}",
            redo_work,
            undo_work,
            obsolete_on=(DomainError,),
            on_refused=lambda error: refused(str(error)),
        )
    )
    return move
