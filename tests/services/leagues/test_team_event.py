"""The team event through the services: the template, check in and out, time away, the worst
beat, 100 points shared, and bad input refused with nothing changed."""

from __future__ import annotations

from datetime import timedelta

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.points import FormulaError, Role
from clockapp.services.app import Services
from clockapp.services.leagues import LeagueError
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock
from tests.services.leagues.test_leagues import people as make_people
from tests.services.leagues.test_leagues import play


def team_players(services: Services, team: str, count: int) -> list[int]:
    return [
        services.players.create(PlayerDetails(f"{team}{n}", team=team)).value.id
        for n in range(1, count + 1)
    ]


@pytest.fixture
def event(services: Services) -> int:
    """Red has 6 players (the bonus), Blue 3; Red1 wins, Blue1 is second."""
    red, blue = team_players(services, "Red", 6), team_players(services, "Blue", 3)
    return play(services, "Team night", [red[0], blue[0], *red[1:], *blue[1:]])


@pytest.mark.slow
def test_the_template_shares_exactly_100_points(services: Services, event: int) -> None:
    view = services.team_event.set_up(event).value
    assert view.problem == ""
    assert sum(s.share for s in view.standings) == 100
    red, blue = view.standings
    assert (red.team, red.players, blue.team, blue.players) == ("Red", 6, "Blue", 3)
    # Everyone took part (2 each); Red's 6 players earn the bonus; the final table (9 entrants,
    # 10 seats) gives 2n to the n-th out: Red1 (winner, 9th out) 18, Blue1 16, Red2..6 14..6,
    # Blue2 4, Blue3 2.
    assert (red.raw, blue.raw) == (
        6 * 200 + 500 + 1800 + 1400 + 1200 + 1000 + 800 + 600,
        3 * 200 + 1600 + 400 + 200,
    )


@pytest.mark.slow
def test_helpers_spectators_and_the_worst_beat(
    services: Services, event: int, fake_clock: FakeClock
) -> None:
    services.team_event.set_up(event)
    before = services.team_event.view(event)
    assert before is not None
    blue_raw = before.standings[1].raw
    helper = services.team_event.check_in(event, "Hal", "Blue", Role.HELPER).value.attendance[0]
    spectator = services.team_event.check_in(event, "Sue", "Blue", Role.SPECTATOR).value.attendance[
        1
    ]
    fake_clock.advance(minutes=29)
    services.team_event.check_out(event, spectator.id)
    view = services.team_event.view(event)
    assert view is not None
    assert view.standings[1].raw == blue_raw + 300
    results = services.results.results(event)
    blue3 = next(r for r in results if r.name == "Blue3")
    view = services.team_event.set_worst_beat(event, blue3.registration_id).value
    assert view.worst_beat == "Blue3"
    assert view.standings[1].raw == blue_raw + 300 + 500
    assert helper.role is Role.HELPER


@pytest.mark.slow
def test_time_away_needs_thirty_minutes_in_all(services: Services, event: int) -> None:
    services.team_event.set_up(event)
    blue3 = next(r for r in services.results.results(event) if r.name == "Blue3")
    base = services.team_event.view(event)
    assert base is not None
    # Blue3 played 0 minutes on the fake clock: away 6 minutes loses the 2 points.
    view = services.team_event.set_away(event, blue3.registration_id, 6).value
    assert view.standings[1].raw == base.standings[1].raw - 200


@pytest.mark.slow
def test_bad_input_is_refused_and_changes_nothing(
    services: Services, event: int, fake_clock: FakeClock
) -> None:
    with pytest.raises(LeagueError, match="not a team event"):
        services.team_event.check_in(event, "Hal", "Blue", Role.HELPER)
    with pytest.raises(FormulaError, match=r"^Place 1 \(Red1\): division by zero\.$"):
        services.team_event.set_up(event, "2 / (place - 1)")
    assert services.team_event.view(event) is None
    services.team_event.set_up(event)
    with pytest.raises(LeagueError, match="Team Green has no players in this event"):
        services.team_event.check_in(event, "Gil", "Green", Role.SPECTATOR)
    sue = services.team_event.check_in(event, "Sue", "Red", Role.SPECTATOR).value.attendance[0]
    with pytest.raises(LeagueError, match="Sue cannot check out before checking in"):
        services.team_event.check_out(event, sue.id, at=fake_clock() - timedelta(minutes=5))
    services.team_event.check_out(event, sue.id)
    with pytest.raises(LeagueError, match="already checked out"):
        services.team_event.check_out(event, sue.id)
    view = services.team_event.view(event)
    assert view is not None
    assert len(view.attendance) == 1
    assert view.attendance[0].checked_out_at == fake_clock()


