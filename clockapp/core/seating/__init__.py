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

>>> room = Seating((Table(1, seat_count=6), Table(2, seat_count=6)))
>>> drawn = draw_seats(room, [11, 12, 13, 14], random.Random(7))
>>> drawn.seating.counts()
{1: 2, 2: 2}
"""

from __future__ import annotations

import heapq
import random
import re
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType

from clockapp.core.errors import DomainError

#: A player's id, as the persistence layer numbers them.
PlayerId = int

#: The most seats a table may have (10 is usual; some rooms run 11 or 12 seats).
MAX_SEATS = 20


class SeatingError(DomainError):
    """A table, seat, move or draw that cannot be accepted."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_list(seats: Collection[int]) -> str:
    return ", ".join(str(s) for s in sorted(seats))


# ------------------------------------------------------------------ players in messages
# The core knows players only by id. Every message names them the same way ("player 7",
# "players 3 and 4"), so the service layer, which knows the names, can put them in
# (`name_players`) before a message reaches the director.

_PLAYER_REFERENCE = re.compile(r"\b[Pp]layers? (\d+(?:(?:, | and )\d+)*)\b")


def players_text(players: Iterable[PlayerId]) -> str:
    """Players as every core message names them.

    >>> players_text([7]), players_text([4, 3]), players_text([5, 3, 4])
    ('player 7', 'players 3 and 4', 'players 3, 4 and 5')
    """
    listed = [str(p) for p in sorted(players)]
    if len(listed) == 1:
        return f"player {listed[0]}"
    return "players " + ", ".join(listed[:-1]) + " and " + listed[-1]


def mentioned_players(text: str) -> tuple[PlayerId, ...]:
    """The player ids a core message names, in order of appearance.

    >>> mentioned_players("Seat 2 is taken by player 12; players 3 and 4 are fixed.")
    (12, 3, 4)
    """
    found: list[PlayerId] = []
    for match in _PLAYER_REFERENCE.finditer(text):
        found.extend(int(n) for n in re.findall(r"\d+", match.group(1)))
    return tuple(found)


def name_players(text: str, names: Mapping[PlayerId, str]) -> str:
    """A core message with each "player 7" replaced by the player's name.

    A reference is left as it is when a name is missing.

    >>> name_players("Table 1, seat 2 is taken by player 7.", {7: "Ann"})
    'Table 1, seat 2 is taken by Ann.'
    >>> name_players("Players 3 and 4 share the chip lead; player 9 left.", {3: "Bo", 4: "Cy"})
    'Bo and Cy share the chip lead; player 9 left.'
    """

    def named(match: re.Match[str]) -> str:
        ids = [int(n) for n in re.findall(r"\d+", match.group(1))]
        if not all(i in names for i in ids):
            return match.group(0)
        return re.sub(r"\d+", lambda m: names[int(m.group(0))], match.group(1))

    return _PLAYER_REFERENCE.sub(named, text)


@dataclass(frozen=True, order=True)
class Seat:
    """One seat in the room: a table number and a seat number at that table.

    >>> str(Seat(3, 7))
    'Table 3, seat 7'
    """

    table: int
    number: int

    def __post_init__(self) -> None:
        if not _is_int(self.table) or self.table < 1:
            raise SeatingError(f"Seat: table number must be 1 or more (got {self.table!r}).")
        if not _is_int(self.number) or self.number < 1:
            raise SeatingError(
                f"Seat at table {self.table}: seat number must be 1 or more (got {self.number!r})."
            )

    def __str__(self) -> str:
        return f"Table {self.table}, seat {self.number}"


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
        if not _is_int(self.number) or self.number < 1:
            raise SeatingError(f"Table number must be 1 or more (got {self.number!r}).")
        if not _is_int(self.seat_count) or not 2 <= self.seat_count <= MAX_SEATS:
            raise SeatingError(
                f"Table {self.number} must have 2 to {MAX_SEATS} seats (got {self.seat_count!r})."
            )
        object.__setattr__(self, "closed_seats", frozenset(self.closed_seats))
        outside = [s for s in self.closed_seats if not _is_int(s) or not 1 <= s <= self.seat_count]
        if outside:
            raise SeatingError(
                f"Table {self.number} has no seat {outside[0]!r} to close "
                f"(seats 1-{self.seat_count})."
            )
        if self.seat_count - len(self.closed_seats) < 2:
            raise SeatingError(
                f"Table {self.number} needs at least 2 open seats "
                f"({len(self.closed_seats)} of {self.seat_count} are closed)."
            )
        if self.button is not None:
            if not _is_int(self.button) or not 1 <= self.button <= self.seat_count:
                raise SeatingError(
                    f"The button at table {self.number} cannot be on seat {self.button!r} "
                    f"(seats 1-{self.seat_count})."
                )
            if self.button in self.closed_seats:
                raise SeatingError(
                    f"The button at table {self.number} cannot be on seat {self.button}: "
                    "that seat is closed."
                )

    @property
    def label(self) -> str:
        """The name a director reads: "Table 3", or "Table 3 (Feature)" when it has a name."""
        return f"Table {self.number} ({self.name})" if self.name else f"Table {self.number}"

    @property
    def open_seats(self) -> tuple[int, ...]:
        """The seats a player may sit in, in seat order."""
        return tuple(s for s in range(1, self.seat_count + 1) if s not in self.closed_seats)

    @property
    def open_seat_count(self) -> int:
        """How many players the table can hold."""
        return self.seat_count - len(self.closed_seats)


