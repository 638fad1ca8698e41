"""Shootout time limits through the service: enforced from the round's draw by the
injected clock, refused with the database unchanged; tables timing out together are one hand at
the cashier, ranked by chips; the final table has no deadline and takes no time-out."""

from __future__ import annotations

from datetime import timedelta

import pytest

from clockapp.services.app import Services
from clockapp.services.seating import SeatingError
from tests.fakes import FakeClock
from tests.services.seating import test_seating as base
from tests.services.seating.test_seating import buy_ins, snapshot

db_path = base.db_path
template_db = base.template_db
engine = base.engine
services = base.services
tid = base.tid


def places(services: Services, tid: int) -> dict[int, tuple[int | None, str]]:
    return {r.registration_id: (r.place, r.label) for r in services.results.results(tid)}


@pytest.mark.slow
def test_a_time_out_five_minutes_into_an_hour_is_refused(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.seating.add_tables(tid, 2, seat_count=4)
    buy_ins(services, tid, 8)
    view = services.seating.start_shootout(tid, time_limit_minutes=60).value
    players = view.shootout.current.remaining(1)
    chips = dict(zip(players, (4000, 3000, 2000, 1000), strict=True))
    fake_clock.advance(minutes=5)
    before = snapshot(services, tid)
    cashier_before = places(services, tid)
    with pytest.raises(SeatingError, match="Time is not up at table 1: 5 of round 1's 60 minutes"):
        services.seating.shootout_time_limit(tid, 1, chips)
    assert snapshot(services, tid) == before
    assert places(services, tid) == cashier_before  # nobody placed
    fake_clock.advance(minutes=55)
    done = services.seating.shootout_time_limit(tid, 1, chips).value
    assert done.shootout.current.winners[1] == players[0]


@pytest.mark.slow
def test_two_tables_timing_out_together_rank_by_chips_at_the_cashier(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    """Table 2 is entered first, with the smaller stacks: the order of entry does not rank."""
    services.seating.add_tables(tid, 2, seat_count=4)
    buy_ins(services, tid, 8)
    view = services.seating.start_shootout(tid, time_limit_minutes=60).value
    one, two = view.shootout.current.remaining(1), view.shootout.current.remaining(2)
    fake_clock.advance(minutes=60)
    services.seating.shootout_time_limit(
        tid, 2, dict(zip(two, (8000, 2000, 1000, 500), strict=True))
    )
    done = services.seating.shootout_time_limit(
        tid, 1, dict(zip(one, (9000, 3000, 1000, 700), strict=True))
    ).value
    cashier = places(services, tid)
    assert cashier[one[1]][0] == 3
    assert cashier[two[1]][0] == 4
    assert cashier[one[2]] == cashier[two[2]] == (5, "5th-6th (tied)")
    assert (cashier[one[3]][0], cashier[two[3]][0]) == (7, 8)
    shootout_places = {p.player: p.place for p in done.places}
    assert all(shootout_places[p] == cashier[p][0] for p in shootout_places if p in cashier)


@pytest.mark.slow
def test_the_final_table_has_no_deadline_and_takes_no_time_out(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.seating.add_tables(tid, 2, seat_count=2)
    buy_ins(services, tid, 4)
    view = services.seating.start_shootout(tid, time_limit_minutes=30).value
    assert view.deadline is not None
    for table in (1, 2):
        services.seating.shootout_bust(tid, view.shootout.current.remaining(table)[1])
    winners = services.seating.shootout(tid).shootout.current.winners.values()  # type: ignore[union-attr]
    final = services.seating.advance_shootout(tid, dict.fromkeys(winners, 4000)).value
    assert final.shootout.current.is_final
    assert final.deadline is None
    assert final.time_left(fake_clock()) == {}
    fake_clock.advance(minutes=180)
    table = final.shootout.current.seating.tables[0].number
    chips = dict(zip(final.shootout.current.remaining(table), (5000, 3000), strict=True))
    before = snapshot(services, tid)
    with pytest.raises(SeatingError, match="The final table has no time limit"):
        services.seating.shootout_time_limit(tid, table, chips)
    assert snapshot(services, tid) == before


@pytest.mark.slow
def test_each_round_keeps_its_own_limit_through_the_service(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    services.seating.add_tables(tid, 1, seat_count=4)
    buy_ins(services, tid, 3)
    view = services.seating.start_shootout(tid, time_limit_minutes=90, round_limits=(20,)).value
    assert view.deadline == fake_clock() + timedelta(minutes=20)


@pytest.mark.slow
def test_tables_can_send_several_players_on(services: Services, tid: int) -> None:
    """Round 1 plays each table down to 2; the four through meet at the final table."""
    services.seating.add_tables(tid, 2, seat_count=4)
    buy_ins(services, tid, 8)
    view = services.seating.start_shootout(tid, advance=(2,)).value
    for table in (1, 2):
        for player in view.shootout.current.remaining(table)[:2]:
            services.seating.shootout_bust(tid, player)
    shown = services.seating.shootout(tid)
    assert shown is not None
    current = shown.shootout.current
    assert current.finished
    assert len(current.advancing) == 4
    statuses = {row.status for row in shown.standings() if row.place is None}
    assert statuses == {"through from table 1", "through from table 2"}
    final = services.seating.advance_shootout(tid, dict.fromkeys(current.advancing, 4000)).value
    assert final.shootout.current.is_final
    assert sorted(final.shootout.current.seating.players) == sorted(current.advancing)
    assert sorted(p.place for p in final.places) == [5, 6, 7, 8]  # one bust at a time
