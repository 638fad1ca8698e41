"""Equity: exact counts against brute force, known values, Monte Carlo, Omaha, outs."""

from __future__ import annotations

import importlib
import itertools
import math
import random
from collections.abc import Callable, Sequence

import numpy as np
import pytest

from clockapp.poker import CardError, Game, PokerError, equity, parse_cards
from clockapp.poker.boards import combination_indexes
from clockapp.poker.evaluator import strengths
from tests.poker import reference

# The module, not the function `clockapp.poker.equity` re-exports under the same name.
equity_module = importlib.import_module("clockapp.poker.equity")

Scorer = Callable[[Sequence[int], Sequence[int]], reference.Value]


def holdem(hole: Sequence[int], board: Sequence[int]) -> reference.Value:
    return reference.best([*hole, *board])


def brute_force(
    holes: list[list[int]], board: list[int], dead: list[int], score: Scorer
) -> tuple[list[int], list[int], list[float], int]:
    """Wins, ties and shares by dealing every board, scored with the reference evaluator."""
    used = set(board) | set(dead) | {c for hole in holes for c in hole}
    deck = [c for c in range(52) if c not in used]
    wins, ties, shares, boards = [0] * len(holes), [0] * len(holes), [0.0] * len(holes), 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        values = [score(hole, [*board, *rest]) for hole in holes]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            if len(winners) == 1:
                wins[i] += 1
            else:
                ties[i] += 1
            shares[i] += 1 / len(winners)
        boards += 1
    return wins, ties, [s / boards for s in shares], boards


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["As Kd", "Qh Qc"], "2s 7h 9c", ""),
        (["As Kd", "Qh Qc"], "2s 7h 9c Jd", ""),
        (["Ah Kh", "Ad Kd", "9s 9c"], "Qh Jd 2h", ""),
        (["8c 7c", "As Ks"], "Ts 9s 2d", "Js"),
        # Preflop with most of the deck dead, so brute force stays quick: 2,002 boards.
        (
            ["As Ad", "Kh Qh"],
            "",
            "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s "
            "7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s",
        ),
    ],
)
def test_exact_holdem_equity_matches_brute_force(hands: list[str], board: str, dead: str) -> None:
    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    wins, ties, shares, boards = brute_force(
        holes, [int(c) for c in parse_cards(board)], [int(c) for c in parse_cards(dead)], holdem
    )
    result = equity(hands, board=board, dead=dead)
    assert result.exact
    assert result.seed is None
    assert result.boards == boards
    assert [h.wins for h in result] == wins
    assert [h.ties for h in result] == ties
    assert [h.share for h in result] == pytest.approx(shares, abs=1e-12)
    assert [h.win for h in result] == pytest.approx([w / boards for w in wins])
    assert all(h.margin == 0.0 for h in result)


@pytest.mark.slow
def test_exact_omaha_equity_on_the_flop_matches_brute_force() -> None:
    hands = ["Ah Kh Qd Jd", "9s 9c 8s 7c"]
    board = "Th 9d 2h"
    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    wins, ties, shares, boards = brute_force(
        holes, [int(c) for c in parse_cards(board)], [], reference.omaha
    )
    result = equity(hands, board=board)
    assert result.game is Game.OMAHA
    assert result.exact
    assert result.boards == boards == 820
    assert [h.wins for h in result] == wins
    assert [h.ties for h in result] == ties
    assert [h.share for h in result] == pytest.approx(shares, abs=1e-12)


def test_aces_against_king_queen_suited_preflop() -> None:
    result = equity(["As Ad", "Kh Qh"])
    assert result.exact
    assert result.boards == 1_712_304
    assert result[0].share == pytest.approx(0.82, abs=0.01)
    assert result[1].share == pytest.approx(0.17, abs=0.01)
    assert result[0].win + result[1].win + result[0].tie == pytest.approx(1.0)
    assert result[0].ties == result[1].ties


def test_three_way_preflop_shares_add_up_to_one() -> None:
    result = equity(["Ah As", "Kd Kc", "7h 8h"])
    assert result.exact
    assert result.boards == math.comb(46, 5)
    assert sum(h.share for h in result) == pytest.approx(1.0, abs=1e-12)
    assert result[0].share > result[2].share > result[1].share > 0.15


