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

from collections.abc import Iterable, Mapping

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
