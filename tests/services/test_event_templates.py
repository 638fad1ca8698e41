"""A tournament created from the two-round team event template: its shootout is planned (round
1 at tables to one winner or 90 minutes, then the winners' final table) and it is scored as a
team event; a regular tournament gets neither. Then the two rounds play through."""

from __future__ import annotations

import pytest

from clockapp.core.chips import ChipSet
from clockapp.core.event_templates import REGULAR, TWO_ROUND_TEAM_EVENT, ShootoutPlan
from clockapp.core.night_plan import NightPlan
from clockapp.core.points import TEAM_EVENT_FORMULA, Formula
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock

PLAN = NightPlan(
    "Team night",
    2000,
    500,
    starting_stack=5000,
    chips=ChipSet.standard((25, 100, 500, 1000)),
    players=8,
)


def test_the_two_round_template_plans_the_shootout_and_the_team_scoring(
    services: Services,
) -> None:
    tid = services.tournaments.create_planned(PLAN, TWO_ROUND_TEAM_EVENT).value.id
    assert services.seating.room(tid).shootout_plan == ShootoutPlan(first_round_minutes=90)
    event = services.team_event.view(tid)
    assert event is not None
    assert event.formula == Formula.parse(TEAM_EVENT_FORMULA).text
    regular = services.tournaments.create_planned(PLAN, REGULAR).value.id
    assert services.seating.room(regular).shootout_plan is None
    assert services.team_event.view(regular) is None
    assert (
        services.seating.room(services.tournaments.create_planned(PLAN).value.id).shootout_plan
        is None
    )


@pytest.mark.slow
def test_two_rounds_play_through_ranked_by_busts_and_chips_at_the_limit(
    services: Services, fake_clock: FakeClock
) -> None:
    tid = services.tournaments.create_planned(PLAN, TWO_ROUND_TEAM_EVENT).value.id
    plan = services.seating.room(tid).shootout_plan
    assert plan is not None
    services.seating.add_tables(tid, 2, seat_count=4)
    for n in range(8):
        team = "Red" if n % 2 else "Blue"
        pid = services.players.create(PlayerDetails(f"{team}{n}", team=team)).value.id
        services.cashier.buy_in(tid, pid)
    view = services.seating.start_shootout(
        tid, round_limits=(plan.first_round_minutes,), advance=(plan.through,)
    ).value
    one, two = view.shootout.current.remaining(1), view.shootout.current.remaining(2)
    # Table 2 plays down to its winner; at table 1 one player goes out, then time is up.
    for player in two[1:]:
        services.seating.shootout_bust(tid, player)
    services.seating.shootout_bust(tid, one[3])
    fake_clock.advance(minutes=90)
    view = services.seating.shootout_time_limit(
        tid, 1, {one[0]: 12_000, one[1]: 2_000, one[2]: 1_000}
    ).value
    assert view.shootout.current.winners == {1: one[0], 2: two[0]}
    places = {r.registration_id: r.place for r in services.results.results(tid)}
    # Out at the limit, by chips, ahead of those who went out before it.
    assert places[one[1]] < places[one[2]]
    assert places[one[2]] < places[one[3]]
    # Round 2: the table winners with the chips they won, at one table, with no time limit.
    final = services.seating.advance_shootout(tid, {one[0]: 15_000, two[0]: 20_000}).value
    assert final.shootout.current.is_final
    assert set(
        final.shootout.current.remaining(final.shootout.current.seating.tables[0].number)
    ) == {one[0], two[0]}
    assert final.deadline is None
    standings = services.team_event.view(tid)
    assert standings is not None
    assert sum(s.share for s in standings.standings) == 100
