"""Breaking tables the TDA way, and the final table.

Split out of `clockapp.core.seating.balancing`, which re-exports these names. After every
bust the service asks `plan_table_breaks` first (does a table break, does the final table
form?), then `plan_balance`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace

from clockapp.core.seating import (
    MAX_SEATS,
    Move,
    MoveKind,
    PlayerId,
    Seat,
    Seating,
    SeatingError,
    Table,
)
from clockapp.core.seating.draw import assign_tables, pick_tables
from clockapp.core.seating.planning import MoveStats, WorkingRoom, deal_in_note
from clockapp.core.seating.room import is_int
from clockapp.core.seating.teams import count_teams, improve_by_swaps
from clockapp.i18n import gettext as _


@dataclass(frozen=True)
class TableBreakRules:
    """How tables break and where the final table plays.

    Attributes:
        order: The director's break order; tables not listed break after them, the one with
            the fewest players first (it costs the fewest moves; ties: the highest number).
            Numbers of tables no longer in play are skipped.
        final_table: The table that hosts the final table (never broken); by default the
            lowest-numbered table not in the director's order.
        final_table_size: How many players the final table seats; by default its open seats.

    >>> TableBreakRules(order=(4, 2)).order
    (4, 2)
    """

    order: tuple[int, ...] = ()
    final_table: int | None = None
    final_table_size: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", tuple(self.order))
        seen: set[int] = set()
        for number in self.order:
            if not is_int(number) or number < 1:
                raise SeatingError(
                    _("Break order: {number!r} is not a table number.").format(number=number)
                )
            if number in seen:
                raise SeatingError(
                    _("Break order: table {number} appears twice.").format(number=number)
                )
            seen.add(number)
        if self.final_table is not None and self.final_table in seen:
            raise SeatingError(
                _(
                    "Table {final_table} hosts the final table, so it cannot be in the break order."
                ).format(final_table=self.final_table)
            )
        size = self.final_table_size
        if size is not None and (not is_int(size) or not 2 <= size <= MAX_SEATS):
            raise SeatingError(
                _("The final table seats 2 to {MAX_SEATS} players (got {size!r}).").format(
                    MAX_SEATS=MAX_SEATS, size=size
                )
            )


def table_break_order(seating: Seating, rules: TableBreakRules | None = None) -> tuple[int, ...]:
    """The tables in the order they break; the last one hosts the final table.

    Unless the director says otherwise, the next table to break is the one with the fewest
    players, since each of its players is a move (ties: the highest number); the final table
    plays at the lowest-numbered table.

    Raises:
        SeatingError: The chosen final table is not in play.

    >>> room = Seating(tuple(Table(n) for n in (1, 2, 3, 4)))
    >>> table_break_order(room), table_break_order(room, TableBreakRules(order=(2,), final_table=4))
    ((4, 3, 2, 1), (2, 3, 1, 4))
    >>> room = Seating(tuple(Table(n, seat_count=4) for n in (1, 2, 3)),
    ...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(2, 1), 4: Seat(3, 1), 5: Seat(3, 2)})
    >>> room.counts(), table_break_order(room)
    ({1: 2, 2: 1, 3: 2}, (2, 3, 1))
    """
    rules = rules or TableBreakRules()
    numbers = [t.number for t in seating.tables]
    final = rules.final_table
    if final is not None and not seating.has_table(final):
        raise SeatingError(
            _("Table {final} was chosen for the final table but is not in play.").format(
                final=final
            )
        )
    listed = [n for n in rules.order if n in numbers]
    rest = [n for n in numbers if n not in listed and n != final]
    if final is None and rest:
        final = min(rest)
        rest.remove(final)
    counts = seating.counts()
    rest.sort(key=lambda n: (counts.get(n, 0), -n))
    return tuple(listed + rest + ([final] if final is not None else []))


def table_break_costs(seating: Seating, rules: TableBreakRules | None = None) -> dict[int, int]:
    """The moves each table would cost if it broke now, for the tables that can break.

    A table can break when its players fit in the open seats of the other tables; the final
    table's host never breaks. Breaking moves every player of the table.

    >>> room = Seating(tuple(Table(n, seat_count=4) for n in (1, 2, 3)),
    ...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(2, 1), 4: Seat(3, 1), 5: Seat(3, 2)})
    >>> table_break_costs(room)
    {2: 1, 3: 2}
    """
    order = table_break_order(seating, rules)
    counts = seating.counts()
    total = seating.player_count
    capacity = seating.capacity  # one pass: each table's "others" is the room less the table
    costs: dict[int, int] = {}
    for number in order[:-1]:
        others = capacity - seating.table(number).open_seat_count
        if total <= others:
            costs[number] = counts.get(number, 0)
    return costs


def _final_layout(host: Table, size: int | None, keep: set[int]) -> Table:
    """The host table set for the final: `size` open seats, the button to be drawn."""
    closed = set(host.closed_seats)
    if size is not None:
        if size > host.open_seat_count:
            raise SeatingError(
                _(
                    "{label} has only {open_seat_count} open seats; the final table is set "
                    "to {size} players."
                ).format(label=host.label, open_seat_count=host.open_seat_count, size=size)
            )
        # Close the highest free seats first; seats kept by fixed players stay open.
        for seat in sorted(host.open_seats, reverse=True):
            if host.seat_count - len(closed) <= size:
                break
            if seat not in keep:
                closed.add(seat)
    return replace(host, closed_seats=frozenset(closed), button=None)


@dataclass(frozen=True)
class TableBreakPlan:
    """The room after breaking tables (and maybe forming the final table).

    Attributes:
        seating: The room after the moves.
        moves: The moves, in the order they were drawn.
        stats: The move counts after the moves.
        broken: The tables that broke, in order.
        final_table: The final table's number when it formed in this plan, else None. Its
            button is cleared: the director draws for the button and sets it.
    """

    seating: Seating
    moves: tuple[Move, ...]
    stats: MoveStats
    broken: tuple[int, ...] = ()
    final_table: int | None = None


def plan_table_breaks(
    seating: Seating,
    rng: random.Random,
    *,
    rules: TableBreakRules | None = None,
    stats: MoveStats | None = None,
    teams: Mapping[PlayerId, str] | None = None,
) -> TableBreakPlan:
    """Break tables as soon as the players fit at one table fewer; form the final table.

    Tables break in `table_break_order`: the next table breaks when the players fit in the open
    seats of the tables after it, and all the tables that break are decided first, so nobody is
    moved to a table that breaks in the same plan. Their players, in random order, each draw a table
    among the shortest tables with a free seat (so the room stays balanced), then a random seat;
    they can get any seat, and are dealt in at once except between the small blind and the
    button. With two tables left, they do not merge by that rule: the final table forms when
    every player fits at it (`TableBreakRules.final_table_size`), and everyone redraws for seats
    there (a player with a fixed seat already at the final table keeps it). With `teams`, a team
    member draws among those shortest tables the ones with the fewest of his team, and team
    members draw first (the largest team first), while most tables are still short: the same
    moves, teams kept spread.

    Raises:
        SeatingError: The final table is not in play or has fewer open seats than its size.

    >>> room = Seating((Table(1, seat_count=4), Table(2, seat_count=4), Table(3, seat_count=4)),
    ...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(2, 1), 4: Seat(2, 2), 5: Seat(3, 1)})
    >>> plan = plan_table_breaks(room, random.Random(5))
    >>> plan.broken, sorted(plan.seating.counts().values()), plan.moves[0].kind.value
    ((3,), [2, 3], 'break')
    """
    rules = rules or TableBreakRules()
    order = list(table_break_order(seating, rules))
    room = WorkingRoom(seating, stats or MoveStats(), teams)
    host = order[-1]
    size = rules.final_table_size or room.tables[host].open_seat_count
    if size > room.tables[host].open_seat_count:
        _final_layout(room.tables[host], size, set())  # raises the director's message
    total = seating.player_count
    if total <= size and len(order) > 1:
        _form_final_table(room, host, rules.final_table_size, rng)
        return TableBreakPlan(
            room.seating(), tuple(room.moves), room.stats(), tuple(order[:-1]), host
        )
    # Decide every table that breaks first, so nobody is moved to a table that breaks next.
    # The director's listed tables break in his order; after them, the first table in
    # `table_break_order` whose players fit at the other tables (a small table may fit where the
    # table with the fewest players does not).
    breaking: list[int] = []
    staying = list(order)
    listed = [n for n in rules.order if n in staying]
    while len(staying) > 2:
        seats = sum(room.tables[n].open_seat_count for n in staying)
        fits = [n for n in staying[:-1] if total <= seats - room.tables[n].open_seat_count]
        if listed:
            fits = fits[:1] if fits and fits[0] == listed[0] else []
        if not fits:
            break
        breaking.append(fits[0])
        staying.remove(fits[0])
        if listed and listed[0] == fits[0]:
            listed.pop(0)
    for number in breaking:
        _break_table(room, number, set(breaking), rng)
    return TableBreakPlan(room.seating(), tuple(room.moves), room.stats(), tuple(breaking), None)


def _break_table(room: WorkingRoom, number: int, breaking: set[int], rng: random.Random) -> None:
    label = room.tables[number].label
    leaving = sorted(room.occupied[number].items())
    rng.shuffle(leaving)
    drawn = _team_tables(room, [p for _, p in leaving], breaking, rng) if room.teams else {}
    for seat, player in leaving:
        if player in drawn:
            target = drawn[player]
        else:
            options = [n for n in room.tables if n not in breaking and room.has_room(n)]
            shortest = min(room.count(n) for n in options)
            target = rng.choice([n for n in options if room.count(n) == shortest])
        table = room.tables[target]
        new_seat = rng.choice([s for s in table.open_seats if s not in room.occupied[target]])
        deal_in = room.deal_in(target, new_seat)
        room.move(
            Move(
                player,
                Seat(number, seat),
                Seat(target, new_seat),
                MoveKind.BREAK,
                f"{label} breaks: random draw of table, then seat{deal_in_note(deal_in)}",
                deal_in,
            )
        )
    del room.tables[number]
    del room.occupied[number]
    del room.waiting[number]


def _team_tables(
    room: WorkingRoom, players: list[PlayerId], breaking: set[int], rng: random.Random
) -> dict[PlayerId, int]:
    """The table each player of a breaking table draws when some of them are on teams.

    As without teams, the shortest tables fill first (the same moves, the room stays balanced);
    which player takes which of those places spreads the teams: the largest team first, each
    member to the table with the fewest of his team (as at the first draw), then swaps that
    narrow the spreads.
    """
    staying = {n: room.count(n) for n in room.tables if n not in breaking}
    capacity = {n: room.tables[n].open_seat_count for n in staying}
    slots = pick_tables(staying, capacity, len(players), rng)
    counts = count_teams({n: room.occupied[n] for n in staying}, room.teams)
    seated = {n: {team: c[n] for team, c in counts.items() if n in c} for n in staying}
    chosen = assign_tables(players, slots, room.teams, dict(seated), rng)
    return improve_by_swaps(chosen, room.teams, counts, tuple(staying))


def _form_final_table(room: WorkingRoom, host: int, size: int | None, rng: random.Random) -> None:
    keep = {s for s, p in room.occupied[host].items() if p in room.fixed}
    final = _final_layout(room.tables[host], size, keep)
    everyone = [
        (Seat(n, s), p)
        for n in sorted(room.occupied)
        for s, p in sorted(room.occupied[n].items())
        if not (n == host and s in keep)
    ]
    free = [s for s in final.open_seats if s not in keep]
    drawn = rng.sample(free, len(everyone))
    moves = [
        Move(
            player, seat, Seat(host, number), MoveKind.FINAL_TABLE, "Final table: redraw for seats"
        )
        for (seat, player), number in zip(everyone, drawn, strict=True)
    ]
    for move in moves:
        del room.occupied[move.from_seat.table][move.from_seat.number]
    for move in moves:
        room.occupied[host][move.to_seat.number] = move.player
        if move.to_seat != move.from_seat:  # a player who drew his own seat did not move
            room.moves.append(move)
    room.tables = {host: final}
    room.occupied = {host: room.occupied[host]}
    room.waiting = {host: set()}


def busts_until_table_break(seating: Seating, rules: TableBreakRules | None = None) -> int | None:
    """How many more players must go out before the next table breaks or the final forms.

    None when only one table is left.

    >>> room = Seating((Table(1, seat_count=4), Table(2, seat_count=4), Table(3, seat_count=4)),
    ...                {n: Seat((n - 1) // 3 + 1, (n - 1) % 3 + 1) for n in range(1, 10)})
    >>> busts_until_table_break(room)
    1
    """
    rules = rules or TableBreakRules()
    order = table_break_order(seating, rules)
    if len(order) < 2:
        return None
    host = seating.table(order[-1])
    size = rules.final_table_size or host.open_seat_count
    total = seating.player_count
    needed = total - size
    if len(order) > 2:
        listed = any(n in order for n in rules.order)
        seats = sum(t.open_seat_count for t in seating.tables)
        room_left = max(
            seats - seating.table(n).open_seat_count for n in (order[:1] if listed else order[:-1])
        )
        needed = min(needed, total - room_left)
    return max(needed, 0)
