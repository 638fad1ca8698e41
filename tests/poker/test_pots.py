"""Side pots and odd chips: the issue's example, table-driven cases, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.poker import Pot, SettleError, Share, UncalledBet, settle
from clockapp.poker.pots import Settlement


def reference_pots(
    contributions: list[int], folded: list[bool], dead: int
) -> tuple[tuple[int, int] | None, list[tuple[int, tuple[int, ...]]]]:
    """Pots built one chip-layer at a time: the hand-computed way.

    Layer n holds one chip from every seat that put in at least n. A layer only one seat paid
    into is uncalled; the others go to the players still in who paid into them, and consecutive
    layers with the same such players make one pot.
    """
    live = [s for s, f in enumerate(folded) if not f]
    uncalled: tuple[int, int] | None = None
    # Dead money is a layer of its own that every player still in can win (even one who is all
    # in for nothing more, like a player all in on the ante).
    amounts: list[int] = [dead]
    eligibles: list[tuple[int, ...]] = [tuple(live)]
    for level in range(1, max(contributions, default=0) + 1):
        payers = [s for s, c in enumerate(contributions) if c >= level]
        if len(payers) == 1:
            uncalled = (payers[0], (uncalled[1] if uncalled else 0) + 1)
            continue
        eligible = tuple(s for s in payers if s in live)
        if not eligible or eligibles[-1] == eligible:
            amounts[-1] += len(payers)  # no player still in paid this far: the last pot takes it
        else:
            amounts.append(len(payers))
            eligibles.append(eligible)
    if amounts[0] == 0 and len(amounts) > 1:
        del amounts[0], eligibles[0]
    return uncalled, list(zip(amounts, eligibles, strict=True))


def test_the_issue_worked_example() -> None:
    # $20 in the middle; Alice bets 40, Bob is all in for 10, Cindy calls 40. Bob best, then Cindy.
    result = settle([40, 10, 40], [False, False, False], [[1], [2], [0]], button=0, dead_money=20)
    assert result.uncalled is None
    assert result.pots == (
        Pot(50, (0, 1, 2), (1,), (Share(1, 50),)),
        Pot(60, (0, 2), (2,), (Share(2, 60),)),
    )
    assert result.payouts == (0, 50, 60)
    assert result.total == 110


@pytest.mark.parametrize(
    ("bets", "folded", "ranking", "button", "dead", "chip", "uncalled", "pots", "payouts"),
    [
        # An uncalled bet goes back first.
        ([100, 50], [0, 0], [[1], [0]], 0, 0, 1, (0, 50), [(100, (0, 1))], [50, 100]),
        # Everyone folds to a bet: the bettor gets the blinds and the uncalled part.
        ([30, 10, 10], [0, 1, 1], [[0]], 0, 0, 1, (0, 20), [(30, (0,))], [50, 0, 0]),
        # A split pot with an odd chip: first winner left of the button gets it.
        ([25, 25, 25], [0, 0, 0], [[1, 2], [0]], 0, 0, 5, None, [(75, (0, 1, 2))], [0, 40, 35]),
        # ...counting round the table past the last seat.
        ([25, 25, 25], [0, 0, 0], [[0, 1], [2]], 1, 0, 5, None, [(75, (0, 1, 2))], [40, 35, 0]),
        # A fold alone never makes a side pot.
        (
            [50, 50, 20, 50],
            [0, 0, 1, 0],
            [[3], [0, 1]],
            0,
            0,
            1,
            None,
            [(170, (0, 1, 3))],
            [0, 0, 0, 170],
        ),
        # Two all-ins: main pot and two side pots, the last one split.
        (
            [100, 30, 60, 100],
            [0, 0, 0, 0],
            [[1], [2], [0, 3]],
            0,
            0,
            1,
            None,
            [(120, (0, 1, 2, 3)), (90, (0, 2, 3)), (80, (0, 3))],
            [40, 120, 90, 40],
        ),
        # A folded player's chips stay in the pots they reached.
        (
            [20, 50, 50],
            [0, 0, 1],
            [[0], [1]],
            2,
            0,
            1,
            None,
            [(60, (0, 1)), (60, (1,))],
            [60, 60, 0],
        ),
        # Amounts that are not whole chips: the part under a chip rides with the first odd chip.
        ([55, 55], [0, 0], [[0, 1]], 1, 0, 25, None, [(110, (0, 1))], [60, 50]),
        # Three-way tie with two odd chips, button on seat 2: seats 0 and 1 get them.
        ([34, 34, 34], [0, 0, 0], [[0, 1, 2]], 2, 0, 1, None, [(102, (0, 1, 2))], [34, 34, 34]),
        ([34, 34, 34], [0, 0, 0], [[0, 1, 2]], 2, 1, 1, None, [(103, (0, 1, 2))], [35, 34, 34]),
        ([40, 40, 40], [0, 0, 0], [[0, 1, 2]], 2, 5, 1, None, [(125, (0, 1, 2))], [42, 42, 41]),
        # Dead money with nothing else in: the live player takes it.
        ([0, 0], [0, 1], [[0]], 0, 15, 1, None, [(15, (0,))], [15, 0]),
        # The short stack wins the main pot; the side pot goes to the next best eligible.
        (
            [200, 80, 200, 200],
            [0, 0, 1, 0],
            [[1], [3], [0]],
            3,
            0,
            1,
            None,
            [(320, (0, 1, 3)), (360, (0, 3))],
            [0, 320, 0, 360],
        ),
    ],
)
def test_settle_cases(
    bets: list[int],
    folded: list[int],
    ranking: list[list[int]],
    button: int,
    dead: int,
    chip: int,
    uncalled: tuple[int, int] | None,
    pots: list[tuple[int, tuple[int, ...]]],
    payouts: list[int],
) -> None:
    result = settle(bets, [bool(f) for f in folded], ranking, button, dead, chip)
    assert result.uncalled == (UncalledBet(*uncalled) if uncalled else None)
    assert [(pot.amount, pot.eligible) for pot in result.pots] == pots
    assert list(result.payouts) == payouts
    assert sum(result.payouts) == sum(bets) + dead


def test_odd_chips_are_marked() -> None:
    result = settle([25, 25, 25], [False] * 3, [[1, 2], [0]], button=0, chip=5)
    (pot,) = result.pots
    assert pot.winners == (1, 2)
    assert pot.shares == (Share(1, 40, odd_chip=5), Share(2, 35, odd_chip=0))


def test_a_sole_winner_has_no_odd_chip_even_with_part_chips() -> None:
    result = settle([55, 55], [False, False], [[1], [0]], button=0, chip=25)
    assert result.pots[0].shares == (Share(1, 110, odd_chip=0),)


def test_without_a_ranking_the_pots_are_laid_out_but_not_awarded() -> None:
    result = settle([100, 30, 60], [False] * 3, None, button=0)
    assert result.uncalled == UncalledBet(0, 40)
    assert [(p.amount, p.eligible, p.winners, p.shares) for p in result.pots] == [
        (90, (0, 1, 2), (), ()),
        (60, (0, 2), (), ()),
    ]
    assert result.payouts == (40, 0, 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (([10, -5], [0, 0], [[0], [1]], 0), "seat 1: the contribution -5 is negative"),
        (([10, 5], [0], [[0], [1]], 0), "2 contributions but 1 fold flags"),
        (([10, 5.5], [0, 0], [[0], [1]], 0), "seat 1: the contribution 5.5 is not a whole number"),
        (([10, 5], [0, 0], [[0], [1]], 2), "the button is on seat 2, but the seats are 0 to 1"),
        (([10, 5], [1, 1], [], 0), "every seat folded"),
        (([10, 5], [0, 1], [[0], [1]], 0), "the ranking names seat 1, which folded"),
        (([10, 5], [0, 0], [[0]], 0), r"the ranking leaves out seat\(s\) 1"),
        (([10, 5], [0, 0], [[0], [0, 1]], 0), "the ranking names seat 0 twice"),
        (([10, 5], [0, 0], [[0], [7]], 0), "the ranking names seat 7, but the seats are 0 to 1"),
        (([10, 5], [0, 0], [[0], []], 0), "the ranking has an empty group"),
        (([], [], [], 0), "there are no seats"),
    ],
)
def test_settle_rejects_inconsistent_input(
    args: tuple[list[int], list[int], list[list[int]], int], message: str
) -> None:
    bets, folded, ranking, button = args
    with pytest.raises(SettleError, match=message):
        settle(bets, [bool(f) for f in folded], ranking, button)


def test_settle_rejects_bad_chip_and_dead_money() -> None:
    with pytest.raises(SettleError, match="the smallest chip 0"):
        settle([10, 10], [False, False], [[0, 1]], 0, chip=0)
    with pytest.raises(SettleError, match="dead money -1"):
        settle([10, 10], [False, False], [[0, 1]], 0, dead_money=-1)


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], list[bool], list[list[int]], int, int, int]:
    seats = draw(st.integers(2, 9))
    chip = draw(st.sampled_from([1, 5, 25]))
    bets = [chip * draw(st.integers(0, 40)) for _ in range(seats)]
    folded = draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    if all(folded):
        folded[draw(st.integers(0, seats - 1))] = False
    live = draw(st.permutations([s for s in range(seats) if not folded[s]]))
    cuts = sorted(draw(st.sets(st.integers(1, max(len(live) - 1, 1)), max_size=len(live) - 1)))
    ranking = [list(live[a:b]) for a, b in zip([0, *cuts], [*cuts, len(live)], strict=True)]
    ranking = [group for group in ranking if group]
    button = draw(st.integers(0, seats - 1))
    dead = chip * draw(st.integers(0, 10))
    return bets, folded, ranking, button, dead, chip


def _check_properties(
    result: Settlement,
    bets: list[int],
    folded: list[bool],
    ranking: list[list[int]],
    button: int,
    dead: int,
    chip: int,
) -> None:
    seats = len(bets)
    # Payouts add up to everything that went in.
    assert sum(result.payouts) == sum(bets) + dead == result.total
    # A folded seat gets back only an uncalled bet.
    for seat in range(seats):
        if folded[seat]:
            back = result.uncalled.amount if result.uncalled and result.uncalled.seat == seat else 0
            assert result.payouts[seat] == back
    for pot in result.pots:
        # Nobody wins from a pot they are not eligible for; the winners are the best eligible.
        best = next(g for g in ranking if set(g) & set(pot.eligible))
        assert set(pot.winners) == set(best) & set(pot.eligible)
        assert {share.seat for share in pot.shares} == set(pot.winners)
        assert sum(share.amount for share in pot.shares) == pot.amount
        # Odd chips one at a time, in seat order from the first seat left of the button.
        order = [share.seat for share in pot.shares]
        assert order == sorted(order, key=lambda s: (s - button - 1) % seats)
        amounts = [share.amount for share in pot.shares]
        assert amounts == sorted(amounts, reverse=True)
        assert max(amounts) - min(amounts) <= chip
        assert all(share.odd_chip in (0, chip) for share in pot.shares)
        assert all(share.amount % chip == 0 for share in pot.shares)
        assert sum(1 for share in pot.shares if share.odd_chip) < len(pot.shares)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(hands())
def test_settle_properties(
    hand: tuple[list[int], list[bool], list[list[int]], int, int, int],
) -> None:
    bets, folded, ranking, button, dead, chip = hand
    result = settle(bets, folded, ranking, button, dead, chip)
    _check_properties(result, bets, folded, ranking, button, dead, chip)
    uncalled, pots = reference_pots(bets, folded, dead)
    got = (result.uncalled.seat, result.uncalled.amount) if result.uncalled else None
    assert got == uncalled
    assert [(pot.amount, pot.eligible) for pot in result.pots] == pots
