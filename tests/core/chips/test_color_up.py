"""Color-ups: which chips go, which replace them, and at what rate."""

from __future__ import annotations

import pytest

from clockapp.core.chips import ChipSet, Denomination
from clockapp.core.chips.color_up import break_color_ups, color_up_at
from clockapp.core.structure import Break, Level


@pytest.mark.parametrize(
    ("values", "removed", "earlier", "target", "rates"),
    [
        ((25, 100, 500), (25,), (), 100, [(4, 1)]),
        ((5, 25, 100, 500), (5, 25), (), 100, [(20, 1), (4, 1)]),
        ((5, 25, 100, 500), (25,), [(5,)], 100, [(4, 1)]),
        ((25, 100, 500, 1000), (100,), [(25,)], 500, [(5, 1)]),
        ((75, 100, 500), (75,), (), 100, [(4, 3)]),  # 4 x T75 = 3 x T100: no fractions
        ((25, 100), (25, 100), (), None, []),
    ],
)
def test_each_removed_chip_is_traded_for_the_smallest_chip_that_stays(
    values, removed, earlier, target, rates
) -> None:
    up = color_up_at(ChipSet.standard(values), removed, earlier)
    assert [d.value for d in up.removed] == sorted(removed)
    assert (up.target.value if up.target else None) == target
    assert [(e.removed_count, e.target_count) for e in up.exchanges] == rates
    for e in up.exchanges:  # the same worth on each side
        assert e.removed_count * e.removed.value == e.target_count * e.target.value


def test_the_sentence_names_both_sides() -> None:
    up = color_up_at(ChipSet.standard((25, 100, 500)), (25,))
    assert up.describe() == (
        "Color up: T25 chips (green) go; replace them with T100 chips (black): 4 green = 1 black"
    )


def test_chips_of_the_same_color_are_told_apart_by_value() -> None:
    chips = ChipSet((Denomination(25, "white", "#FFFFFF"), Denomination(100, "White", "#EEEEEE")))
    assert color_up_at(chips, (25,)).exchanges[0].describe() == "4 T25 = 1 T100"


def test_each_break_knows_the_chips_already_gone() -> None:
    items = (
        Level(5, 10),
        Break(10, color_up=(5,)),
        Level(25, 50),
        Break(10),
        Level(100, 200),
        Break(10, color_up=(25,)),
        Level(200, 400),
    )
    ups = break_color_ups(items, ChipSet.standard((5, 25, 100, 500)))
    assert sorted(ups) == [1, 5]
    assert [(i, up.target.value if up.target else None) for i, up in ups.items()] == [
        (1, 25),
        (5, 100),
    ]