class DealIn(StrEnum):
    """When a player who has just sat down at a table is dealt in."""

    NOW = "now"
    AFTER_BUTTON = "after the button passes"
    DEALER_CHECKS = "dealer checks the button"


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
            raise SeatingError(f"The move of player {self.player} needs a reason.")

    @property
    def announcement(self) -> str:
        """The line shown in large type on the clock display."""
        return f"{self.from_seat} -> {self.to_seat}"


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
                raise SeatingError(f"Table {table.number} is listed twice.")
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
                raise SeatingError(f"Player {player} has a fixed seat but is not seated.")
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
            raise SeatingError(f"Table {number} is not in play.")
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
        return f"Player {player} is seated at table {seat.table}, which is not in play."
    if seat.number > table.seat_count:
        return (
            f"Player {player} is seated at {seat}, but table {table.number} has "
            f"{table.seat_count} seats."
        )
    if seat.number in table.closed_seats:
        return f"{seat} is closed but player {player} sits there."
    other = by_table[seat.table][seat.number]
    return f"{seat} is taken twice ({players_text((other, player))})."


# ------------------------------------------------------------------ positions around the button


def _clockwise(start: int, seat_count: int) -> Iterator[int]:
    """The seats after `start`, clockwise, ending with `start` itself."""
    for step in range(1, seat_count + 1):
        yield (start - 1 + step) % seat_count + 1


@dataclass(frozen=True)
class Blinds:
    """Who has the button and the blinds in the next hand at a table.

    Attributes:
        button: The button's seat (empty when the button is dead).
        small_blind: The seat posting the small blind.
        big_blind: The seat posting the big blind.
    """

    button: int
    small_blind: int
    big_blind: int


def _blinds(table: Table, occupied: Collection[int]) -> Blinds | None:
    """The next hand's positions from the button and the seats of the players dealt in."""
    if table.button is None or len(occupied) < 2:
        return None
    button = table.button
    after = [s for s in _clockwise(button, table.seat_count) if s in occupied]
    if len(occupied) == 2 and button in occupied:
        # Heads-up the button posts the small blind and the other player the big blind.
        return Blinds(button, button, after[0])
    return Blinds(button, after[0], after[1])


def next_hand_blinds(seating: Seating, table: int) -> Blinds | None:
    """The button, small blind and big blind seats for the next hand at a table.

    None when the button is unknown or fewer than two players sit at the table.

    >>> room = Seating((Table(1, seat_count=6, button=2),), {1: Seat(1, 2), 2: Seat(1, 4),
    ...                                                      3: Seat(1, 6)})
    >>> next_hand_blinds(room, 1)
    Blinds(button=2, small_blind=4, big_blind=6)
    """
    return _blinds(seating.table(table), seating.players_at(table).keys())


