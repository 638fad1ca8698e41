"""The team event: a ready formula for each person, team bonuses, and 100 points shared out.

The rules sheet's team event, as `TEAM_EVENT_FORMULA` (each person's points, which the host
may edit like any formula) and `team_standings` (the team bonus and the final scaling):

- every player who takes part earns 2 points for their team; one who was away from the table
  for more than 5 minutes must have stayed at least 30 minutes in all to earn them; helpers
  earn 3 instead; spectators who stay at least 30 minutes earn 2;
- the top 3 of each first-round table earn 3, 2 and 1; the n-th player out at the final table
  earns 2n; the worst beat of the event earns 5;
- each team with at least 6 players earns 5 (`TeamRules.bonus`);
- the teams' totals are scaled so that exactly 100 points are shared, by the largest-remainder
  method: each team gets the whole part of its exact share, and the points left go to the
  largest remainders, so the shares always add up to 100.

>>> share_out({"Red": 3, "Blue": 3, "Green": 3}, 100)
{'Blue': 34, 'Green': 33, 'Red': 33}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from clockapp.core.points.formula import FormulaError, Role
from clockapp.i18n import gettext as _

#: Each person's points in the team event (the host can edit it like any formula).
TEAM_EVENT_FORMULA = (
    "(3 if helper else 2 if (player and (away <= 5 or minutes >= 30))"
    " or (spectator and minutes >= 30) else 0)"
    " + (4 - table_rank if 0 < table_rank <= 3 else 0)"
    " + 2 * final_out + 5 * worst_beat"
)


@dataclass(frozen=True)
class TeamRules:
    """The team-level rules: a bonus for a big enough team, and the total shared out."""

    bonus: int = 500  # hundredths: 5 points
    bonus_players: int = 6
    total: int = 100


@dataclass(frozen=True)
class Contribution:
    """One person's points for a team (hundredths)."""

    team: str
    role: Role
    points: int


@dataclass(frozen=True)
class TeamStanding:
    """A team's line on the wall: `share` of the `TeamRules.total` points, from `raw`."""

    rank: int
    team: str
    players: int
    raw: int  # hundredths, bonus included
    share: int  # whole points; the shares add up to the total


def share_out(raw: Mapping[str, int], total: int) -> dict[str, int]:
    """Scale `raw` so the shares add up to exactly `total` (largest remainder; by name order).

    Ties in the remainder go to the larger raw score, then to the name first in order. When no
    team has any points nothing is shared (every share is 0).

    >>> share_out({"A": 1, "B": 1, "C": 1}, 100)
    {'A': 34, 'B': 33, 'C': 33}
    >>> share_out({"A": 0, "B": 0}, 100)
    {'A': 0, 'B': 0}
    """
    if any(value < 0 for value in raw.values()):
        raise FormulaError(_("A team's points are negative: check the formula."))
    whole = sum(raw.values())
    names = sorted(raw)
    if whole == 0:
        return dict.fromkeys(names, 0)
    shares = {name: raw[name] * total // whole for name in names}
    left = total - sum(shares.values())
    by_remainder = sorted(names, key=lambda n: (-(raw[n] * total % whole), -raw[n], n))
    for name in by_remainder[:left]:
        shares[name] += 1
    return shares


def team_standings(
    contributions: Iterable[Contribution], rules: TeamRules = TeamRules()
) -> tuple[TeamStanding, ...]:
    """Each team's raw points (with the bonus) and share of the total, best first.

    Raises:
        FormulaError: A team that has helpers or spectators but no player (it cannot take
            part), or negative points.

    >>> people = [Contribution("Red", Role.PLAYER, 200)] * 6 + [Contribution("Blue", Role.PLAYER, 200)]
    >>> [(s.team, s.raw, s.share) for s in team_standings(people)]
    [('Red', 1700, 89), ('Blue', 200, 11)]
    """  # noqa: E501
    raw: dict[str, int] = {}
    players: dict[str, int] = {}
    for person in contributions:
        raw[person.team] = raw.get(person.team, 0) + person.points
        players[person.team] = players.get(person.team, 0) + (person.role is Role.PLAYER)
    empty = sorted(team for team, count in players.items() if count == 0)
    if empty:
        raise FormulaError(
            _(
                "Team {join} has no players: add its players or remove its helpers and spectators."
            ).format(join=", ".join(empty))
        )
    for team, count in players.items():
        if count >= rules.bonus_players:
            raw[team] += rules.bonus
    shares = share_out(raw, rules.total)
    order = sorted(raw, key=lambda t: (-shares[t], -raw[t], t))
    standings: list[TeamStanding] = []
    for index, team in enumerate(order):
        previous = standings[-1] if standings else None
        tied = previous is not None and (previous.share, previous.raw) == (shares[team], raw[team])
        rank = previous.rank if tied and previous is not None else index + 1
        standings.append(TeamStanding(rank, team, players[team], raw[team], shares[team]))
    return tuple(standings)
