"""Ties over ticket places: the ticket's value is shared in cash, and over random nights of ties
the prize pool is always paid to the cent (cash plus the tickets won)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from clockapp.core.bounties import BountyError
from clockapp.core.bounties.tickets import (
    LeftoverRule,
    PlacePrize,
    Ticket,
    apply_tickets,
    tickets_in_ties,
)
from clockapp.core.busts import BustEvent, standings


def _paid(players: int, events: list[BustEvent], prizes: tuple[PlacePrize, ...]) -> int:
    """Everything the field is paid once it has finished: each tie's shared cash and the
    tickets of the places nobody ties over."""
    first = standings(range(1, players + 1), events, tuple(p.cash for p in prizes))
    in_cash = tickets_in_ties(prizes, (f.places for f in first.finishes))
    final = standings(range(1, players + 1), events, tuple(p.cash for p in in_cash))
    tickets = {p.place: p.ticket.value for p in in_cash if p.ticket is not None}
    assert all(f.tied == 1 for f in final.finishes if f.place in tickets)
    return sum(f.prize for f in final.finishes) + sum(
        tickets[f.place] for f in final.finishes if f.place in tickets
    )


def test_two_players_tied_over_a_seat_and_third_share_both() -> None:
    prizes = apply_tickets(
        (20_000, 10_000, 10_000), [Ticket(2, 10_000, "Seat")], LeftoverRule.NEXT_PLACES
    )
    events = [
        BustEvent(4, hand=1, chips_at_hand_start=500, busted_by=1),
        BustEvent(2, hand=2, chips_at_hand_start=3000, busted_by=1),
        BustEvent(3, hand=2, chips_at_hand_start=3000, busted_by=1),
    ]
    first = standings([1, 2, 3, 4], events, tuple(p.cash for p in prizes))
    in_cash = tickets_in_ties(prizes, (f.places for f in first.finishes))
    final = standings([1, 2, 3, 4], events, tuple(p.cash for p in in_cash))
    assert [(f.player_id, f.place, f.tied, f.prize) for f in final.finishes] == [
        (1, 1, 1, 20_000),
        (2, 2, 2, 10_000),
        (3, 2, 2, 10_000),
        (4, 4, 1, 0),
    ]
    assert _paid(4, events, prizes) == 40_000


@st.composite
def nights(draw: st.DrawFn) -> tuple[int, list[BustEvent], tuple[PlacePrize, ...], int]:
    players = draw(st.integers(2, 9))
    places = draw(st.integers(1, players))
    amounts = sorted(draw(st.lists(st.integers(1, 50_000), min_size=places, max_size=places)))
    amounts.reverse()
    pool = sum(amounts)
    ticket_places = draw(st.sets(st.integers(1, places), max_size=places))
    tickets = [Ticket(p, draw(st.integers(1, max(1, pool // 2))), "Seat") for p in ticket_places]
    rule = draw(st.sampled_from(list(LeftoverRule)))
    try:
        prizes = apply_tickets(amounts, tickets, rule)
    except BountyError:
        assume(False)
    # Players 2.. bust, in hands of one or more; close stacks on a hand make ties likely.
    order = draw(st.permutations(range(2, players + 1)))
    events: list[BustEvent] = []
    hand = 0
    for index, player in enumerate(order):
        if index == 0 or draw(st.booleans()):
            hand += 1
        chips = draw(st.integers(1, 3))
        events.append(BustEvent(player, hand=hand, chips_at_hand_start=chips, busted_by=1))
    return players, events, prizes, pool


@pytest.mark.slow
@given(nights())
def test_over_random_ties_the_pool_is_paid_to_the_cent(
    night: tuple[int, list[BustEvent], tuple[PlacePrize, ...], int],
) -> None:
    players, events, prizes, pool = night
    assert sum(p.value for p in prizes) == pool
    assert _paid(players, events, prizes) == pool