def _newcomer_gap(table: Table, occupied: Collection[int]) -> frozenset[int] | None:
    """The seats where a newcomer must not be dealt in; None when the button is unknown.

    The gap runs from the button (when that seat is empty) to the first player after it: a player
    there would take the small blind or the button without having posted the big blind.
    """
    if len(occupied) < 2:
        return frozenset()
    if table.button is None:
        return None
    button = table.button
    gap = set() if button in occupied else {button}
    for seat in _clockwise(button, table.seat_count):
        if seat in occupied:
            break
        gap.add(seat)
    return frozenset(gap)


def _deal_in(table: Table, occupied: Collection[int], seat: int) -> DealIn:
    gap = _newcomer_gap(table, occupied)
    if gap is None:
        return DealIn.DEALER_CHECKS
    return DealIn.AFTER_BUTTON if seat in gap else DealIn.NOW


def deal_in_status(seating: Seating, seat: Seat) -> DealIn:
    """Whether a player sitting down in this empty seat is dealt the next hand.

    A newcomer (late entry, re-entry, a player from a broken table) is never dealt in between the
    small blind and the button: there the player waits until the button has passed
    (`DealIn.AFTER_BUTTON`). With fewer than two players at the table no hand is under way and the
    player plays at once. When the button is unknown the answer is `DealIn.DEALER_CHECKS`: the
    seat stays drawn (the draw must stay random) and the dealer applies the rule at the table.

    >>> room = Seating((Table(1, seat_count=6, button=2),), {1: Seat(1, 2), 2: Seat(1, 5)})
    >>> deal_in_status(room, Seat(1, 3)), deal_in_status(room, Seat(1, 6))
    (<DealIn.AFTER_BUTTON: 'after the button passes'>, <DealIn.NOW: 'now'>)
    """
    table = seating.table(seat.table)
    if seating.player_at(seat) is not None:
        raise SeatingError(f"{seat} is taken by player {seating.player_at(seat)}.")
    return _deal_in(table, seating.players_at(seat.table).keys(), seat.number)


@dataclass(frozen=True)
class WorstSeat:
    """The seat a balanced-in player gets, and what it means for the player.

    Attributes:
        seat: The seat number at the short table.
        deal_in: `DealIn.NOW`, or `DealIn.AFTER_BUTTON` when every empty seat is in the gap
            between the button and the small blind.
        description: "the big blind next hand", "the big blind in 3 hands", ...
    """

    seat: int
    deal_in: DealIn
    description: str


def _worst_seat(
    table: Table, occupied: Collection[int], waiting: Collection[int] = ()
) -> WorstSeat:
    """The worst position at a table.

    Args:
        table: The short table.
        occupied: Every taken seat there.
        waiting: Taken seats whose players are not dealt in yet (they sat down in the gap
            between the small blind and the button earlier in the same plan).
    """
    empty = [s for s in table.open_seats if s not in occupied]
    if not empty:
        raise SeatingError(f"{table.label} has no empty open seat.")
    dealt = {s for s in occupied if s not in waiting}
    if not dealt:
        return WorstSeat(empty[0], DealIn.NOW, "no hand is under way there")
    if len(dealt) == 1:
        (alone,) = dealt
        seat = next(s for s in _clockwise(alone, table.seat_count) if s in empty)
        return WorstSeat(seat, DealIn.NOW, "no hand is under way there")
    if table.button is None:
        raise SeatingError(f"The button at {table.label} is unknown.")
    gap = _newcomer_gap(table, dealt)
    assert gap is not None  # the button is known
    # The first player after the button is the small blind (3+ handed, or heads-up once the
    # newcomer makes three). The big blind moves one player per hand, so the first empty seat
    # after that player is the one that posts the big blind soonest.
    reference = next(s for s in _clockwise(table.button, table.seat_count) if s in dealt)
    between = 0
    for seat in _clockwise(reference, table.seat_count):
        if seat in dealt:
            between += 1
            continue
        if seat not in empty:
            continue
        if seat in gap:
            return WorstSeat(seat, DealIn.AFTER_BUTTON, "waits until the button has passed")
        hands = (
            "the big blind next hand" if between == 0 else f"the big blind in {between + 1} hands"
        )
        return WorstSeat(seat, DealIn.NOW, hands)
    raise AssertionError("unreachable: an empty seat exists")  # pragma: no cover


