"""Random seating: the first draw of the whole field, and one late entry or re-entry at a time.

Randomness comes from an injected `random.Random`, like dealing out seat cards: the shortest tables
fill first, team members are spread, and a newcomer is never dealt in between the small blind and
the button.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from clockapp.core.seating.players import PlayerId, players_text
from clockapp.core.seating.positions import DealIn, table_deal_in
from clockapp.core.seating.room import Seat, Seating, SeatingError, check_free_seat
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext


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


def pick_tables(
    counts: dict[int, int], capacity: Mapping[int, int], how_many: int, rng: random.Random
) -> dict[int, int]:
    """How many new players each table gets, filling the shortest tables first.

    Ties between equally short tables are broken at random, as if the seat cards were shuffled.
    """
    slots = dict.fromkeys(counts, 0)
    heap = [(counts[t], rng.random(), t) for t in sorted(counts) if counts[t] < capacity[t]]
    heapq.heapify(heap)
    for _unused in range(how_many):
        count, _key, table = heapq.heappop(heap)
        slots[table] += 1
        if count + 1 < capacity[table]:
            heapq.heappush(heap, (count + 1, rng.random(), table))
    return slots


def assign_tables(
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

    >>> from clockapp.core.seating.room import Table
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
            raise SeatingError(
                _("Player {player} is listed twice in the draw.").format(player=player)
            )
        listed.add(player)
        where = seating.seat_of(player)
        if where is not None:
            raise SeatingError(
                _("Player {player} is already seated at {where}.").format(
                    player=player, where=where
                )
            )
    taken: dict[Seat, PlayerId] = {}
    for player, seat in fixed.items():
        if player not in listed:
            raise SeatingError(
                _("Player {player} has a fixed seat but is not in the draw.").format(player=player)
            )
        check_free_seat(seating, seat)
        if seat in taken:
            raise SeatingError(
                _("{seat} is fixed for {players_text}.").format(
                    seat=seat, players_text=players_text((taken[seat], player))
                )
            )
        taken[seat] = player
    if len(players) > seating.free_seat_count:
        free = seating.free_seat_count
        # Short of seats, at least two players wait unless no seat is free: the plural follows
        # the seats, and a single player gets a sentence of their own.
        if len(players) == 1:
            text = _("Cannot seat 1 player: no open seat is free. Add a table or open seats first.")
        else:
            text = ngettext(
                "Cannot seat {count} players: only {free} open seat is free. Add a table or "
                "open seats first.",
                "Cannot seat {count} players: only {free} open seats are free. Add a table or "
                "open seats first.",
                free,
            )
        raise SeatingError(text.format(count=len(players), free=free))
    seats = dict(seating.seats)
    seats.update(fixed)
    with_fixed = Seating(seating.tables, seats, seating.fixed | set(fixed))
    to_draw = [p for p in players if p not in fixed]
    rng.shuffle(to_draw)
    capacity = {t.number: t.open_seat_count for t in with_fixed.tables}
    slots = pick_tables(with_fixed.counts(), capacity, len(to_draw), rng)
    tables_for = assign_tables(to_draw, slots, teams, _team_counts(with_fixed, teams), rng)
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

    >>> from clockapp.core.seating.room import Table
    >>> room = Seating((Table(1, seat_count=6, button=1), Table(2, seat_count=6)),
    ...                {1: Seat(1, 1), 2: Seat(1, 4), 3: Seat(2, 2)})
    >>> late = draw_seat(room, 9, random.Random(3))
    >>> late.seat.table, late.deal_in
    (2, <DealIn.NOW: 'now'>)
    """
    where = seating.seat_of(player)
    if where is not None:
        raise SeatingError(
            _("Player {player} is already seated at {where}.").format(player=player, where=where)
        )
    if seating.free_seat_count == 0:
        raise SeatingError(_("No open seat is free: add a table or open a seat first."))
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

    >>> from clockapp.core.seating.room import Table
    >>> room = Seating((Table(1, seat_count=6),))
    >>> seated = seat_player(room, 1, Seat(1, 6), fixed=True)
    >>> seated.seating.fixed, seated.reason
    (frozenset({1}), 'Seated at Table 1, seat 6: dealt in now')
    """
    where = seating.seat_of(player)
    if where is not None:
        raise SeatingError(
            _("Player {player} is already seated at {where}.").format(player=player, where=where)
        )
    table = check_free_seat(seating, seat)
    deal_in = table_deal_in(table, seating.players_at(seat.table).keys(), seat.number)
    seats = dict(seating.seats)
    seats[player] = seat
    fixed_now = seating.fixed | {player} if fixed else seating.fixed
    return LateSeat(
        Seating(seating.tables, seats, fixed_now), seat, deal_in, _late_reason(seat, deal_in, how)
    )
