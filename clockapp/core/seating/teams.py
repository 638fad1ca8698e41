"""Teams: keeping each team's members spread over the tables as evenly as the room allows.

A team's spread is the most of its members at one table minus the fewest at another (tables in
play, empty ones included). The first draw spreads teams (`clockapp.core.seating.draw_seats`);
the planners use these helpers so that balancing moves and table breaks keep them spread too.
They never add a move for it: among moves that cost the same (which player of a giving table
moves, which of the equally short tables a broken table's player goes to), the one that keeps
the spreads smallest wins.

>>> occupied = {1: {1: 10, 2: 11, 3: 12}, 2: {1: 13}}
>>> teams = {10: "A", 11: "A"}
>>> team_spreads(occupied, teams)
{'A': 2}
>>> counts = count_teams(occupied, teams)
>>> team_delta(counts, "A", 1, 2, (1, 2)), team_delta(counts, None, 1, 2, (1, 2))
(-2, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from clockapp.core.seating import PlayerId

#: Players at each table: table number -> seat -> player.
Occupied = Mapping[int, Mapping[int, PlayerId]]


def _members(occupied: Occupied, teams: Mapping[PlayerId, str], team: str, table: int) -> int:
    return sum(1 for p in occupied.get(table, {}).values() if teams.get(p) == team)


def team_spread(
    occupied: Occupied, teams: Mapping[PlayerId, str], team: str, tables: Iterable[int]
) -> int:
    """The most of a team at one of `tables` minus the fewest at another (0 for one table).

    >>> team_spread({1: {1: 5, 2: 6}, 2: {}}, {5: "A", 6: "A"}, "A", (1, 2))
    2
    """
    counts = [_members(occupied, teams, team, t) for t in tables]
    return max(counts) - min(counts) if counts else 0


def team_spreads(
    occupied: Occupied, teams: Mapping[PlayerId, str], tables: Iterable[int] | None = None
) -> dict[str, int]:
    """Every seated team's spread over `tables` (all the tables by default), by team name.

    >>> team_spreads({1: {1: 5}, 2: {1: 6}}, {5: "A", 6: "A"})
    {'A': 0}
    """
    numbers = tuple(occupied if tables is None else tables)
    seated = {teams[p] for seats in occupied.values() for p in seats.values() if p in teams}
    return {team: team_spread(occupied, teams, team, numbers) for team in sorted(seated)}


def count_teams(occupied: Occupied, teams: Mapping[PlayerId, str]) -> dict[str, dict[int, int]]:
    """How many of each team sit at each table: team -> table -> members (none: left out).

    >>> count_teams({1: {1: 5, 2: 6}, 2: {1: 7}}, {5: "A", 6: "A", 7: "B"})
    {'A': {1: 2}, 'B': {2: 1}}
    """
    counts: dict[str, dict[int, int]] = {}
    for table, seats in occupied.items():
        for player in seats.values():
            team = teams.get(player)
            if team is not None:
                per_table = counts.setdefault(team, {})
                per_table[table] = per_table.get(table, 0) + 1
    return counts


def team_delta(
    counts: Mapping[str, Mapping[int, int]],
    team: str | None,
    source: int,
    target: int,
    tables: Iterable[int],
) -> int:
    """How much moving one of `team` from `source` to `target` widens its spread over `tables`.

    Negative when it narrows it, 0 for a player without a team. `counts` is `count_teams`;
    `source` may be a table that is breaking (left out of `tables`).

    >>> team_delta({"A": {1: 2}}, "A", 1, 2, (1, 2)), team_delta({"A": {1: 2}}, None, 1, 2, (1, 2))
    (-2, 0)
    """
    numbers = tuple(tables)
    if team is None or not numbers:
        return 0
    per_table = counts.get(team, {})
    before = [per_table.get(t, 0) for t in numbers]
    after = [per_table.get(t, 0) - (t == source) + (t == target) for t in numbers]
    return (max(after) - min(after)) - (max(before) - min(before))


def team_key(
    occupied: Occupied, teams: Mapping[PlayerId, str], player: PlayerId, table: int
) -> int:
    """How many of the player's team already sit at `table` (0 without a team): fewest first.

    >>> team_key({1: {1: 5}}, {5: "A", 6: "A"}, 6, 1), team_key({1: {1: 5}}, {}, 6, 1)
    (1, 0)
    """
    team = teams.get(player)
    return 0 if team is None else _members(occupied, teams, team, table)


def improve_by_swaps(
    chosen: dict[PlayerId, int],
    teams: Mapping[PlayerId, str],
    counts: Mapping[str, Mapping[int, int]],
    tables: Sequence[int],
) -> dict[PlayerId, int]:
    """Swap the tables two players drew while that narrows the teams' spreads (in place).

    Spreading one member at a time cannot see that a small team needs a place another team does
    not; a swap keeps every table's count, so it never costs a move. `counts` is `count_teams`
    of the players already seated at `tables`.

    >>> chosen = {1: 10, 2: 20}
    >>> improve_by_swaps(chosen, {1: "A", 2: "B"}, {"A": {10: 1}, "B": {20: 1}}, (10, 20))
    {1: 20, 2: 10}
    """
    after = {team: {t: per.get(t, 0) for t in tables} for team, per in counts.items()}
    for player, table in chosen.items():
        team = teams.get(player)
        if team is not None:
            after.setdefault(team, dict.fromkeys(tables, 0))[table] += 1

    def spread(team: str | None) -> int:
        if team is None:
            return 0
        values = after[team].values()
        return max(values) - min(values)

    def shift(team: str | None, source: int, target: int) -> None:
        if team is not None:
            after[team][source] -= 1
            after[team][target] += 1

    members = [p for p in chosen if p in teams]
    improved = True
    while improved:
        improved = False
        for a in members:
            for b in chosen:
                first, second = chosen[a], chosen[b]
                team_a, team_b = teams[a], teams.get(b)
                if first == second or team_a == team_b:
                    continue
                before = spread(team_a) + spread(team_b)
                shift(team_a, first, second)
                shift(team_b, second, first)
                if spread(team_a) + spread(team_b) < before:
                    chosen[a], chosen[b] = second, first
                    improved = True
                else:
                    shift(team_a, second, first)
                    shift(team_b, first, second)
    return chosen


class TeamSpreads:
    """Each team's members per table, to price many candidate moves quickly (O(1) each).

    Built once per planning step; `delta` equals `team_delta` on the same counts.

    >>> spreads = TeamSpreads({1: {1: 5, 2: 6}, 2: {}}, {5: "A", 6: "A"}, (1, 2))
    >>> spreads.delta("A", 1, 2), spreads.delta(None, 1, 2)
    (-2, 0)
    """

    def __init__(
        self, occupied: Occupied, teams: Mapping[PlayerId, str], tables: Sequence[int]
    ) -> None:
        counts = count_teams(occupied, teams)
        self._tables = tuple(tables)
        self._per_table = {
            team: {t: per.get(t, 0) for t in self._tables} for team, per in counts.items()
        }
        # The three largest and smallest counts: a move changes two tables, so the extreme of
        # the others is among the first three.
        self._high: dict[str, list[tuple[int, int]]] = {}
        self._low: dict[str, list[tuple[int, int]]] = {}
        for team, per in self._per_table.items():
            ordered = sorted((c, t) for t, c in per.items())
            self._low[team] = ordered[:3]
            self._high[team] = ordered[::-1][:3]

    def fewest(self, team: str | None, targets: Sequence[int]) -> int:
        """Of `targets` (in order), the first with the fewest of `team`: the cheapest target,
        since a move to a table with fewer of the team never widens its spread more."""
        if team is None or team not in self._per_table:
            return targets[0]
        per = self._per_table[team]
        return min(targets, key=lambda t: per.get(t, 0))

    def delta(self, team: str | None, source: int, target: int) -> int:
        """How much moving one of `team` from `source` to `target` widens its spread."""
        if team is None or team not in self._per_table or not self._tables:
            return 0
        per = self._per_table[team]
        moved = {source, target}
        values = [per[t] - (t == source) + (t == target) for t in moved if t in per]
        high = next((c for c, t in self._high[team] if t not in moved), None)
        low = next((c for c, t in self._low[team] if t not in moved), None)
        after = values + [v for v in (high, low) if v is not None]
        before = self._high[team][0][0] - self._low[team][0][0]
        return (max(after) - min(after)) - before