def worst_seat(seating: Seating, table: int) -> WorstSeat:
    """The worst position at a table: where a player moved in to balance it sits.

    The worst position is the empty seat that will post the big blind soonest: the first empty
    open seat clockwise after the next hand's small blind. Sitting between the small blind and the
    big blind means taking the big blind in the very next hand, even if the player has just posted
    one at the old table (TDA: "including the big blind, even twice"). It is never the small blind
    and never between the small blind and the button; only when every empty seat is in that gap
    does the player sit there, and then waits until the button has passed (`DealIn.AFTER_BUTTON`).
    With fewer than two players at the table no hand is under way, and the first empty seat after
    the lone player (or the lowest open seat) is used.

    Raises:
        SeatingError: The table has no empty open seat, or its button is unknown while two or
            more players sit there.

    >>> room = Seating((Table(1, seat_count=6, button=1),),
    ...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(1, 4)})
    >>> worst_seat(room, 1)
    WorstSeat(seat=3, deal_in=<DealIn.NOW: 'now'>, description='the big blind next hand')
    """
    return _worst_seat(seating.table(table), seating.players_at(table).keys())


def _next_big_blind(table: Table, occupied: Mapping[int, PlayerId]) -> int:
    """The seat of the player who posts the big blind in the next hand (button known, 2+ seated)."""
    blinds = _blinds(table, occupied.keys())
    if blinds is None:
        raise SeatingError(f"The button at {table.label} is unknown.")
    return blinds.big_blind


def next_big_blind(seating: Seating, table: int) -> PlayerId | None:
    """The player who will post the big blind in the next hand at a table.

    None when the button is unknown or fewer than two players sit there.

    >>> room = Seating((Table(1, seat_count=6, button=6),),
    ...                {1: Seat(1, 1), 2: Seat(1, 3), 3: Seat(1, 6)})
    >>> next_big_blind(room, 1)
    2
    """
    blinds = next_hand_blinds(seating, table)
    return None if blinds is None else seating.players_at(table)[blinds.big_blind]


# ------------------------------------------------------------------ editing the room


def _check_player_seated(seating: Seating, player: PlayerId) -> Seat:
    seat = seating.seat_of(player)
    if seat is None:
        raise SeatingError(f"Player {player} is not seated (out of the tournament, or not drawn).")
    return seat


def _check_free_seat(seating: Seating, seat: Seat) -> Table:
    if not seating.has_table(seat.table):
        raise SeatingError(f"{seat}: table {seat.table} is not in play.")
    table = seating.table(seat.table)
    if seat.number > table.seat_count:
        raise SeatingError(f"{seat}: table {table.number} has only {table.seat_count} seats.")
    if seat.number in table.closed_seats:
        raise SeatingError(f"{seat} is closed.")
    taken_by = seating.player_at(seat)
    if taken_by is not None:
        raise SeatingError(f"{seat} is taken by player {taken_by}.")
    return table


def _with_table(seating: Seating, table: Table) -> Seating:
    tables = tuple(table if t.number == table.number else t for t in seating.tables)
    return Seating(tables, seating.seats, seating.fixed)


