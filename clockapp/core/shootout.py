"""Shootouts: every table plays down to one winner, and the winners meet at a final table.

There is no balancing and no breaking. Each first-round table plays until one player is left,
or, when the shootout has a time limit, until the limit, when the table's chip leader wins it.
The table winners bring the chips they won to the next round (tables may have differed by one
player, so their stacks differ). When all winners fit at one table that round is the final table,
which plays to the end. Finishing places follow the order of elimination; players out together
(in the same hand, or at a time limit) are ranked by chips, and equal chips share a place.

>>> rng = random.Random(2)
>>> shootout = start_shootout(range(1, 7), [Table(1, seat_count=3), Table(2, seat_count=3)], rng)
>>> for table in (1, 2):
...     for player in shootout.current.remaining(table)[1:]:
...         shootout = shootout_bust(shootout, player)
>>> stacks = {winner: 3000 for winner in shootout.current.winners.values()}
>>> final = advance_shootout(shootout, stacks, [Table(1, seat_count=3)], rng)
>>> final.current.is_final, [p.place for p in shootout_places(final)]
(True, [3, 4, 5, 6])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta
from enum import StrEnum
from types import MappingProxyType

from clockapp.core.hand_for_hand import rank_busts
from clockapp.core.seating import (
    PlayerId,
    Seating,
    SeatingError,
    Table,
    draw_seats,
    eliminate,
    players_text,
)


class ShootoutError(SeatingError):
    """A shootout action that cannot be accepted."""


class ExitCause(StrEnum):
    """How a player left a shootout table."""

    BUSTED = "busted"
    TIME_LIMIT = "time limit"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Elimination:
    """Players who went out together and share one finishing place.

    Attributes:
        players: The players (more than one only for a tie).
        round: The round they went out in, from 1.
        table: Their table.
        cause: Busted, or out at the time limit.
        chips: At a time limit, the chips each of them had (they rank by it); else None.
    """

    players: tuple[PlayerId, ...]
    round: int
    table: int
    cause: ExitCause
    chips: int | None = None

    def __post_init__(self) -> None:
        if not self.players:
            raise ShootoutError("An elimination needs at least one player.")


@dataclass(frozen=True)
class ShootoutRound:
    """One round: its tables, the players still in, and the tables already won.

    Attributes:
        number: The round number, from 1.
        seating: The players still at the tables (a won table keeps only its winner).
        winners: The winner of each finished table, by table number.
        stacks: The chips each player brought into this round (empty for the first round).
        through: When the round sends several players of each table on (`Shootout.advance`),
            the players through from each finished table, best first, by table number.
    """

    number: int
    seating: Seating
    winners: Mapping[int, PlayerId] = field(default_factory=dict)
    stacks: Mapping[PlayerId, int] = field(default_factory=dict)
    through: Mapping[int, tuple[PlayerId, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "winners", MappingProxyType(dict(self.winners)))
        object.__setattr__(self, "stacks", MappingProxyType(dict(self.stacks)))
        object.__setattr__(self, "through", MappingProxyType(dict(self.through)))

    def __hash__(self) -> int:
        return hash((self.number, self.seating, frozenset(self.winners.items())))

    @property
    def finished(self) -> bool:
        """Whether every table of the round is finished (has its winner, or its players through)."""
        return len(self.winners) + len(self.through) == len(self.seating.tables)

    def is_done(self, table: int) -> bool:
        """Whether a table of the round is finished."""
        return table in self.winners or table in self.through

    def going_through(self, table: int) -> tuple[PlayerId, ...]:
        """The players a finished table sends on (empty while it plays)."""
        if table in self.winners:
            return (self.winners[table],)
        return tuple(self.through.get(table, ()))

    @property
    def advancing(self) -> tuple[PlayerId, ...]:
        """Everyone through to the next round so far, by table."""
        return tuple(
            p for t in sorted({*self.winners, *self.through}) for p in self.going_through(t)
        )

    @property
    def is_final(self) -> bool:
        """Whether this round is the final table."""
        return len(self.seating.tables) == 1

    def remaining(self, table: int) -> tuple[PlayerId, ...]:
        """The players still at a table, in seat order."""
        players = self.seating.players_at(table)
        return tuple(players[s] for s in sorted(players))


@dataclass(frozen=True)
class Place:
    """A finishing place.

    Attributes:
        place: 1 for the winner; tied players share the best place of their group.
        player: Who.
        round: The round the player went out in (the final round for the winner).
        cause: How the player went out; None for the winner.
    """

    place: int
    player: PlayerId
    round: int
    cause: ExitCause | None


@dataclass(frozen=True)
class Shootout:
    """A shootout tournament.

    Attributes:
        entrants: Everyone who started.
        rounds: The rounds so far; the last one is being played.
        eliminations: Everyone out so far, in order.
        time_limit_minutes: Each table's time limit, or None when tables play to one winner.
            A final table after the first round plays to the end.
        round_limits: Each round's own time limit in minutes, round 1 first (None: that round
            plays to the end); rounds past the list use `time_limit_minutes`.
        advance: How many players of each table go through from each round, round 1 first
            (the rules sheet's "tables play down to 3"); 1 for rounds past the list, and always 1
            at the final table.
    """

    entrants: frozenset[PlayerId]
    rounds: tuple[ShootoutRound, ...]
    eliminations: tuple[Elimination, ...] = ()
    time_limit_minutes: int | None = None
    round_limits: tuple[int | None, ...] = ()
    advance: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.rounds:
            raise ShootoutError("A shootout needs a first round.")
        object.__setattr__(self, "round_limits", tuple(self.round_limits))
        object.__setattr__(self, "advance", tuple(self.advance))
        for count in self.advance:
            if not _is_int(count) or count < 1:
                raise ShootoutError(
                    f"Players through from each table must be 1 or more (got {count!r})."
                )
        for limit in (self.time_limit_minutes, *self.round_limits):
            if limit is not None and (not _is_int(limit) or limit < 1):
                raise ShootoutError(
                    f"Shootout time limit must be 1 minute or more (got {limit!r})."
                )

    def advance_of(self, number: int | None = None) -> int:
        """How many players each table of a round sends on (1 at the final table).

        >>> s = start_shootout(range(12), [Table(1, seat_count=6), Table(2, seat_count=6)],
        ...                    random.Random(1), advance=(3,))
        >>> s.advance_of(1)
        3
        """
        number = self.current.number if number is None else number
        if number > len(self.advance) or self.rounds[number - 1].is_final:
            return 1
        return self.advance[number - 1]

    def limit_of(self, number: int | None = None) -> int | None:
        """The time limit in minutes of a round drawn so far (the current one by default).

        >>> s = start_shootout(range(4), [Table(1, seat_count=2), Table(2, seat_count=2)],
        ...                    random.Random(1), time_limit_minutes=60, round_limits=(45,))
        >>> s.limit_of(1)
        45
        """
        number = self.current.number if number is None else number
        if number <= len(self.round_limits):
            return self.round_limits[number - 1]
        if number > 1 and self.rounds[number - 1].is_final:
            return None  # the final table plays to the end
        return self.time_limit_minutes

    @property
    def current(self) -> ShootoutRound:
        """The round being played."""
        return self.rounds[-1]

    @property
    def champion(self) -> PlayerId | None:
        """The winner of the final table, once there is one."""
        current = self.current
        if current.is_final and current.finished:
            return next(iter(current.winners.values()))
        return None


def _choose_tables(count: int, tables: Sequence[Table]) -> tuple[Table, ...]:
    """The fewest tables, lowest numbers first, with seats for everyone."""
    chosen: list[Table] = []
    seats = 0
    for table in sorted(tables, key=lambda t: t.number):
        if seats >= count:
            break
        chosen.append(replace(table, button=None))
        seats += table.open_seat_count
    if seats < count:
        raise ShootoutError(
            f"Cannot seat {count} players: the tables given have only {seats} open seats."
        )
    return tuple(chosen)


def _draw_round(
    number: int,
    players: Sequence[PlayerId],
    tables: Sequence[Table],
    rng: random.Random,
    stacks: Mapping[PlayerId, int],
) -> ShootoutRound:
    drawn = draw_seats(Seating(_choose_tables(len(players), tables)), players, rng)
    for table, count in drawn.seating.counts().items():
        if count < 2:
            raise ShootoutError(
                f"Table {table} would start round {number} with {count} player: every table "
                "needs at least 2. Use fewer, smaller tables."
            )
    return ShootoutRound(number, drawn.seating, {}, stacks)


def start_shootout(
    players: Iterable[PlayerId],
    tables: Sequence[Table],
    rng: random.Random,
    *,
    time_limit_minutes: int | None = None,
    round_limits: Sequence[int | None] = (),
    advance: Sequence[int] = (),
) -> Shootout:
    """Draw the first round: as few tables as needed (lowest numbers first), differing by one.

    Raises:
        ShootoutError: Fewer than two players, a player listed twice, not enough seats, or a
            table that would start with a single player.

    >>> s = start_shootout(range(10), [Table(n, seat_count=6) for n in (1, 2, 3)], random.Random(1))
    >>> s.current.seating.counts()
    {1: 5, 2: 5}
    """
    listed = list(players)
    if len(set(listed)) != len(listed):
        twice = next(p for p in listed if listed.count(p) > 1)
        raise ShootoutError(f"Player {twice} is listed twice for the shootout.")
    if len(listed) < 2:
        raise ShootoutError("A shootout needs at least 2 players.")
    first = _draw_round(1, listed, tables, rng, {})
    shootout = Shootout(
        frozenset(listed), (first,), (), time_limit_minutes, tuple(round_limits), tuple(advance)
    )
    going = shootout.advance_of()
    small = [n for n, c in first.seating.counts().items() if c <= going]
    if small:
        raise ShootoutError(
            f"Table {small[0]} would start with {first.seating.count(small[0])} players but "
            f"{going} of each table go through: use fewer tables, or send fewer on."
        )
    return shootout


def _table_of(shootout: Shootout, player: PlayerId) -> int:
    current = shootout.current
    seat = current.seating.seat_of(player)
    if seat is None:
        raise ShootoutError(
            f"Player {player} is not playing in round {current.number} (already out?)."
        )
    if seat.table in current.winners:
        raise ShootoutError(f"Player {player} has already won table {seat.table}.")
    if seat.table in current.through:
        raise ShootoutError(f"Player {player} is already through from table {seat.table}.")
    return seat.table


def _with_exits(
    shootout: Shootout,
    table: int,
    groups: Sequence[tuple[PlayerId, ...]],
    cause: ExitCause,
    leaders: Sequence[PlayerId] = (),
) -> Shootout:
    """The shootout after groups of players at one table went out, worst place first."""
    current = shootout.current
    seating = current.seating
    for group in groups:
        for player in group:
            seating = eliminate(seating, player)
    winners = dict(current.winners)
    through = dict(current.through)
    left = seating.players_at(table)
    going = shootout.advance_of()
    if len(left) == 1 and going == 1:
        winners[table] = next(iter(left.values()))
    elif len(left) == going:
        # Best first: at a time limit the chip order (`leaders`), else seat order.
        order = [p for p in leaders if p in left.values()] + sorted(
            p for p in left.values() if p not in leaders
        )
        through[table] = tuple(order)
    exits = tuple(Elimination(g, current.number, table, cause) for g in groups)
    after = replace(current, seating=seating, winners=winners, through=through)
    return replace(
        shootout,
        rounds=(*shootout.rounds[:-1], after),
        eliminations=shootout.eliminations + exits,
    )


def shootout_bust(shootout: Shootout, player: PlayerId) -> Shootout:
    """A player is out; the last player left at a table wins it.

    Raises:
        ShootoutError: The player is not in the current round, or has already won the table.

    >>> s = start_shootout([1, 2, 3], [Table(1, seat_count=3)], random.Random(1))
    >>> shootout_bust(shootout_bust(s, 1), 3).champion
    2
    """
    table = _table_of(shootout, player)
    return _with_exits(shootout, table, [(player,)], ExitCause.BUSTED)


def shootout_hand_busts(shootout: Shootout, starting_chips: Mapping[PlayerId, int]) -> Shootout:
    """Several players at one table out in the same hand, ranked by the chips they started with.

    Raises:
        ShootoutError: The players are not all at one table of the current round, nobody would be
            left there, or a chip count is not 1 or more.

    >>> s = start_shootout([1, 2, 3], [Table(1, seat_count=3)], random.Random(1))
    >>> s = shootout_hand_busts(s, {1: 300, 3: 800})
    >>> [e.players for e in s.eliminations], s.champion
    ([(1,), (3,)], 2)
    """
    if not starting_chips:
        raise ShootoutError("No players given as out in the hand.")
    tables = {_table_of(shootout, p) for p in starting_chips}
    if len(tables) > 1:
        raise ShootoutError(
            "Players out in the same hand must be at the same table "
            f"(got tables {', '.join(str(t) for t in sorted(tables))})."
        )
    (table,) = tables
    for player, chips in starting_chips.items():
        if not _is_int(chips) or chips < 1:
            raise ShootoutError(
                f"Player {player} started the hand with {chips!r} chips; it must be 1 or more."
            )
    if len(starting_chips) >= len(shootout.current.seating.players_at(table)):
        raise ShootoutError(f"Someone must win the hand: not every player at table {table} is out.")
    going = shootout.advance_of()
    left = len(shootout.current.seating.players_at(table)) - len(starting_chips)
    if left < going:
        # The hand decides who goes through: the bigger stacks among them do, ties play on.
        groups = rank_busts(starting_chips)
        kept = [p for g in groups for p in g][: going - left]
        if len(kept) < going - left or any(
            starting_chips[p] == starting_chips[q]
            for p in kept
            for q in starting_chips
            if q not in kept
        ):
            raise ShootoutError(
                f"Table {table} sends {going} players on: the stacks at the start of the hand "
                "do not say who goes through (equal stacks): play on."
            )
        starting_chips = {p: c for p, c in starting_chips.items() if p not in kept}
    groups = rank_busts(starting_chips)[::-1]
    return _with_exits(shootout, table, groups, ExitCause.BUSTED)


def shootout_time_limit(
    shootout: Shootout,
    table: int,
    chips: Mapping[PlayerId, int],
    *,
    elapsed: timedelta | None = None,
) -> Shootout:
    """A table's time is up: its chip leader wins it and the others go out by chip count.

    Every table of a round reaches the round's limit at the same moment, so the players out at
    the time limit in one round are ranked together by chips, whichever table's counts were
    entered first: their places sit where the round's first time-out was recorded, and equal
    counts at different tables share a place (see `shootout_places`).

    Args:
        shootout: The shootout.
        table: The table whose time is up.
        chips: The chip count of every player still at the table.
        elapsed: How long the round has been playing; a time-out before the round's limit is
            refused (None: the caller has checked the time).

    Raises:
        ShootoutError: The round has no time limit (or it is not up yet), the table is not
            playing, the counts do not cover exactly the players at the table, or two players
            share the chip lead.

    >>> s = start_shootout([1, 2, 3], [Table(1, seat_count=3)], random.Random(1),
    ...                    time_limit_minutes=60)
    >>> s = shootout_time_limit(s, 1, {1: 5000, 2: 2000, 3: 2000})
    >>> s.champion, [(p.place, p.player) for p in shootout_places(s)]
    (1, [(1, 1), (2, 2), (2, 3)])
    """
    current = shootout.current
    limit = shootout.limit_of()
    if limit is None:
        if shootout.time_limit_minutes is None and not shootout.round_limits:
            raise ShootoutError("This shootout has no time limit: tables play to one winner.")
        what = "The final table" if current.is_final else f"Round {current.number}"
        raise ShootoutError(f"{what} has no time limit: it plays to one winner.")
    if elapsed is not None and elapsed < timedelta(minutes=limit):
        played = int(elapsed.total_seconds() // 60)
        left = timedelta(minutes=limit) - elapsed
        raise ShootoutError(
            f"Time is not up at table {table}: {played} of round {current.number}'s {limit} "
            f"minutes played, {_minutes_text(left)} left."
        )
    if not current.seating.has_table(table):
        raise ShootoutError(f"Table {table} is not playing in round {current.number}.")
    if table in current.winners:
        raise ShootoutError(f"Table {table} already has its winner.")
    at_table = set(current.remaining(table))
    if set(chips) != at_table:
        missing = sorted(at_table - set(chips))
        extra = sorted(set(chips) - at_table)
        raise ShootoutError(
            f"Chip counts for table {table} must cover exactly its players"
            + (f"; missing {players_text(missing)}" if missing else "")
            + (f"; not at the table: {players_text(extra)}" if extra else "")
            + "."
        )
    for player, count in chips.items():
        if not _is_int(count) or count < 1:
            raise ShootoutError(f"Player {player} has {count!r} chips; a player still in has 1+.")
    ranked = rank_busts(chips)
    going = shootout.advance_of()
    if going >= len(at_table):
        raise ShootoutError(f"Table {table} already has no more than {going} players: all go on.")
    kept = 0
    cut = 0
    while kept < going:
        kept += len(ranked[cut])
        cut += 1
    if kept > going:
        tied = players_text(ranked[cut - 1]).capitalize()
        what = "the chip lead" if going == 1 else f"the last place through ({going} go on)"
        raise ShootoutError(
            f"{tied} share {what} at table {table} ({chips[ranked[cut - 1][0]]}): "
            "play on until one of them leads."
        )
    leaders = [p for group in ranked[:cut] for p in group]
    return _time_outs(shootout, table, ranked[cut:][::-1], chips, leaders)


def _minutes_text(left: timedelta) -> str:
    seconds = max(0, int(left.total_seconds()))
    return f"{seconds // 60}:{seconds % 60:02d}"


def _time_outs(
    shootout: Shootout,
    table: int,
    groups: Sequence[tuple[PlayerId, ...]],
    chips: Mapping[PlayerId, int],
    leaders: Sequence[PlayerId],
) -> Shootout:
    """Record a table's time-out, ranked with the round's earlier time-outs by chips."""
    after = _with_exits(shootout, table, groups, ExitCause.TIME_LIMIT, leaders)
    number = shootout.current.number
    kept = after.eliminations[: len(shootout.eliminations)]
    new = [replace(e, chips=chips[e.players[0]]) for e in after.eliminations[len(kept) :]]
    earlier = [e for e in kept if e.round == number and e.cause is ExitCause.TIME_LIMIT]
    if not earlier:
        return replace(after, eliminations=(*kept, *new))
    at = kept.index(earlier[0])
    rest = [e for e in kept if e not in earlier]
    # Worst first: fewest chips; equal chips at different tables stay side by side.
    merged = sorted([*earlier, *new], key=lambda e: (e.chips or 0, e.table))
    return replace(after, eliminations=(*rest[:at], *merged, *rest[at:]))


def advance_shootout(
    shootout: Shootout,
    chips: Mapping[PlayerId, int],
    tables: Sequence[Table],
    rng: random.Random,
) -> Shootout:
    """Seat the table winners, with the chips they won, for the next round.

    The winners redraw for seats on as few of the given tables as hold them (lowest numbers
    first); when they fit at one table, that is the final table.

    Raises:
        ShootoutError: The round is not finished, the shootout is over, or the chip counts do not
            cover exactly the winners.

    >>> s = start_shootout([1, 2, 3, 4], [Table(1, seat_count=2), Table(2, seat_count=2)],
    ...                    random.Random(4))
    >>> s = shootout_bust(shootout_bust(s, 1), 3)
    >>> final = advance_shootout(s, {2: 2000, 4: 2000}, [Table(9, seat_count=2)], random.Random(4))
    >>> final.current.number, final.current.is_final, dict(final.current.stacks)
    (2, True, {2: 2000, 4: 2000})
    """
    current = shootout.current
    if shootout.champion is not None:
        raise ShootoutError(f"The shootout is over: player {shootout.champion} won.")
    if not current.finished:
        waiting = sorted(t.number for t in current.seating.tables if not current.is_done(t.number))
        raise ShootoutError(
            f"Round {current.number} is not finished: table(s) "
            f"{', '.join(map(str, waiting))} still play."
        )
    winners = set(current.advancing)
    if set(chips) != winners:
        raise ShootoutError(
            f"Chip counts must cover exactly the table winners: {players_text(winners)}."
        )
    for player, count in chips.items():
        if not _is_int(count) or count < 1:
            raise ShootoutError(f"Player {player} has {count!r} chips; a winner has 1 or more.")
    order = list(current.advancing)
    next_round = _draw_round(current.number + 1, order, tables, rng, chips)
    after = replace(shootout, rounds=(*shootout.rounds, next_round))
    going = after.advance_of()
    small = [n for n, c in next_round.seating.counts().items() if c <= going]
    if small:
        raise ShootoutError(
            f"Table {small[0]} would start round {next_round.number} with "
            f"{next_round.seating.count(small[0])} players but {going} of each table go through: "
            "give the round fewer tables, or send fewer on."
        )
    return after


def _tied_blocks(eliminations: Sequence[Elimination]) -> list[list[Elimination]]:
    """Eliminations sharing one place: a group, or time-outs of one round with equal chips."""
    blocks: list[list[Elimination]] = []
    for exit_ in eliminations:
        last = blocks[-1][-1] if blocks else None
        timed_out = exit_.cause is ExitCause.TIME_LIMIT
        if (
            timed_out
            and last is not None
            and last.cause is ExitCause.TIME_LIMIT
            and (exit_.round, exit_.chips) == (last.round, last.chips)
        ):
            blocks[-1].append(exit_)
        else:
            blocks.append([exit_])
    return blocks


def shootout_places(shootout: Shootout) -> tuple[Place, ...]:
    """Finishing places so far, best first: the winner, then by order of elimination (reversed).

    Players still playing have no place yet. Tied players share the best place of their group.

    >>> s = start_shootout([1, 2, 3], [Table(1, seat_count=3)], random.Random(1))
    >>> [(p.place, p.player) for p in shootout_places(shootout_bust(s, 2))]
    [(3, 2)]
    """
    total = len(shootout.entrants)
    out = 0
    places: list[Place] = []
    for block in _tied_blocks(shootout.eliminations):
        size = sum(len(e.players) for e in block)
        place = total - out - size + 1
        places.extend(Place(place, p, e.round, e.cause) for e in block for p in e.players)
        out += size
    champion = shootout.champion
    if champion is not None:
        places.append(Place(1, champion, shootout.current.number, None))
    return tuple(sorted(places, key=lambda p: (p.place, p.player)))
