"""A league's season: each player's record, and the standings with the host's tie-breaks.

Players are ranked by points; players level on points are separated by the tie-breaks the host
chose, in order. Head-to-head compares only the players still level: each scores one for every
tournament where they finished ahead of another of them (both placed). Players still level
after every tie-break share the rank.

>>> r = [EventResult(1, 7, "Ann", 1, 10, 2000, 9000, 0, 1000),
...      EventResult(1, 8, "Bo", 2, 10, 2000, 5000, 0, 1000)]
>>> [(s.rank, s.season.name) for s in league_standings(r, (TieBreak.WINS,))]
[(1, 'Ann'), (2, 'Bo')]
>>> [s.rank for s in league_standings(r, ())]
[1, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _


class TieBreak(StrEnum):
    """Ways to separate players level on points, as the host orders them."""

    WINS = "wins"
    CASHES = "cashes"
    BEST_FINISH = "best finish"
    HEAD_TO_HEAD = "head-to-head"
    AVERAGE_FINISH = "average finish"
    PROFIT = "profit"


def parse_tie_breaks(text: str) -> tuple[TieBreak, ...]:
    """Tie-breaks from their names, comma-separated, in order (repeats refused).

    >>> parse_tie_breaks("wins, head-to-head")
    (<TieBreak.WINS: 'wins'>, <TieBreak.HEAD_TO_HEAD: 'head-to-head'>)
    """
    chosen: list[TieBreak] = []
    for part in (p.strip().lower() for p in text.split(",")):
        if not part:
            continue
        try:
            tie_break = TieBreak(part)
        except ValueError:
            names = ", ".join(t.value for t in TieBreak)
            raise ValidationError(
                _("Unknown tie-break '{part}': use {names}.").format(part=part, names=names)
            ) from None
        if tie_break in chosen:
            raise ValidationError(_("The tie-break '{part}' is listed twice.").format(part=part))
        chosen.append(tie_break)
    return tuple(chosen)


@dataclass(frozen=True)
class EventResult:
    """One player in one tournament of the league (money in cents, points in hundredths).

    `prize` is the cash due; a place paid with a ticket (a seat in a bigger event) names it in
    `ticket`, worth `ticket_value` cents.
    """

    tournament_id: int
    player_id: int
    name: str
    place: int | None  # None while the tournament is running
    entrants: int
    paid_in: int
    prize: int
    bounties: int
    points: int
    entries: int = 1
    ticket: str = ""
    ticket_value: int = 0

    @property
    def cashed(self) -> bool:
        """Finished in the money: paid cash, or a ticket (a ticket place is a cash too)."""
        return self.prize > 0 or self.ticket_value > 0

    @property
    def won(self) -> int:
        """Prize and bounties."""
        return self.prize + self.bounties


@dataclass(frozen=True)
class Season:
    """A player's season in a league.

    `won` and `profit` are cash (prizes and bounties); the tickets won are apart, by what they
    are a seat in (`tickets`, oldest first) and what they are worth together (`ticket_value`).
    """

    player_id: int
    name: str
    events: int
    entries: int
    cashes: int
    wins: int
    paid_in: int
    won: int
    points: int
    best_finish: int | None
    average_finish: float | None
    tickets: tuple[str, ...] = ()
    ticket_value: int = 0

    @property
    def profit(self) -> int:
        """Won less paid in (cents)."""
        return self.won - self.paid_in


@dataclass(frozen=True)
class LeagueStanding:
    """One line of the standings; `rank` is shared by players level after every tie-break."""

    rank: int
    season: Season


def season_of(results: Sequence[EventResult]) -> Season:
    """One player's season from their results (all with the same player id).

    >>> season_of([EventResult(1, 7, "Ann", 3, 9, 2000, 0, 500, 700)]).profit
    -1500
    >>> s = season_of([EventResult(1, 7, "Ann", 1, 9, 2000, 0, 0, 900, 1, "Main event", 9000)])
    >>> s.cashes, s.tickets, s.ticket_value, s.profit
    (1, ('Main event',), 9000, -2000)
    """
    places = [r.place for r in results if r.place is not None]
    return Season(
        player_id=results[0].player_id,
        name=results[-1].name,
        events=len({r.tournament_id for r in results}),
        entries=sum(r.entries for r in results),
        cashes=sum(1 for r in results if r.cashed),
        wins=sum(1 for r in results if r.place == 1),
        paid_in=sum(r.paid_in for r in results),
        won=sum(r.won for r in results),
        points=sum(r.points for r in results),
        best_finish=min(places) if places else None,
        average_finish=round(sum(places) / len(places), 2) if places else None,
        tickets=tuple(r.ticket for r in results if r.ticket),
        ticket_value=sum(r.ticket_value for r in results),
    )


def seasons(results: Iterable[EventResult]) -> dict[int, Season]:
    """Every player's season, by player id.

    >>> seasons([EventResult(1, 7, "Ann", 1, 9, 2000, 9000, 0, 900)])[7].wins
    1
    """
    by_player: dict[int, list[EventResult]] = {}
    for result in results:
        by_player.setdefault(result.player_id, []).append(result)
    return {pid: season_of(rows) for pid, rows in by_player.items()}


def _head_to_head(group: Sequence[Season], results: Sequence[EventResult]) -> dict[int, int]:
    ids = {s.player_id for s in group}
    places: dict[int, dict[int, int]] = {}
    for r in results:
        if r.player_id in ids and r.place is not None:
            places.setdefault(r.tournament_id, {})[r.player_id] = r.place
    score = dict.fromkeys(ids, 0)
    for placed in places.values():
        for player, place in placed.items():
            score[player] += sum(1 for other in placed.values() if place < other)
    return score


def _key(
    tie_break: TieBreak, group: Sequence[Season], results: Sequence[EventResult]
) -> Callable[[Season], float]:
    if tie_break is TieBreak.HEAD_TO_HEAD:
        scores = _head_to_head(group, results)
        return lambda s: -scores[s.player_id]
    if tie_break is TieBreak.WINS:
        return lambda s: -s.wins
    if tie_break is TieBreak.CASHES:
        return lambda s: -s.cashes
    if tie_break is TieBreak.PROFIT:
        return lambda s: -s.profit
    if tie_break is TieBreak.BEST_FINISH:
        return lambda s: s.best_finish if s.best_finish is not None else float("inf")
    return lambda s: s.average_finish if s.average_finish is not None else float("inf")


def _order(
    group: list[Season], breaks: Sequence[TieBreak], results: Sequence[EventResult]
) -> list[list[Season]]:
    """`group` (level so far) split into runs of players still level, best run first."""
    if len(group) <= 1 or not breaks:
        return [sorted(group, key=lambda s: (s.name.casefold(), s.player_id))]
    key = _key(breaks[0], group, results)
    runs: dict[float, list[Season]] = {}
    for season in group:
        runs.setdefault(key(season), []).append(season)
    ordered: list[list[Season]] = []
    for value in sorted(runs):
        ordered.extend(_order(runs[value], breaks[1:], results))
    return ordered


def league_standings(
    results: Sequence[EventResult], tie_breaks: Sequence[TieBreak]
) -> tuple[LeagueStanding, ...]:
    """The standings: most points first, level players by the tie-breaks in order.

    >>> r = [EventResult(1, 7, "Ann", 2, 9, 2000, 0, 0, 800)]
    >>> [(s.rank, s.season.name, s.season.points) for s in league_standings(r, ())]
    [(1, 'Ann', 800)]
    """
    by_points: dict[int, list[Season]] = {}
    for season in seasons(results).values():
        by_points.setdefault(season.points, []).append(season)
    lines: list[LeagueStanding] = []
    for points in sorted(by_points, reverse=True):
        for run in _order(by_points[points], tie_breaks, results):
            rank = len(lines) + 1
            lines.extend(LeagueStanding(rank, season) for season in run)
    return tuple(lines)


#: Players drawn on the season chart: the top of the standings (more lines cannot be told apart).
RACE_PLAYERS = 8


@dataclass(frozen=True)
class PointsLine:
    """One player's points through the season: the running total after each tournament of the
    league, in the league's order (hundredths; flat where the player did not play)."""

    player_id: int
    name: str
    totals: tuple[int, ...]


