"""Seating: the room's tables, random seats, hand moves, balancing, breaking, the final table.

Every action is one transaction: the room is loaded from its rows into the core's frozen
`Seating`, the core decides (`clockapp.core.seating`, `balancing`, `shootout`), and only then are
rows written. A refused action raises a `SeatingError` (a `DomainError`) whose message the director
can read, and leaves the database as it was.

Who is in the room follows the cashier: a seat counts only while its registration is in play
with the entry it was drawn for. A busted player's seat frees itself (the row is deleted by the
next seating write); the bust's record keeps where the player sat, so a rebuy or an undone bust
gives that seat back when it is still free, and otherwise draws one by the rules and says where.
A re-entry is a new entry and draws a new seat. The cashier's compound actions (a sale and its
seat, a bust and the seat it frees) run the seating in their own transaction (`cashier_seats`).

Buttons: a table's button is the seat of the dealer button for the next hand. What the director
says is kept until the director changes it, or until an event moves it: the table breaks, the
final table forms or a shootout round is drawn (the button is drawn again), or, in hand-for-hand
play, each `next_hand` moves the known buttons on by one player. It is not forgotten on a timer,
nor when players sit down, leave or are moved for balancing ("what the director tells
the app is kept until the director changes it"); the tables window shows it as it was given.

Undo: a hand move is taken back alone (`undo_move`); a balancing, a table break or the
final-table redraw is taken back whole (`undo_actions`, with `BalanceResult.action`): every
player it moved returns to the seat left and the tables it broke reopen, or nothing changes.

Messages name players: the core knows registration ids only ("taken by player 7"); every
refused action's message has the names put in before it reaches the director.

Shootouts and the cashier: a player out of a shootout is recorded out at the cashier in the same
transaction, and a bust recorded at the cashier puts the player out of his shootout table
(`on_player_busted`, or any later seating action).

Randomness comes from an injected `random.Random`; by default each draw gets a fresh generator
seeded from `secrets`, so nobody can predict a seat.
"""

from clockapp.core.seating import SeatingError
from clockapp.services.seating.cashier_seats import follow_in_session, seat_in_session
from clockapp.services.seating.room_view import (
    BalanceResult,
    MoveInfo,
    NewSeat,
    RoomView,
    SeatInfo,
    SeatingConfig,
    ShootoutStanding,
    ShootoutView,
    TableInfo,
    WaitingPlayer,
)
from clockapp.services.seating.sale_seat import SeatNote
from clockapp.services.seating.service import MAX_TABLES, SeatingService

__all__ = [
    "MAX_TABLES",
    "BalanceResult",
    "MoveInfo",
    "NewSeat",
    "RoomView",
    "SeatInfo",
    "SeatNote",
    "SeatingConfig",
    "SeatingError",
    "SeatingService",
    "ShootoutStanding",
    "ShootoutView",
    "TableInfo",
    "WaitingPlayer",
    "follow_in_session",
    "seat_in_session",
]
