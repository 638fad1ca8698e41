"""Shootouts: every table plays down to one winner, and the winners meet at a final table.

There is no balancing and no breaking. Each first-round table plays until one player is left
(or, with `Shootout.advance`, the number of players each table sends on), or, when the round has
a time limit (`Shootout.limit_of`, see `clockapp.core.seating.shootout_time`), until the limit,
when the table's chip leaders go on.
The table winners bring the chips they won to the next round (tables may have differed by one
player, so their stacks differ). When all winners fit at one table that round is the final table,
which plays to the end. Finishing places follow the order of busts; players out together
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
from dataclasses import replace

from clockapp.core.seating import (
    PlayerId,
    Seating,
    Table,
    draw_seats,
    players_text,
)
from clockapp.core.seating.hand_for_hand import rank_busts
from clockapp.core.seating.room import is_int
from clockapp.core.seating.shootout_state import (
    ExitCause,
    Place,
    Shootout,
    ShootoutError,
    ShootoutRound,
    table_of,
    tied_blocks,
    with_exits,
)
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext


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
        # More players than seats: at least two players unless no seat is open.
        if count == 1:
            text = _("Cannot seat 1 player: the tables given have no open seat.")
        else:
            text = ngettext(
                "Cannot seat {count} players: the tables given have only {seats} open seat.",
                "Cannot seat {count} players: the tables given have only {seats} open seats.",
                seats,
            )
        raise ShootoutError(text.format(count=count, seats=seats))
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
                _(
                    "Table {table} would start round {number} with {count} player: every "
                    "table needs at least 2. Use fewer, smaller tables."
                ).format(table=table, number=number, count=count)
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
        raise ShootoutError(
            _("Player {twice} is listed twice for the shootout.").format(twice=twice)
        )
    if len(listed) < 2:
        raise ShootoutError(_("A shootout needs at least 2 players."))
    first = _draw_round(1, listed, tables, rng, {})
    shootout = Shootout(
        frozenset(listed), (first,), (), time_limit_minutes, tuple(round_limits), tuple(advance)
    )
    going = shootout.advance_of()
    small = [n for n, c in first.seating.counts().items() if c <= going]
    if small:
        raise ShootoutError(
            _(
                "Table {small} would start with {count} players but {going} of each "
                "table go through: use fewer tables, or send fewer on."
            ).format(small=small[0], count=first.seating.count(small[0]), going=going)
        )
    return shootout


def shootout_bust(shootout: Shootout, player: PlayerId) -> Shootout:
    """A player is out; the last player left at a table wins it.

    Raises:
        ShootoutError: The player is not in the current round, or has already won the table.

    >>> s = start_shootout([1, 2, 3], [Table(1, seat_count=3)], random.Random(1))
    >>> shootout_bust(shootout_bust(s, 1), 3).champion
    2
    """
    table = table_of(shootout, player)
    return with_exits(shootout, table, [(player,)], ExitCause.BUSTED)


def shootout_hand_busts(shootout: Shootout, starting_chips: Mapping[PlayerId, int]) -> Shootout:
    """Several players at one table out in the same hand, ranked by the chips they started with.

    Raises:
        ShootoutError: The players are not all at one table of the current round, nobody would be
            left there, or a chip count is not 1 or more.

    >>> s = start_shootout([1, 2, 3], [Table(1, seat_count=3)], random.Random(1))
    >>> s = shootout_hand_busts(s, {1: 300, 3: 800})
    >>> [e.players for e in s.exits], s.champion
    ([(1,), (3,)], 2)
    """
    if not starting_chips:
        raise ShootoutError(_("No players given as out in the hand."))
    tables = {table_of(shootout, p) for p in starting_chips}
    if len(tables) > 1:
        raise ShootoutError(
            _("Players out in the same hand must be at the same table (got tables {join}).").format(
                join=", ".join(str(t) for t in sorted(tables))
            )
        )
    (table,) = tables
    for player, chips in starting_chips.items():
        if not is_int(chips) or chips < 1:
            raise ShootoutError(
                _(
                    "Player {player} started the hand with {chips!r} chips; it must be 1 or more."
                ).format(player=player, chips=chips)
            )
    if len(starting_chips) >= len(shootout.current.seating.players_at(table)):
        raise ShootoutError(
            _("Someone must win the hand: not every player at table {table} is out.").format(
                table=table
            )
        )
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
                _(
                    "Table {table} sends {going} players on: the stacks at the start of the "
                    "hand do not say who goes through (equal stacks): play on."
                ).format(table=table, going=going)
            )
        starting_chips = {p: c for p, c in starting_chips.items() if p not in kept}
    groups = rank_busts(starting_chips)[::-1]
    return with_exits(shootout, table, groups, ExitCause.BUSTED)


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
        raise ShootoutError(
            _("The shootout is over: player {champion} won.").format(champion=shootout.champion)
        )
    if not current.finished:
        waiting = sorted(t.number for t in current.seating.tables if not current.is_done(t.number))
        raise ShootoutError(
            _("Round {number} is not finished: table(s) {join} still play.").format(
                number=current.number, join=", ".join(map(str, waiting))
            )
        )
    winners = set(current.advancing)
    if set(chips) != winners:
        raise ShootoutError(
            _("Chip counts must cover exactly the table winners: {players_text}.").format(
                players_text=players_text(winners)
            )
        )
    for player, count in chips.items():
        if not is_int(count) or count < 1:
            raise ShootoutError(
                _("Player {player} has {count!r} chips; a winner has 1 or more.").format(
                    player=player, count=count
                )
            )
    order = list(current.advancing)
    next_round = _draw_round(current.number + 1, order, tables, rng, chips)
    after = replace(shootout, rounds=(*shootout.rounds, next_round))
    going = after.advance_of()
    small = [n for n, c in next_round.seating.counts().items() if c <= going]
    if small:
        raise ShootoutError(
            _(
                "Table {small} would start round {number} with {count} players but "
                "{going} of each table go through: give the round fewer tables, or send "
                "fewer on."
            ).format(
                small=small[0],
                number=next_round.number,
                count=next_round.seating.count(small[0]),
                going=going,
            )
        )
    return after


def shootout_places(shootout: Shootout) -> tuple[Place, ...]:
    """Finishing places so far, best first: the winner, then by order of busts (reversed).

    Players still playing have no place yet. Tied players share the best place of their group.

    >>> s = start_shootout([1, 2, 3], [Table(1, seat_count=3)], random.Random(1))
    >>> [(p.place, p.player) for p in shootout_places(shootout_bust(s, 2))]
    [(3, 2)]
    """
    total = len(shootout.entrants)
    out = 0
    places: list[Place] = []
    for block in tied_blocks(shootout.exits):
        size = sum(len(e.players) for e in block)
        place = total - out - size + 1
        places.extend(Place(place, p, e.round, e.cause) for e in block for p in e.players)
        out += size
    champion = shootout.champion
    if champion is not None:
        places.append(Place(1, champion, shootout.current.number, None))
    return tuple(sorted(places, key=lambda p: (p.place, p.player)))