def test_mirror_hands_have_exactly_equal_equity() -> None:
    result = equity(["As Ks", "Ah Kh"])
    assert result[0].wins == result[1].wins
    assert result[0].share == pytest.approx(0.5, abs=1e-12)


def test_monte_carlo_is_seeded_reproducible_and_close_to_exact() -> None:
    hands = ["Jc Td", "6s 6h"]
    exact = equity(hands, board="")
    first = equity(hands, samples=20_000, seed=11)
    again = equity(hands, samples=20_000, seed=11)
    other = equity(hands, samples=20_000, seed=12)
    assert not first.exact
    assert first.seed == 11
    assert first.boards == 20_000
    assert first == again
    assert [h.wins for h in first] != [h.wins for h in other]
    for estimate, truth in zip(first, exact, strict=True):
        assert 0 < estimate.margin < 0.02
        assert abs(estimate.share - truth.share) < 2 * estimate.margin


def _all_dead_but(left: str, *in_play: str) -> str:
    """Every card not in play dead but `left`: a small deck, so brute force stays quick."""
    keep = {str(c) for text in (left, *in_play) for c in parse_cards(text)}
    return " ".join(str(c) for c in parse_cards(_EVERY_CARD) if str(c) not in keep)


_EVERY_CARD = " ".join(f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "shdc")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hands", "board", "left"),
    [
        # Preflop on a deck cut down to 10 cards: 252 boards of five.
        (["As Ad Kc Qd", "Kh Qh Jh Th"], "", "Ah Ac Kd Ks Qs Qc Js Jd 9h 8h"),
        # Three ways from 8 cards: 56 boards; many split (the same straights).
        (["As Ad Kc Qd", "Kh Qh Jh Th", "Ks Js Td Tc"], "", "Ah Ac Kd 9h 9s 8h 2c 2d"),
        # Boards that are no street: one or two cards known, the rest to come.
        (["Ah Ad Ks Qs", "Jc Tc 9h 8h"], "Kd", "Js Ts 9s 5s 7h 6h 2h 3c 4c"),
        (["Ah Ad Ks Qs", "Jc Tc 9h 8h"], "Kd Qc", "Js Ts 9s 5s 7h 6h 2h 3c 4c Kh"),
        # The turn, and a complete board (one board).
        (["Ah Kh Qd Jd", "9s 9c 8s 7c"], "Th 9d 2h 3h", _EVERY_CARD),
        (["Ah Kh Qd Jd", "9s 9c 8s 7c"], "Th 9d 2h 3h Jh", _EVERY_CARD),
        # Four hands preflop on a 9-card deck: flush, straight and full-house draws.
        (
            ["Ah Kh 2d 3d", "Qh Jh 4d 5c", "Th 9h Ad Kd", "8h 7h Qd Jd"],
            "",
            "2h 3h 4h 5d 6d 7d 4s 5s 6s",
        ),
    ],
)
def test_exact_omaha_equity_matches_brute_force(hands: list[str], board: str, left: str) -> None:
    dead = _all_dead_but(left, board, *hands)
    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    wins, ties, shares, boards = brute_force(
        holes,
        [int(c) for c in parse_cards(board)],
        [int(c) for c in parse_cards(dead)],
        reference.omaha,
    )
    result = equity(hands, board=board, dead=dead)
    assert result.game is Game.OMAHA
    assert result.exact
    assert result.boards == boards
    assert [h.wins for h in result] == wins
    assert [h.ties for h in result] == ties
    assert [h.share for h in result] == pytest.approx(shares, abs=1e-12)


def test_random_omaha_spots_match_brute_force() -> None:
    # Random hands on random small decks, two to four ways, any street: the triple tables'
    # numbering of deck and board cards against the reference's plain loops.
    rng = random.Random(29)
    for _ in range(8):
        players = rng.randint(2, 4)
        known = rng.choice([0, 1, 3, 4])
        deal = rng.sample(range(52), 4 * players + known + (5 - known) + rng.randint(0, 2))
        holes = [deal[4 * i : 4 * i + 4] for i in range(players)]
        board = deal[4 * players : 4 * players + known]
        in_play = set(deal)
        dead = [c for c in range(52) if c not in in_play]
        wins, ties, _shares, boards = brute_force(holes, board, dead, reference.omaha)
        result = equity(holes, board=board, dead=dead)
        assert result.exact
        assert (result.boards, [h.wins for h in result], [h.ties for h in result]) == (
            boards,
            wins,
            ties,
        )


