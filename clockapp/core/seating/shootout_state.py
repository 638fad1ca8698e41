"""Shootout state: the rounds, who went out and how, and the transitions every action shares.

Split out of `clockapp.core.seating.shootout` (which re-exports these names): the value objects,
and how players leave a table (`with_exits`), kept apart from drawing rounds and from time limits
(`clockapp.core.seating.shootout_time`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType

from clockapp.core.seating import PlayerId, Seating, SeatingError, without_player
from clockapp.core.seating.room import is_int
from clockapp.i18n import gettext as _


class ShootoutError(SeatingError):
    """A shootout action that cannot be accepted."""


class ExitCause(StrEnum):
    """How a player left a shootout table."""

    BUSTED = "busted"
    TIME_LIMIT = "time limit"


@dataclass(frozen=True)
class ShootoutExit:
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
            raise ShootoutError(_("An exit needs at least one player."))


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
        exits: Everyone out so far (busted or out at the time limit), in order.
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
    exits: tuple[ShootoutExit, ...] = ()
    time_limit_minutes: int | None = None
    round_limits: tuple[int | None, ...] = ()
    advance: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.rounds:
            raise ShootoutError(_("A shootout needs a first round."))
        object.__setattr__(self, "round_limits", tuple(self.round_limits))
        object.__setattr__(self, "advance", tuple(self.advance))
        for count in self.advance:
            if not is_int(count) or count < 1:
                raise ShootoutError(
                    _("Players through from each table must be 1 or more (got {count!r}).").format(
                        count=count
                    )
                )
        for limit in (self.time_limit_minutes, *self.round_limits):
            if limit is not None and (not is_int(limit) or limit < 1):
                raise ShootoutError(
                    _("Shootout time limit must be 1 minute or more (got {limit!r}).").format(
                        limit=limit
                    )
                )

    def advance_of(self, number: int | None = None) -> int:
        """How many players each table of a round sends on (1 at the final table).

        >>> import random
        >>> from clockapp.core.seating import Table
        >>> from clockapp.core.seating.shootout import start_shootout
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

        >>> import random
        >>> from clockapp.core.seating import Table
        >>> from clockapp.core.seating.shootout import start_shootout
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


def table_of(shootout: Shootout, player: PlayerId) -> int:
    current = shootout.current
    seat = current.seating.seat_of(player)
    if seat is None:
        raise ShootoutError(
            _("Player {player} is not playing in round {number} (already out?).").format(
                player=player, number=current.number
            )
        )
    if seat.table in current.winners:
        raise ShootoutError(
            _("Player {player} has already won table {table}.").format(
                player=player, table=seat.table
            )
        )
    if seat.table in current.through:
        raise ShootoutError(
            _("Player {player} is already through from table {table}.").format(
                player=player, table=seat.table
            )
        )
    return seat.table


def with_exits(
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
            seating = without_player(seating, player)
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
    exits = tuple(ShootoutExit(g, current.number, table, cause) for g in groups)
    after = replace(current, seating=seating, winners=winners, through=through)
    return replace(
        shootout,
        rounds=(*shootout.rounds[:-1], after),
        exits=shootout.exits + exits,
    )


def tied_blocks(exits: Sequence[ShootoutExit]) -> list[list[ShootoutExit]]:
    """Exits sharing one place: a group, or time-outs of one round with equal chips."""
    blocks: list[list[ShootoutExit]] = []
    for exit_ in exits:
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
