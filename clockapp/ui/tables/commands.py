"""Undo for hand moves (orange-canvas-core's `document/commands.py` style).

A `MovePlayerCommand`'s redo moves the player through `services.seating.move_player`; its undo
calls `services.seating.undo_move` with the id of the move it made, which puts the player back and
marks the move undone (the display drops it). The first redo happens before the command is pushed
(`push_move`), so a refused move never reaches the stack. When a later undo or redo is refused
(the seat was taken since, the player busted), the command makes itself obsolete, Qt drops it, and
`refused` carries the director's message.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand, QUndoStack

from clockapp.core.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.seating import MoveInfo
from clockapp.ui.bus import TournamentBus


class MovePlayerCommand(QUndoCommand):
    """One hand move of one player."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        tournament_id: int,
        move: MoveInfo,
        refused: Callable[[str], None],
    ) -> None:
        super().__init__(f"Move {move.name} to {move.to_seat}")
        self._services = services
        self._bus = bus
        self._tid = tournament_id
        self._move = move
        self._refused = refused
        self._skip_redo = True  # `push_move` has already made the move

    @property
    def move(self) -> MoveInfo:
        """The move as last made."""
        return self._move

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        move = self._move
        seating = self._services.seating
        try:
            self._move = self._bus.run(
                lambda: seating.move_player(
                    self._tid,
                    move.registration_id,
                    move.to_seat.table,
                    move.to_seat.number,
                    move.reason,
                )
            )
        except DomainError as error:
            self.setObsolete(True)
            self._refused(str(error))

    def undo(self) -> None:
        move_id = self._move.id
        seating = self._services.seating
        try:
            self._bus.run(lambda: seating.undo_move(self._tid, move_id))
        except DomainError as error:
            self.setObsolete(True)
            self._refused(str(error))


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
    move = bus.run(
        lambda: services.seating.move_player(tournament_id, registration_id, table, seat)
    )
    stack.push(MovePlayerCommand(services, bus, tournament_id, move, refused))
    return move
