"""Plain and progressive knockouts: the odd cent, split pots, settlement to the cent."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clockapp.core.bounties import (
    BountyError,
    BountyFormat,
    Knockout,
    pko_halves,
    settle_bounties,
    split_cents,
)


@pytest.mark.parametrize(
    ("amount", "cash", "head"),
    [(2000, 1000, 1000), (2001, 1001, 1000), (1, 1, 0), (0, 0, 0), (999, 500, 499)],
)
def test_pko_halves_give_the_odd_cent_to_the_cash(amount: int, cash: int, head: int) -> None:
    assert pko_halves(amount) == (cash, head)


@pytest.mark.parametrize(
    ("amount", "parts", "expected"),
    [(1000, 2, (500, 500)), (1001, 2, (501, 500)), (1002, 3, (334, 334, 334)), (2, 3, (1, 1, 0))],
)
def test_split_gives_odd_cents_to_the_earliest_position(
    amount: int, parts: int, expected: tuple[int, ...]
) -> None:
    assert split_cents(amount, parts) == expected


def test_split_between_nobody_is_refused() -> None:
    with pytest.raises(BountyError, match="nobody"):
        split_cents(100, 0)


STACKS = {1: {10: 2000}, 2: {20: 2000}, 3: {30: 2000}, 4: {40: 2001}}


def test_plain_knockout_pays_the_whole_bounty() -> None:
    result = settle_bounties(BountyFormat.KNOCKOUT, STACKS, [Knockout(2, 20, ((1, 10),))])
    assert dict(result.cash) == {1: 2000}
    assert result.heads[10] == 2000  # the buster's head does not grow
    assert result.heads[20] == 0


def test_progressive_knockout_chain_adds_up_to_the_cent() -> None:
    kos = [
        Knockout(4, 40, ((1, 10),)),  # $20.01 on Dee: Ann collects $10.01, head $30.00
        Knockout(1, 10, ((3, 30),)),  # $30.00 on Ann: Cy collects $15.00, head $35.00
        Knockout(2, 20, ((3, 30),)),  # $20.00 on Bob: Cy collects $10.00, head $45.00
    ]
    result = settle_bounties(BountyFormat.PROGRESSIVE, STACKS, kos)
    assert dict(result.cash) == {1: 1001, 3: 2500}
    assert result.heads[30] == 4500
    assert result.heads[10] == result.heads[20] == result.heads[40] == 0
    # The winner collects their own head: everything paid is everything collected.
    assert sum(result.cash.values()) + result.heads[30] == 8001
    assert dict(result.knockouts) == {1: 1, 3: 2}


def test_a_split_pot_knockout_shares_each_half_by_position() -> None:
    result = settle_bounties(
        BountyFormat.PROGRESSIVE, STACKS, [Knockout(4, 40, ((2, 20), (1, 10)))]
    )
    # $20.01 split $10.01 (Bob, earlier position) and $10.00 (Ann), each halved.
    assert dict(result.cash) == {2: 501, 1: 500}
    assert result.heads[20] == 2500
    assert result.heads[10] == 2500
    assert result.total == 8001


def test_a_bust_with_nobody_credited_leaves_the_bounty_unclaimed() -> None:
    result = settle_bounties(BountyFormat.PROGRESSIVE, STACKS, [Knockout(2, 20)])
    assert result.unclaimed == 2000
    assert not result.cash
    assert result.total == 8001


def test_a_buster_whose_stack_is_gone_is_paid_the_head_half_in_cash() -> None:
    result = settle_bounties(BountyFormat.PROGRESSIVE, STACKS, [Knockout(2, 20, ((1, None),))])
    assert dict(result.cash) == {1: 2000}
    assert result.total == 8001


def test_a_lost_stack_no_longer_standing_pays_nothing() -> None:
    result = settle_bounties(BountyFormat.PROGRESSIVE, STACKS, [Knockout(2, 99, ((1, 10),))])
    assert not result.cash
    assert result.total == 8001


def test_mystery_pays_the_envelope_and_leaves_the_heads() -> None:
    kos = [Knockout(2, 20, ((1, 10),)), Knockout(4, 40, ((1, 10), (3, 30)), envelope=3001)]
    result = settle_bounties(BountyFormat.MYSTERY, STACKS, kos)
    assert dict(result.cash) == {1: 1501, 3: 1500}  # the first knockout was before the stage


@st.composite
def _tournament(draw: st.DrawFn) -> tuple[dict[int, dict[int, int]], list[Knockout]]:
    players = draw(st.integers(2, 8))
    stacks = {rid: {rid * 10: draw(st.integers(0, 10_001))} for rid in range(1, players + 1)}
    alive = list(stacks)
    kos = []
    while len(alive) > 1 and draw(st.booleans()):
        busted = draw(st.sampled_from(alive))
        alive.remove(busted)
        others = draw(st.lists(st.sampled_from(alive), unique=True, max_size=3))
        kos.append(Knockout(busted, busted * 10, tuple((b, b * 10) for b in others)))
    return stacks, kos


@given(_tournament(), st.sampled_from([BountyFormat.KNOCKOUT, BountyFormat.PROGRESSIVE]))
def test_bounty_money_is_conserved_to_the_cent(
    case: tuple[dict[int, dict[int, int]], list[Knockout]], fmt: BountyFormat
) -> None:
    stacks, kos = case
    result = settle_bounties(fmt, stacks, kos)
    assert result.total == sum(b for rows in stacks.values() for b in rows.values())
    assert all(v >= 0 for v in result.heads.values())
