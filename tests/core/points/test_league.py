"""League standings: points, then the host's tie-breaks in order; each player's season."""

from __future__ import annotations

import pytest

from clockapp.core.points import EventResult, TieBreak, league_standings, parse_tie_breaks, seasons
from clockapp.errors import ValidationError


def result(tid: int, pid: int, place: int | None, points: int, prize: int = 0) -> EventResult:
    return EventResult(tid, pid, f"P{pid}", place, 8, 2000, prize, 0, points)


# P1 and P2 level on 15 points; P2 won once, P1 cashed twice; P2 beat P1 twice out of three.
RESULTS = (
    result(1, 1, 2, 500, 3000),
    result(1, 2, 1, 1000, 6000),
    result(2, 1, 3, 500, 1000),
    result(2, 2, 4, 0),
    result(3, 1, 5, 500),
    result(3, 2, 4, 500),
    result(3, 3, 1, 400, 9000),
)


@pytest.mark.parametrize(
    ("breaks", "order"),
    [
        ((TieBreak.WINS,), [2, 1, 3]),
        ((TieBreak.CASHES,), [1, 2, 3]),
        ((TieBreak.HEAD_TO_HEAD,), [2, 1, 3]),
        ((TieBreak.BEST_FINISH,), [2, 1, 3]),
        ((TieBreak.AVERAGE_FINISH,), [2, 1, 3]),
        ((TieBreak.PROFIT,), [2, 1, 3]),
    ],
)
def test_tie_breaks_separate_level_players(breaks: tuple[TieBreak, ...], order: list[int]) -> None:
    standings = league_standings(RESULTS, breaks)
    assert [s.season.player_id for s in standings] == order
    assert [s.rank for s in standings] == [1, 2, 3]


def test_without_tie_breaks_level_players_share_the_rank() -> None:
    assert [s.rank for s in league_standings(RESULTS, ())] == [1, 1, 3]


def test_a_later_tie_break_decides_when_the_first_leaves_them_level() -> None:
    level = (result(1, 1, 1, 500), result(1, 2, 2, 500), result(2, 1, 2, 500), result(2, 2, 1, 500))
    assert [s.rank for s in league_standings(level, (TieBreak.WINS, TieBreak.HEAD_TO_HEAD))] == [
        1,
        1,
    ]
    both = league_standings(
        (*level, result(3, 2, 3, 0), result(3, 1, 4, 0)), (TieBreak.WINS, TieBreak.HEAD_TO_HEAD)
    )
    assert [s.season.player_id for s in both] == [2, 1]


def test_a_players_season() -> None:
    season = seasons(RESULTS)[1]
    assert (season.events, season.cashes, season.wins) == (3, 2, 0)
    assert (season.paid_in, season.won, season.profit) == (6000, 4000, -2000)
    assert (season.best_finish, season.average_finish, season.points) == (2, 3.33, 1500)


def test_tie_breaks_parse_and_refuse_nonsense() -> None:
    assert parse_tie_breaks("Wins, head-to-head") == (TieBreak.WINS, TieBreak.HEAD_TO_HEAD)
    with pytest.raises(ValidationError, match="Unknown tie-break 'luck'"):
        parse_tie_breaks("luck")
    with pytest.raises(ValidationError, match="listed twice"):
        parse_tie_breaks("wins,wins")
