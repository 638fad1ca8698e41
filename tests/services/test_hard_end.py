"""Places by chip count at the hard end: ranks, ties, prizes, refusals, in one transaction."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.core.registration import RegistrationStatus
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.hard_end import REASON, ChipCountError
from clockapp.services.players import PlayerDetails

PRICE = EntryPrice(2000, house_fee=500)  # $20 to the prize pool each
STACK = 10_000
RULES = EntryRules(RegistrationRule(PRICE, STACK))
TOP_THREE = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000))
_names = itertools.count()


def tournament(services: Services, players: int) -> tuple[int, list[int]]:
    """A freeze-out paying three places, with `players` bought in (registration ids in order)."""
    tid = services.tournaments.create("Hard end").value.id
    services.cashier.set_config(tid, CashierConfig(RULES, payouts=TOP_THREE))
    regs = []
    for _ in range(players):
        pid = services.players.create(PlayerDetails(f"Player {next(_names)}")).value.id
        regs.append(services.cashier.buy_in(tid, pid).value.registration.id)
    return tid, regs


@pytest.mark.slow
def test_the_field_to_count_is_everyone_still_in(services: Services) -> None:
    tid, (a, b, c) = tournament(services, 3)
    services.results.bust(tid, c, busted_by=a)
    field = services.hard_end.field_to_count(tid)
    assert [p.registration_id for p in field.players] == [a, b]
    assert field.chips_in_play == 3 * STACK


@pytest.mark.slow
def test_chip_counts_rank_the_field_and_equal_stacks_share_places_and_prizes(
    services: Services,
) -> None:
    tid, (a, b, c, d, e) = tournament(services, 5)  # $100: $50 / $30 / $20
    services.results.bust(tid, e, busted_by=a)  # 5th before the hard end
    revision = services.tournaments.revision()
    counts = {a: 24_000, b: 10_000, c: 10_000, d: 6_000}

    outcome = services.hard_end.finish_by_chips(tid, counts)

    result = outcome.value
    assert outcome.changes.touches(Change.ENTRIES | Change.PAYOUTS | Change.SEATING)
    assert services.tournaments.revision() == revision + 1  # one transaction, one revision
    assert [(f.registration_id, f.label, f.prize) for f in result.finishes] == [
        (a, "1st", 5_000),
        (b, "2nd-3rd (tied)", 2_500),
        (c, "2nd-3rd (tied)", 2_500),
        (d, "4th", 0),
    ]
    assert (result.counted, result.chips_in_play, result.tied_for_first) == (50_000, 50_000, ())
    assert result.summary.endswith(" wins.")
    # The cashier sees the same places and prizes: b, c and d out on one hand with their counts.
    dues = {due.registration_id: due for due in services.cashier.dues(tid)}
    assert [(dues[x].place, dues[x].tied, dues[x].prize) for x in (a, b, c, d, e)] == [
        (1, 1, 5_000),
        (2, 2, 2_500),
        (2, 2, 2_500),
        (4, 1, 0),
        (5, 1, 0),
    ]
    counted = [x for x in services.results.busts(tid) if x.reason == REASON]
    assert sorted((x.registration_id, x.chips_at_hand_start) for x in counted) == sorted(
        [(b, 10_000), (c, 10_000), (d, 6_000)]
    )
    assert {x.hand for x in counted} == {2}
    assert {x.station for x in counted} == {"director"}
    assert services.cashier.registration(tid, a).status is RegistrationStatus.PLAYING
    assert services.clock.snapshot(tid).stats.players_left == 1


@pytest.mark.slow
def test_a_tie_for_the_chip_lead_stays_in_play(services: Services) -> None:
    tid, (a, b, c, d) = tournament(services, 4)  # $80: $40 / $24 / $16
    result = services.hard_end.finish_by_chips(
        tid, {a: 15_000, b: 15_000, c: 6_000, d: 4_000}
    ).value
    assert [(f.registration_id, f.label, f.prize) for f in result.finishes] == [
        (a, "in play", 0),
        (b, "in play", 0),
        (c, "3rd", 1_600),
        (d, "4th", 0),
    ]
    assert result.tied_for_first == (a, b)
    assert "tie for the chip lead" in result.summary
    assert services.clock.snapshot(tid).stats.players_left == 2
    # They settle it later (here: a hand), and the places fill in.
    services.results.bust(tid, b, busted_by=a)
    dues = {due.registration_id: due for due in services.cashier.dues(tid)}
    assert (dues[a].place, dues[b].place) == (1, 2)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("missing", "Count the chips of every player still in: Player"),
        ("zero", "must be a whole number above 0"),
        ("busted", "is not in play, so has no chips to count"),
        ("unknown", "Registration #999 is not in play"),
        ("all equal", "a tie for first cannot be ranked by chips"),
        ("one left", "there is no one to rank by chip count"),
    ],
)
def test_counts_that_cannot_rank_the_field_change_nothing(
    services: Services, case: str, message: str
) -> None:
    tid, (a, b, c, d) = tournament(services, 4)
    services.results.bust(tid, d, busted_by=a)
    if case == "one left":
        services.results.bust(tid, c, busted_by=a)
        services.results.bust(tid, b, busted_by=a)
    counts = {
        "missing": {a: 20_000, b: 10_000},
        "zero": {a: 30_000, b: 10_000, c: 0},
        "busted": {a: 20_000, b: 10_000, c: 10_000, d: 1},
        "unknown": {a: 20_000, b: 10_000, c: 10_000, 999: 1},
        "all equal": {a: 13_000, b: 13_000, c: 13_000},
        "one left": {a: 40_000},
    }[case]
    before = services.tournaments.revision(), services.results.busts(tid)
    with pytest.raises(ChipCountError, match=message):
        services.hard_end.finish_by_chips(tid, counts)
    assert (services.tournaments.revision(), services.results.busts(tid)) == before


def reference_places(counts: list[int], prizes: list[int]) -> list[tuple[int, int, int]]:
    """(place, tied, total prize of the group) for each count, by the plain rule: a player's
    place is one more than the number of bigger stacks; equal stacks share the places covered."""
    result = []
    for chips in counts:
        place = 1 + sum(1 for other in counts if other > chips)
        tied = sum(1 for other in counts if other == chips)
        covered = sum(prizes[p - 1] for p in range(place, place + tied) if p <= len(prizes))
        result.append((place, tied, covered))
    return result


# Each example makes its own tournament in the shared database, so sharing `services` is safe.
@pytest.mark.slow
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.integers(1, 6), min_size=2, max_size=6))
def test_places_follow_the_counts_like_a_plain_ranking(
    services: Services, thousands: list[int]
) -> None:
    counts = [x * 1_000 for x in thousands]
    first = counts.index(max(counts))
    # A shared chip lead stays in play (tested above): here one leader, the others a bit less.
    counts = [c - 500 if c == counts[first] and i != first else c for i, c in enumerate(counts)]
    tid, regs = tournament(services, len(counts))
    prizes = [amount for _place, amount in services.payouts.table(tid).ladder]
    gap = sum(counts) - len(counts) * STACK  # random counts: the director confirms the gap
    result = services.hard_end.finish_by_chips(
        tid, dict(zip(regs, counts, strict=True)), accept_difference=gap
    ).value
    by_id = {f.registration_id: f for f in result.finishes}
    expected = reference_places(counts, prizes)
    for rid, (place, tied, covered) in zip(regs, expected, strict=True):
        finish = by_id[rid]
        assert (finish.place, finish.tied) == (place, tied)
        # The group's prizes are split exactly: each share within a cent of an equal split.
        assert abs(finish.prize * tied - covered) < tied
    assert sum(f.prize for f in result.finishes) == sum(prizes)


@pytest.mark.slow
def test_counts_that_do_not_add_up_are_refused_until_the_gap_is_confirmed(
    services: Services,
) -> None:
    tid, (a, b, c) = tournament(services, 3)  # 30,000 chips in play
    counts = {a: 400_000, b: 30_007, c: 5_000}  # a finger slipped: 435,007
    before = services.tournaments.revision(), services.results.busts(tid)
    with pytest.raises(ChipCountError, match="435,007 chips, but 30,000 are in play: 405,007 too"):
        services.hard_end.finish_by_chips(tid, counts)
    with pytest.raises(ChipCountError, match="405,007 too many"):  # a stale confirmation
        services.hard_end.finish_by_chips(tid, counts, accept_difference=1_000)
    assert (services.tournaments.revision(), services.results.busts(tid)) == before
    short = {a: 20_000, b: 6_000, c: 3_000}  # a chip lost under the table: confirmed
    result = services.hard_end.finish_by_chips(tid, short, accept_difference=-1_000).value
    assert (result.counted, result.chips_in_play) == (29_000, 30_000)
    assert [f.place for f in result.finishes] == [1, 2, 3]
