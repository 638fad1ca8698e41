"""Editing the room: tables in and out, seats closed and opened, the button, busts, fixed seats.

Each function returns a new `Seating`; a change the director cannot make raises a `SeatingError`
that says why, and the room passed in is left as it was.
"""

from __future__ import annotations

from dataclasses import replace

from clockapp.core.seating.players import PlayerId
from clockapp.core.seating.positions import clockwise
from clockapp.core.seating.room import (
    Seat,
    Seating,
    SeatingError,
    Table,
    check_player_seated,
    is_int,
)
from clockapp.i18n import gettext as _


def _with_table(seating: Seating, table: Table) -> Seating:
    tables = tuple(table if t.number == table.number else t for t in seating.tables)
    return Seating(tables, seating.seats, seating.fixed)


def add_table(seating: Seating, table: Table) -> Seating:
    """The room with one more table.

    >>> add_table(Seating((Table(1),)), Table(2, seat_count=9)).counts()
    {1: 0, 2: 0}
    """
    if seating.has_table(table.number):
        raise SeatingError(_("Table {number} is already in play.").format(number=table.number))
    return Seating((*seating.tables, table), seating.seats, seating.fixed)


def remove_table(seating: Seating, number: int) -> Seating:
    """The room without an empty table.

    Raises:
        SeatingError: Players still sit at the table (break it or move them first).

    >>> remove_table(Seating((Table(1), Table(2))), 2).counts()
    {1: 0}
    """
    count = seating.count(number)
    if count:
        raise SeatingError(
            _("Table {number} still has {count} players: break it or move them first.").format(
                number=number, count=count
            )
        )
    return Seating(
        tuple(t for t in seating.tables if t.number != number), seating.seats, seating.fixed
    )


def set_button(seating: Seating, table: int, seat: int | None) -> Seating:
    """The room with the button for the next hand at a table set (or cleared with None).

    Raises:
        SeatingError: The seat does not exist, is closed, or nobody sits there.

    >>> room = Seating((Table(1, seat_count=6),), {1: Seat(1, 2), 2: Seat(1, 5)})
    >>> set_button(room, 1, 5).table(1).button
    5
    """
    current = seating.table(table)
    if seat is not None:
        if not is_int(seat) or not 1 <= seat <= current.seat_count:
            raise SeatingError(
                _(
                    "The button at {label} cannot be on seat {seat!r} (seats 1-{seat_count})."
                ).format(label=current.label, seat=seat, seat_count=current.seat_count)
            )
        if seat not in seating.players_at(table):
            raise SeatingError(
                _("{label}, seat {seat} is empty: the button must be in front of a player.").format(
                    label=current.label, seat=seat
                )
            )
    return _with_table(seating, replace(current, button=seat))


def advance_button(seating: Seating, table: int) -> Seating:
    """The room with a table's button passed to the next player (a hand has been played).

    Raises:
        SeatingError: The button is unknown, or fewer than two players sit at the table.

    >>> room = Seating((Table(1, seat_count=6, button=2),), {1: Seat(1, 2), 2: Seat(1, 5)})
    >>> advance_button(room, 1).table(1).button
    5
    """
    current = seating.table(table)
    occupied = seating.players_at(table)
    if current.button is None:
        raise SeatingError(_("The button at {label} is unknown.").format(label=current.label))
    if len(occupied) < 2:
        raise SeatingError(
            _("{label} has fewer than two players: no hand to pass.").format(label=current.label)
        )
    following = next(s for s in clockwise(current.button, current.seat_count) if s in occupied)
    return _with_table(seating, replace(current, button=following))


def close_seat(seating: Seating, table: int, seat: int) -> Seating:
    """The room with a seat closed. Closing a closed seat changes nothing.

    Raises:
        SeatingError: The seat does not exist, is taken, holds the button, or is the table's
            second-to-last open seat.

    >>> close_seat(Seating((Table(1, seat_count=6),)), 1, 6).table(1).open_seats
    (1, 2, 3, 4, 5)
    """
    current = seating.table(table)
    if not is_int(seat) or not 1 <= seat <= current.seat_count:
        raise SeatingError(
            _("{label} has no seat {seat!r} to close (seats 1-{seat_count}).").format(
                label=current.label, seat=seat, seat_count=current.seat_count
            )
        )
    if seat in current.closed_seats:
        return seating
    taken_by = seating.player_at(Seat(table, seat))
    if taken_by is not None:
        raise SeatingError(
            _(
                "{label}, seat {seat} is taken by player {taken_by}: move the player "
                "before closing the seat."
            ).format(label=current.label, seat=seat, taken_by=taken_by)
        )
    if current.button == seat:
        raise SeatingError(
            _(
                "The button at {label} is on seat {seat}: set the button elsewhere "
                "before closing the seat."
            ).format(label=current.label, seat=seat)
        )
    return _with_table(seating, replace(current, closed_seats=current.closed_seats | {seat}))


def open_seat(seating: Seating, table: int, seat: int) -> Seating:
    """The room with a closed seat opened again. Opening an open seat changes nothing.

    >>> room = Seating((Table(1, seat_count=6, closed_seats=frozenset({6})),))
    >>> open_seat(room, 1, 6).table(1).open_seat_count
    6
    """
    current = seating.table(table)
    if not is_int(seat) or not 1 <= seat <= current.seat_count:
        raise SeatingError(
            _("{label} has no seat {seat!r} to open (seats 1-{seat_count}).").format(
                label=current.label, seat=seat, seat_count=current.seat_count
            )
        )
    return _with_table(seating, replace(current, closed_seats=current.closed_seats - {seat}))


def without_player(seating: Seating, player: PlayerId) -> Seating:
    """The room without a player who is out. The button stays where it is (dead if it was his).

    Raises:
        SeatingError: The player is not seated.

    >>> room = Seating((Table(1),), {1: Seat(1, 1), 2: Seat(1, 2)})
    >>> without_player(room, 1).players
    frozenset({2})
    """
    check_player_seated(seating, player)
    seats = {p: s for p, s in seating.seats.items() if p != player}
    return Seating(seating.tables, seats, seating.fixed - {player})


def set_fixed(seating: Seating, player: PlayerId, fixed: bool = True) -> Seating:
    """The room with a player's seat fixed (or freed): balancing never moves a fixed player.

    >>> room = Seating((Table(1),), {1: Seat(1, 1)})
    >>> set_fixed(room, 1).fixed
    frozenset({1})
    """
    check_player_seated(seating, player)
    fixed_now = seating.fixed | {player} if fixed else seating.fixed - {player}
    return Seating(seating.tables, seating.seats, fixed_now)
