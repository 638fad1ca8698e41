"""The chip race's rules, case by case (TDA: one card per odd chip, one chip per player at most)."""

from __future__ import annotations

import pytest

from clockapp.core.chip_race import (
    ChipRaceError,
    RaceEntry,
    Rounding,
    chips_raced,
    race_payload,
    run_race,
)
from clockapp.core.race_cards import DECK, draw_cards


@pytest.mark.parametrize(
    ("odd", "target", "rounding", "expected"),
    [
        (0, 100, Rounding.HALF_UP, 0),
        (49, 100, Rounding.HALF_UP, 0),
        (50, 100, Rounding.HALF_UP, 1),
        (150, 100, Rounding.HALF_UP, 2),
        (149, 100, Rounding.HALF_UP, 1),
        (1, 100, Rounding.UP, 1),
        (200, 100, Rounding.UP, 2),
        (199, 100, Rounding.DOWN, 1),
        (75, 500, Rounding.HALF_UP, 0),
        (250, 500, Rounding.HALF_UP, 1),
    ],
)
def test_chips_raced_follow_the_house_rounding(
    odd: int, target: int, rounding: Rounding, expected: int
) -> None:
    assert chips_raced(odd, target, rounding) == expected


def test_highest_cards_win_one_chip_each_and_suits_break_ties() -> None:
    entries = [RaceEntry("Ann", (3,)), RaceEntry("Bob", (3,)), RaceEntry("Cy", (2,))]
    # 8 odd T25 = 200: two T100 raced. Ann holds the two best cards but wins one chip only.
    race = run_race(
        entries,
        (25,),
        100,
        Rounding.HALF_UP,
        cards=(("As", "Ah", "2c"), ("Kd", "3c", "4c"), ("Ks", "5d")),
    )
    assert race.raced == 2
    assert race.winners == ("Ann", "Cy")  # K♠ beats K♦
    assert [r.won for r in race.results] == [True, False, True]
    assert race.results[0].cards == ("As", "Ah", "2c")


def test_removed_chips_worth_whole_ones_are_exchanged_before_the_race() -> None:
    race = run_race(
        [RaceEntry("Ann", (9,)), RaceEntry("Bob", (2,))],
        (25,),
        100,
        Rounding.DOWN,
        cards=(("2c",), ("3c", "4c")),
    )
    ann, bob = race.results
    assert (ann.exchanged, ann.odd, bob.exchanged, bob.odd) == (2, 1, 0, 2)
    assert race.odd_value == 75
    assert race.raced == 0  # always down: 75 of 100 is none
    assert (ann.takes, bob.takes) == (2, 0)


def test_no_player_is_raced_out() -> None:
    race = run_race(
        [RaceEntry("Ann", (1,), rest=0), RaceEntry("Bob", (2,), rest=0), RaceEntry("Cy", (1,))],
        (25,),
        100,
        Rounding.HALF_UP,
        cards=(("2c",), ("Ac", "3d"), ("Kh",)),
    )
    assert race.raced == 1
    ann, bob, cy = race.results
    assert (bob.won, bob.kept_alive) == (True, False)
    assert (ann.won, ann.kept_alive, ann.takes) == (False, True, 1)
    assert (cy.won, cy.kept_alive, cy.takes) == (False, False, 0)  # he has other chips


def test_more_chips_raced_than_players_with_odd_chips_give_one_each() -> None:
    race = run_race(
        [RaceEntry("Ann", (1,)), RaceEntry("Bob", (0,))],
        (25,),
        100,
        Rounding.UP,
        cards=(("2c",), ()),
    )
    assert race.raced == 1
    assert race.winners == ("Ann",)


def test_two_removed_values_count_odd_chips_in_the_smallest() -> None:
    # T5 and T25 go, T100 stays: 3 x T5 + 3 x T25 = 90 -> 18 odd chips of T5.
    race = run_race(
        [RaceEntry("Ann", (3, 3)), RaceEntry("Bob", (0, 1))],
        (5, 25),
        100,
        Rounding.HALF_UP,
        seed=11,
    )
    assert [r.odd for r in race.results] == [18, 5]
    assert race.odd_value == 115
    assert race.raced == 1


def test_a_seeded_draw_is_recorded_and_repeatable() -> None:
    entries = [RaceEntry("Ann", (3,)), RaceEntry("Bob", (2,)), RaceEntry("Cy", (1,))]
    first = run_race(entries, (25,), 100, Rounding.HALF_UP, seed=2026)
    again = run_race(entries, (25,), 100, Rounding.HALF_UP, seed=2026)
    assert first == again
    assert first.seed == 2026
    dealt = [c for r in first.results for c in r.cards]
    assert len(dealt) == len(set(dealt)) == 6
    assert set(dealt) <= set(DECK)
    assert draw_cards((3, 2, 1), 2026) != draw_cards((3, 2, 1), 2027)


@pytest.mark.parametrize(
    ("entries", "cards", "message"),
    [
        ([RaceEntry("Ann", (100,)), RaceEntry("Bob", (0,))], None, "no odd chips"),
        ([], None, "Nobody"),
        ([RaceEntry("Ann", (1,)), RaceEntry("Ann", (1,))], None, "entered twice"),
        ([RaceEntry("Ann", (1,))], (("As", "Kd"),), "enter 1 card, not 2"),
        ([RaceEntry("Ann", (1,)), RaceEntry("Bob", (1,))], (("As",), ("as",)), "dealt once"),
        ([RaceEntry("Ann", (1,))], (("Zz",),), "is not a card"),
        (
            [RaceEntry("Ann", (30,)), RaceEntry("Bob", (27,))],
            None,
            "more than one deck of 52: race fewer players",
        ),
    ],
)
def test_bad_races_are_refused_with_a_readable_message(
    entries: list[RaceEntry], cards: tuple[tuple[str, ...], ...] | None, message: str
) -> None:
    with pytest.raises(ChipRaceError, match=message):
        run_race(entries, (1,), 100, Rounding.HALF_UP, seed=1, cards=cards)


def test_negative_odd_chips_are_refused() -> None:
    with pytest.raises(ChipRaceError, match="0 or more"):
        RaceEntry("Ann", (-1,))


def test_the_payload_is_plain_and_tells_each_player_what_to_take() -> None:
    race = run_race(
        [RaceEntry("Ann", (5,)), RaceEntry("Bob", (2,), rest=0)],
        (25,),
        100,
        Rounding.HALF_UP,
        cards=(("Th",), ("2c", "3c")),
    )
    payload = race_payload(race, ["T25 green"], "T100 black")
    ann, bob = payload["players"]  # type: ignore[misc]
    assert ann["cards"] == ["10♥"]
    assert ann["red"] == [True]
    assert ann["tell"] == "takes 2 × T100 black (1 exchanged, 1 won in the race)"
    assert bob["tell"] == "takes 1 × T100 black (1 so no one is raced out)"
    assert payload["raced"] == 1
    assert payload["rounding"] == "up at half or more"