def add_table(seating: Seating, table: Table) -> Seating:
    """The room with one more table.

    >>> add_table(Seating((Table(1),)), Table(2, seat_count=9)).counts()
    {1: 0, 2: 0}
    """
    if seating.has_table(table.number):
        raise SeatingError(f"Table {table.number} is already in play.")
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
            f"Table {number} still has {count} players: break it or move them first."
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
        if not _is_int(seat) or not 1 <= seat <= current.seat_count:
            raise SeatingError(
                f"The button at {current.label} cannot be on seat {seat!r} "
                f"(seats 1-{current.seat_count})."
            )
        if seat not in seating.players_at(table):
            raise SeatingError(
                f"{current.label}, seat {seat} is empty: the button must be in front of a player."
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
        raise SeatingError(f"The button at {current.label} is unknown.")
    if len(occupied) < 2:
        raise SeatingError(f"{current.label} has fewer than two players: no hand to pass.")
    following = next(s for s in _clockwise(current.button, current.seat_count) if s in occupied)
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
    if not _is_int(seat) or not 1 <= seat <= current.seat_count:
        raise SeatingError(
            f"{current.label} has no seat {seat!r} to close (seats 1-{current.seat_count})."
        )
    if seat in current.closed_seats:
        return seating
    taken_by = seating.player_at(Seat(table, seat))
    if taken_by is not None:
        raise SeatingError(
            f"{current.label}, seat {seat} is taken by player {taken_by}: "
            "move the player before closing the seat."
        )
    if current.button == seat:
        raise SeatingError(
            f"The button at {current.label} is on seat {seat}: "
            "set the button elsewhere before closing the seat."
        )
    return _with_table(seating, replace(current, closed_seats=current.closed_seats | {seat}))


def open_seat(seating: Seating, table: int, seat: int) -> Seating:
    """The room with a closed seat opened again. Opening an open seat changes nothing.

    >>> room = Seating((Table(1, seat_count=6, closed_seats=frozenset({6})),))
    >>> open_seat(room, 1, 6).table(1).open_seat_count
    6
    """
    current = seating.table(table)
    if not _is_int(seat) or not 1 <= seat <= current.seat_count:
        raise SeatingError(
            f"{current.label} has no seat {seat!r} to open (seats 1-{current.seat_count})."
        )
    return _with_table(seating, replace(current, closed_seats=current.closed_seats - {seat}))


def eliminate(seating: Seating, player: PlayerId) -> Seating:
    """The room without a player who is out. The button stays where it is (dead if it was his).

    Raises:
        SeatingError: The player is not seated.

    >>> room = Seating((Table(1),), {1: Seat(1, 1), 2: Seat(1, 2)})
    >>> eliminate(room, 1).players
    frozenset({2})
    """
    _check_player_seated(seating, player)
    seats = {p: s for p, s in seating.seats.items() if p != player}
    return Seating(seating.tables, seats, seating.fixed - {player})


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

    >>> room = Seating((Table(1), Table(2)), {7: Seat(1, 3)})
    >>> moved = move_player(room, 7, Seat(2, 5))
    >>> moved.move.announcement, moved.seating.seat_of(7)
    ('Table 1, seat 3 -> Table 2, seat 5', Seat(table=2, number=5))
    """
    source = _check_player_seated(seating, player)
    table = _check_free_seat(seating, to)
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
        _deal_in(table, occupied, to.number),
    )
    return Moved(after, move)


def set_fixed(seating: Seating, player: PlayerId, fixed: bool = True) -> Seating:
    """The room with a player's seat fixed (or freed): balancing never moves a fixed player.

    >>> room = Seating((Table(1),), {1: Seat(1, 1)})
    >>> set_fixed(room, 1).fixed
    frozenset({1})
    """
    _check_player_seated(seating, player)
    fixed_now = seating.fixed | {player} if fixed else seating.fixed - {player}
    return Seating(seating.tables, seating.seats, fixed_now)


# ------------------------------------------------------------------ random seating


@dataclass(frozen=True)
class SeatDraw:
    """The room after a draw, and the seat each drawn player got."""

    seating: Seating
    seats: Mapping[PlayerId, Seat]


@dataclass(frozen=True)
class LateSeat:
    """The room after one player sat down, with the seat and when the player is dealt in.

    Attributes:
        seating: The room with the player seated.
        seat: The player's seat.
        deal_in: Whether the player plays the next hand (see `deal_in_status`).
        reason: A sentence for the director and the dealer.
    """

    seating: Seating
    seat: Seat
    deal_in: DealIn
    reason: str


def _late_reason(seat: Seat, deal_in: DealIn, how: str) -> str:
    if deal_in is DealIn.AFTER_BUTTON:
        return f"{how} {seat}: between the small blind and the button, waits until it passes"
    if deal_in is DealIn.DEALER_CHECKS:
        return (
            f"{how} {seat}: button unknown, the dealer deals the player in unless the seat is "
            "between the small blind and the button"
        )
    return f"{how} {seat}: dealt in now"


def _pick_tables(
    counts: dict[int, int], capacity: Mapping[int, int], how_many: int, rng: random.Random
) -> dict[int, int]:
    """How many new players each table gets, filling the shortest tables first.

    Ties between equally short tables are broken at random, as if the seat cards were shuffled.
    """
    slots = dict.fromkeys(counts, 0)
    heap = [(counts[t], rng.random(), t) for t in sorted(counts) if counts[t] < capacity[t]]
    heapq.heapify(heap)
    for _ in range(how_many):
        count, _key, table = heapq.heappop(heap)
        slots[table] += 1
        if count + 1 < capacity[table]:
            heapq.heappush(heap, (count + 1, rng.random(), table))
    return slots


def _assign_tables(
    players: Sequence[PlayerId],
    slots: dict[int, int],
    teams: Mapping[PlayerId, str],
    seated_teams: dict[int, dict[str, int]],
    rng: random.Random,
) -> dict[PlayerId, int]:
    """Which table each drawn player goes to: team members spread first, the rest at random."""
    left = dict(slots)
    chosen: dict[PlayerId, int] = {}
    members: dict[str, list[PlayerId]] = {}
    for player in players:
        team = teams.get(player)
        if team is not None:
            members.setdefault(team, []).append(player)
    # The largest teams go first, while every table still has room for them.
    for team in sorted(members, key=lambda name: (-len(members[name]), name)):
        for player in members[team]:

            def spread(t: int, team: str = team) -> tuple[int, int]:
                # Fewest of this team first; then the most room left, so later teams fit too.
                return (seated_teams.get(t, {}).get(team, 0), -left[t])

            options = [t for t in sorted(left) if left[t] > 0]
            best = min(spread(t) for t in options)
            table = rng.choice([t for t in options if spread(t) == best])
            chosen[player] = table
            left[table] -= 1
            seated_teams.setdefault(table, {})
            seated_teams[table][team] = seated_teams[table].get(team, 0) + 1
    rest = [p for p in players if p not in chosen]
    pool = [t for t in sorted(left) for _ in range(left[t])]
    rng.shuffle(pool)
    chosen.update(zip(rest, pool, strict=True))
    return chosen


def _team_counts(seating: Seating, teams: Mapping[PlayerId, str]) -> dict[int, dict[str, int]]:
    found: dict[int, dict[str, int]] = {}
    for player, seat in seating.seats.items():
        team = teams.get(player)
        if team is not None:
            per_table = found.setdefault(seat.table, {})
            per_table[team] = per_table.get(team, 0) + 1
    return found


def draw_seats(
    seating: Seating,
    players: Sequence[PlayerId],
    rng: random.Random,
    *,
    fixed: Mapping[PlayerId, Seat] | None = None,
    teams: Mapping[PlayerId, str] | None = None,
) -> SeatDraw:
    """Seat many players at once by random draw, like dealing out seat cards.

    Players with a fixed seat (`fixed`, the host's own) get that seat and keep it fixed. The others
    are spread so that table counts differ by at most one (the shortest tables fill first; which of
    equally short tables gets a player is random), team members are spread as evenly as possible
    across the tables (largest team first, each member to the table with the fewest of the team),
    and each player then draws a random empty seat at the table.

    Raises:
        SeatingError: A player is listed twice or already seated, a fixed seat is not free, or
            there are more players than empty open seats.

    >>> room = Seating((Table(1, seat_count=4), Table(2, seat_count=4)))
    >>> drawn = draw_seats(room, [1, 2, 3, 4], random.Random(1), teams={1: "A", 2: "A"})
    >>> sorted(drawn.seating.counts().values()), drawn.seats[1].table != drawn.seats[2].table
    ([2, 2], True)
    """
    fixed = dict(fixed or {})
    teams = dict(teams or {})
    listed: set[PlayerId] = set()
    for player in players:
        if player in listed:
            raise SeatingError(f"Player {player} is listed twice in the draw.")
        listed.add(player)
        where = seating.seat_of(player)
        if where is not None:
            raise SeatingError(f"Player {player} is already seated at {where}.")
    taken: dict[Seat, PlayerId] = {}
    for player, seat in fixed.items():
        if player not in listed:
            raise SeatingError(f"Player {player} has a fixed seat but is not in the draw.")
        _check_free_seat(seating, seat)
        if seat in taken:
            raise SeatingError(f"{seat} is fixed for {players_text((taken[seat], player))}.")
        taken[seat] = player
    if len(players) > seating.free_seat_count:
        raise SeatingError(
            f"Cannot seat {len(players)} players: only {seating.free_seat_count} open seats "
            "are free. Add a table or open seats first."
        )
    seats = dict(seating.seats)
    seats.update(fixed)
    with_fixed = Seating(seating.tables, seats, seating.fixed | set(fixed))
    to_draw = [p for p in players if p not in fixed]
    rng.shuffle(to_draw)
    capacity = {t.number: t.open_seat_count for t in with_fixed.tables}
    slots = _pick_tables(with_fixed.counts(), capacity, len(to_draw), rng)
    tables_for = _assign_tables(to_draw, slots, teams, _team_counts(with_fixed, teams), rng)
    by_table: dict[int, list[PlayerId]] = {}
    for player in to_draw:
        by_table.setdefault(tables_for[player], []).append(player)
    drawn: dict[PlayerId, Seat] = dict(fixed)
    for table, group in sorted(by_table.items()):
        numbers = rng.sample(with_fixed.empty_seats(table), len(group))
        for player, number in zip(group, numbers, strict=True):
            drawn[player] = Seat(table, number)
    seats.update(drawn)
    after = Seating(seating.tables, seats, with_fixed.fixed)
    return SeatDraw(after, MappingProxyType({p: drawn[p] for p in players}))


def draw_seat(
    seating: Seating,
    player: PlayerId,
    rng: random.Random,
    *,
    teams: Mapping[PlayerId, str] | None = None,
) -> LateSeat:
    """Seat one late entry or re-entry by random draw from the same pool.

    The player draws a table among the shortest tables with an empty seat (so the draw never
    unbalances the room), preferring, for a team member, the tables with the fewest of the team;
    then a random empty seat there. The player is never dealt in between the small blind and the
    button: `LateSeat.deal_in` says whether the player plays now, waits for the button, or, when
    the table's button is unknown, whether the dealer has to check (the seat is still drawn at
    random: steering players away from some seats would make the draw less than random).

    Raises:
        SeatingError: The player is already seated, or no open seat is free.

    >>> room = Seating((Table(1, seat_count=6, button=1), Table(2, seat_count=6)),
    ...                {1: Seat(1, 1), 2: Seat(1, 4), 3: Seat(2, 2)})
    >>> late = draw_seat(room, 9, random.Random(3))
    >>> late.seat.table, late.deal_in
    (2, <DealIn.NOW: 'now'>)
    """
    where = seating.seat_of(player)
    if where is not None:
        raise SeatingError(f"Player {player} is already seated at {where}.")
    if seating.free_seat_count == 0:
        raise SeatingError("No open seat is free: add a table or open a seat first.")
    teams = teams or {}
    counts = seating.counts()
    options = [t.number for t in seating.tables if counts[t.number] < t.open_seat_count]
    shortest = min(counts[t] for t in options)
    options = [t for t in options if counts[t] == shortest]
    team = teams.get(player)
    if team is not None:
        per_table = _team_counts(seating, teams)
        fewest = min(per_table.get(t, {}).get(team, 0) for t in options)
        options = [t for t in options if per_table.get(t, {}).get(team, 0) == fewest]
    table_number = rng.choice(options)
    seat = Seat(table_number, rng.choice(seating.empty_seats(table_number)))
    return seat_player(seating, player, seat, how="Drew")


def seat_player(
    seating: Seating, player: PlayerId, seat: Seat, *, fixed: bool = False, how: str = "Seated at"
) -> LateSeat:
    """Seat one player who is not seated in a chosen seat (the host's own, a director's choice).

    Raises:
        SeatingError: The player is already seated, or the seat is missing, closed or taken.

    >>> room = Seating((Table(1, seat_count=6),))
    >>> seated = seat_player(room, 1, Seat(1, 6), fixed=True)
    >>> seated.seating.fixed, seated.reason
    (frozenset({1}), 'Seated at Table 1, seat 6: dealt in now')
    """
    where = seating.seat_of(player)
    if where is not None:
        raise SeatingError(f"Player {player} is already seated at {where}.")
    table = _check_free_seat(seating, seat)
    deal_in = _deal_in(table, seating.players_at(seat.table).keys(), seat.number)
    seats = dict(seating.seats)
    seats[player] = seat
    fixed_now = seating.fixed | {player} if fixed else seating.fixed
    return LateSeat(
        Seating(seating.tables, seats, fixed_now), seat, deal_in, _late_reason(seat, deal_in, how)
    )
