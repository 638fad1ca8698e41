"""The all-in showdown's rules: chances by street, outs, pots and busts, bad input, worst beat."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clockapp.poker.allin import AllInHand, at_risk, beat_chance, one_in, read_allin
from clockapp.poker.cards import CARDS, as_cards
from clockapp.poker.errors import CardError, PokerError
from clockapp.poker.pots import settle
from clockapp.poker.showdown import showdown

ANN = AllInHand("Ann", "As Ad", 500, 500, registration_id=1)
BO = AllInHand("Bo", "Kh Qh", 900, 500, registration_id=2)


def test_four_aces_lose_to_the_royal_flush_one_board_in_990() -> None:
    assert beat_chance(["As Ad", "Kh Qh"], "2s Ah Ac", "2s Ah Ac Th Jh") == Fraction(1, 990)
    assert one_in(Fraction(1, 990)) == "1 in 990"


def test_the_chance_is_an_exact_count_of_boards_checked_by_brute_force() -> None:
    holes = ["Ac Kc", "9d 9h"]
    start = as_cards("2c 7c Jd")
    final = "2c 7c Jd 3s 4d"  # the nines hold against the favourite's draws
    used = set(start) | set(as_cards("Ac Kc 9d 9h"))
    rest = [c for c in CARDS if c not in used]
    wins = sum(showdown((*start, a, b), holes).winners == (1,) for a, b in combinations(rest, 2))
    assert beat_chance(holes, "2c 7c Jd", final) == Fraction(wins, len(rest) * (len(rest) - 1) // 2)


def test_a_hand_the_favourite_won_is_no_bad_beat() -> None:
    # Ace-king of clubs is the favourite on this flop (545 boards of 990) and the flush came.
    with pytest.raises(CardError) as refused:
        beat_chance(["Ac Kc", "9d 9h"], "2c 7c Jd", "2c 7c Jd Qc 3s")
    assert str(refused.value) == (
        "the hand that won was not behind when the money went in (55% to win): a bad beat is a "
        "hand the favourite lost"
    )
    # Mirror hands on a mirror flop: the same chance for both, nobody behind, no bad beat.
    with pytest.raises(CardError, match="a bad beat is a hand the favourite lost"):
        beat_chance(["As Ks", "Ah Kh"], "2s 2h 9d", "2s 2h 9d 5s 7s")


def test_each_street_has_its_chances_and_the_hands_behind_their_outs() -> None:
    flop = read_allin([ANN, BO], "2s Ah Ac")
    assert flop.street == "flop"
    assert flop.leaders == ("Ann",)
    assert (flop.hands[1].wins, flop.boards) == (1, 990)
    turn = read_allin([ANN, BO], "2s Ah Ac Th")
    assert [str(c) for c in turn.hands[1].outs] == ["Jh"]  # the trailing hand's one out
    assert turn.hands[0].outs == ()  # the leader has none
    assert turn.result is None


def test_the_river_says_who_takes_which_pot_and_who_is_out() -> None:
    short = AllInHand("Cy", "7c 7d", 200, 200, registration_id=3)
    done = read_allin([ANN, BO, short], "2s Ah Ac Th Jh")
    assert done.hands[1].value == "Royal flush"
    pots = [(p.name, p.amount, p.winners) for p in done.result.pots]
    assert pots == [("Main pot", 600, ("Bo",)), ("Side pot 1", 600, ("Bo",))]
    assert [(b.name, b.busted_by, b.buster_registration_id) for b in done.result.busts] == [
        ("Ann", "Bo", 2),
        ("Cy", "Bo", 2),
    ]  # the bigger stack first: Ann finishes ahead of Cy


def test_the_short_stack_winning_the_main_pot_is_not_out_and_busts_nobody() -> None:
    short = AllInHand("Cy", "Th Jh", 200, 200)
    done = read_allin([ANN, AllInHand("Bo", "Kd Qd", 900, 500), short], "2s 3c 8h 9h Qh")
    winners = {p.name: p.winners for p in done.result.pots}
    assert winners == {"Main pot": ("Cy",), "Side pot 1": ("Ann",)}
    assert [b.name for b in done.result.busts] == []


def test_the_uncalled_chips_go_back() -> None:
    big = AllInHand("Bo", "Kh Qh", 900, 900)
    done = read_allin([ANN, big], "2s 3d 4c 8h 9s")
    assert done.result.returned == (("Bo", 400),)


@pytest.mark.parametrize(
    ("hands", "board", "words"),
    [
        ([ANN, AllInHand("Bo", "Ad As", 500, 500)], "", "entered twice"),
        ([ANN, AllInHand("ann", "Kh Qh", 500, 500)], "", "ann is entered twice"),
        ([ANN, AllInHand("Bo", "As Kd", 500, 500)], "", "As is in Ann's hand and in Bo's"),
        ([ANN, BO], "Ah Kh", "the board has 2 cards"),
        ([ANN, BO], "2s 3s 4s 5s 6s 7s", "the board has 6 cards"),
        ([ANN, BO], "Kh 3s 4s", "Kh is on the board and in Bo's hand"),
        ([ANN], "", "at least two players"),
        ([ANN, AllInHand("Bo", "Kh Qh", 100, 300)], "", "at most the stack"),
        ([ANN, AllInHand("Bo", "Kh", 100, 100)], "", "Bo's hand has 1 card;"),
    ],
)
def test_bad_input_is_refused_with_a_message(
    hands: list[AllInHand], board: str, words: str
) -> None:
    with pytest.raises((CardError, PokerError), match=words):
        read_allin(hands, board)


def test_a_split_pot_is_no_bad_beat() -> None:
    with pytest.raises(CardError, match="split"):
        beat_chance(["As Kd", "Ac Kh"], "", "2s 3d 7h 9c Jd")


OMAHA_ANN = AllInHand("Ann", "As Ad 7c 2s", 500, 500, registration_id=1)
OMAHA_BO = AllInHand("Bo", "Kh Qh 3c 4d", 900, 500, registration_id=2)


@pytest.mark.slow
def test_an_omaha_showdown_is_counted_exactly_from_preflop_to_the_river() -> None:
    preflop = read_allin([OMAHA_ANN, OMAHA_BO])
    assert preflop.boards == 1_086_008  # every board, each hand's best of 60 five-card hands
    assert all(h.margin == 0.0 for h in preflop.hands)
    assert preflop.hands[0].win + preflop.hands[1].win + preflop.hands[0].tie == pytest.approx(1)
    flop = read_allin([OMAHA_ANN, OMAHA_BO], "Ah Jh Th")
    assert flop.boards == 820
    assert [str(c) for c in flop.hands[1].outs] == []  # Bo has the royal flush already
    assert flop.leaders == ("Bo",)
    # Omaha plays exactly two hole cards: Ann's three aces, Bo's royal flush.
    river = read_allin([OMAHA_ANN, OMAHA_BO], "Ah Jh Th 5c 9s")
    assert [h.value for h in river.hands] == [
        "Three of a kind, aces with jack and ten kickers",
        "Royal flush",
    ]
    assert river.result is not None
    assert [(b.name, b.busted_by) for b in river.result.busts] == [("Ann", "Bo")]


def test_omaha_with_five_hands_preflop_carries_its_margin() -> None:
    cards = ["As Ad Kc Qd", "Kh Qh Jh Th", "9c 9d 8h 7h", "2s 3s 4c 5c", "6d 6h 7s 8s"]
    entries = [AllInHand(f"P{i}", c, 100, 100) for i, c in enumerate(cards)]
    reading = read_allin(entries)
    assert reading.boards == 60_000
    assert all(0 < h.margin < 0.01 for h in reading.hands)
    assert all(h.margin == 0.0 for h in read_allin(entries, "2d 3d 4d").hands)


def test_hold_em_and_omaha_hands_do_not_mix() -> None:
    with pytest.raises(CardError, match="Bo's hand has 2 cards and Ann's 4"):
        read_allin([OMAHA_ANN, BO])
    with pytest.raises(CardError, match="a Hold'em hand has 2, an Omaha hand 4"):
        read_allin([OMAHA_ANN, AllInHand("Bo", "Kh Qh Jh", 900, 500)])


@pytest.mark.slow
def test_an_omaha_bad_beat_is_an_exact_fraction() -> None:
    holes = ["As Ad 7c 2s", "Kh Qh 3c 4d"]
    # Ann's aces lead on this flop; Bo wins with the flush.
    chance = beat_chance(holes, "Ac 8h 2h", "Ac 8h 2h 5h 9c")
    wins = sum(
        showdown((*as_cards("Ac 8h 2h"), a, b), holes).winners == (1,)
        for a, b in combinations(
            [c for c in CARDS if c not in set(as_cards("Ac 8h 2h As Ad 7c 2s Kh Qh 3c 4d"))], 2
        )
    )
    assert chance == Fraction(wins, 41 * 40 // 2)


@pytest.mark.parametrize(
    ("bets", "risks"),
    [
        ((5_000, 8_000), (5_000, 5_000)),  # the covering player risks what can be called
        ((8_000, 5_000, 3_000), (5_000, 5_000, 3_000)),
        ((4_000, 4_000), (4_000, 4_000)),  # nobody covers: both risk it all
        ((9_000, 9_000, 2_000), (9_000, 9_000, 2_000)),
        ((5_000, 0), (5_000, 0)),  # the other's chips not entered yet
    ],
)
def test_each_hand_is_at_risk_for_what_the_others_can_call(
    bets: tuple[int, ...], risks: tuple[int, ...]
) -> None:
    assert at_risk(bets) == risks


@pytest.mark.slow
@given(st.lists(st.integers(min_value=1, max_value=100_000), min_size=2, max_size=9))
def test_what_is_at_risk_is_the_bet_less_the_uncalled_chips_settled_back(bets: list[int]) -> None:
    settled = settle(bets, [False] * len(bets), None, button=0)
    back = settled.uncalled
    expected = tuple(
        bet - (back.amount if back is not None and back.seat == seat else 0)
        for seat, bet in enumerate(bets)
    )
    assert at_risk(bets) == expected
