"""Players named in core messages, and how long the director's answer about a button stays good."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.seating import (
    Seat,
    Seating,
    SeatingError,
    Table,
    draw_seats,
    mentioned_players,
    move_player,
    name_players,
    players_text,
)

NAMES = {3: "Ann", 4: "Bob", 7: "Cy", 12: "Di"}


# ------------------------------------------------------------------ players in messages


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Table 1, seat 2 is taken by player 7.", "Table 1, seat 2 is taken by Cy."),
        ("Player 12 is not seated.", "Di is not seated."),
        (
            "Table 1, seat 5 is fixed for players 3 and 4.",
            "Table 1, seat 5 is fixed for Ann and Bob.",
        ),
        ("missing players 3, 4 and 7.", "missing Ann, Bob and Cy."),
        ("Players 3 and 99 share the chip lead", "Players 3 and 99 share the chip lead"),
        ("Cannot seat 12 players: only 10 seats", "Cannot seat 12 players: only 10 seats"),
        ("A shootout needs at least 2 players.", "A shootout needs at least 2 players."),
        ("player 3 and player 4", "Ann and Bob"),
        ("playerless 3", "playerless 3"),
    ],
)
def test_name_players(text: str, expected: str) -> None:
    assert name_players(text, NAMES) == expected


@pytest.mark.parametrize(
    ("players", "expected"),
    [([7], "player 7"), ([4, 3], "players 3 and 4"), ([9, 1, 5], "players 1, 5 and 9")],
)
def test_players_text(players: list[int], expected: str) -> None:
    assert players_text(players) == expected
    assert set(mentioned_players(expected)) == set(players)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(1, 500), min_size=1, max_size=5, unique=True),
    st.sampled_from(["{} is out.", "Seat taken by {}.", "({})", "Note: {}; done"]),
)
def test_named_lists_read_like_the_reference(players: list[int], shape: str) -> None:
    """Against the obvious reference: the names joined with commas and a final "and"."""
    names = {p: f"N{p}x" for p in players}
    listed = [names[p] for p in sorted(players)]
    reference = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
    text = shape.format(players_text(players))
    assert mentioned_players(text) == tuple(sorted(players))
    assert name_players(text, names) == shape.format(reference)


def test_core_errors_name_players_the_way_the_service_replaces() -> None:
    """The messages the director sees most often carry "player N", so names go in."""
    room = Seating((Table(1, seat_count=4),), {3: Seat(1, 1), 4: Seat(1, 2)})
    with pytest.raises(SeatingError) as taken:
        move_player(room, 3, Seat(1, 2))
    assert name_players(str(taken.value), NAMES) == "Table 1, seat 2 is taken by Bob."
    with pytest.raises(SeatingError) as twice:
        draw_seats(room, [3], random.Random(1))
    assert name_players(str(twice.value), NAMES) == "Ann is already seated at Table 1, seat 1."
