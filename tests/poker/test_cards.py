"""Reading and writing cards."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.poker import CARDS, Card, CardError, Suit, as_cards, format_cards, parse_cards


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As Kd 10h 9♣ tc", "As Kd Th 9c Tc"),
        ("AsKd", "As Kd"),
        ("as kd QH jS", "As Kd Qh Js"),
        ("A♠ K♥ Q♦ J♣", "As Kh Qd Jc"),
        ("As, Kd,Qh", "As Kd Qh"),
        ("10s10h", "Ts Th"),
        ("  2c   ", "2c"),
        ("", ""),
    ],
)
def test_parse_cards_accepts_what_a_director_types(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("As Xd", '"Xd" in "As Xd" is not a card: unknown rank "X"'),
        ("AsKx", '"Kx" in "AsKx" is not a card: unknown suit "x"'),
        ("1h", '"1h" is not a card: unknown rank "1"'),
        ("As K", '"K" in "As K" is not a card: the suit is missing'),
        ("As Kd As", '"As" appears twice in "As Kd As"'),
        ("AsKdas", '"As" appears twice in "AsKdas"'),
    ],
)
def test_parse_cards_names_the_offending_text(text: str, message: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_cards(text)
    assert str(caught.value).startswith(message)


def test_parse_cards_checks_the_count() -> None:
    assert len(parse_cards("As Kd", count=2)) == 2
    with pytest.raises(CardError, match='expected 2 cards, got 3 in "As Kd Qh"'):
        parse_cards("As Kd Qh", count=2)
    with pytest.raises(CardError, match="expected 1 card, got 0"):
        Card.from_text("")


def test_card_is_its_code() -> None:
    card = Card.from_text("As")
    assert str(card) == "As"
    assert int(card) == 48
    assert card.rank == 12
    assert card.suit is Suit.SPADES
    assert card.symbol == "A♠"
    assert repr(card) == "Card('As')"
    assert [int(c) for c in parse_cards("2s 2h 2d 2c 3s")] == [0, 1, 2, 3, 4]
    assert np.array(parse_cards("As Kd")).tolist() == [48, 46]
    assert Card.of(10, Suit.HEARTS) == Card.from_text("Qh") == Card(41)
    assert Suit.DIAMONDS.symbol == "♦"


@pytest.mark.parametrize("code", [-1, 52, 100])
def test_card_codes_run_from_0_to_51(code: int) -> None:
    with pytest.raises(CardError, match=f"{code} is not a card code"):
        Card(code)


def test_card_of_rejects_nonsense() -> None:
    with pytest.raises(CardError, match="no card has rank 13"):
        Card.of(13, 0)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(CARDS), unique=True, max_size=10))
def test_format_and_parse_round_trip(cards: list[Card]) -> None:
    text = format_cards(cards)
    assert parse_cards(text) == tuple(cards)
    assert parse_cards(text.replace(" ", "")) == tuple(cards)
    assert parse_cards(" ".join(c.symbol for c in cards)) == tuple(cards)


def test_as_cards_accepts_text_codes_cards_and_strings() -> None:
    assert as_cards("As Kd") == as_cards([48, "Kd"]) == as_cards([CARDS[48], CARDS[46]])
    with pytest.raises(CardError, match='hand 2: "As" appears twice'):
        as_cards([48, "As"], "hand 2")
    with pytest.raises(CardError, match='the board: "Zz" is not a card'):
        as_cards("Zz", "the board")
    with pytest.raises(CardError, match='the board: "Zz" is not a card'):
        as_cards(["Zz"], "the board")
    with pytest.raises(CardError, match="the board: 60 is not a card code"):
        as_cards([60], "the board")
