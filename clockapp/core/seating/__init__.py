"""Tables and seats: the room's layout, random seating, and the positions around the button.

Everything here is pure. Functions take frozen values and return new ones, randomness comes from an
injected `random.Random`, and bad input raises a `SeatingError` (a `DomainError`) before anything is
built, so the caller's value is never half-changed.

Conventions, as a dealer sees the table:

* Seats are numbered 1..n clockwise. Play and the button move clockwise: to the next higher seat,
  from the last seat back to seat 1.
* `Table.button` is the seat of the dealer button **for the next hand dealt** at that table, as
  the director last said. This module cannot see hands, so it keeps what the director said until
  the director changes it or an event moves it (a redraw, a broken table, `advance_button` per
  hand in hand-for-hand play): it is never forgotten on a timer.
* Messages name players by id the same way everywhere ("player 7", "players 3 and 4"), so the
  service layer can put their names in (`name_players`).
* Blinds follow the button: with three or more players the small blind is the first player after
  the button and the big blind the next one. Heads-up, the button posts the small blind. A button
  whose player has left the table stays where it is (a dead button) and the blinds are the first two
  players after it.
* "Between the small blind and the button" is the gap a newcomer must not be dealt into: the empty
  seats strictly after the button and before the first player after it (plus the button's own
  seat when that is empty). A player who sits there waits until the button has passed him; see
  `deal_in_status`.

The package, one job per module (import the names from `clockapp.core.seating` itself):

* `players`: player ids and how messages name them (`players_text`, `name_players`).
* `room`: `Seat`, `Table` and `Seating`, the room as a validated whole, and `SeatingError`.
* `positions`: the blinds, when a newcomer is dealt in (`DealIn`), the worst seat.
* `moves`: `Move` and `MoveKind`, and the director's move by hand (`move_player`).
* `editing`: tables, seats, the button, busts and fixed seats changed one at a time.
* `draw`: random seating, the first draw (`draw_seats`) and late entries (`draw_seat`).

The room's planners build on those and import from the package, so it never imports them (no cycle,
and start-up stays light); import their names from their own modules:

* `balancing`: balancing tables the TDA way (`plan_balance`); re-exports breaking and hand-for-hand.
* `breaking`: breaking tables and forming the final table (`plan_table_breaks`).
* `planning`: what the balancing and breaking planners share (move counts, a working room).
* `hand_for_hand`: hand-for-hand play near the money, and ranking busts in the same hand.
* `teams`: keeping each team's members spread over the tables.
* `shootout`, `shootout_state`, `shootout_time`: shootouts, their rounds and their time limits.

>>> import random
>>> room = Seating((Table(1, seat_count=6), Table(2, seat_count=6)))
>>> drawn = draw_seats(room, [11, 12, 13, 14], random.Random(7))
>>> drawn.seating.counts()
{1: 2, 2: 2}
"""

from clockapp.core.seating.draw import LateSeat, SeatDraw, draw_seat, draw_seats, seat_player
from clockapp.core.seating.editing import (
    add_table,
    advance_button,
    close_seat,
    open_seat,
    remove_table,
    set_button,
    set_fixed,
    without_player,
)
from clockapp.core.seating.moves import Move, Moved, MoveKind, move_player
from clockapp.core.seating.players import PlayerId, mentioned_players, name_players, players_text
from clockapp.core.seating.positions import (
    Blinds,
    DealIn,
    WorstSeat,
    deal_in_status,
    next_big_blind,
    next_hand_blinds,
    worst_seat,
)
from clockapp.core.seating.room import MAX_SEATS, Seat, Seating, SeatingError, Table

__all__ = [
    "MAX_SEATS",
    "Blinds",
    "DealIn",
    "LateSeat",
    "Move",
    "MoveKind",
    "Moved",
    "PlayerId",
    "Seat",
    "SeatDraw",
    "Seating",
    "SeatingError",
    "Table",
    "WorstSeat",
    "add_table",
    "advance_button",
    "close_seat",
    "deal_in_status",
    "draw_seat",
    "draw_seats",
    "mentioned_players",
    "move_player",
    "name_players",
    "next_big_blind",
    "next_hand_blinds",
    "open_seat",
    "players_text",
    "remove_table",
    "seat_player",
    "set_button",
    "set_fixed",
    "without_player",
    "worst_seat",
]
