"""The room: seats, tables and who sits where (`Seat`, `Table`, `Seating`), and their checks.

A `Seating` is validated as a whole when it is built, so a room with a player in a missing, closed
or doubly taken seat cannot exist; the error names the player and the seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from clockapp.core.seating.players import PlayerId, players_text
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _

#: The most seats a table may have (10 is usual; some rooms run 11 or 12 seats).
MAX_SEATS = 20


class SeatingError(DomainError):
    """A table, seat, move or draw that cannot be accepted."""


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, order=True)
class Seat:
    """One seat in the room: a table number and a seat number at that table.

    >>> str(Seat(3, 7))
    'Table 3, seat 7'
    """

    table: int
    number: int

    def __post_init__(self) -> None:
        if not is_int(self.table) or self.table < 1:
            raise SeatingError(
                _("Seat: table number must be 1 or more (got {table!r}).").format(table=self.table)
            )
        if not is_int(self.number) or self.number < 1:
            raise SeatingError(
                _("Seat at table {table}: seat number must be 1 or more (got {number!r}).").format(
                    table=self.table, number=self.number
                )
            )

    def __str__(self) -> str:
        return _("Table {table}, seat {seat}").format(table=self.table, seat=self.number)


@dataclass(frozen=True)
class Table:
    """A table in the room.

    Attributes:
        number: The table's number (1 or more), unique in the room.
        seat_count: How many seats the table has (2 to `MAX_SEATS`).
        name: An optional name ("Feature table"); the label falls back to "Table N".
        closed_seats: Seats nobody may sit in (a broken chair, a dealer's elbow room).
        button: The seat of the dealer button for the next hand, or None when unknown.

    >>> Table(3, seat_count=9, closed_seats=frozenset({5})).open_seats
    (1, 2, 3, 4, 6, 7, 8, 9)
    """

    number: int
    seat_count: int = 10
    name: str = ""
    closed_seats: frozenset[int] = frozenset()
    button: int | None = None

    def __post_init__(self) -> None:
        if not is_int(self.number) or self.number < 1:
            raise SeatingError(
                _("Table number must be 1 or more (got {number!r}).").format(number=self.number)
            )
        if not is_int(self.seat_count) or not 2 <= self.seat_count <= MAX_SEATS:
            raise SeatingError(
                _("Table {number} must have 2 to {MAX_SEATS} seats (got {seat_count!r}).").format(
                    number=self.number, MAX_SEATS=MAX_SEATS, seat_count=self.seat_count
                )
            )
        object.__setattr__(self, "closed_seats", frozenset(self.closed_seats))
        outside = [s for s in self.closed_seats if not is_int(s) or not 1 <= s <= self.seat_count]
        if outside:
            raise SeatingError(
                _("Table {number} has no seat {outside!r} to close (seats 1-{seat_count}).").format(
                    number=self.number, outside=outside[0], seat_count=self.seat_count
                )
            )
        if self.seat_count - len(self.closed_seats) < 2:
            raise SeatingError(
                _(
                    "Table {number} needs at least 2 open seats ({count} of {seat_count} are "
                    "closed)."
                ).format(
                    number=self.number, count=len(self.closed_seats), seat_count=self.seat_count
                )
            )
        if self.button is not None:
            if not is_int(self.button) or not 1 <= self.button <= self.seat_count:
                raise SeatingError(
                    _(
                        "The button at table {number} cannot be on seat {button!r} (seats "
                        "1-{seat_count})."
                    ).format(number=self.number, button=self.button, seat_count=self.seat_count)
                )
            if self.button in self.closed_seats:
                raise SeatingError(
                    _(
                        "The button at table {number} cannot be on seat {button}: that seat is "
                        "closed."
                    ).format(number=self.number, button=self.button)
                )

    @property
    def label(self) -> str:
        """The name a director reads: "Table 3", or "Table 3 (Feature)" when it has a name."""
        if self.name:
            return _("Table {number} ({name})").format(number=self.number, name=self.name)
        return _("Table {number}").format(number=self.number)

    @property
    def open_seats(self) -> tuple[int, ...]:
        """The seats a player may sit in, in seat order."""
        return tuple(s for s in range(1, self.seat_count + 1) if s not in self.closed_seats)

    @property
    def open_seat_count(self) -> int:
        """How many players the table can hold."""
        return self.seat_count - len(self.closed_seats)


@dataclass(frozen=True)
class Seating:
    """The room: its tables and which player sits where.

    Attributes:
        tables: The tables in play (kept sorted by number).
        seats: Each seated player's seat. Players who are out are simply not in it.
        fixed: Players whose seat the director fixed (the host's own): balancing never picks them.

    The button may sit on an empty seat here (a dead button after its player busted), but
    `set_button` refuses to put it there.

    >>> room = Seating((Table(1, seat_count=6),), {5: Seat(1, 2)})
    >>> room.seat_of(5), room.player_at(Seat(1, 2)), room.empty_seats(1)
    (Seat(table=1, number=2), 5, (1, 3, 4, 5, 6))
    """

    tables: tuple[Table, ...]
    seats: Mapping[PlayerId, Seat] = field(default_factory=dict)
    fixed: frozenset[PlayerId] = frozenset()
    _by_number: Mapping[int, Table] = field(init=False, repr=False, compare=False)
    _by_table: Mapping[int, Mapping[int, PlayerId]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        tables = tuple(sorted(self.tables, key=lambda t: t.number))
        by_number: dict[int, Table] = {}
        for table in tables:
            if table.number in by_number:
                raise SeatingError(_("Table {number} is listed twice.").format(number=table.number))
            by_number[table.number] = table
        by_table: dict[int, dict[int, PlayerId]] = {number: {} for number in by_number}
        seats = dict(self.seats)
        # The fast path does two look-ups per player (rooms of 1,000 are rebuilt after every
        # move); `_seat_problem` finds the director's message only when something is wrong.
        open_by_table = {n: frozenset(t.open_seats) for n, t in by_number.items()}
        for player, seat in seats.items():
            at_table = by_table.get(seat.table)
            number = seat.number
            if at_table is None or number in at_table or number not in open_by_table[seat.table]:
                raise SeatingError(_seat_problem(by_number, by_table, player, seat))
            at_table[number] = player
        fixed = frozenset(self.fixed)
        for player in sorted(fixed):
            if player not in seats:
                raise SeatingError(
                    _("Player {player} has a fixed seat but is not seated.").format(player=player)
                )
        object.__setattr__(self, "tables", tables)
        object.__setattr__(self, "seats", MappingProxyType(seats))
        object.__setattr__(self, "fixed", fixed)
        object.__setattr__(self, "_by_number", MappingProxyType(by_number))
        object.__setattr__(
            self,
            "_by_table",
            MappingProxyType({n: MappingProxyType(p) for n, p in by_table.items()}),
        )

    def __hash__(self) -> int:
        return hash((self.tables, frozenset(self.seats.items()), self.fixed))

    def table(self, number: int) -> Table:
        """The table with this number; a SeatingError if it is not in play."""
        table = self._by_number.get(number)
        if table is None:
            raise SeatingError(_("Table {number} is not in play.").format(number=number))
        return table

    def has_table(self, number: int) -> bool:
        """Whether a table with this number is in play."""
        return number in self._by_number

    def seat_of(self, player: PlayerId) -> Seat | None:
        """Where the player sits, or None when the player is not seated."""
        return self.seats.get(player)

    def player_at(self, seat: Seat) -> PlayerId | None:
        """Who sits in the seat, or None when it is empty (or the table is not in play)."""
        return self._by_table.get(seat.table, {}).get(seat.number)

    def players_at(self, table: int) -> Mapping[int, PlayerId]:
        """The players at a table, by seat number."""
        self.table(table)
        return self._by_table[table]

    def count(self, table: int) -> int:
        """How many players sit at the table."""
        return len(self.players_at(table))

    def counts(self) -> dict[int, int]:
        """Players per table, by table number."""
        return {number: len(players) for number, players in self._by_table.items()}

    def empty_seats(self, table: int) -> tuple[int, ...]:
        """The open seats at the table nobody sits in, in seat order."""
        taken = self.players_at(table)
        return tuple(s for s in self.table(table).open_seats if s not in taken)

    @property
    def players(self) -> frozenset[PlayerId]:
        """Everyone seated."""
        return frozenset(self.seats)

    @property
    def player_count(self) -> int:
        """How many players are seated."""
        return len(self.seats)

    @property
    def capacity(self) -> int:
        """How many open seats the room has in all."""
        return sum(t.open_seat_count for t in self.tables)

    @property
    def free_seat_count(self) -> int:
        """How many open seats are empty."""
        return self.capacity - self.player_count


def _seat_problem(
    by_number: Mapping[int, Table],
    by_table: Mapping[int, Mapping[int, PlayerId]],
    player: PlayerId,
    seat: Seat,
) -> str:
    """Why a player cannot sit in a seat, in a director's words."""
    table = by_number.get(seat.table)
    if table is None:
        return _("Player {player} is seated at table {table}, which is not in play.").format(
            player=player, table=seat.table
        )
    if seat.number > table.seat_count:
        return _(
            "Player {player} is seated at {seat}, but table {number} has {seat_count} seats."
        ).format(player=player, seat=seat, number=table.number, seat_count=table.seat_count)
    if seat.number in table.closed_seats:
        return _("{seat} is closed but player {player} sits there.").format(
            seat=seat, player=player
        )
    other = by_table[seat.table][seat.number]
    return _("{seat} is taken twice ({players}).").format(
        seat=seat, players=players_text((other, player))
    )


# ------------------------------------------------------------------ checks before a change


def check_player_seated(seating: Seating, player: PlayerId) -> Seat:
    seat = seating.seat_of(player)
    if seat is None:
        raise SeatingError(
            _("Player {player} is not seated (out of the tournament, or not drawn).").format(
                player=player
            )
        )
    return seat


def check_free_seat(seating: Seating, seat: Seat) -> Table:
    if not seating.has_table(seat.table):
        raise SeatingError(
            _("{seat}: table {table} is not in play.").format(seat=seat, table=seat.table)
        )
    table = seating.table(seat.table)
    if seat.number > table.seat_count:
        raise SeatingError(
            _("{seat}: table {number} has only {seat_count} seats.").format(
                seat=seat, number=table.number, seat_count=table.seat_count
            )
        )
    if seat.number in table.closed_seats:
        raise SeatingError(_("{seat} is closed.").format(seat=seat))
    taken_by = seating.player_at(seat)
    if taken_by is not None:
        raise SeatingError(
            _("{seat} is taken by player {taken_by}.").format(seat=seat, taken_by=taken_by)
        )
    return table
