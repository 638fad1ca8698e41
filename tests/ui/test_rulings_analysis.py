"""The window's bridge to the poker library: seat numbers, the button and the order, settled."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.poker.errors import CardError
from clockapp.ui.rulings.analysis import (
    manual_ranking,
    odds_job,
    parse_entry,
    read_hands,
    settle_dispute,
)
from clockapp.ui.rulings.state import Dispute, Game, Player


@pytest.mark.parametrize(
    ("text", "cards"),
    [("", ()), ("  ", ()), ("AsKd", ("As", "Kd")), ("10h 9♣ tc", ("Th", "9c", "Tc"))],
)
def test_typed_cards_are_read_in_every_spelling(text: str, cards: tuple[str, ...]) -> None:
    assert parse_entry(text) == cards


def test_an_unknown_suit_is_named() -> None:
    with pytest.raises(CardError, match='"Ax"'):
        parse_entry("Ks Ax")


def test_no_odds_are_asked_without_two_live_hands_or_with_a_full_board() -> None:
    two = (Player(1, cards=("As", "Ad")), Player(2, cards=("Kh", "Qh")))
    assert odds_job(Dispute(players=two)) is not None
    assert odds_job(Dispute(players=(two[0], Player(2, cards=("Kh",))))) is None
    folded = (two[0], Player(2, cards=("Kh", "Qh"), folded=True))
    assert odds_job(Dispute(players=folded)) is None
    assert odds_job(Dispute(board=("2s", "3s", "4s", "5d", "9c"), players=two)) is None


def test_a_showdown_leaves_folded_hands_out() -> None:
    d = Dispute(
        board=("2s", "Ah", "Ac", "Th", "Jh"),
        players=(
            Player(1, cards=("Kh", "Qh"), folded=True),  # the royal flush folded
            Player(2, cards=("As", "Ad")),
            Player(3, cards=("9c", "9d")),
        ),
    )
    reading = read_hands(d)
    assert reading.final
    assert reading.winners == (1,)
    assert reading.ranking == ((1,), (2,))


def test_places_given_by_hand_make_tied_groups() -> None:
    d = Dispute(
        players=(Player(1, place=2), Player(2, place=1), Player(3, place=2), Player(4, folded=True))
    )
    assert manual_ranking(d) == (((1,), (0, 2)), None)
    assert manual_ranking(Dispute(players=(Player(1), Player(2)))) == (None, None)
    only = Dispute(players=(Player(1, folded=True), Player(2)))
    assert manual_ranking(only) == (((1,),), None)


def _reference_odd_chip_seat(seats: list[int], winners: set[int], button: int) -> int:
    """The first winning seat number met going clockwise (up, wrapping at 10) after the button."""
    for step in range(1, 11):
        seat = (button - 1 + step) % 10 + 1
        if seat in winners:
            return seat
    raise AssertionError("no winner")


@settings(max_examples=60, deadline=None)
@given(
    seats=st.lists(st.integers(1, 10), min_size=2, max_size=6, unique=True),
    button=st.integers(1, 10),
    data=st.data(),
)
def test_the_odd_chip_goes_to_the_first_winner_left_of_the_button(
    seats: list[int], button: int, data: st.DataObject
) -> None:
    winners = set(data.draw(st.lists(st.sampled_from(seats), min_size=2, max_size=2, unique=True)))
    players = tuple(Player(seat, bet=10, place=1 if seat in winners else 2) for seat in seats)
    dead = 1  # makes the pot odd: 10 * n + 1
    answer = settle_dispute(Dispute(players=players, button=button, dead=dead), manual(players))
    takes = {
        p.seat: row.takes
        for p, row in zip(sorted(players, key=lambda p: p.seat), answer.payouts, strict=True)
    }
    expected = _reference_odd_chip_seat(seats, winners, button)
    other = (winners - {expected}).pop()
    assert takes[expected] == takes[other] + 1
    assert sum(takes.values()) == 10 * len(seats) + dead


def manual(players: tuple[Player, ...]) -> tuple[tuple[int, ...], ...]:
    ranking, problem = manual_ranking(Dispute(players=players))
    assert problem is None
    assert ranking is not None
    return ranking


@settings(max_examples=60, deadline=None)
@given(
    bets=st.lists(st.integers(0, 500), min_size=2, max_size=8),
    folds=st.lists(st.booleans(), min_size=8, max_size=8),
    places=st.lists(st.integers(1, 3), min_size=8, max_size=8),
    dead=st.integers(0, 50),
    chip=st.sampled_from([1, 5, 25]),
    order=st.randoms(use_true_random=False),
)
def test_every_chip_is_paid_out_whatever_order_the_players_are_listed_in(
    bets: list[int],
    folds: list[bool],
    places: list[int],
    dead: int,
    chip: int,
    order,
) -> None:
    players = [
        Player(seat + 1, bet=bet, folded=folds[seat], place=places[seat])
        for seat, bet in enumerate(bets)
    ]
    if all(p.folded for p in players):
        players[0] = Player(1, bet=bets[0], place=1)
    listed = list(players)
    order.shuffle(listed)
    takes = {}
    for version in (players, listed):
        d = Dispute(players=tuple(version), button=1, dead=dead, chip=chip)
        answer = settle_dispute(d, manual(tuple(version)))
        assert sum(row.takes for row in answer.payouts) == sum(bets) + dead
        assert sum(pot.amount for pot in answer.pots) + _uncalled(answer.uncalled) == (
            sum(bets) + dead
        )
        takes[len(takes)] = {row.who: row.takes for row in answer.payouts}
    assert takes[0] == takes[1]


def _uncalled(text: str) -> int:
    return int(text.split()[2].replace(",", "")) if text else 0


def test_omaha_is_read_as_omaha() -> None:
    d = Dispute(
        game=Game.OMAHA,
        board=("Kh", "Qh", "Jh", "Th", "3c"),
        players=(
            Player(1, cards=("Ah", "7c", "7d", "2s")),
            Player(2, cards=("Ks", "Kd", "4c", "5c")),
        ),
    )
    reading = read_hands(d)
    hand = reading.hands[0]
    assert hand is not None
    assert hand.description == "One pair, sevens with king, queen and jack kickers"
    assert reading.winners == (1,)  # three kings
