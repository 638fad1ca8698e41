"""Moves: a player going from one seat to another, why, and the director's move by hand.

Balancing, breaking a table and the final-table redraw (elsewhere in core) describe their moves
with the same `Move`, so the clock display announces them all alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from clockapp.core.seating.players import PlayerId
from clockapp.core.seating.positions import DealIn, table_deal_in
from clockapp.core.seating.room import (
    Seat,
    Seating,
    SeatingError,
    check_free_seat,
    check_player_seated,
)
from clockapp.i18n import gettext as _


class MoveKind(StrEnum):
    """Why a player changed seats."""

    BALANCE = "balance"
    BREAK = "break"
    FINAL_TABLE = "final table"
    MANUAL = "manual"


@dataclass(frozen=True)
class Move:
    """One player going from one seat to another, with the reason a director reads out.

    Attributes:
        player: Who moves.
        from_seat: Where the player sat.
        to_seat: Where the player goes.
        kind: Balancing, a table breaking, the final-table redraw or the director's hand.
        reason: A sentence for the director ("Table 3 is short (6 vs 8): ...").
        deal_in: Whether the player is dealt the next hand at the new seat.

    >>> m = Move(7, Seat(3, 7), Seat(1, 2), MoveKind.MANUAL, "Director's move")
    >>> m.announcement
    'Table 3, seat 7 -> Table 1, seat 2'
    """

    player: PlayerId
    from_seat: Seat
    to_seat: Seat
    kind: MoveKind
    reason: str
    deal_in: DealIn = DealIn.NOW

    def __post_init__(self) -> None:
        if not self.reason.strip():
            raise SeatingError(
                _("The move of player {player} needs a reason.").format(player=self.player)
            )

    @property
    def announcement(self) -> str:
        """The line shown in large type on the clock display."""
        return f"{self.from_seat} -> {self.to_seat}"


@dataclass(frozen=True)
class Moved:
    """The room after a move, and the move to announce."""

    seating: Seating
    move: Move


def move_player(seating: Seating, player: PlayerId, to: Seat, reason: str = "") -> Moved:
    """The director moves a player by hand (drag and drop); undo is a move back.

    A player with a fixed seat may be moved by hand; the seat stays fixed at its new place.

    Raises:
        SeatingError: The player is not seated, or the target seat is missing, closed or taken.

    >>> from clockapp.core.seating.room import Table
    >>> room = Seating((Table(1), Table(2)), {7: Seat(1, 3)})
    >>> moved = move_player(room, 7, Seat(2, 5))
    >>> moved.move.announcement, moved.seating.seat_of(7)
    ('Table 1, seat 3 -> Table 2, seat 5', Seat(table=2, number=5))
    """
    source = check_player_seated(seating, player)
    table = check_free_seat(seating, to)
    seats = dict(seating.seats)
    seats[player] = to
    after = Seating(seating.tables, seats, seating.fixed)
    # The player's own old seat does not count when the move stays at the same table.
    occupied = [s for s, p in seating.players_at(to.table).items() if p != player]
    move = Move(
        player,
        source,
        to,
        MoveKind.MANUAL,
        reason or "Moved by the director",
        table_deal_in(table, occupied, to.number),
    )
    return Moved(after, move)
