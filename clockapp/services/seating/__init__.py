"""Seating: the room's tables, random seats, hand moves, balancing, breaking, the final table.

Every action is one transaction: the room is loaded from its rows into the core's frozen
`Seating`, the core decides (`clockapp.core.seating`, `balancing`, `shootout`), and only then are
rows written. A refused action raises a `SeatingError` (a `DomainError`) whose message the director
can read, and leaves the database as it was.

Who is in the room follows the cashier: a seat counts only while its registration is in play
with the entry it was drawn for. A busted player's seat frees itself (the row is deleted by the
next seating write, so undoing a bust before that gives the seat back); a re-entry is a new entry
and draws a new seat; a rebuy keeps the seat.

Buttons: a table's button is the seat of the dealer button for the next hand, which moves every
hand, and the app cannot see hands. So an answer from the director is good for the balancing it
was asked for: once a balancing plan has moved a player between two tables, the buttons of both
are forgotten and asked again next time (`NeedButton`). In hand-for-hand play each table plays
exactly one hand between `next_hand` calls, so the known buttons move on by one player there.

Randomness comes from an injected `random.Random`; by default each draw gets a fresh generator
seeded from `secrets`, so nobody can predict a seat.
"""

from clockapp.core.seating import SeatingError
from clockapp.services.seating.service import MAX_TABLES, SeatingService
from clockapp.services.seating.views import (
    BalanceResult,
    MoveInfo,
    NewSeat,
    RoomView,
    SeatInfo,
    SeatingConfig,
    ShootoutView,
    TableInfo,
    WaitingPlayer,
)

__all__ = [
    "MAX_TABLES",
    "BalanceResult",
    "MoveInfo",
    "NewSeat",
    "RoomView",
    "SeatInfo",
    "SeatingConfig",
    "SeatingError",
    "SeatingService",
    "ShootoutView",
    "TableInfo",
    "WaitingPlayer",
]