def _omaha_counts_by_strengths(hands: list[str], dead: str) -> tuple[list[int], list[int]]:
    """Wins and ties over every preflop board through `strengths` on all 60 five-card hands of
    each hand and board: the evaluator's own numpy path, with no triple tables."""
    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    gone = {int(c) for c in parse_cards(dead)}
    deck = np.array(
        [c for c in range(52) if c not in gone and all(c not in hole for hole in holes)], np.int64
    )
    boards = deck[combination_indexes(len(deck), 5).T.astype(np.intp)]
    values = []
    for hole in holes:
        fives = np.stack(
            [
                np.hstack([np.tile([hole[a], hole[b]], (len(boards), 1)), boards[:, list(t)]])
                for a, b in itertools.combinations(range(4), 2)
                for t in itertools.combinations(range(5), 3)
            ]
        )
        values.append(strengths(fives.reshape(-1, 5)).reshape(60, -1).max(axis=0))
    stacked = np.stack(values)
    best = stacked == stacked.max(axis=0)
    alone = best.sum(axis=0) == 1
    return [int((row & alone).sum()) for row in best], [int((row & ~alone).sum()) for row in best]


@pytest.mark.slow
def test_omaha_preflop_counts_match_the_evaluator_over_every_board() -> None:
    # 20 cards left: 15,504 boards, 60 five-card hands per hand on each.
    hands = ["As Ad Kc Qd", "Kh Qh Jh Th", "9c 9d 8h 7h"]
    dead = " ".join(f"{rank}{suit}" for rank in "23456" for suit in "shdc")
    wins, ties = _omaha_counts_by_strengths(hands, dead)
    result = equity(hands, dead=dead)
    assert result.boards == math.comb(20, 5)
    assert [h.wins for h in result] == wins
    assert [h.ties for h in result] == ties


def test_omaha_preflop_is_exact_up_to_four_hands() -> None:
    heads_up = equity(["As Ad Kc Qd", "Kh Qh Jh Th"])
    assert heads_up.exact
    assert heads_up.boards == math.comb(44, 5) == 1_086_008
    assert heads_up.seed is None
    assert sum(h.share for h in heads_up) == pytest.approx(1.0, abs=1e-12)
    assert all(h.margin == 0.0 for h in heads_up)
    assert heads_up[0].share > 0.6
    four = equity(["As Ad Kc Qd", "Kh Qh Jh Th", "9c 9d 8h 7h", "2s 3s 4c 5c"])
    assert four.exact
    assert four.boards == math.comb(36, 5)


def test_omaha_mirror_hands_have_exactly_equal_equity() -> None:
    result = equity(["As Ks Qh Jh", "Ah Kh Qs Js"])
    assert result.exact
    assert result[0].wins == result[1].wins
    assert result[0].share == pytest.approx(0.5, abs=1e-12)


def test_omaha_preflop_with_five_hands_falls_back_to_monte_carlo_with_a_margin() -> None:
    hands = ["As Ad Kc Qd", "Kh Qh Jh Th", "9c 9d 8h 7h", "2s 3s 4c 5c", "6d 6h 7s 8s"]
    result = equity(hands, seed=3)
    assert result.game is Game.OMAHA
    assert not result.exact
    assert result.seed == 3
    assert result.boards == equity_module.DEFAULT_SAMPLES
    assert all(0 < h.margin < 0.01 for h in result)
    assert sum(h.share for h in result) == pytest.approx(1.0)
    assert equity(hands, seed=3) == result
    # Asked for, every board is counted (the 5 hands leave 32 cards: 201,376 boards).
    counted = equity(hands, exact=True)
    assert counted.exact
    assert counted.boards == math.comb(32, 5)
    for estimate, truth in zip(result, counted, strict=True):
        assert abs(estimate.share - truth.share) < 2 * estimate.margin


