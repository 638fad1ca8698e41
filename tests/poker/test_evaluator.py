"""The hand evaluator against the textbook reference, the rules, and the descriptions."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.poker import (
    CardError,
    Category,
    HandValue,
    PokerError,
    evaluate,
    parse_cards,
    showdown,
    strength,
    strengths,
)
from clockapp.poker import tables as poker_tables
from clockapp.poker.boards import combination_indexes
from tests.poker import reference


def _non_flush_suits(ranks: tuple[int, ...]) -> list[int]:
    """Cards with these ranks whose suits never make a flush (repeated ranks get new suits)."""
    seen: Counter[int] = Counter()
    codes = []
    for i, r in enumerate(ranks):
        suit = (seen[r] + i) % 4 if ranks.count(r) == 1 else seen[r]
        seen[r] += 1
        codes.append(4 * r + suit)
    if len({c % 4 for c in codes}) == 1:  # five distinct ranks that landed on one suit
        codes[0] = codes[0] - codes[0] % 4 + (codes[0] % 4 + 1) % 4
    assert len(set(codes)) == 5
    return codes


@pytest.fixture(scope="module")
def class_strength() -> dict[reference.Value, int]:
    """The strength of every five-card class, keyed by the reference value of the class."""
    mapping: dict[reference.Value, int] = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        hands = [_non_flush_suits(ranks)]
        if len(set(ranks)) == 5:
            hands.append([4 * r for r in ranks])  # all spades: the flush version
        for hand in hands:
            value = reference.five(hand)
            assert mapping.setdefault(value, strength(hand)) == strength(hand)
    return mapping


def test_every_five_card_class_ranks_as_the_reference_does(
    class_strength: dict[reference.Value, int],
) -> None:
    # 7,462 classes, one strength each, in exactly the reference's order.
    assert len(class_strength) == 7462
    ordered = [class_strength[value] for value in sorted(class_strength)]
    assert ordered == list(range(1, 7463))


def test_all_2598960_five_card_hands_fall_in_the_textbook_categories() -> None:
    hands = combination_indexes(52, 5).T
    values = strengths(hands)
    counts = np.bincount(poker_tables.CLASS_CATEGORY[values], minlength=9).tolist()
    assert counts == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
    assert len(np.unique(values)) == 7462


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6, 7])
def test_random_hands_match_the_reference_best_of_five(
    size: int, class_strength: dict[reference.Value, int]
) -> None:
    rng = random.Random(size)
    hands = [rng.sample(range(52), size) for _ in range(10_000)]
    expected = [class_strength[reference.best(hand)] for hand in hands]
    assert [strength(hand) for hand in hands] == expected
    assert strengths(np.array(hands)).tolist() == expected


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6, 7])
def test_numpy_path_equals_one_hand_path_on_large_samples(size: int) -> None:
    rng = np.random.default_rng(size)
    hands = np.argsort(rng.random((150_000, 52)), axis=1)[:, :size].astype(np.uint8)
    fast = strengths(hands)
    assert fast.dtype == np.int32
    sample = range(0, len(hands), 7)
    assert [strength(hands[i].tolist()) for i in sample] == fast[list(sample)].tolist()


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.permutations(range(52)))
def test_two_seven_card_hands_compare_as_the_reference_says(deck: list[int]) -> None:
    first, second = deck[:7], deck[7:14]
    ref = (reference.best(first) > reference.best(second)) - (
        reference.best(first) < reference.best(second)
    )
    assert (evaluate(first) > evaluate(second)) - (evaluate(first) < evaluate(second)) == ref
    assert (evaluate(first) == evaluate(second)) == (ref == 0)


@pytest.mark.parametrize(
    ("cards", "description"),
    [
        ("Kh Kd Ks 5c 5d", "Full house, kings full of fives"),
        ("Ah Ad 9c 9s Qd", "Two pair, aces and nines with a queen kicker"),
        ("As 2d 3c 4h 5s", "Straight, five high"),
        ("As Ks Qs Js Ts", "Royal flush"),
        ("9h 8h 7h 6h 5h", "Straight flush, nine high"),
        ("Ah 2h 3h 4h 5h", "Straight flush, five high"),
        ("7c 7d 7h 7s Ac", "Four of a kind, sevens with an ace kicker"),
        ("6c 6d 6h 6s 8d", "Four of a kind, sixes with an eight kicker"),
        ("Ah Jh 9h 6h 4h", "Flush, ace-jack-nine-six-four"),
        ("Ts Jd Qc Kh As", "Straight, ace high"),
        ("8c 8d 8h Kd 2s", "Three of a kind, eights with king and two kickers"),
        ("Jc Jd Ah 9c 4d", "One pair, jacks with ace, nine and four kickers"),
        ("Ah Kd 9c 7s 4d", "High card, ace-king-nine-seven-four"),
        ("Kh Kd Ks 5c 5d 5s 2h", "Full house, kings full of fives"),
        ("Kh Kd Ks 5c 5d Qs Qh", "Full house, kings full of queens"),
        ("Ah Ad 9c 9s Qd 4h 2c", "Two pair, aces and nines with a queen kicker"),
    ],
)
def test_describe_in_a_tables_words(cards: str, description: str) -> None:
    assert evaluate(cards).describe() == description
    assert str(evaluate(cards)) == description


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("As 2d 3c 4h 5s", Category.STRAIGHT),  # the ace plays low
        ("Qs Kd Ah 2c 3d", Category.HIGH_CARD),  # no wrapping around the ace
        ("Js Qd Kh Ac 2d 3h 5s", Category.HIGH_CARD),  # J-Q-K-A-2 and Q-K-A-2-3 don't run
        ("5h 6h 7h 8h 9h Td Jc", Category.STRAIGHT_FLUSH),  # beats the jack-high straight
        ("Ah Kh Qh Jh 9h 8h 7h", Category.FLUSH),
        ("9s 9h 9d 9c Ks Kd Kh", Category.FOUR_OF_A_KIND),
        ("2c 2d 2h 3c 3d 3h 4s", Category.FULL_HOUSE),  # two sets of trips
        ("2c 2d 3h 3c 4d 4h 9s", Category.TWO_PAIR),  # three pairs
        ("2c 2d 2h 7c 9d Jh Ks", Category.THREE_OF_A_KIND),
    ],
)
def test_categories(cards: str, category: Category) -> None:
    assert evaluate(cards).category == category
    assert category.value in {
        "straight flush", "four of a kind", "full house", "flush", "straight",
        "three of a kind", "two pair", "one pair", "high card",
    }  # fmt: skip


def test_wheel_is_the_lowest_straight_and_straight_flush() -> None:
    assert evaluate("As 2d 3c 4h 5s") < evaluate("2d 3c 4h 5s 6d") < evaluate("Ts Jd Qc Kh As")
    assert evaluate("Ah 2h 3h 4h 5h") < evaluate("2h 3h 4h 5h 6h")
    assert evaluate("Ah 2h 3h 4h 5h") > evaluate("As Ad Ah Ac Kd")


def test_a_sixth_flush_card_never_plays() -> None:
    result = showdown("Ah Kh 9h 7h 5h", ["3h 2c", "4h 2d"])
    assert result.ranking == ((0, 1),)
    assert result.values[0].category == Category.FLUSH


def test_a_third_pair_never_plays() -> None:
    # Both play kings and eights with the board's four: the first hand's pair of fours is idle.
    result = showdown("Ks Kd 8c 8h 4s", ["4d 2c", "3d 2s"])
    assert result.winners == (0, 1)
    assert result.values[0].describe() == "Two pair, kings and eights with a four kicker"
    assert showdown("Ks Kd 8c 8h 4s", ["4d 2c", "Qd 2s"]).winners == (1,)


def test_the_board_plays_for_everyone() -> None:
    result = showdown("As Ks Qs Js Ts", ["2c 3d", "4h 5h"])
    assert result.winners == (0, 1)
    assert set(result.values[1].best_five) == set(parse_cards("As Ks Qs Js Ts"))


def test_kickers_break_ties() -> None:
    assert evaluate("Ah Ad Kc 7s 4d 3c 2h") > evaluate("Ah Ad Qc 7s 4d 3c 2h")
    assert showdown("9s 9h 9d 9c 2s", ["Ah 3d", "Kh Qd"]).winners == (0,)
    assert evaluate("Ah Ad Kc 7s 4d 3c 2h") == evaluate("As Ac Kd 7h 4s 3d 2c")


@pytest.mark.parametrize(
    ("cards", "board", "best"),
    [
        ("As Ad", "2s Ah Ac Th Jh", "As Ad Ah Ac Jh"),
        ("Kh Qh", "2s Ah Ac Th Jh", "Ah Kh Qh Jh Th"),
        ("5d 9c", "As 2d 3c 4h Kd", "5d 4h 3c 2d As"),
        ("Kh 5s", "Kd Ks 5c 5d 2h", "Kh Kd Ks 5s 5c"),
    ],
)
def test_best_five_are_the_cards_that_play_in_order(cards: str, board: str, best: str) -> None:
    value = evaluate(cards, board=board)
    assert value.best_five == parse_cards(best)
    assert strength(value.best_five) == value.strength


def test_hand_values_compare_by_strength_only() -> None:
    a = evaluate("Ah Ad Kc 7s 4d")
    b = evaluate("As Ac Kd 7h 4s")
    assert a == b
    assert hash(a) == hash(b)
    assert a.best_five != b.best_five
    assert a.ranks == (12, 12, 11, 5, 2)
    assert HandValue(7462) > a >= b
    with pytest.raises(PokerError, match="7463 is not a hand strength"):
        HandValue(7463)


@pytest.mark.parametrize(
    ("hole", "board", "category", "description"),
    [
        # Four hearts on board and one in the hand: Omaha needs two from the hand, so no flush.
        ("Ah Kc Qd Js", "2h 5h 8h Th 3c", Category.HIGH_CARD, None),
        ("Ah 7c 7d 2s", "Kh Qh Jh Th 3c", Category.ONE_PAIR, None),
        ("As Ad Qh Jc", "Ks Kd Kh 2c 2d", Category.FULL_HOUSE, "Full house, kings full of aces"),
        ("Ah Kh 2c 2d", "Qh Jh Th 3c 4d", Category.STRAIGHT_FLUSH, "Royal flush"),
        # Four of a kind on the board can't play: only three board cards count.
        (
            "Ah Kh 2c 3d",
            "9s 9h 9d 9c 4d",
            Category.THREE_OF_A_KIND,
            "Three of a kind, nines with ace and king kickers",
        ),
    ],
)
def test_omaha_uses_exactly_two_hole_cards(
    hole: str, board: str, category: Category, description: str | None
) -> None:
    value = evaluate(hole, board=board)
    assert value.category == category
    if description:
        assert value.describe() == description
    played = set(value.best_five)
    assert len(played & set(parse_cards(hole))) == 2
    assert len(played & set(parse_cards(board))) == 3


def test_omaha_matches_the_reference_on_random_deals(
    class_strength: dict[reference.Value, int],
) -> None:
    rng = random.Random(4)
    for _ in range(300):
        deal = rng.sample(range(52), 4 + 5)
        board_size = rng.choice([3, 4, 5])
        hole, board = deal[:4], deal[4 : 4 + board_size]
        expected = class_strength[reference.omaha(hole, board)]
        assert evaluate(hole, board=board).strength == expected


def test_holdem_with_a_board_is_the_best_five_of_all_the_cards() -> None:
    assert evaluate("Kh Qh", board="2s Ah Ac Th Jh").describe() == "Royal flush"
    assert evaluate("Kh Qh", board="2s Ah Ac").strength == strength(parse_cards("Kh Qh 2s Ah Ac"))
    assert evaluate("Kh Qh", board="Th 9c 2d", game="holdem").category == Category.HIGH_CARD


@pytest.mark.parametrize(
    ("cards", "board", "message"),
    [
        ("As Kd Qh Jc", None, "a hand has 5, 6 or 7 cards, not 4"),
        ("As Kd Qh Jc Tc 9c 8c 7c", None, "a hand has 5, 6 or 7 cards, not 8"),
        ("As Kd Qh Jc As", None, '"As" appears twice'),
        ("As Kd", "As 2c 3d", '"As" is both in the hand and on the board'),
        ("As Kd Qh Jc", "2c 3d", "an Omaha board has 3 to 5 cards, not 2"),
        ("As Kd", "2c 3d Tc 9h 8h Js", "the hand and the board make 8 cards"),
        ("As Xd", None, 'unknown rank "X"'),
    ],
)
def test_evaluate_rejects_bad_hands(cards: str, board: str | None, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate(cards, board=board)


def test_omaha_without_a_board_is_an_error() -> None:
    with pytest.raises(CardError, match="Omaha needs a board"):
        evaluate("As Kd Qh Jc Ts", game="omaha")


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (np.zeros((3, 4), np.int64), "shape"),
        (np.zeros((3, 8), np.int64), "shape"),
        (np.zeros(7, np.int64), "shape"),
        (np.zeros((3, 7), np.float64), "integers"),
        (np.full((3, 7), 52), "0 to 51"),
        (np.full((3, 7), -1), "0 to 51"),
    ],
)
def test_strengths_rejects_bad_arrays(hands: np.ndarray, message: str) -> None:
    with pytest.raises(CardError, match=message):
        strengths(hands)


def test_strengths_of_nothing_is_empty_and_accepts_lists() -> None:
    assert strengths(np.zeros((0, 7), np.uint8)).shape == (0,)
    assert strengths([[48, 44, 40, 36, 32]]).tolist() == [7462]


def test_strength_rejects_the_wrong_number_of_cards() -> None:
    with pytest.raises(CardError, match="not 4"):
        strength([0, 1, 2, 3])
    with pytest.raises(CardError, match="not 8"):
        strength(list(range(8)))
