"""The rulings window's dispute: card entry rules, checked without widgets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.ui.rulings.state import BOARD, Dispute, Game, Player, all_cards

CARDS = all_cards()


def test_the_deck_has_52_different_cards_in_picker_order() -> None:
    assert len(set(CARDS)) == 52
    assert CARDS[:13] == tuple(r + "s" for r in "AKQJT98765432")
    assert CARDS[-1] == "2c"


def test_picking_fills_the_board_then_stays_put_when_full() -> None:
    d = Dispute()
    for card in ("2s", "Ah", "Ac", "Th", "Jh"):
        d = d.place_card(card)
    assert d.board == ("2s", "Ah", "Ac", "Th", "Jh")
    # The board is full: the next card goes to the first hand with room.
    d = d.place_card("As")
    assert d.players[0].cards == ("As",)
    assert d.target == 0


def test_a_full_hand_moves_the_target_to_the_next_hand_then_the_board() -> None:
    d = Dispute(target=0)
    for card in ("As", "Ad", "Kh", "Qh"):
        d = d.place_card(card)
    assert [p.cards for p in d.players] == [("As", "Ad"), ("Kh", "Qh")]
    assert d.target == BOARD


def test_a_used_card_is_not_placed_twice() -> None:
    d = Dispute().place_card("As")
    assert d.place_card("As") == d


def test_conflicts_name_the_card_and_where_it_is() -> None:
    d = Dispute(board=("2s", "Ah", "Ac"))
    assert d.conflicts(0, ("Ah", "Kd")) == "Ah is already on the board."
    d = d.with_player(1, name="Bob").with_cards(1, ("Kd", "Kc"))
    assert d.conflicts(0, ("Kd", "Qs")) == "Kd is already in Seat 2 Bob's hand."
    assert d.conflicts(0, ("Qs", "Qs")) == "Qs is entered twice."
    assert d.conflicts(BOARD, ("2s", "Ah", "Ac", "Th", "Jh", "9c")) == (
        "The board has at most 5 cards, not 6."
    )
    assert d.conflicts(1, ("Kd", "Kc")) is None  # its own cards are no conflict


def test_omaha_holds_four_and_switching_back_keeps_the_first_two() -> None:
    d = Dispute(game=Game.OMAHA, target=0)
    for card in ("As", "Ad", "Kh", "Qh"):
        d = d.place_card(card)
    assert d.players[0].cards == ("As", "Ad", "Kh", "Qh")
    assert d.with_game(Game.HOLDEM).players[0].cards == ("As", "Ad")


def test_remove_and_backspace() -> None:
    d = Dispute(target=0).place_card("As").place_card("Kd")
    d = d.remove_card("As")
    assert d.players[0].cards == ("Kd",)
    assert d.target == 0
    assert d.remove_last().players[0].cards == ()
    assert d.remove_card("2c") == d  # not dealt: nothing to take back


def test_players_are_added_on_free_seats_up_to_ten() -> None:
    d = Dispute(players=(Player(seat=1), Player(seat=3)))
    d = d.add_player()
    assert [p.seat for p in d.players] == [1, 3, 2]
    for _ in range(20):
        d = d.add_player()
    assert len(d.players) == 10
    assert sorted(p.seat for p in d.players) == list(range(1, 11))


def test_removing_a_player_returns_the_cards_and_keeps_the_target_on_the_same_player() -> None:
    d = Dispute(players=(Player(1, cards=("As", "Ad")), Player(2), Player(3)), target=2)
    d = d.remove_player(0)
    assert "As" not in d.used()
    assert d.target == 1
    assert d.players[d.target].seat == 3
    assert Dispute(players=(Player(1),)).remove_player(0).players == (Player(1),)


def test_duplicate_seats_are_reported() -> None:
    d = Dispute(players=(Player(4), Player(4), Player(2)))
    assert d.duplicate_seats() == (4,)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(list(Game)),
    steps=st.lists(
        st.tuples(st.sampled_from(["pick", "remove", "aim", "add", "drop"]), st.integers(0, 51)),
        max_size=60,
    ),
)
def test_any_sequence_of_clicks_keeps_every_card_in_one_place(
    game: Game, steps: list[tuple[str, int]]
) -> None:
    d = Dispute(game=game)
    for action, n in steps:
        if action == "pick":
            d = d.place_card(CARDS[n])
        elif action == "remove":
            d = d.remove_card(CARDS[n])
        elif action == "aim":
            d = d.with_target(BOARD if n % 11 == 10 else n % len(d.players))
        elif action == "add":
            d = d.add_player()
        else:
            d = d.remove_player(n % len(d.players))
        every = list(d.board) + [c for p in d.players for c in p.cards]
        assert len(every) == len(set(every))  # no card in two places
        assert len(every) == len(d.used())
        assert len(d.board) <= 5
        assert all(len(p.cards) <= game.hole_cards for p in d.players)
        assert d.target == BOARD or 0 <= d.target < len(d.players)
        assert 1 <= len(d.players) <= 10
        assert not d.duplicate_seats()


@pytest.mark.parametrize("bad", [-2, 2, 10])
def test_aiming_outside_the_players_is_refused(bad: int) -> None:
    with pytest.raises(IndexError):
        Dispute().with_target(bad)