def test_omaha_monte_carlo_is_close_to_exact() -> None:
    hands = ["As Ad Kc Qd", "Kh Qh Jh Th"]
    truth = equity(hands)
    estimate = equity(hands, samples=40_000, seed=7)
    assert not estimate.exact
    for guess, exact in zip(estimate, truth, strict=True):
        assert 0 < guess.margin < 0.01
        assert abs(guess.share - exact.share) < 2 * guess.margin


def test_exact_and_samples_do_not_go_together() -> None:
    with pytest.raises(PokerError, match="exact count takes no samples"):
        equity(["As Ad", "Kh Qh"], samples=100, exact=True)


def test_omaha_counts_do_not_depend_on_the_chunk_size(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = ["As Ks Qh Jh", "Ah Kh Qs Js", "2c 2d 3c 3d"]
    dead = " ".join(f"{rank}{suit}" for rank in "456789" for suit in "shdc")
    whole = equity(hands, dead=dead)
    monkeypatch.setattr(equity_module, "_CHUNK", 997)  # chunks end at odd places
    split = equity(hands, dead=dead)
    assert [(h.wins, h.ties) for h in split] == [(h.wins, h.ties) for h in whole]


def test_complete_board_is_one_board() -> None:
    result = equity(["As Ad", "Kh Qh"], board="2s Ah Ac Th Jh")
    assert result.exact
    assert result.boards == 1
    assert (result[0].share, result[1].share) == (0.0, 1.0)
    assert result[0].outs == result[1].outs == ()


def _reference_outs(holes: list[list[int]], board: list[int], dead: list[int]) -> list[list[int]]:
    def groups(cards: list[int]) -> list[int]:
        values = [reference.best([*hole, *cards]) for hole in holes]
        return [i for i, v in enumerate(values) if v == max(values)]

    used = set(board) | set(dead) | {c for hole in holes for c in hole}
    leaders = groups(board)
    outs: list[list[int]] = [[] for _ in holes]
    for card in (c for c in range(52) if c not in used):
        after = groups([*board, card])
        for i in after:
            if i not in leaders or (len(leaders) > 1 and after == [i]):
                outs[i].append(card)
    return outs


def test_outs_on_the_flop_and_turn() -> None:
    flop = equity(["As Kd", "Qh Qc"], board="2s 7h 9c")
    assert " ".join(str(c) for c in flop[0].outs) == "Ks Kh Kc Ah Ad Ac"
    assert flop[1].outs == ()
    # A tie now: the cards that would make one hand win alone.
    tied = equity(["Ah 2c", "Ad 3c"], board="Ks Qs Jd Ts")
    assert tied[0].outs == tied[1].outs == ()
    chop = equity(["Ah 6c", "Ad 6d"], board="Kc Qc 7h 2c")  # both ace-king-queen-seven-six
    assert " ".join(str(c) for c in chop[0].outs) == "3c 4c 5c 7c 8c 9c Tc Jc Ac"
    assert chop[1].outs == ()


@pytest.mark.slow
def test_outs_match_the_reference_definition_on_random_spots() -> None:
    rng = random.Random(5)
    for _ in range(12):
        players = rng.randint(2, 4)
        street = rng.choice([3, 4])
        deal = rng.sample(range(52), street + 2 * players + 1)
        board, dead = deal[:street], deal[street : street + 1]
        holes = [deal[street + 1 + 2 * i : street + 3 + 2 * i] for i in range(players)]
        result = equity(holes, board=board, dead=dead)
        assert [[int(c) for c in h.outs] for h in result] == _reference_outs(holes, board, dead)


def test_no_outs_preflop() -> None:
    assert all(h.outs == () for h in equity(["As Kd", "Qh Qc"], dead="2c"))


def test_combination_indexes_are_every_subset_in_order() -> None:
    for n, k in [(7, 3), (10, 5), (6, 6), (5, 1)]:
        expected = [list(c) for c in itertools.combinations(range(n), k)]
        assert combination_indexes(n, k).T.tolist() == expected
    assert combination_indexes(48, 5).shape == (5, 1_712_304)
    assert not combination_indexes(48, 5).flags.writeable
    assert combination_indexes(3, 0).shape == (0, 1)
    with pytest.raises(PokerError, match="cannot choose 5 of 3"):
        combination_indexes(3, 5)


@pytest.mark.parametrize(
    ("hands", "board", "dead", "message"),
    [
        (["As Ad"], "", "", "at least two hands"),
        (["As Ad", "Kh Qh"], "", "As", 'dead card "As" is also on the board or in a hand'),
        (["As Ad", "Kh Qh"], "2s 2s", "", '"2s" appears twice'),
        (["As Ad", "Kh Qh"], "", "Zz", 'the dead cards: "Zz" is not a card'),
        (["2c 2d", "2c 3d"], "", "", '"2c" is in hand 1 and in hand 2'),
    ],
)
def test_equity_errors(hands: list[str], board: str, dead: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        equity(hands, board=board, dead=dead)


def test_equity_needs_cards_left_to_deal() -> None:
    hands = [[2 * i, 2 * i + 1] for i in range(24)]
    with pytest.raises(CardError, match="only 4 cards are left"):
        equity(hands)
    with pytest.raises(PokerError, match="samples must be 1 or more"):
        equity(["As Ad", "Kh Qh"], samples=0)


def test_equity_results_are_frozen_and_indexable() -> None:
    result = equity(["As Ad", "Kh Qh"], board="2s Ah Ac")
    assert len(result) == 2
    assert list(result) == list(result.hands)
    assert result[0].cards == parse_cards("As Ad")
    assert result.board == parse_cards("2s Ah Ac")
    assert isinstance(np.float64(result[0].share), np.floating)


def _counts_by_strengths(hands: list[str]) -> tuple[list[int], list[int]]:
    """Wins and ties over every preflop board through `strengths` (the evaluator's own numpy
    path over whole seven-card hands), an independent check of the enumeration's kernel."""
    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    deck = np.array([c for c in range(52) if all(c not in hole for hole in holes)], np.int64)
    boards = deck[combination_indexes(len(deck), 5).T.astype(np.intp)]
    values = np.stack(
        [strengths(np.hstack([np.tile(hole, (len(boards), 1)), boards])) for hole in holes]
    )
    best = values == values.max(axis=0)
    alone = best.sum(axis=0) == 1
    return [int((row & alone).sum()) for row in best], [int((row & ~alone).sum()) for row in best]


@pytest.mark.slow
def test_four_way_preflop_counts_match_the_evaluator_over_every_board() -> None:
    hands = ["Ah Kh", "Ad Kd", "7c 7s", "Qs Jc"]  # two mirrored hands: many boards tie
    wins, ties = _counts_by_strengths(hands)
    result = equity(hands)
    assert result.boards == math.comb(44, 5)
    assert [h.wins for h in result] == wins
    assert [h.ties for h in result] == ties


def test_preflop_counts_do_not_depend_on_the_chunk_size(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = ["As Ks", "Ah Kh", "2c 2d"]
    whole = equity(hands)
    monkeypatch.setattr(equity_module, "_CHUNK", 99_991)  # chunks end at odd places
    split = equity(hands)
    assert [(h.wins, h.ties, h.share) for h in split] == [(h.wins, h.ties, h.share) for h in whole]
    assert split[0].share == split[1].share


def test_a_full_table_of_hands_is_counted_cell_by_cell() -> None:
    # 23 hands: too many for one bit per hand, counted as before, against brute force.
    cards = [
        str(c) for c in parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))
    ]
    hands = [f"{cards[2 * i]} {cards[2 * i + 1]}" for i in range(23)]
    board = " ".join(cards[46:49])
    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    wins, ties, shares, boards = brute_force(
        holes, [int(c) for c in parse_cards(board)], [], holdem
    )
    result = equity(hands, board=board)
    assert result.boards == boards == 3
    assert [h.wins for h in result] == wins
    assert [h.ties for h in result] == ties
    assert [h.share for h in result] == pytest.approx(shares, abs=1e-12)
    # ... in a tally of cells, not 2**23 winner masks (64 MB and a slow bincount per batch).
    assert equity_module._Tally(23).tally.size == 23 * 24
    assert equity_module._Tally(10).tally.size == 1 << 10
