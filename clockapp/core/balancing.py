"""Balancing and breaking tables the TDA way, and the final table (hand-for-hand: `hand_for_hand`).

After every elimination the service asks two questions, in this order:

1. `plan_breaks`: does a table break (the players fit at one table fewer), or does the final table
   form (everyone fits at the final table)? Breaking is a random draw of table, then seat, and never
   needs a button.
2. `plan_balance`: is a table short under the `BalancePolicy`? Then the player who will be big
   blind next at the fullest table moves to the worst position at the short table. That needs both
   tables' buttons; when one is unknown the answer is a `NeedButton` request, not an exception, so
   the screen can ask the director and plan again.

Both return the new `Seating`, the moves to announce, and the updated `MoveStats` (how often each
player has moved, how many players each table has given), which the next call takes back in.

>>> room = Seating((Table(1, seat_count=4, button=1), Table(2, seat_count=4, button=1)),
...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(1, 3), 4: Seat(1, 4), 5: Seat(2, 1),
...                 6: Seat(2, 2)})
>>> plan = plan_balance(room, BalancePolicy.within_one())
>>> [m.announcement for m in plan.moves]
['Table 1, seat 3 -> Table 2, seat 3']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

# Hand-for-hand lives in its own module; these names stay importable from here.
from clockapp.core.hand_for_hand import HandForHand as HandForHand
from clockapp.core.hand_for_hand import finish_hand as finish_hand
from clockapp.core.hand_for_hand import next_hand as next_hand
from clockapp.core.hand_for_hand import rank_busts as rank_busts
from clockapp.core.hand_for_hand import start_hand_for_hand as start_hand_for_hand
from clockapp.core.seating import (
    MAX_SEATS,
    DealIn,
    Move,
    MoveKind,
    PlayerId,
    Seat,
    Seating,
    SeatingError,
    Table,
    WorstSeat,
    _assign_tables,
    # Position helpers private to the core (their public forms take a whole Seating; the
    # planners work on a mutable copy of the room).
    _clockwise,
    _deal_in,
    _next_big_blind,
    _pick_tables,
    _worst_seat,
)
from clockapp.core.teams import TeamSpreads, count_teams, improve_by_swaps


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _tables_text(numbers: Iterable[int]) -> str:
    listed = [str(n) for n in sorted(numbers)]
    if len(listed) == 1:
        return f"Table {listed[0]}"
    return "Tables " + ", ".join(listed[:-1]) + " and " + listed[-1]


# ------------------------------------------------------------------ policy and history


@dataclass(frozen=True)
class BalancePolicy:
    """When tables are out of balance: the largest allowed difference in players between tables.

    Attributes:
        within: The allowed difference between the fullest and the shortest table.
        wide_within: A larger allowed difference while many tables are in play, or None.
        wide_from_tables: How many tables make "many" (3 means "3 or more tables").

    >>> str(BalancePolicy.within_two_from(3))
    'within 2 while there are 3 or more tables, else within 1'
    >>> BalancePolicy.within_two_from(3).allowed_difference(2)
    1
    """

    within: int = 1
    wide_within: int | None = None
    wide_from_tables: int = 3

    def __post_init__(self) -> None:
        if not _is_int(self.within) or self.within < 1:
            raise SeatingError(
                f"Balance policy: tables must be balanced within 1 or more players "
                f"(got {self.within!r})."
            )
        if self.wide_within is not None and (not _is_int(self.wide_within) or self.wide_within < 1):
            raise SeatingError(
                f"Balance policy: the wider limit must be 1 or more players "
                f"(got {self.wide_within!r})."
            )
        if not _is_int(self.wide_from_tables) or self.wide_from_tables < 2:
            raise SeatingError(
                f"Balance policy: the wider limit must start at 2 or more tables "
                f"(got {self.wide_from_tables!r})."
            )

    @classmethod
    def within_one(cls) -> BalancePolicy:
        """Tables never differ by more than one player (TDA, flop games)."""
        return cls(1)

    @classmethod
    def within_two_from(cls, tables: int = 3) -> BalancePolicy:
        """Within two players while `tables` or more tables play, within one after that."""
        return cls(1, 2, tables)

    def allowed_difference(self, table_count: int) -> int:
        """The allowed difference with this many tables in play."""
        if self.wide_within is not None and table_count >= self.wide_from_tables:
            return self.wide_within
        return self.within

    def __str__(self) -> str:
        if self.wide_within is None:
            return f"within {self.within}"
        return (
            f"within {self.wide_within} while there are {self.wide_from_tables} or more tables, "
            f"else within {self.within}"
        )


@dataclass(frozen=True)
class MoveStats:
    """How often each player has been moved, and how many players each table has given.

    Balancing and breaking moves count for players; only balancing moves count for tables. The
    balancing planner reads both to spread moves fairly.

    >>> stats = MoveStats().record([Move(7, Seat(1, 3), Seat(2, 5), MoveKind.BALANCE, "short")])
    >>> stats.moves_of(7), stats.gives_of(1), stats.gives_of(2)
    (1, 1, 0)
    """

    player_moves: Mapping[PlayerId, int] = field(default_factory=dict)
    table_gives: Mapping[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for what, counts in (("player", self.player_moves), ("table", self.table_gives)):
            for key, count in counts.items():
                if not _is_int(count) or count < 0:
                    raise SeatingError(
                        f"Move counts: {what} {key} has {count!r} moves; a count is 0 or more."
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


@dataclass(frozen=True)
class NeedButton:
    """The planner needs to know where a table's button is before it can say who moves.

    Attributes:
        table: The table number.
        reason: The question for the director, with why it is asked.
    """

    table: int
    reason: str


def _deal_in_note(deal_in: DealIn) -> str:
    if deal_in is DealIn.AFTER_BUTTON:
        return "; between the small blind and the button, waits until the button has passed"
    if deal_in is DealIn.DEALER_CHECKS:
        return (
            "; button unknown: the dealer deals the player in unless the seat is between the "
            "small blind and the button"
        )
    return ""


# ------------------------------------------------------------------ balancing


@dataclass(frozen=True)
class BalancePlan:
    """The room after balancing, the moves to announce, and the updated move counts.

    Attributes:
        seating: The room after the moves.
        moves: The moves, in the order they were decided.
        stats: The move counts after the moves.
        warnings: Why the tables are still out of balance, if they are (a short table with no
            free open seat, fuller tables holding only fixed seats).
    """

    seating: Seating
    moves: tuple[Move, ...]
    stats: MoveStats
    warnings: tuple[str, ...] = ()


class _Room:
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
        return _deal_in(self.tables[table], self.dealt(table), seat)

    def worst_seat(self, table: int) -> WorstSeat:
        info, occupied = self.tables[table], self.occupied[table]
        if table not in self.idle:
            return _worst_seat(info, occupied.keys(), self.waiting[table])
        last = self.last_seated.get(table)
        empty = [s for s in info.open_seats if s not in occupied]
        seat = (
            empty[0]
            if last is None
            else next(s for s in _clockwise(last, info.seat_count) if s in empty)
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


def _mover_seat(room: _Room, table: int) -> int | None:
    """The seat of the player who moves from a giving table: the big blind next, unless fixed."""
    movers = _movers(room, table)
    return movers[0] if movers else None


def _movers(room: _Room, table: int) -> list[int]:
    """The seats whose players could move from a giving table, the big blind next first."""
    info = room.tables[table]
    occupied = room.occupied[table]
    big_blind = _next_big_blind(info, occupied)
    order = [big_blind, *list(_clockwise(big_blind, info.seat_count))[:-1]]
    return [s for s in order if s in occupied and occupied[s] not in room.fixed]


def _team_move(
    room: _Room, giver: int, shorts: list[int], spreads: TeamSpreads | None
) -> tuple[int, int, int]:
    """(team delta, mover seat, receiver) of the move from `giver` that keeps teams most spread.

    Every such move costs one move: the big blind next moves to the first short table unless
    another player, or another equally short table, keeps a team's spread smaller.
    """
    movers = _movers(room, giver)
    assert movers  # givers have a player without a fixed seat
    if spreads is None:
        return 0, movers[0], shorts[0]
    best: tuple[int, int, int, int] | None = None
    for index, seat in enumerate(movers):
        team = room.teams.get(room.occupied[giver][seat])
        receiver = spreads.fewest(team, shorts)
        key = (spreads.delta(team, giver, receiver), index, receiver, seat)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[0], best[3], best[2]


def plan_balance(
    seating: Seating,
    policy: BalancePolicy | None = None,
    stats: MoveStats | None = None,
    *,
    teams: Mapping[PlayerId, str] | None = None,
) -> BalancePlan | NeedButton:
    """The balancing moves that bring the tables within the policy, or a request for a button.

    While the fullest and the shortest table differ by more than the policy allows, one player
    moves, following TDA rules:

    * The short table is the table with the fewest players that has a free open seat; ties go to
      a table that needs no button question, then to the lowest number.
    * The giving table is chosen by this fixed procedure: (1) only the tables with the most
      players (and at least two more than the short table) give; (2) of those, the table that
      has given the fewest players so far; (3) then a table whose button is known, so the
      director is not interrupted; (4) then the table whose player to move has been moved the
      fewest times, so moves are spread over players; (5) then the lowest table number.
    * The player who moves is the one who will be big blind next at the giving table (a player
      with a fixed seat is skipped: the next player after moves instead). He goes to the worst
      position at the short table, see `clockapp.core.seating.worst_seat`: the seat that posts
      the big blind soonest, never the small blind. A table that had fewer than two players
      when planning started has no hand under way: it needs no button, and newcomers fill in
      clockwise after the last player who sat down there.
    * With `teams` (player -> team name), every move still costs one move, but among the moves
      the rules leave open (which of the equally short tables receives; the big blind next or,
      when his move would widen his team's spread, the next player clockwise whose move does
      not) the one that keeps each team's spread smallest is taken (`clockapp.core.teams`).

    Moves only go from a fuller to a shorter table (by two or more players), so the planner always
    ends. The plan is all or nothing: when a button is missing nothing is planned, and since the
    planner is deterministic, asking again after `set_button` gives the same moves.

    Args:
        seating: The room.
        policy: When the tables count as balanced; within one player by default.
        stats: The move counts so far.

    Returns:
        A `BalancePlan`, or `NeedButton` for the first table whose button the plan needs.

    >>> room = Seating((Table(1, seat_count=6, button=1), Table(2, seat_count=6)),
    ...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(1, 3), 4: Seat(1, 4),
    ...                 5: Seat(2, 1), 6: Seat(2, 2)})
    >>> plan_balance(room)  # doctest: +ELLIPSIS
    NeedButton(table=2, reason='Which seat has the button for the next hand at Table 2? ...')
    """
    policy = policy or BalancePolicy()
    room = _Room(seating, stats or MoveStats(), teams)
    allowed = policy.allowed_difference(len(room.tables))
    warnings: list[str] = []
    while len(room.tables) >= 2:
        counts = {n: room.count(n) for n in room.tables}
        most, least = max(counts.values()), min(counts.values())
        if most - least <= allowed:
            break
        receivers = [n for n in room.tables if room.has_room(n)]
        if not receivers:
            warnings.append(_why_unbalanced(room, counts, None, allowed))
            break
        receiver = min(receivers, key=lambda n: (counts[n], room.needs_button(n), n))
        shorts = [
            n
            for n in sorted(receivers)
            if (counts[n], room.needs_button(n)) == (counts[receiver], room.needs_button(receiver))
        ]
        spreads = TeamSpreads(room.occupied, room.teams, tuple(room.tables)) if room.teams else None

        givers = [
            n
            for n in room.tables
            if counts[n] >= counts[receiver] + 2
            and any(p not in room.fixed for p in room.occupied[n].values())
        ]
        if not givers:
            warnings.append(_why_unbalanced(room, counts, receiver, allowed))
            break
        top = max(counts[n] for n in givers)

        def giver_key(
            n: int, shorts: list[int] = shorts, spreads: TeamSpreads | None = spreads
        ) -> tuple[int, bool, int, int, int]:
            known = room.tables[n].button is not None
            mover = _mover_seat(room, n) if known else None
            moved = 0 if mover is None else room.player_moves.get(room.occupied[n][mover], 0)
            delta = _team_move(room, n, shorts, spreads)[0] if known and spreads else 0
            return (room.table_gives.get(n, 0), not known, delta, moved, n)

        giver = min((n for n in givers if counts[n] == top), key=giver_key)
        known = room.tables[giver].button is not None
        team_choice = _team_move(room, giver, shorts, spreads) if known else None
        if team_choice is not None:
            receiver = team_choice[2]
        short, full = room.tables[receiver], room.tables[giver]
        shortfall = f"{short.label} is short ({counts[receiver]} vs {counts[giver]})"
        if full.button is None:
            return NeedButton(
                giver,
                f"Which seat has the button for the next hand at {full.label}? "
                f"{shortfall}: {full.label} gives the player who will be big blind next.",
            )
        if room.needs_button(receiver):
            return NeedButton(
                receiver,
                f"Which seat has the button for the next hand at {short.label}? "
                f"{shortfall}: the player from {full.label} takes the worst position there.",
            )
        big_blind = _mover_seat(room, giver)
        assert team_choice is not None  # the giver's button is known here
        mover_seat = team_choice[1]
        skipped = mover_seat != _next_big_blind(full, room.occupied[giver])
        worst = room.worst_seat(receiver)
        who = (
            "the player after the big blind next (that seat is fixed)"
            if skipped and mover_seat == big_blind
            else "a player after the big blind next (so his team stays spread)"
            if skipped
            else "the big blind next"
        )
        room.move(
            Move(
                room.occupied[giver][mover_seat],
                Seat(giver, mover_seat),
                Seat(receiver, worst.seat),
                MoveKind.BALANCE,
                f"{shortfall}: {who} at {full.label} moves to the worst position, "
                f"{worst.description}",
                worst.deal_in,
            )
        )
    return BalancePlan(room.seating(), tuple(room.moves), room.stats(), tuple(warnings))


def _why_unbalanced(
    room: _Room, counts: Mapping[int, int], receiver: int | None, allowed: int
) -> str:
    least = min(counts.values())
    most = max(counts.values())
    full_short = [n for n in room.tables if counts[n] == least and not room.has_room(n)]
    if full_short:
        return (
            f"The tables cannot be balanced within {allowed}: {_tables_text(full_short)} "
            f"({least} players) has no free open seat; open a seat there to balance."
        )
    assert receiver is not None  # with no free seat anywhere, the short tables are full
    return (
        f"The tables cannot be balanced within {allowed}: every player at the fuller tables "
        f"has a fixed seat (most {most}, {room.tables[receiver].label} {counts[receiver]}); "
        "move a player by hand."
    )


# ------------------------------------------------------------------ breaking and the final table


@dataclass(frozen=True)
class BreakRules:
    """How tables break and where the final table plays.

    Attributes:
        order: The director's break order; tables not listed break after them, the one with
            the fewest players first (it costs the fewest moves; ties: the highest number).
            Numbers of tables no longer in play are skipped.
        final_table: The table that hosts the final table (never broken); by default the
            lowest-numbered table not in the director's order.
        final_table_size: How many players the final table seats; by default its open seats.

    >>> BreakRules(order=(4, 2)).order
    (4, 2)
    """

    order: tuple[int, ...] = ()
    final_table: int | None = None
    final_table_size: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", tuple(self.order))
        seen: set[int] = set()
        for number in self.order:
            if not _is_int(number) or number < 1:
                raise SeatingError(f"Break order: {number!r} is not a table number.")
            if number in seen:
                raise SeatingError(f"Break order: table {number} appears twice.")
            seen.add(number)
        if self.final_table is not None and self.final_table in seen:
            raise SeatingError(
                f"Table {self.final_table} hosts the final table, so it cannot be in the "
                "break order."
            )
        size = self.final_table_size
        if size is not None and (not _is_int(size) or not 2 <= size <= MAX_SEATS):
            raise SeatingError(f"The final table seats 2 to {MAX_SEATS} players (got {size!r}).")


def break_order(seating: Seating, rules: BreakRules | None = None) -> tuple[int, ...]:
    """The tables in the order they break; the last one hosts the final table.

    Unless the director says otherwise, the next table to break is the one with the fewest
    players, since each of its players is a move (ties: the highest number); the final table
    plays at the lowest-numbered table.

    Raises:
        SeatingError: The chosen final table is not in play.

    >>> room = Seating(tuple(Table(n) for n in (1, 2, 3, 4)))
    >>> break_order(room), break_order(room, BreakRules(order=(2,), final_table=4))
    ((4, 3, 2, 1), (2, 3, 1, 4))
    >>> room = Seating(tuple(Table(n, seat_count=4) for n in (1, 2, 3)),
    ...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(2, 1), 4: Seat(3, 1), 5: Seat(3, 2)})
    >>> room.counts(), break_order(room)
    ({1: 2, 2: 1, 3: 2}, (2, 3, 1))
    """
    rules = rules or BreakRules()
    numbers = [t.number for t in seating.tables]
    final = rules.final_table
    if final is not None and not seating.has_table(final):
        raise SeatingError(f"Table {final} was chosen for the final table but is not in play.")
    listed = [n for n in rules.order if n in numbers]
    rest = [n for n in numbers if n not in listed and n != final]
    if final is None and rest:
        final = min(rest)
        rest.remove(final)
    counts = seating.counts()
    rest.sort(key=lambda n: (counts.get(n, 0), -n))
    return tuple(listed + rest + ([final] if final is not None else []))


def break_costs(seating: Seating, rules: BreakRules | None = None) -> dict[int, int]:
    """The moves each table would cost if it broke now, for the tables that can break.

    A table can break when its players fit in the open seats of the other tables; the final
    table's host never breaks. Breaking moves every player of the table.

    >>> room = Seating(tuple(Table(n, seat_count=4) for n in (1, 2, 3)),
    ...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(2, 1), 4: Seat(3, 1), 5: Seat(3, 2)})
    >>> break_costs(room)
    {2: 1, 3: 2}
    """
    order = break_order(seating, rules)
    counts = seating.counts()
    total = seating.player_count
    costs: dict[int, int] = {}
    for number in order[:-1]:
        others = sum(t.open_seat_count for t in seating.tables if t.number != number)
        if total <= others:
            costs[number] = counts.get(number, 0)
    return costs


def _final_layout(host: Table, size: int | None, keep: set[int]) -> Table:
    """The host table set for the final: `size` open seats, the button to be drawn."""
    closed = set(host.closed_seats)
    if size is not None:
        if size > host.open_seat_count:
            raise SeatingError(
                f"{host.label} has only {host.open_seat_count} open seats; the final table is "
                f"set to {size} players."
            )
        # Close the highest free seats first; seats kept by fixed players stay open.
        for seat in sorted(host.open_seats, reverse=True):
            if host.seat_count - len(closed) <= size:
                break
            if seat not in keep:
                closed.add(seat)
    return replace(host, closed_seats=frozenset(closed), button=None)


@dataclass(frozen=True)
class BreakPlan:
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


def plan_breaks(
    seating: Seating,
    rng: random.Random,
    *,
    rules: BreakRules | None = None,
    stats: MoveStats | None = None,
    teams: Mapping[PlayerId, str] | None = None,
) -> BreakPlan:
    """Break tables as soon as the players fit at one table fewer; form the final table.

    Tables break in `break_order`: the next table breaks when the players fit in the open seats
    of the tables after it, and all the tables that break are decided first, so nobody is moved
    to a table that breaks in the same plan. Their players, in random order, each draw a table
    among the shortest tables with a free seat (so the room stays balanced), then a random seat;
    they can get any seat, and are dealt in at once except between the small blind and the
    button. With two tables left, they do not merge by that rule: the final table forms when
    every player fits at it (`BreakRules.final_table_size`), and everyone redraws for seats there
    (a player with a fixed seat already at the final table keeps it). With `teams`, a team
    member draws among those shortest tables the ones with the fewest of his team, and team
    members draw first (the largest team first), while most tables are still short: the same
    moves, teams kept spread.

    Raises:
        SeatingError: The final table is not in play or has fewer open seats than its size.

    >>> room = Seating((Table(1, seat_count=4), Table(2, seat_count=4), Table(3, seat_count=4)),
    ...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(2, 1), 4: Seat(2, 2), 5: Seat(3, 1)})
    >>> plan = plan_breaks(room, random.Random(5))
    >>> plan.broken, sorted(plan.seating.counts().values()), plan.moves[0].kind.value
    ((3,), [2, 3], 'break')
    """
    rules = rules or BreakRules()
    order = list(break_order(seating, rules))
    room = _Room(seating, stats or MoveStats(), teams)
    host = order[-1]
    size = rules.final_table_size or room.tables[host].open_seat_count
    if size > room.tables[host].open_seat_count:
        _final_layout(room.tables[host], size, set())  # raises the director's message
    total = seating.player_count
    if total <= size and len(order) > 1:
        _form_final_table(room, host, rules.final_table_size, rng)
        return BreakPlan(room.seating(), tuple(room.moves), room.stats(), tuple(order[:-1]), host)
    # Decide every table that breaks first, so nobody is moved to a table that breaks next.
    # The director's listed tables break in his order; after them, the first table in
    # `break_order` whose players fit at the other tables (a small table may fit where the
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
    return BreakPlan(room.seating(), tuple(room.moves), room.stats(), tuple(breaking), None)


def _break_table(room: _Room, number: int, breaking: set[int], rng: random.Random) -> None:
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
                f"{label} breaks: random draw of table, then seat{_deal_in_note(deal_in)}",
                deal_in,
            )
        )
    del room.tables[number]
    del room.occupied[number]
    del room.waiting[number]


def _team_tables(
    room: _Room, players: list[PlayerId], breaking: set[int], rng: random.Random
) -> dict[PlayerId, int]:
    """The table each player of a breaking table draws when some of them are on teams.

    As without teams, the shortest tables fill first (the same moves, the room stays balanced);
    which player takes which of those places spreads the teams: the largest team first, each
    member to the table with the fewest of his team (as at the first draw), then swaps that
    narrow the spreads.
    """
    staying = {n: room.count(n) for n in room.tables if n not in breaking}
    capacity = {n: room.tables[n].open_seat_count for n in staying}
    slots = _pick_tables(staying, capacity, len(players), rng)
    counts = count_teams({n: room.occupied[n] for n in staying}, room.teams)
    seated = {n: {team: c[n] for team, c in counts.items() if n in c} for n in staying}
    chosen = _assign_tables(players, slots, room.teams, dict(seated), rng)
    return improve_by_swaps(chosen, room.teams, counts, tuple(staying))


def _form_final_table(room: _Room, host: int, size: int | None, rng: random.Random) -> None:
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


def busts_until_break(seating: Seating, rules: BreakRules | None = None) -> int | None:
    """How many more players must go out before the next table breaks or the final forms.

    None when only one table is left.

    >>> room = Seating((Table(1, seat_count=4), Table(2, seat_count=4), Table(3, seat_count=4)),
    ...                {n: Seat((n - 1) // 3 + 1, (n - 1) % 3 + 1) for n in range(1, 10)})
    >>> busts_until_break(room)
    1
    """
    rules = rules or BreakRules()
    order = break_order(seating, rules)
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
