"""Tests for clockapp.core.icm: Malmuth-Harville equities against brute force, deals."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core import icm
from clockapp.core.icm import (
    DealMethod,
    IcmError,
    icm_equities,
    propose_deal,
    subsets_to_visit,
)
from clockapp.core.money.amounts import format_cents
from clockapp.errors import ValidationError


def brute_force(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[Fraction, ...]:
    """The definition, spelled out: every finishing order, its Harville probability, its prizes."""
    equities = [Fraction(0)] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        probability = Fraction(1)
        chips_left = sum(stacks)
        for player in order:
            probability *= Fraction(stacks[player], chips_left)
            chips_left -= stacks[player]
        for place, player in enumerate(order):
            if place < len(prizes):
                equities[player] += probability * prizes[place]
    return tuple(equities)


@pytest.mark.parametrize(
    ("stacks", "prizes", "expected"),
    [
        # Heads-up: second prize plus the share of the difference that the chips say.
        ([7000, 3000], [10000, 6000], (Fraction(8800), Fraction(7200))),
        # By hand: P(A 2nd) = .3 x 5/7 + .2 x 5/8; A = 50 x .5 + 30 x .3393 + 20 x .1607.
        (
            [5000, 3000, 2000],
            [5000, 3000, 2000],
            (Fraction(26875, 7), Fraction(3275), Fraction(20200, 7)),
        ),
        # One player left takes the prize that is left.
        ([123], [5000], (Fraction(5000),)),
        # Winner-take-all is a chip chop.
        ([1, 2, 3, 4], [1000], tuple(Fraction(100 * n) for n in (1, 2, 3, 4))),
        # Nothing left to win.
        ([10, 20], [], (Fraction(0), Fraction(0))),
        ([10, 20], [0, 0], (Fraction(0), Fraction(0))),
    ],
)
def test_known_equities(
    stacks: list[int], prizes: list[int], expected: tuple[Fraction, ...]
) -> None:
    result = icm_equities(stacks, prizes)
    assert result.exact
    assert result.equities == expected
    assert result.method == "exact (Malmuth-Harville)"


@pytest.mark.slow
@settings(deadline=None, max_examples=150)
@given(
    stacks=st.lists(st.integers(min_value=1, max_value=10**6), min_size=1, max_size=6),
    data=st.data(),
)
def test_exact_matches_brute_force(stacks: list[int], data: st.DataObject) -> None:
    prizes = data.draw(
        st.lists(st.integers(min_value=0, max_value=10**7), max_size=len(stacks)), label="prizes"
    )
    result = icm_equities(stacks, prizes)
    assert result.exact
    assert result.equities == brute_force(stacks, prizes)


@pytest.mark.slow
@settings(deadline=None, max_examples=60)
@given(
    stacks=st.lists(st.integers(min_value=1, max_value=50), min_size=2, max_size=8),
    data=st.data(),
)
def test_equity_properties(stacks: list[int], data: st.DataObject) -> None:
    prizes = sorted(
        data.draw(
            st.lists(
                st.integers(min_value=0, max_value=10**6),
                min_size=len(stacks),
                max_size=len(stacks),
            ),
            label="prizes",
        ),
        reverse=True,
    )
    equities = icm_equities(stacks, prizes).equities
    assert sum(equities) == sum(prizes)
    # More chips never means less equity; equal chips mean equal equity.
    for i, j in itertools.combinations(range(len(stacks)), 2):
        if stacks[i] == stacks[j]:
            assert equities[i] == equities[j]
        elif stacks[i] > stacks[j]:
            assert equities[i] >= equities[j]
        else:
            assert equities[i] <= equities[j]
    leader = max(range(len(stacks)), key=stacks.__getitem__)
    assert equities[leader] == max(equities)
    # Every place is paid: nobody can expect less than last place or more than first.
    assert all(prizes[-1] <= equity <= prizes[0] for equity in equities)


def test_ten_players_exact() -> None:
    stacks = [31000, 24000, 18000, 15000, 12000, 9000, 7000, 5000, 3000, 1000]
    prizes = [40000, 25000, 15000, 10000, 8000, 6000, 5000, 4000, 3500, 3000]
    result = icm_equities(stacks, prizes)
    assert result.exact
    assert sum(result.equities) == sum(prizes)
    assert list(result.equities) == sorted(result.equities, reverse=True)


def test_beyond_ten_players_is_exact_when_few_places_are_left() -> None:
    stacks = [1000 + 37 * i for i in range(20)]
    result = icm_equities(stacks, [50000, 30000, 20000])
    assert subsets_to_visit(20, 3) == 211
    assert result.exact
    assert sum(result.equities) == 100000


@pytest.mark.slow
def test_up_to_twenty_players_is_exact() -> None:
    stacks = [5000, 4000, 4000, 3000, 2500, 2000, 1500, 1200, 1000, 800, 500, 450, 300]
    prizes = [30000, 20000, 14000, 10000, 8000, 6000, 4500, 3500, 2500, 1500, 1000, 700, 0]
    result = icm_equities(stacks, prizes)
    assert result.exact
    assert result.method == "exact (Malmuth-Harville)"
    assert sum(result.equities) == sum(prizes)
    # The same model in fractions (slow beyond 10 players, so only here): within a millionth
    # of a cent for each player.
    original = icm.EXACT_PLAYER_LIMIT
    try:
        icm.EXACT_PLAYER_LIMIT = 13
        fractions = icm_equities(stacks, prizes)
    finally:
        icm.EXACT_PLAYER_LIMIT = original
    for fast, slow in zip(result.equities, fractions.equities, strict=True):
        assert abs(fast - slow) < Fraction(1, 10**5)
    ladder = [100_000 - 4000 * i for i in range(20)]
    twenty = icm_equities([1000 + 97 * i for i in range(20)], ladder)
    assert twenty.exact
    assert sum(twenty.equities) == sum(ladder)
    assert list(twenty.equities) == sorted(twenty.equities)


@pytest.mark.slow
@pytest.mark.parametrize("players", [21, 22])
def test_21_and_22_players_are_exact(players: int) -> None:
    # Equal stacks have equal equities: each player's share of the prizes, whatever the ladder.
    ladder = [200_000 - 8000 * place for place in range(players)]
    result = icm_equities([40_000] * players, ladder)
    assert result.exact
    assert result.method == "exact (Malmuth-Harville)"
    assert sum(result.equities) == sum(ladder)
    for equity in result.equities:
        assert abs(equity - Fraction(sum(ladder), players)) < Fraction(1, 10**4)


def test_beyond_twenty_players_is_a_flagged_seeded_estimate_with_its_margin() -> None:
    stacks = [5000, 4000, 4000, 3000, 2500, 2000, 1500, 1200, 1000, 800, 500] * 2
    prizes = [30000, 20000, 14000, 10000, 8000, 6000, 4500, 3500, 2500, 1500] * 2
    stacks, prizes = [*stacks, 100], sorted(prizes, reverse=True)
    result = icm_equities(stacks, prizes, samples=3000, seed=7)
    assert not result.exact
    assert (result.samples, result.seed) == (3000, 7)
    assert 0 < result.margin < 2000
    assert result.method == (
        "estimate (Malmuth-Harville, 3,000 simulated finishes, seed 7; each figure within "
        f"{format_cents(result.margin)} at 95%)"
    )
    assert sum(result.equities) == sum(prizes)
    assert icm_equities(stacks, prizes, samples=3000, seed=7) == result  # reproducible
    assert icm_equities(stacks, prizes, samples=3000, seed=8) != result
    # Tidied: equal stacks equal, more chips never less.
    assert result.equities[1] == result.equities[2]
    by_stack = [e for _, e in sorted(zip(stacks, result.equities, strict=True), reverse=True)]
    assert by_stack == sorted(result.equities, reverse=True)


def test_estimate_is_close_to_the_exact_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    stacks = [9000, 6500, 4000, 4000, 2500, 1200, 800]
    prizes = [40000, 25000, 15000, 9000, 6000, 3000, 2000]
    exact = icm_equities(stacks, prizes)
    monkeypatch.setattr(icm, "EXACT_PLAYER_LIMIT", 0)
    monkeypatch.setattr(icm, "EXACT_SUBSET_BUDGET", 0)
    monkeypatch.setattr(icm, "SUBSET_PLAYER_LIMIT", 0)
    estimate = icm_equities(stacks, prizes, samples=20000, seed=1)
    assert not estimate.exact
    assert sum(estimate.equities) == sum(prizes)
    for guess, truth in zip(estimate.equities, exact.equities, strict=True):
        # 20,000 samples: a few standard errors stay well within 1% of the first prize.
        assert abs(guess - truth) < 400
    # The margin it states is honest: every figure within twice of it (95% each, 7 players).
    assert all(
        abs(g - t) <= 2 * estimate.margin
        for g, t in zip(estimate.equities, exact.equities, strict=True)
    )


def test_a_player_with_no_chips_takes_the_lowest_prize_and_said_so() -> None:
    result = icm_equities([100, 0, 300], [60, 40])
    short, big = icm_equities([100, 300], [60, 40]).equities
    assert result.equities == (short, Fraction(0), big)  # 3rd pays nothing here
    assert result.notes == (
        "No chips: player 2 is out below every player still in, so he takes the prize for 3rd "
        "($0.00).",
    )


def test_players_with_no_chips_share_the_lowest_prizes_and_the_equities_add_up() -> None:
    result = icm_equities([100, 0, 300, 0], [6000, 4000, 3000, 2000])
    short, big = icm_equities([100, 300], [6000, 4000]).equities
    assert result.equities == (short, Fraction(2500), big, Fraction(2500))
    assert sum(result.equities) == 15_000
    assert result.notes == (
        "No chips: players 2 and 4 are out below every player still in, so they share the "
        "prizes for 3rd to 4th ($25.00 each).",
    )


@pytest.mark.slow
@settings(deadline=None, max_examples=150)
@given(
    stacks=st.lists(st.integers(min_value=0, max_value=10**5), min_size=1, max_size=7).filter(any),
    data=st.data(),
)
def test_icm_and_deals_add_up_to_the_cent_with_players_at_zero(
    stacks: list[int], data: st.DataObject
) -> None:
    prizes = sorted(
        data.draw(
            st.lists(st.integers(min_value=0, max_value=10**7), max_size=len(stacks) + 2),
            label="prizes",
        ),
        reverse=True,
    )
    result = icm_equities(stacks, prizes)
    assert sum(result.equities) == sum(prizes[: len(stacks)])
    in_play = [i for i, stack in enumerate(stacks) if stack]
    for i, equity in enumerate(result.equities):
        if not stacks[i]:  # a busted player never gets more than one still in
            assert all(equity <= result.equities[j] for j in in_play)
    method = data.draw(st.sampled_from(list(DealMethod)), label="method")
    unit = data.draw(st.sampled_from([1, 100, 500]), label="unit")
    if 0 in stacks or not prizes:
        if 0 in stacks:
            with pytest.raises(IcmError, match=r"no chips is out \(record the bust first\)"):
                propose_deal(stacks, prizes, method=method, unit=unit)
        return
    deal = propose_deal(stacks, prizes, method=method, unit=unit)
    assert sum(deal.amounts) == sum(prizes[: len(stacks)])


def test_more_prizes_than_players_the_players_left_share_the_top_prizes() -> None:
    result = icm_equities([100, 300], [60, 40, 20, 10])
    assert result.equities == icm_equities([100, 300], [60, 40]).equities
    assert sum(result.equities) == 100
    assert result.notes == (
        "4 prizes for 2 players: the players left share the top 2 (the others went to players "
        "already out).",
    )


@pytest.mark.parametrize(
    ("stacks", "prizes", "kwargs", "words"),
    [
        ([], [], {}, "at least one player"),
        ([0, 0], [10], {}, "No player has any chips"),
        ([100, -5], [10], {}, "Player 2 has -5 chips"),
        ([100, 2.5], [10], {}, "Player 2's stack must be a whole number of chips"),
        ([100, 200], [10, -5], {}, "place 2 must be 0 or more cents"),
        # Past the exact limit, where an estimate needs its samples.
        ([100] * (icm.SUBSET_PLAYER_LIMIT + 1), [100] * 9, {"samples": 0}, "at least 1 sample"),
    ],
)
def test_icm_refuses(
    stacks: list[int], prizes: list[int], kwargs: dict[str, int], words: str
) -> None:
    with pytest.raises(IcmError, match=words):
        icm_equities(stacks, prizes, **kwargs)


def test_icm_error_is_a_validation_error() -> None:
    assert issubclass(IcmError, ValidationError)


# ------------------------------------------------------------------ deals


def test_icm_deal_adds_up_to_the_unpaid_money() -> None:
    deal = propose_deal([5000, 3000, 2000], [5000, 3000, 2000])
    assert deal.amounts == (3839, 3275, 2886)
    assert (deal.unpaid, deal.dealt, deal.reserved) == (10000, 10000, 0)
    assert deal.exact
    assert deal.method is DealMethod.ICM
    assert deal.description == "ICM, exact (Malmuth-Harville)"


def test_deal_in_a_rounding_unit_gives_the_odd_cents_to_the_share_rounded_down_most() -> None:
    # $400.84 in whole dollars: the leader's $165.96 rounds up to $166; the 84 odd cents go to a
    # player whose $117.44 was rounded down, not on top of the leader's rounding up.
    deal = propose_deal([16596, 11744, 11744], [40084], method=DealMethod.CHIP_SHARE, unit=100)
    assert deal.amounts == (16600, 11784, 11700)
    assert sum(deal.amounts) == 40084


def test_an_estimated_deal_rounds_by_the_largest_remainders_too() -> None:
    # Estimated equities need not add up to the money dealt: scaled to it, the odd 84 cents
    # still go to a share rounded down, not on top of the leader's rounding up.
    doubled = [Fraction(16596 * 2), Fraction(11744 * 2), Fraction(11744 * 2)]
    assert icm.round_shares(40084, doubled, 100) == (16600, 11784, 11700)


def test_deal_in_a_rounding_unit_keeps_every_share_within_one_unit() -> None:
    deal = propose_deal([5000, 3000, 2000], [500_037, 300_000, 200_000], unit=500)
    assert sum(deal.amounts) == 1_000_037
    assert sorted(amount % 500 for amount in deal.amounts) == [0, 0, 37]
    assert all(
        abs(amount - equity) < 500
        for amount, equity in zip(deal.amounts, deal.equities, strict=True)
    )


def test_deal_with_money_left_to_play_for() -> None:
    deal = propose_deal([5000, 5000], [60000, 40000], reserve=10000)
    assert deal.amounts == (45000, 45000)
    assert deal.reserved == 10000
    assert deal.description == "ICM, exact (Malmuth-Harville), $100.00 left to play for"


def test_chip_chop_and_even_split() -> None:
    share = propose_deal([6000, 3000, 1000], [50000, 30000, 20000], method=DealMethod.CHIP_SHARE)
    assert share.amounts == (60000, 30000, 10000)
    assert share.description == "chip chop (in proportion to chips)"
    # The usual chip chop: the short stack keeps the 3rd prize he has locked up, then chips.
    chop = propose_deal([6000, 3000, 1000], [50000, 30000, 20000], method=DealMethod.CHIP_CHOP)
    assert chop.amounts == (44000, 32000, 24000)
    assert chop.description == "chip chop (the lowest prize to each, the rest by chips)"
    assert min(chop.amounts) >= 20000 > min(share.amounts)
    even = propose_deal([6000, 3000, 1000], [50000, 30000, 20001], method=DealMethod.EVEN)
    assert even.amounts == (33334, 33334, 33333)
    assert even.description == "even split"


def test_deal_of_nothing() -> None:
    deal = propose_deal([10, 20], [5000], reserve=5000)
    assert (deal.amounts, deal.reserved) == ((0, 0), 5000)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"reserve": 60001}, "more than the first prize"),
        ({"reserve": -1}, "0 or more cents"),
        ({"unit": 0}, "at least 1 cent"),
    ],
)
def test_deal_refuses(kwargs: dict[str, int], words: str) -> None:
    with pytest.raises(IcmError, match=words):
        propose_deal([100, 200], [60000, 40000], **kwargs)  # type: ignore[arg-type]


@pytest.mark.slow
@settings(deadline=None, max_examples=120)
@given(
    stacks=st.lists(st.integers(min_value=1, max_value=10**5), min_size=1, max_size=7),
    method=st.sampled_from(list(DealMethod)),
    unit=st.sampled_from([1, 5, 100, 500, 1000]),
    data=st.data(),
)
def test_deals_always_add_up(
    stacks: list[int], method: DealMethod, unit: int, data: st.DataObject
) -> None:
    prizes = sorted(
        data.draw(
            st.lists(st.integers(min_value=0, max_value=10**7), min_size=1, max_size=len(stacks)),
            label="prizes",
        ),
        reverse=True,
    )
    reserve = data.draw(st.integers(min_value=0, max_value=prizes[0]), label="reserve")
    deal = propose_deal(stacks, prizes, method=method, unit=unit, reserve=reserve)
    assert sum(deal.amounts) + deal.reserved == sum(prizes)
    assert sum(deal.equities) == sum(prizes) - reserve
    # Every share is within one rounding unit of its exact share; all but one are whole units
    # (the one that takes the cents short of a whole unit).
    for amount, equity in zip(deal.amounts, deal.equities, strict=True):
        assert abs(amount - equity) < unit
    assert sum(1 for amount in deal.amounts if amount % unit) <= 1
