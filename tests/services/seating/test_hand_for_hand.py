"""Hand-for-hand at the bubble: busts of one hand are one hand, whichever order they are entered
and the app offers hand-for-hand when the next bust decides the money."""

from __future__ import annotations

import pytest

from clockapp.core.money.field import BustInput
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.services.app import Services
from clockapp.services.seating import SeatingError
from tests.services.seating import test_seating as base
from tests.services.seating.test_seating import buy_ins

db_path = base.db_path
template_db = base.template_db
engine = base.engine
services = base.services
tid = base.tid

#: Ten places paid from 11 entries of $20 ($220): 10th pays $8, 11th nothing.
LADDER = (6800, 4000, 2600, 2000, 1600, 1300, 1100, 900, 900, 800)


def bubble(services: Services, tid: int) -> list[int]:
    """11 players at two tables, ten paid: the next bust is the bubble. Their registration ids."""
    ids = buy_ins(services, tid, 11)
    services.payouts.set_structure(tid, PayoutStructure(PayoutMode.AMOUNTS, amounts=LADDER))
    services.seating.add_tables(tid, 2, seat_count=9)
    services.seating.draw_seats(tid)
    return ids


def at_tables(services: Services, tid: int) -> tuple[int, int]:
    """One player at table 1 and one at table 2."""
    seating = services.seating.seating(tid)
    first = min(seating.players_at(1).values())
    second = min(seating.players_at(2).values())
    return first, second


def finish(services: Services, tid: int) -> dict[int, tuple[int | None, int, int]]:
    """(place, tied, prize) of every finished player."""
    dues = services.results.results(tid)
    return {r.registration_id: (r.place, r.label.count("tied"), r.prize) for r in dues if r.place}


@pytest.mark.slow
@pytest.mark.parametrize("order", ["table 1 first", "table 2 first"])
def test_two_busts_of_one_hand_for_hand_hand_tie_whatever_the_order(
    services: Services, tid: int, order: str
) -> None:
    """Two players at two tables bust in the same hand-for-hand hand and the tables report one
    after the other: they tie for 10th-11th and share $8 ($4 each), not 11th $0 and 10th $8."""
    bubble(services, tid)
    services.seating.start_hand_for_hand(tid)
    first, second = at_tables(services, tid)
    if order == "table 2 first":
        first, second = second, first
    services.results.bust(tid, first, follow_seating=True)
    services.results.bust(tid, second, follow_seating=True)
    done = finish(services, tid)
    assert done[first] == done[second] == (10, 1, 400)
    assert done[first][2] + done[second][2] == LADDER[9]  # integer cents, nothing lost


@pytest.mark.slow
def test_stacks_rank_busts_of_one_hand_entered_apart(services: Services, tid: int) -> None:
    """With the chips each started the hand with, the bigger stack finishes higher, even when
    entered first."""
    bubble(services, tid)
    services.seating.start_hand_for_hand(tid)
    big, small = at_tables(services, tid)
    services.results.bust_players(tid, [BustInput(big, 9000)], follow_seating=True)
    services.results.bust_players(tid, [BustInput(small, 2000)], follow_seating=True)
    done = finish(services, tid)
    assert (done[big], done[small]) == ((10, 0, 800), (11, 0, 0))


@pytest.mark.slow
def test_the_next_hand_closes_the_hand(services: Services, tid: int) -> None:
    ids = bubble(services, tid)
    services.seating.start_hand_for_hand(tid)
    first, second = at_tables(services, tid)
    services.results.bust(tid, first, follow_seating=True)
    for table in (1, 2):
        services.seating.finish_hand(tid, table)
    services.seating.next_hand(tid)
    services.results.bust(tid, second, follow_seating=True)
    done = finish(services, tid)
    assert (done[first], done[second]) == ((11, 0, 0), (10, 0, 800))
    # Off hand-for-hand, busts entered apart are separate hands again.
    services.seating.stop_hand_for_hand(tid)
    left = [p for p in ids if p not in done]
    services.results.bust(tid, left[0], follow_seating=True)
    services.results.bust(tid, left[1], follow_seating=True)
    done = finish(services, tid)
    assert (done[left[0]][0], done[left[1]][0]) == (9, 8)


@pytest.mark.slow
def test_the_bubble_proposes_hand_for_hand(services: Services, tid: int) -> None:
    ids = buy_ins(services, tid, 12)
    services.payouts.set_structure(
        tid, PayoutStructure(PayoutMode.AMOUNTS, amounts=(LADDER[0] + 2000, *LADDER[1:]))
    )
    services.seating.add_tables(tid, 2, seat_count=9)
    services.seating.draw_seats(tid)
    assert services.seating.hand_for_hand_offer(tid) is None  # 12 left, 10 paid
    services.results.bust(tid, ids[0], follow_seating=True)
    offer = services.seating.hand_for_hand_offer(tid)
    assert offer is not None
    assert "11 players left, 10 paid" in offer
    services.seating.start_hand_for_hand(tid)
    assert services.seating.hand_for_hand_offer(tid) is None  # on already
    with pytest.raises(SeatingError, match="already on"):
        services.seating.start_hand_for_hand(tid)
