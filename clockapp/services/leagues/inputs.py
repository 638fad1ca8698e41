"""What a points formula sees of one tournament: each player's result, and the team event's
helpers and spectators, read in the caller's session.

- a player's minutes run from check-in (or registration) to their bust, the end of the event,
  or now; their time away is what the director recorded;
- the first-round table is where the player was drawn (the start of their first move, else
  where they sit, else where they busted); their rank at it counts the players of that table
  still in as ahead of every busted one, so a rank is only given once it is certain;
- at the final table, only the players who reached it count: those still in when its redraw
  formed it, else (never formed: one table, or no seating) as many as its seats (as set, else
  the largest table); of `n` finalists place p is out `n - p + 1`-th, the winner last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from clockapp.core.points import PointsInput, Role
from clockapp.persistence.queries import leagues as league_rows
from clockapp.persistence.queries import players as player_rows
from clockapp.persistence.session import Session
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import load_till
from clockapp.services.results.standings import result_rows
from clockapp.services.results.views import ResultRow
from clockapp.services.setup import get_row

#: Seats at a final table when the tournament has no tables.
DEFAULT_FINAL_TABLE = 10


@dataclass(frozen=True)
class Person:
    """One person a formula scores, with what the league and the team standings need."""

    points_input: PointsInput
    team: str
    result: ResultRow | None  # None for a helper or spectator


@dataclass(frozen=True)
class EventPeople:
    """A tournament's people, players by finishing place first."""

    tournament_id: int
    name: str
    finished: bool
    people: tuple[Person, ...]


def _key(name: str) -> str:
    """A name as two lists of the same night compare it (case and spaces ignored)."""
    return " ".join(name.casefold().split())


def _minutes(start: datetime | None, end: datetime) -> int:
    return max(0, int((end - start).total_seconds() // 60)) if start is not None else 0


def _table_ranks(rows: Sequence[ResultRow], tables: dict[int, int]) -> dict[int, int]:
    by_table: dict[int, list[ResultRow]] = {}
    for row in rows:
        table = tables.get(row.registration_id)
        if table is not None:
            by_table.setdefault(table, []).append(row)
    ranks: dict[int, int] = {}
    for members in by_table.values():
        still_in = [r for r in members if r.place is None]
        placed = sorted((r for r in members if r.place is not None), key=lambda r: r.place or 0)
        if len(still_in) == 1:
            ranks[still_in[0].registration_id] = 1
        for row in placed:
            better = sum(1 for other in placed if (other.place or 0) < (row.place or 0))
            ranks[row.registration_id] = len(still_in) + better + 1
    return ranks


def event_people(
    session: Session, tournament_id: int, cache: LedgerCache, now: datetime
) -> EventPeople:
    """Everyone a formula scores at one tournament, read in `session`."""
    tournament = get_row(session, tournament_id)
    till = load_till(session, tournament_id, cache)
    rows = result_rows(till)
    entrants = len(rows)
    buy_in = till.config.rules.registration.price.total
    end = tournament.finished_at or now
    event = league_rows.team_event(session, tournament_id)
    worst = event.worst_beat_id if event is not None else None
    attendance = league_rows.attendance(session, tournament_id)
    away = {a.registration_id: a.away_minutes for a in attendance if a.registration_id is not None}
    players = player_rows.by_ids(session, {r.player_id for r in rows})
    teams = {r.registration_id: players[r.player_id].team for r in rows if r.player_id in players}
    team_sizes: dict[str, int] = {}
    for team in teams.values():
        if team:
            team_sizes[team] = team_sizes.get(team, 0) + 1
    tables = league_rows.first_tables(session, tournament_id)
    for bust in till.busts:  # a player busted before any move: the table they left
        if bust.table_number is not None and bust.undoes_id is None:
            tables.setdefault(bust.registration_id, bust.table_number)
    ranks = _table_ranks(rows, tables)
    final = min(
        entrants, league_rows.final_table_size(session, tournament_id) or DEFAULT_FINAL_TABLE
    )
    formed_at = league_rows.final_table_formed_at(session, tournament_id)
    if formed_at is not None:  # those out before the redraw never reached the final table
        final = sum(
            1
            for r in rows
            if (busted := till.registrations[r.registration_id].busted_at) is None
            or busted >= formed_at
        )
    # A player who also helps run the event is one person (a helper's points instead of a
    # player's), not two: a helper checked in under a player's name, in the player's team.
    helping = {
        (_key(a.name), a.team)
        for a in attendance
        if a.registration_id is None and a.role == Role.HELPER.value
    }
    people: list[Person] = []
    for row in sorted(rows, key=lambda r: (r.place is None, r.place or 0, r.name)):
        reg = till.registrations[row.registration_id]
        team = teams.get(row.registration_id, "")
        stop = reg.busted_at if reg.busted_at is not None else end
        place = row.place or 0
        points_input = PointsInput(
            name=row.name,
            place=place,
            entrants=entrants,
            buy_in=buy_in,
            entries=row.entries + row.rebuys,
            bounties=row.knockouts,
            minutes=_minutes(reg.checked_in_at or reg.created_at, stop),
            away=away.get(row.registration_id, 0),
            role=Role.PLAYER,
            team_size=team_sizes.get(team, 0),
            table_rank=ranks.get(row.registration_id, 0),
            final_out=final - place + 1 if 0 < place <= final else 0,
            worst_beat=row.registration_id == worst,
            helps=(_key(row.name), team) in helping,
        )
        people.append(Person(points_input, team, row))
    players_helping = {(_key(r.name), teams.get(r.registration_id, "")) for r in rows}
    for a in attendance:
        if a.registration_id is not None:
            continue
        if a.role == Role.HELPER.value and (_key(a.name), a.team) in players_helping:
            continue  # scored with the player (above)
        role = Role(a.role)
        points_input = PointsInput(
            name=a.name,
            role=role,
            entrants=entrants,
            buy_in=buy_in,
            entries=0,
            minutes=_minutes(a.checked_in_at, a.checked_out_at or end),
            team_size=team_sizes.get(a.team, 0),
        )
        people.append(Person(points_input, a.team, None))
    return EventPeople(
        tournament_id, tournament.name, tournament.finished_at is not None, tuple(people)
    )
