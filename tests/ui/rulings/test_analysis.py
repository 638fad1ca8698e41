"""The window's bridge to the poker library: seat numbers, the button and the order, settled."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.poker.errors import CardError
from clockapp.ui.rulings.analysis import odds_job, parse_entry, read_hands
from clockapp.ui.rulings.answer import MIN_COLUMN, share_width
from clockapp.ui.rulings.present import hand_badge
from clockapp.ui.rulings.settlement import (
    BUTTON_UNKNOWN,
    NO_BADGE,
    Badge,
    PotRow,
    button_warning,
    chip_warnings,
    manual_ranking,
    pot_badge,
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


@pytest.mark.slow
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
        p.seat: row.paid
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


@pytest.mark.slow
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
        assert sum(row.paid for row in answer.payouts) == sum(bets) + dead
        assert sum(row.returned for row in answer.payouts) == _uncalled(answer.uncalled)
        assert sum(pot.amount for pot in answer.pots) + _uncalled(answer.uncalled) == (
            sum(bets) + dead
        )
        takes[len(takes)] = {row.who: (row.takes, row.returned) for row in answer.payouts}
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


# ---------------------------------------------------------------- badges: who takes which pot


def pots(*winners: tuple[int, ...]) -> tuple[PotRow, ...]:
    names = ["Main pot", *(f"Side pot {n}" for n in range(1, len(winners)))]
    return tuple(
        PotRow(name, 100, "", "", False, winners=w) for name, w in zip(names, winners, strict=True)
    )


@pytest.mark.parametrize(
    ("settled", "index", "badge"),
    [
        (pots((0,)), 0, Badge("WINS", "WINS")),
        (pots((0, 1)), 1, Badge("SPLITS", "SPLITS")),
        (pots((0,)), 1, NO_BADGE),
        (pots((2,), (0, 1)), 2, Badge("WINS MAIN", "WINS")),
        (pots((2,), (0, 1)), 0, Badge("SPLITS SIDE 1", "SPLITS")),
        (pots((0,), (1,), (8,)), 8, Badge("WINS SIDE 2", "WINS")),
        (pots((3,), (3,), (3,)), 3, Badge("WINS ALL POTS", "WINS")),
        (pots((0, 1), (1,), (1,)), 1, Badge("WINS SIDE 1 + SIDE 2 · SPLITS MAIN", "WINS")),
        (pots((5,), (0,), (0,), (0,)), 0, Badge("WINS SIDES 1–3", "WINS")),
        (pots((0,), (0, 4), (0,), (2,)), 0, Badge("WINS MAIN + SIDE 2 · SPLITS SIDE 1", "WINS")),
        (pots((), ()), 0, NO_BADGE),  # not awarded yet
    ],
)
def test_a_badge_names_the_pots_a_player_takes(
    settled: tuple[PotRow, ...], index: int, badge: Badge
) -> None:
    assert pot_badge(index, settled) == badge


def _pots_named(text: str) -> set[int]:
    """The pot numbers a badge names (the reference reading: MAIN is 0, SIDES 1–3 is 1, 2, 3)."""
    numbers: set[int] = set()
    words = text.replace("·", " ").replace("+", " ").split()
    for i, word in enumerate(words):
        if word == "MAIN":
            numbers.add(0)
        elif word in ("SIDE", "SIDES"):
            first, _, last = words[i + 1].partition("–")
            numbers.update(range(int(first), int(last or first) + 1))
    return numbers


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(
    bets=st.lists(st.integers(1, 40), min_size=2, max_size=10),
    places=st.lists(st.integers(1, 4), min_size=10, max_size=10),
    folds=st.lists(st.booleans(), min_size=10, max_size=10),
)
def test_every_badge_names_exactly_the_pots_its_player_takes(
    bets: list[int], places: list[int], folds: list[bool]
) -> None:
    players = [
        Player(seat + 1, bet=25 * bet, folded=folds[seat], place=places[seat])
        for seat, bet in enumerate(bets)
    ]
    if all(p.folded for p in players):
        players[0] = Player(1, bet=25 * bets[0], place=1)
    dispute = Dispute(players=tuple(players), button=1, chip=25)
    answer = settle_dispute(dispute, manual(dispute.players))
    for index, player in enumerate(dispute.players):
        badge = hand_badge(index, player.folded, read_hands(dispute), answer.pots)
        taken = {n for n, pot in enumerate(answer.pots) if index in pot.winners}
        if player.folded:
            assert badge == Badge("FOLDED", "FOLDED")
        elif not taken:
            assert badge == NO_BADGE
        elif badge.text in ("WINS", "SPLITS"):
            assert len(answer.pots) == 1
        elif badge.text == "WINS ALL POTS":
            assert taken == set(range(len(answer.pots)))
        else:
            assert _pots_named(badge.text) == taken
        if taken and not player.folded:
            alone = any(answer.pots[n].winners == (index,) for n in taken)
            assert badge.kind == ("WINS" if alone else "SPLITS")


def test_without_chips_the_showdown_alone_badges_the_best_hand() -> None:
    d = Dispute(
        board=("2s", "Ah", "Ac", "Th", "Jh"),
        players=(Player(1, cards=("As", "Ad")), Player(2, cards=("Kh", "Qh"))),
    )
    reading = read_hands(d)
    assert hand_badge(1, False, reading, ()) == Badge("WINS", "WINS")
    assert hand_badge(0, False, reading, ()) == NO_BADGE


# ---------------------------------------------------------------- wording of the pot table


def test_eligible_players_are_named_or_counted_whichever_is_shorter() -> None:
    names = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
    bets = [100, 300, 600, 600, 600, 600]
    players = tuple(
        Player(seat, name, bet=bet, place=seat)
        for seat, (name, bet) in enumerate(zip(names, bets, strict=True), start=1)
    )
    answer = settle_dispute(Dispute(players=players), manual(players))
    assert [pot.eligible for pot in answer.pots] == [
        "All 6 still in",
        "All still in but Ann",
        "Cy, Dee, Eve, Fay",  # four names: always named
    ]
    few = settle_dispute(Dispute(players=players[:3]), None)
    assert few.pots[0].eligible == "Ann, Ben, Cy"


# ---------------------------------------------------------------- warnings


@pytest.mark.parametrize(
    ("bets", "dead", "chip", "warnings"),
    [
        ((10, 10, 10, 15), 0, 10, ("Seat 4's bet of 15 is not a multiple of T10.",)),
        ((10, 20), 0, 10, ()),
        ((15, 16), 0, 1, ()),  # T1: every amount is whole chips
        (
            (25, 1010),
            5,
            25,
            (
                "Seat 2's bet of 1,010 is not a multiple of T25.",
                "The dead money of 5 is not a multiple of T25.",
            ),
        ),
    ],
)
def test_bets_that_are_not_whole_chips_are_named(
    bets: tuple[int, ...], dead: int, chip: int, warnings: tuple[str, ...]
) -> None:
    players = tuple(Player(seat, bet=bet) for seat, bet in enumerate(bets, start=1))
    assert chip_warnings(Dispute(players=players, dead=dead, chip=chip)) == warnings


def test_the_button_warning_needs_an_odd_chip_and_no_button() -> None:
    players = (Player(2, bet=100, place=1), Player(5, bet=100, place=1))
    odd = Dispute(players=players, dead=25, chip=25)  # 225 in T25s: one odd chip
    even = Dispute(players=players, chip=25)
    assert button_warning(odd, settle_dispute(odd, manual(players)).pots) == BUTTON_UNKNOWN
    assert button_warning(even, settle_dispute(even, manual(players)).pots) is None
    with_button = Dispute(players=players, dead=25, chip=25, button=2)
    assert button_warning(with_button, settle_dispute(with_button, manual(players)).pots) is None
    # The odd chip went to the lowest seat, as the warning says.
    shares = settle_dispute(odd, manual(players)).pots[0].goes_to
    assert shares == "Seat 2 125 (odd chip), Seat 5 100"


# ---------------------------------------------------------------- the pot table's columns


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    room=st.integers(0, 1600),
    wanted=st.lists(st.integers(MIN_COLUMN, 900), min_size=1, max_size=4),
)
def test_text_columns_share_the_width_short_ones_first(room: int, wanted: list[int]) -> None:
    widths = share_width(room, wanted)
    assert len(widths) == len(wanted)
    assert all(w >= MIN_COLUMN for w in widths)
    if room < MIN_COLUMN * len(wanted):
        return
    assert sum(widths) == room
    short = [c for c, w in enumerate(wanted) if w <= room // len(wanted)]
    assert all(widths[c] >= wanted[c] for c in short)  # a short column never wraps
    # A column that wraps has at least what any other column got (or that column's need).
    for c, width in enumerate(widths):
        if width < wanted[c]:
            assert all(width + 1 >= min(widths[d], wanted[d]) for d in range(len(wanted)))