@pytest.mark.slow
def test_first_round_tables_and_the_final_table_come_from_the_seating(services: Services) -> None:
    """Two 5-seat tables: each table's last three standing rank 1-2-3 at their first table;
    the final table (5 seats) counts its busts from 1 (5th place) to 5 (the winner)."""
    tid = services.tournaments.create("Seated").value.id
    players = make_people(services, *(f"S{n}" for n in range(1, 9)))
    rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    regs = [services.cashier.buy_in(tid, pid).value.registration.id for pid in players]
    services.seating.add_tables(tid, 2, seat_count=5)
    services.seating.draw_seats(tid)
    table_of = {
        seat.registration_id: table.number
        for table in services.seating.room(tid).tables
        for seat in table.seats
        if seat.registration_id is not None
    }
    for loser in reversed(regs[1:]):  # the last registered go first
        services.results.bust(tid, loser, busted_by=regs[0])
    ranks = {line.name: line.points // 100 for line in services.leagues.preview("table_rank", tid)}
    outs = {line.place: line.points // 100 for line in services.leagues.preview("final_out", tid)}
    names = {r.registration_id: r.name for r in services.results.results(tid)}
    places = {r.registration_id: r.place for r in services.results.results(tid)}
    for table in (1, 2):
        seated = sorted((rid for rid, t in table_of.items() if t == table), key=places.__getitem__)
        assert [ranks[names[rid]] for rid in seated] == list(range(1, len(seated) + 1))
    assert outs == {1: 5, 2: 4, 3: 3, 4: 2, 5: 1, 6: 0, 7: 0, 8: 0}


@pytest.mark.slow
def test_only_the_players_who_reached_the_final_table_count_there(
    services: Services, fake_clock: FakeClock
) -> None:
    """A 5-player final at a 6-seat table: the 6th busted before it formed and earns nothing
    there; the first finalist out is 1st out (2 points), the winner 5th (10 points)."""
    tid = services.tournaments.create("Short final").value.id
    players = make_people(services, *(f"F{n}" for n in range(1, 9)))
    rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    regs = [services.cashier.buy_in(tid, pid).value.registration.id for pid in players]
    services.seating.add_tables(tid, 2, seat_count=6)
    services.seating.draw_seats(tid)
    for loser in reversed(regs[5:]):  # 8th, 7th and 6th go out at the first tables
        fake_clock.advance(minutes=10)
        services.results.bust(tid, loser, busted_by=regs[0])
    fake_clock.advance(minutes=10)
    services.seating.form_final_table(tid)
    for loser in reversed(regs[1:5]):
        fake_clock.advance(minutes=10)
        services.results.bust(tid, loser, busted_by=regs[0])
    outs = {line.place: line.points // 100 for line in services.leagues.preview("final_out", tid)}
    assert outs == {1: 5, 2: 4, 3: 3, 4: 2, 5: 1, 6: 0, 7: 0, 8: 0}
    template = services.leagues.preview("2 * final_out", tid)
    assert sum(line.points for line in template) == 100 * 2 * (1 + 2 + 3 + 4 + 5)


@pytest.mark.slow
def test_a_player_who_also_helps_earns_a_helpers_points_instead(
    services: Services, event: int
) -> None:
    """The rules sheet: helpers earn 3 points "instead" of a player's 2, not on top of them."""
    services.team_event.set_up(event)
    before = services.team_event.view(event)
    assert before is not None
    blue_raw = before.standings[1].raw
    services.team_event.check_in(event, " blue2 ", "Blue", Role.HELPER)  # Blue2 plays and helps
    view = services.team_event.view(event)
    assert view is not None
    blue = next(s for s in view.standings if s.team == "Blue")
    assert blue.raw == blue_raw + 100  # 3 instead of 2, not 2 + 3
    assert blue.players == 3
