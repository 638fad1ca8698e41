"""The team event template: each rule of the sheet, and exactly 100 points shared."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clockapp.core.points import (
    TEAM_EVENT_FORMULA,
    Contribution,
    Formula,
    FormulaError,
    PointsInput,
    Role,
    share_out,
    team_standings,
)

TEMPLATE = Formula.parse(TEAM_EVENT_FORMULA)


@pytest.mark.parametrize(
    ("person", "points"),
    [
        (PointsInput("player", minutes=20, away=0), 2),
        (PointsInput("left 6 min, stayed 20", minutes=20, away=6), 0),
        (PointsInput("left 6 min, stayed 30", minutes=30, away=6), 2),
        (PointsInput("away exactly 5", minutes=10, away=5), 2),
        (PointsInput("helper", role=Role.HELPER), 3),
        (PointsInput("spectator 29", role=Role.SPECTATOR, minutes=29), 0),
        (PointsInput("spectator 30", role=Role.SPECTATOR, minutes=30), 2),
        (PointsInput("table 1st", minutes=60, table_rank=1), 5),
        (PointsInput("table 3rd", minutes=60, table_rank=3), 3),
        (PointsInput("table 4th", minutes=60, table_rank=4), 2),
        (PointsInput("2nd out at final", minutes=60, final_out=2), 6),
        (PointsInput("worst beat", minutes=60, worst_beat=True), 7),
    ],
)
def test_each_rule_of_the_sheet(person: PointsInput, points: int) -> None:
    assert TEMPLATE.points(person) == points * 100


def test_a_team_of_six_gets_the_bonus_and_shares_add_to_100() -> None:
    red = [Contribution("Red", Role.PLAYER, 200)] * 6
    blue = [Contribution("Blue", Role.PLAYER, 200)] * 5 + [Contribution("Blue", Role.HELPER, 300)]
    standings = team_standings(red + blue)
    assert [(s.team, s.players, s.raw) for s in standings] == [("Red", 6, 1700), ("Blue", 5, 1300)]
    assert [s.share for s in standings] == [57, 43]


def test_a_team_without_players_is_a_clear_message() -> None:
    people = [Contribution("Red", Role.PLAYER, 200), Contribution("Ghosts", Role.SPECTATOR, 200)]
    with pytest.raises(FormulaError, match="Team Ghosts has no players"):
        team_standings(people)


def test_equal_teams_share_by_largest_remainder_and_tie_on_rank() -> None:
    people = [Contribution(t, Role.PLAYER, 200) for t in ("A", "B", "C")]
    standings = team_standings(people)
    assert [(s.rank, s.team, s.share) for s in standings] == [
        (1, "A", 34),
        (2, "B", 33),
        (2, "C", 33),
    ]


@pytest.mark.slow
@given(
    st.dictionaries(st.text(min_size=1, max_size=3), st.integers(0, 10**6), min_size=1, max_size=12)
)
def test_shares_add_to_exactly_100_and_each_is_within_one_of_exact(raw: dict[str, int]) -> None:
    shares = share_out(raw, 100)
    whole = sum(raw.values())
    if whole == 0:
        assert set(shares.values()) == {0}
        return
    assert sum(shares.values()) == 100
    for team, value in raw.items():
        exact = value * 100 / whole
        assert exact - 1 < shares[team] < exact + 1
