"""Showdowns: winners, ranking, ties, Omaha, and the errors a director can make."""

from __future__ import annotations

import random

import pytest

from clockapp.poker import CardError, Game, format_cards, showdown
from tests.poker import reference


def test_the_issue_example() -> None:
    result = showdown("2s Ah Ac Th Jh", ["As Ad", "Kh Qh"])
    assert result.winners == (1,)
    assert result.ranking == ((1,), (0,))
    assert result.game is Game.HOLDEM
    assert result.values[1].describe() == "Royal flush"
    assert format_cards(result.values[1].best_five) == "Ah Kh Qh Jh Th"
    assert result.values[0].describe() == "Four of a kind, aces with a jack kicker"


def test_ranking_groups_ties_best_first() -> None:
    result = showdown("Ks Kd 8c 8h 4s", ["4d 2c", "Qd 2s", "3d 2h", "Kc 3c"])
    assert result.ranking == ((3,), (1,), (0, 2))
    assert result.winners == (3,)


def test_a_flop_or_turn_is_enough_to_rank() -> None:
    assert showdown("2s Ah Ac", ["As Ad", "Kh Qh"]).winners == (0,)
    assert showdown("2s Ah Ac Th", ["As Ad", "Kh Qh"]).winners == (0,)


def test_omaha_showdown() -> None:
    result = showdown("Kh Qh Jh Th 3c", ["Ah 7c 7d 2s", "9h 8h 4c 4d"])
    assert result.game is Game.OMAHA
    assert result.winners == (1,)  # 9h 8h with Qh Jh Th: queen-high straight flush
    assert result.values[1].describe() == "Straight flush, queen high"
    assert result.values[0].describe() == "One pair, sevens with king, queen and jack kickers"


def test_ranking_matches_the_reference_on_random_deals() -> None:
    rng = random.Random(7)
    for _ in range(200):
        players = rng.randint(2, 9)
        deal = rng.sample(range(52), 5 + 2 * players)
        board, holes = deal[:5], [deal[5 + 2 * i : 7 + 2 * i] for i in range(players)]
        values = [reference.best(board + hole) for hole in holes]
        expected = tuple(
            tuple(i for i, v in enumerate(values) if v == level)
            for level in sorted(set(values), reverse=True)
        )
        assert showdown(board, holes).ranking == expected


@pytest.mark.parametrize(
    ("board", "hands", "game", "message"),
    [
        ("2s Ah Ac Th Jh", ["As Ad", "As Qh"], None, '"As" is in hand 1 and in hand 2'),
        ("2s Ah Ac Th Jh", ["Ah Ad", "Kh Qh"], None, '"Ah" is on the board and in hand 1'),
        ("2s Ah Ac Th Jh", ["As Ad Kd", "Kh Qh"], None, "hand 1 has 3 cards; a Hold'em hand has 2"),
        ("2s Ah Ac Th Jh", ["As Ad", "Kh Qh"], "omaha", "hand 1 has 2 cards; an Omaha hand has 4"),
        ("2s Ah", ["As Ad", "Kh Qh"], None, "at least 3 board cards"),
        ("2s Ah Ac Th Jh 3c", ["As Ad"], None, "the board has 6 cards"),
        ("2s Ah Ac Th Jh", [], None, "there are no hands"),
        ("2s Ah Ac Th Jh", ["As Ad"], "stud", 'unknown game "stud"'),
        ("2s Ah Ac Th Jh", ["As Ad", "Kh Q"], None, 'hand 2: "Q" in "Kh Q" is not a card'),
    ],
)
def test_showdown_errors_name_the_problem(
    board: str, hands: list[str], game: str | None, message: str
) -> None:
    with pytest.raises(CardError, match=message):
        showdown(board, hands, game)
