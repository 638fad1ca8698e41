"""The knockout in a multi-way all-in goes to the winners of the pot the busted player lost last."""

from __future__ import annotations

import pytest

from clockapp.poker.errors import SettleError
from clockapp.poker.knockouts import knockout_winners


def test_short_stack_wins_main_and_big_stack_busts_the_middle() -> None:
    assert knockout_winners([100, 300, 500], [False] * 3, [[0], [2], [1]], 2, busted=1) == (2,)


def test_the_short_stack_lost_the_main_pot_only() -> None:
    # Seat 1 (all in for 300) has the best hand, seat 2 the second: seat 0 (100) lost the main
    # pot to seat 1, so seat 1 busts seat 0, though seat 2 covers everyone.
    assert knockout_winners([100, 300, 500], [False] * 3, [[1], [2], [0]], 2, busted=0) == (1,)


def test_a_split_pot_lists_the_winners_from_the_first_seat_left_of_the_button() -> None:
    ranking = [[0, 3], [1], [2]]
    assert knockout_winners([400, 200, 400, 400], [False] * 4, ranking, 0, busted=1) == (3, 0)
    assert knockout_winners([400, 200, 400, 400], [False] * 4, ranking, 2, busted=1) == (3, 0)
    assert knockout_winners([400, 200, 400, 400], [False] * 4, ranking, 3, busted=1) == (0, 3)


def test_a_seat_that_won_chips_is_not_busted() -> None:
    with pytest.raises(SettleError, match="won chips back"):
        knockout_winners([100, 300, 500], [False] * 3, [[0], [2], [1]], 2, busted=0)


def test_a_folded_seat_cannot_be_busted() -> None:
    with pytest.raises(SettleError, match="not a player still in"):
        knockout_winners([100, 300, 500], [True, False, False], [[2], [1]], 2, busted=0)


def test_a_seat_that_put_nothing_in_loses_no_pot() -> None:
    with pytest.raises(SettleError, match="lost no awarded pot"):
        knockout_winners([0, 300, 300], [False] * 3, [[1], [2], [0]], 2, busted=0)


def test_the_smallest_chip_is_the_one_the_table_uses() -> None:
    # A pot of 50 split two ways in T50 chips: seat 1 (left of the button) takes 50, seat 0
    # nothing (with chip=1 both would take 25); seat 0 tied, so nobody busted it.
    with pytest.raises(SettleError, match="tied for the pot"):
        knockout_winners([25, 25], [False, False], [[0, 1]], 0, busted=0, chip=50)