def points_race(
    standings: Sequence[LeagueStanding],
    results: Iterable[EventResult],
    tournament_ids: Sequence[int],
    top: int = RACE_PLAYERS,
) -> tuple[PointsLine, ...]:
    """The first `top` players of the standings, each with their running total tournament by
    tournament (a tournament not in `tournament_ids` is not drawn).

    >>> r = [EventResult(1, 7, "Ann", 1, 2, 0, 0, 0, 200), EventResult(1, 8, "Bo", 2, 2, 0, 0, 0,
    ...      100), EventResult(2, 8, "Bo", 1, 1, 0, 0, 0, 300)]
    >>> [(p.name, p.totals) for p in points_race(league_standings(r, ()), r, (1, 2))]
    [('Bo', (100, 400)), ('Ann', (200, 200))]
    """
    leaders = [line.season for line in standings[: max(top, 0)]]
    column = {tid: i for i, tid in enumerate(tournament_ids)}
    earned = {s.player_id: [0] * len(tournament_ids) for s in leaders}
    for r in results:
        if r.player_id in earned and r.tournament_id in column:
            earned[r.player_id][column[r.tournament_id]] += r.points
    lines = []
    for season in leaders:
        running, totals = 0, []
        for points in earned[season.player_id]:
            running += points
            totals.append(running)
        lines.append(PointsLine(season.player_id, season.name, tuple(totals)))
    return tuple(lines)
