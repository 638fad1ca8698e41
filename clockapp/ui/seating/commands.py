"""Undo for hand moves, balancings, table breaks and the final table (orange-canvas-core's
`document/commands.py` style).

A hand move's step (`UndoStep`) redoes the move through `services.seating.move_player`; its undo
calls `services.seating.undo_move` with the id of the move it made last, which puts the player
back and marks the move undone (the display drops it). The move is made on the station's worker
and the step is pushed when it answers (`push_move`), so a refused move never reaches the stack.
An undo or a redo runs on the worker too (`undo_step.move_on_worker`), after every call already
there, so it never overtakes the move it takes back; the stack moves when it has answered. When
it is refused (the seat was taken since, the player busted), the step makes itself obsolete, Qt
drops it, and `refused` carries the director's message.

A balancing, a table break or the final-table redraw is one step too (`push_actions`), pushed
when its calls have answered: its undo calls `services.seating.undo_actions` with the numbers of
the actions it made (one balancing can be several calls, when it stopped to ask for a button),
which puts every moved player back and reopens the tables it broke in one transaction; its redo
calls `redo_actions`, which makes the same moves again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtGui import QUndoStack

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.services.seating import MoveInfo, SeatingService
from clockapp.ui.bus import TournamentBus
from clockapp.ui.operations import Control
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
    on_moved: Callable[[MoveInfo], object],
    *,
    on_failed: Callable[[Exception], object],
    control: Control | None = None,
) -> bool:
    """Move a player by hand on the station's worker; when the move answers, put it on the undo
    stack and call `on_moved`.

    A refusal goes to `on_failed` (nothing is pushed then). `control` (the action that asked)
    is busy meanwhile; a second move of the same player while the first is on its way does
    nothing: returns False.
    """
    seating = services.seating

    def moved(move: MoveInfo) -> None:
        if bus.tournament_id == tournament_id:  # switched meanwhile: that history was cleared
            stack.push(_step(seating, bus, tournament_id, move, refused))
        on_moved(move)

    return bus.submit(
        lambda: seating.move_player(tournament_id, registration_id, table, seat),
        moved,
        on_failed,
        control=control,
        key=("move", registration_id),
    )


def _step(
    seating: SeatingService,
    bus: TournamentBus,
    tournament_id: int,
    move: MoveInfo,
    refused: Callable[[str], None],
) -> UndoStep:
    # Both run on the worker, in the order asked: the move a redo made is kept there, by the
    # redo itself, before the undo after it reads its id.
    last = [move]  # the move as last made: its id is what an undo takes back

    def redo_work() -> Outcome[MoveInfo]:
        made = last[0]
        outcome = seating.move_player(
            tournament_id,
            made.registration_id,
            made.to_seat.table,
            made.to_seat.number,
            made.reason,
        )
        last[0] = outcome.value
        return outcome

    def undo_work() -> Outcome[MoveInfo]:
        return seating.undo_move(tournament_id, last[0].id)

    return UndoStep(
        _("Move {name} to {seat}").format(name=move.name, seat=move.to_seat),
        redo_work,
        undo_work,
        obsolete_on=(DomainError,),
        on_refused=lambda error: refused(str(error)),
    )


def push_actions(
    stack: QUndoStack,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    actions: Sequence[int],
    text: str,
    refused: Callable[[str], None],
) -> None:
    """Put a balancing, table break or final-table redraw already made on the undo stack as
    one step (`actions`: the numbers its calls answered with; nothing is pushed without any)."""
    if not actions or bus.tournament_id != tournament_id:
        return  # nothing moved, or switched meanwhile: that history was cleared
    seating = services.seating
    numbers = tuple(actions)
    # Like a hand move's, the undo and the redo run on the worker, after every call already
    # there.
    stack.push(
        UndoStep(
            text,
            lambda: seating.redo_actions(tournament_id, numbers),
            lambda: seating.undo_actions(tournament_id, numbers),
            obsolete_on=(DomainError,),
            on_refused=lambda error: refused(str(error)),
        )
    )
