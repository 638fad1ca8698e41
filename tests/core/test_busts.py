"""Tests for clockapp.core.busts: places, ties, prizes, bounties, the bubble."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core import busts as bust_rules
from clockapp.core.busts import (
    BountyCredit,
    BustError,
    BustEvent,
    Finish,
    players_to_the_money,
    standings,
)
from clockapp.errors import DomainError, ValidationError

NAMES = {1: "Ann", 2: "Bea", 3: "Cal", 4: "Dov", 5: "Eve", 6: "Fay"}


def places(result: bust_rules.Standings) -> list[tuple[int, int, int, int]]:
    return [(f.player_id, f.place, f.tied, f.prize) for f in result.finishes]


def test_one_bust_per_hand() -> None:
    busts = [BustEvent(5, 3, 1000), BustEvent(4, 8, 2000), BustEvent(3, 9, 500)]
    result = standings([1, 2, 3, 4, 5], busts, prizes=[7000, 3000])
    assert places(result) == [(3, 3, 1, 0), (4, 4, 1, 0), (5, 5, 1, 0)]
    assert result.remaining == (1, 2)
    assert (result.players_left, result.places_paid, result.players_to_the_money) == (2, 2, 0)
    assert result.finish_of(1) is None
    assert result.finish_of(4) == Finish(4, 4, hand=8)


def test_same_hand_ranked_by_starting_chips() -> None:
    busts = [BustEvent(2, 40, 1500, busted_by=1), BustEvent(3, 40, 4000, busted_by=1)]
    result = standings([1, 2, 3, 4], busts, prizes=[5000, 3000, 2000])
    # Cal started the hand with more chips than Bea: Cal 3rd, Bea 4th, whatever the record order.
    assert places(result) == [(3, 3, 1, 2000), (2, 4, 1, 0)]


def test_equal_stacks_share_the_places_and_their_prizes() -> None:
    busts = [BustEvent(3, 12, 2500), BustEvent(4, 12, 2500)]
    result = standings([1, 2, 3, 4], busts, prizes=[50000, 30000, 20001, 10000])
    # 3rd and 4th pay $200.01 + $100.00: each gets half; the odd cent to the first recorded.
    assert places(result) == [(3, 3, 2, 15001), (4, 3, 2, 15000)]
    assert result.finish_of(4).label == "3rd-4th (tied)"  # type: ignore[union-attr]
    assert list(result.finish_of(4).places) == [3, 4]  # type: ignore[union-attr]


def test_three_way_tie_odd_cents_follow_the_record_order() -> None:
    busts = [BustEvent(6, 30, 900), BustEvent(4, 30, 900), BustEvent(5, 30, 900)]
    result = standings([1, 2, 3, 4, 5, 6], busts, prizes=[700, 200, 60, 50, 50, 1])
    assert places(result) == [(6, 4, 3, 34), (4, 4, 3, 34), (5, 4, 3, 33)]


def test_a_tie_on_the_bubble_splits_the_last_paid_place() -> None:
    busts = [BustEvent(4, 50, 800), BustEvent(3, 50, 800)]
    result = standings([1, 2, 3, 4], busts, prizes=[6000, 3001])
    assert places(result)[-2:] == [(4, 3, 2, 0), (3, 3, 2, 0)]
    # Now with three places paid: 3rd's prize is shared between the two who tied for 3rd-4th.
    result = standings([1, 2, 3, 4], busts, prizes=[6000, 3000, 1001])
    assert places(result) == [(4, 3, 2, 501), (3, 3, 2, 500)]


def test_mixed_same_hand_ties_and_ranks() -> None:
    busts = [
        BustEvent(2, 7, 300),
        BustEvent(3, 7, 900),
        BustEvent(4, 7, 300),
        BustEvent(5, 7, 100),
    ]
    result = standings([1, 2, 3, 4, 5, 6], busts, prizes=[100, 80, 60, 40, 20, 10])
    assert places(result) == [(3, 3, 1, 60), (2, 4, 2, 30), (4, 4, 2, 30), (5, 6, 1, 10)]


def test_the_winner_is_placed_when_one_player_is_left() -> None:
    busts = [BustEvent(3, 1, 100, busted_by=2), BustEvent(2, 2, 900, busted_by=1)]
    result = standings([1, 2, 3], busts, prizes=[6000, 4000])
    assert places(result) == [(1, 1, 1, 6000), (2, 2, 1, 4000), (3, 3, 1, 0)]
    assert result.finishes[0] == Finish(1, 1, prize=6000)
    assert result.finishes[0].label == "1st"
    assert result.remaining == (1,)
    assert sum(f.prize for f in result.finishes) == 10000


def test_bounties_are_credited_to_the_buster() -> None:
    busts = [
        BustEvent(5, 1, 100, busted_by=1, bounty=500),
        BustEvent(4, 2, 100, busted_by=2, bounty=500),
        BustEvent(3, 3, 100, busted_by=1, bounty=1000),  # a rebought player's bigger bounty
        BustEvent(6, 4, 100, bounty=500),  # nobody named: unclaimed
    ]
    result = standings([1, 2, 3, 4, 5, 6], busts)
    assert result.bounties == (BountyCredit(1, 2, 1500), BountyCredit(2, 1, 500))
    assert result.unclaimed_bounties == 500


def test_no_busts_yet() -> None:
    result = standings([1, 2, 3, 4, 5], [], prizes=[100, 50])
    assert result.finishes == ()
    assert result.players_to_the_money == 3


@pytest.mark.parametrize(
    ("busts", "message"),
    [
        (
            [BustEvent(2, 5, 800), BustEvent(2, 9, 700)],
            "Bea is already out: busted on hand 5, 4th.",
        ),
        ([BustEvent(9, 5, 800)], "Player 9 is not in this tournament's field."),
        (
            [BustEvent(2, 5, 800), BustEvent(2, 5, 800)],
            "Bea is recorded twice as busted on hand 5.",
        ),
        (
            [BustEvent(2, 9, 800), BustEvent(3, 5, 800)],
            "The bust of Cal on hand 5 is recorded after hand 9; record busts in the order the "
            "hands were played.",
        ),
        (
            [BustEvent(1, 5, 800), BustEvent(2, 5, 800), BustEvent(3, 5, 800), BustEvent(4, 5, 8)],
            "Hand 5 would bust all 4 players left; the winner of the hand stays in.",
        ),
        (
            [BustEvent(2, 5, 800), BustEvent(3, 6, 800, busted_by=2)],
            "Bea, credited with busting Cal on hand 6, is out by then; the knockout goes to a "
            "player still in.",
        ),
        (
            [BustEvent(2, 5, 800, busted_by=3), BustEvent(3, 5, 800)],
            "Cal, credited with busting Bea on hand 5, is out by then; the knockout goes to a "
            "player still in.",
        ),
        (
            [BustEvent(2, 5, 800, busted_by=8)],
            "Player 8, credited with busting Bea, is not in this tournament's field.",
        ),
    ],
)
def test_impossible_busts_are_refused(busts: list[BustEvent], message: str) -> None:
    with pytest.raises(BustError) as refused:
        standings([1, 2, 3, 4], busts, names=NAMES)
    assert str(refused.value) == message


def test_a_field_with_a_player_twice_is_refused() -> None:
    with pytest.raises(BustError, match="appears twice in the field"):
        standings([1, 2, 2], [])


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: BustEvent(1, 5, 0), "started the hand with no chips"),
        (lambda: BustEvent(1, -1, 10), "hand number"),
        (lambda: BustEvent(1, 5, 10, bounty=-1), "bounty"),
        (lambda: BustEvent(1, 5, 10.5), "chips at the start"),  # type: ignore[arg-type]
        (lambda: BustEvent(1, 5, 10, busted_by=1), "their own bust"),
        (lambda: players_to_the_money(-1, 3), "Players left"),
        (lambda: players_to_the_money(3, 1.5), "Places paid"),  # type: ignore[arg-type]
    ],
)
def test_nonsense_is_refused(build: object, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        build()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("left", "paid", "to_go"), [(50, 9, 41), (10, 9, 1), (9, 9, 0), (3, 9, 0), (0, 0, 0)]
)
def test_players_to_the_money(left: int, paid: int, to_go: int) -> None:
    assert players_to_the_money(left, paid) == to_go


def test_bust_error_is_a_domain_error() -> None:
    assert issubclass(BustError, DomainError)


def test_undo_is_recomputing_without_the_event() -> None:
    busts = [BustEvent(4, 1, 100), BustEvent(3, 2, 100), BustEvent(2, 3, 100)]
    before = standings([1, 2, 3, 4], busts[:2], prizes=[700, 300])
    after_undo = standings([1, 2, 3, 4], busts[:3][:-1], prizes=[700, 300])
    assert before == after_undo
    assert before.remaining == (1, 2)


# ------------------------------------------------------------------ property: a reference ranking


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[list[int], list[BustEvent], list[int]]:
    """A field, busts grouped by hand with small stacks (so ties happen), and a prize ladder."""
    size = draw(st.integers(min_value=2, max_value=12))
    players = draw(st.permutations(list(range(100, 100 + size))))
    order = draw(st.permutations(players))
    busted = order[: draw(st.integers(min_value=0, max_value=size - 1))]
    busts = []
    hand = 0
    index = 0
    while index < len(busted):
        hand += draw(st.integers(min_value=1, max_value=3))
        together = draw(st.integers(min_value=1, max_value=len(busted) - index))
        for player in busted[index : index + together]:
            busts.append(BustEvent(player, hand, draw(st.integers(min_value=1, max_value=3))))
        index += together
    prizes = sorted(
        draw(st.lists(st.integers(min_value=0, max_value=10**6), max_size=size)), reverse=True
    )
    return players, busts, prizes


@pytest.mark.slow
@settings(deadline=None, max_examples=200)
@given(tournaments())
def test_places_match_a_reference_ranking(
    case: tuple[list[int], list[BustEvent], list[int]],
) -> None:
    players, busts, prizes = case
    result = standings(players, busts, prizes)
    still_in = len(players) - len(busts)

    def prize(place: int) -> int:
        return prizes[place - 1] if place <= len(prizes) else 0

    for event in busts:
        # Reference: count who finished ahead of this player, straight from the definition.
        later = sum(1 for other in busts if other.hand > event.hand)
        bigger = sum(
            1
            for other in busts
            if other.hand == event.hand and other.chips_at_hand_start > event.chips_at_hand_start
        )
        tied = sum(
            1
            for other in busts
            if other.hand == event.hand and other.chips_at_hand_start == event.chips_at_hand_start
        )
        finish = result.finish_of(event.player_id)
        assert finish is not None
        assert finish.place == still_in + later + bigger + 1
        assert finish.tied == tied
        covered = sum(prize(place) for place in finish.places)
        assert covered // tied <= finish.prize <= -(-covered // tied)
    decided = {place for finish in result.finishes for place in finish.places}
    assert sum(finish.prize for finish in result.finishes) == sum(prize(p) for p in decided)
    if still_in == 1:
        assert decided == set(range(1, len(players) + 1))
        assert sum(finish.prize for finish in result.finishes) == sum(prizes)
    assert result.remaining == tuple(p for p in players if p not in {e.player_id for e in busts})


def test_refusals_count_one_player_in_the_singular() -> None:
    busts = [BustEvent(2, 5, 800), BustEvent(3, 6, 800), BustEvent(4, 7, 800)]
    with pytest.raises(BustError) as refused:
        standings([1, 2, 3, 4], [*busts, BustEvent(1, 8, 800)], names=NAMES)
    assert str(refused.value) == (
        "Hand 8 would bust the last player left; the winner of the hand stays in."
    )
