"""What the balancing and table-break planners share: move counts, and a working copy of the room.

Used by `clockapp.core.seating.balancing` and `clockapp.core.seating.table_breaks`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from clockapp.core.seating import (
    DealIn,
    Move,
    MoveKind,
    PlayerId,
    Seating,
    SeatingError,
    Table,
    WorstSeat,
)

# The positions of one table (the public forms take a whole Seating; the planners work on a
# mutable copy of the room).
from clockapp.core.seating.positions import clockwise, table_deal_in, table_worst_seat
from clockapp.core.seating.room import is_int
from clockapp.core.text import listed
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext


def tables_text(numbers: Iterable[int]) -> str:
    """Tables named by number, in the current language ("Table 3", "Tables 1, 2 and 5").

    >>> tables_text([2]), tables_text([5, 1, 2])
    ('Table 2', 'Tables 1, 2 and 5')
    """
    numbers = sorted(numbers)
    return ngettext("Table {tables}", "Tables {tables}", len(numbers)).format(
        tables=listed([str(n) for n in numbers])
    )


@dataclass(frozen=True)
class MoveStats:
    """How often each player has been moved, and how many players each table has given.

    Balancing and breaking moves count for players; only balancing moves count for tables. The
    balancing planner reads both to spread moves fairly.

    >>> from clockapp.core.seating import Seat
    >>> stats = MoveStats().record([Move(7, Seat(1, 3), Seat(2, 5), MoveKind.BALANCE, "short")])
    >>> stats.moves_of(7), stats.gives_of(1), stats.gives_of(2)
    (1, 1, 0)
    """

    player_moves: Mapping[PlayerId, int] = field(default_factory=dict)
    table_gives: Mapping[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for what, counts in (("player", self.player_moves), ("table", self.table_gives)):
            for key, count in counts.items():
                if not is_int(count) or count < 0:
                    raise SeatingError(
                        _(
                            "Move counts: {what} {key} has {count!r} moves; a count is 0 or more."
                        ).format(what=what, key=key, count=count)
                    )
        object.__setattr__(self, "player_moves", MappingProxyType(dict(self.player_moves)))
        object.__setattr__(self, "table_gives", MappingProxyType(dict(self.table_gives)))

    def __hash__(self) -> int:
        return hash((frozenset(self.player_moves.items()), frozenset(self.table_gives.items())))

    def moves_of(self, player: PlayerId) -> int:
        """How many times the player has been moved."""
        return self.player_moves.get(player, 0)

    def gives_of(self, table: int) -> int:
        """How many players the table has given to balance others."""
        return self.table_gives.get(table, 0)

    def record(self, moves: Iterable[Move]) -> MoveStats:
        """The counts after these moves (manual and final-table moves are not counted)."""
        players = dict(self.player_moves)
        tables = dict(self.table_gives)
        for move in moves:
            if move.kind in (MoveKind.BALANCE, MoveKind.BREAK):
                players[move.player] = players.get(move.player, 0) + 1
            if move.kind is MoveKind.BALANCE:
                tables[move.from_seat.table] = tables.get(move.from_seat.table, 0) + 1
        return MoveStats(players, tables)


def deal_in_note(deal_in: DealIn) -> str:
    if deal_in is DealIn.AFTER_BUTTON:
        return "; between the small blind and the button, waits until the button has passed"
    if deal_in is DealIn.DEALER_CHECKS:
        return (
            "; button unknown: the dealer deals the player in unless the seat is between the "
            "small blind and the button"
        )
    return ""


class WorkingRoom:
    """A mutable working copy of a room, private to one planning call."""

    def __init__(
        self, seating: Seating, stats: MoveStats, teams: Mapping[PlayerId, str] | None = None
    ) -> None:
        self.teams: Mapping[PlayerId, str] = teams or {}
        self.original = seating
        self.original_stats = stats
        self.tables: dict[int, Table] = {t.number: t for t in seating.tables}
        self.occupied: dict[int, dict[int, PlayerId]] = {
            n: dict(seating.players_at(n)) for n in self.tables
        }
        self.waiting: dict[int, set[int]] = {n: set() for n in self.tables}
        # Tables with fewer than two players have no hand under way: newcomers there need no
        # button and fill in clockwise after the last player who sat down.
        self.idle = {n for n, o in self.occupied.items() if len(o) < 2}
        self.last_seated = {n: next(iter(self.occupied[n])) for n in self.idle if self.occupied[n]}
        self.fixed = seating.fixed
        self.player_moves = dict(stats.player_moves)
        self.table_gives = dict(stats.table_gives)
        self.moves: list[Move] = []

    def count(self, table: int) -> int:
        return len(self.occupied[table])

    def has_room(self, table: int) -> bool:
        return self.count(table) < self.tables[table].open_seat_count

    def dealt(self, table: int) -> set[int]:
        return {s for s in self.occupied[table] if s not in self.waiting[table]}

    def needs_button(self, table: int) -> bool:
        return table not in self.idle and self.tables[table].button is None

    def deal_in(self, table: int, seat: int) -> DealIn:
        if table in self.idle:
            return DealIn.NOW
        return table_deal_in(self.tables[table], self.dealt(table), seat)

    def worst_seat(self, table: int) -> WorstSeat:
        info, occupied = self.tables[table], self.occupied[table]
        if table not in self.idle:
            return table_worst_seat(info, occupied.keys(), self.waiting[table])
        last = self.last_seated.get(table)
        empty = [s for s in info.open_seats if s not in occupied]
        seat = (
            empty[0]
            if last is None
            else next(s for s in clockwise(last, info.seat_count) if s in empty)
        )
        return WorstSeat(seat, DealIn.NOW, "no hand is under way there")

    def move(self, move: Move) -> None:
        source, target = move.from_seat, move.to_seat
        del self.occupied[source.table][source.number]
        self.waiting[source.table].discard(source.number)
        self.occupied[target.table][target.number] = move.player
        if move.deal_in is DealIn.AFTER_BUTTON:
            self.waiting[target.table].add(target.number)
        self.last_seated[target.table] = target.number
        self.moves.append(move)
        if move.kind in (MoveKind.BALANCE, MoveKind.BREAK):
            self.player_moves[move.player] = self.player_moves.get(move.player, 0) + 1
        if move.kind is MoveKind.BALANCE:
            self.table_gives[source.table] = self.table_gives.get(source.table, 0) + 1

    def seating(self) -> Seating:
        tables = tuple(self.tables.values())
        if not self.moves and tables == self.original.tables:
            return self.original
        # Only the moved players get new seats; the rest keep theirs (no rebuilding 1,000 seats).
        seats = dict(self.original.seats)
        for move in self.moves:
            seats[move.player] = move.to_seat
        return Seating(tables, seats, self.fixed)

    def stats(self) -> MoveStats:
        if not self.moves:
            return self.original_stats
        return MoveStats(self.player_moves, self.table_gives)
