"""Leagues through the services: standings over tournaments, formulas checked before they are
saved, one formula per tournament, merged players keeping their history, CSV export."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from clockapp.core.bounties.tickets import Ticket
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.points import FormulaError, TieBreak
from clockapp.core.userfiles import csv_records
from clockapp.services.app import Services
from clockapp.services.leagues import LeagueError, league_results_csv, league_standings_csv
from clockapp.services.players import PlayerDetails

LINEAR = "entrants - place + 1"


def people(services: Services, *names: str) -> list[int]:
    return [services.players.create(PlayerDetails(name)).value.id for name in names]


def play(services: Services, name: str, players: Sequence[int], *, price: int = 2000) -> int:
    """A tournament where `players` buy in and finish in the order given (first wins)."""
    tid = services.tournaments.create(name).value.id
    rules = EntryRules(RegistrationRule(EntryPrice(price), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    regs = [services.cashier.buy_in(tid, pid).value.registration.id for pid in players]
    for loser in reversed(regs[1:]):
        services.results.bust(tid, loser, busted_by=regs[0])
    return tid


def league(services: Services, tids: Sequence[int], formula: str = LINEAR, breaks: str = "") -> int:
    league_id = services.leagues.create("Season 2026", formula, breaks).value.id
    for tid in tids:
        services.leagues.add_tournament(league_id, tid)
    return league_id


@pytest.mark.slow
def test_standings_add_points_over_the_season_with_tie_breaks(services: Services) -> None:
    ann, bo, cy = people(services, "Ann", "Bo", "Cy")
    first = play(services, "Week 1", [ann, bo, cy])
    second = play(services, "Week 2", [bo, ann, cy])
    league_id = league(services, [first, second], breaks="wins, head-to-head")
    view = services.leagues.standings(league_id)
    # Ann 3+2, Bo 2+3: level on points and wins; head-to-head 1-1; so they share first.
    assert [(s.rank, s.season.name, s.season.points) for s in view.standings] == [
        (1, "Ann", 500),
        (1, "Bo", 500),
        (3, "Cy", 200),
    ]
    services.leagues.update(league_id, tie_breaks="average finish, cashes")
    season = services.leagues.standings(league_id).standings[0].season
    assert (season.events, season.wins, season.paid_in) == (2, 1, 4000)
    assert season.won > 0
    assert season.profit == season.won - 4000
    assert services.leagues.standings(league_id).league.tie_breaks == (
        TieBreak.AVERAGE_FINISH,
        TieBreak.CASHES,
    )


@pytest.mark.slow
def test_a_formula_is_saved_only_once_it_works_on_every_tournament(services: Services) -> None:
    ann, bo, cy = people(services, "Ann", "Bo", "Cy")
    tid = play(services, "Week 1", [ann, bo, cy])
    league_id = league(services, [tid])
    with pytest.raises(FormulaError, match=r"^Week 1: Place 2 \(Bo\): division by zero\.$"):
        services.leagues.update(league_id, formula="10 / (place - 2)")
    assert services.leagues.leagues()[0].formula == LINEAR
    with pytest.raises(FormulaError, match="does not parse"):
        services.leagues.update(league_id, formula="place +")
    assert services.leagues.preview("10 / place", tid)[1].points == 500


@pytest.mark.slow
def test_a_tournament_in_two_leagues_must_have_one_formula(services: Services) -> None:
    ann, bo = people(services, "Ann", "Bo")
    tid = play(services, "Week 1", [ann, bo])
    summer = league(services, [tid])
    winter = services.leagues.create("Winter", "10 - place").value.id
    with pytest.raises(LeagueError, match="Week 1 also counts in Season 2026"):
        services.leagues.add_tournament(winter, tid)
    assert services.leagues.leagues_of(tid)[0].id == summer
    services.leagues.update(winter, formula=" entrants-place+1 ")
    services.leagues.add_tournament(winter, tid)
    with pytest.raises(LeagueError, match="whose formula is different"):
        services.leagues.update(winter, formula="1")
    assert len(services.leagues.leagues_of(tid)) == 2


@pytest.mark.slow
def test_a_merged_or_renamed_player_keeps_their_history(services: Services) -> None:
    ann, bo, dup = people(services, "Ann", "Bo", "Annie")
    first = play(services, "Week 1", [ann, bo])
    second = play(services, "Week 2", [dup, bo])
    league_id = league(services, [first, second])
    assert len(services.leagues.standings(league_id).standings) == 3
    services.players.merge(ann, dup)
    services.players.update(ann, PlayerDetails("Ann Smith"))
    view = services.leagues.standings(league_id)
    top = view.standings[0].season
    assert (top.name, top.events, top.wins, top.points) == ("Ann Smith", 2, 2, 400)
    assert len(view.events_of(ann)) == 2


def test_csv_exports_neutralise_formula_cells(services: Services) -> None:
    ann, bo = people(services, "=HYPERLINK(1)", "Bo")
    league_id = league(services, [play(services, "@Week", [ann, bo])])
    view = services.leagues.standings(league_id)
    standings = league_standings_csv(view)
    assert "'=HYPERLINK(1)" in standings
    assert [r.cells[:3] for r in csv_records(standings)][1] == ("1", "=HYPERLINK(1)", "2")
    assert "'@Week" in league_results_csv(view)


def test_bad_league_input_is_refused(services: Services) -> None:
    with pytest.raises(FormulaError, match="Unknown name 'pts'"):
        services.leagues.create("A", "pts * 2")
    with pytest.raises(Exception, match="Unknown tie-break"):
        services.leagues.create("A", LINEAR, "luck")
    services.leagues.create("A", LINEAR)
    with pytest.raises(LeagueError, match="already a league called A"):
        services.leagues.create("A", LINEAR)
    assert [info.name for info in services.leagues.leagues()] == ["A"]


@pytest.mark.slow
def test_a_formula_that_fails_on_later_results_leaves_that_tournament_out(
    services: Services,
) -> None:
    """Saved while nobody had placed, `10 / (place - 2)` fails once someone finishes second:
    the standings say so and leave that tournament out instead of failing as a whole."""
    ann, bo, cy = people(services, "Ann", "Bo", "Cy")
    done = play(services, "Week 1", [ann, cy])
    running = services.tournaments.create("Week 2").value.id
    services.cashier.set_config(
        running, CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000), 10_000)))
    )
    regs = [services.cashier.buy_in(running, pid).value.registration.id for pid in (ann, bo, cy)]
    league_id = league(services, [running], formula="10 / (place - 3)")
    services.leagues.add_tournament(league_id, done)
    services.results.bust(running, regs[2], busted_by=regs[0])
    view = services.leagues.standings(league_id)
    assert view.problem.startswith("Week 2: Place 3 (Cy): division by zero.")
    assert {r.tournament_id for r in view.results} == {done}
    board = services.leagues.wall_board(done)
    assert board is not None
    assert board.note == view.problem


@pytest.mark.slow
@pytest.mark.postgres
def test_leagues_and_the_team_event_on_postgresql(pg_url: str) -> None:
    """The same tables, queries and refusals on PostgreSQL (ON CONFLICT, row locks)."""
    from clockapp.core.points import Role
    from clockapp.persistence.db import open_database
    from tests.fakes import FakeClock

    services = Services(open_database(pg_url), now=FakeClock())
    try:
        ann, bo = people(services, "Ann", "Bo")
        services.players.update(ann, PlayerDetails("Ann", team="Red"))
        tid = play(services, "Week 1", [ann, bo])
        league_id = league(services, [tid])
        with pytest.raises(LeagueError, match="already a league"):
            services.leagues.create("Season 2026", LINEAR)
        other = services.leagues.create("Other", "1").value.id
        with pytest.raises(LeagueError, match="also counts in Season 2026"):
            services.leagues.add_tournament(other, tid)
        assert [s.season.name for s in services.leagues.standings(league_id).standings] == [
            "Ann",
            "Bo",
        ]
        services.team_event.set_up(tid)
        view = services.team_event.check_in(tid, "Sue", "Red", Role.SPECTATOR).value
        assert [s.team for s in view.standings] == ["Red"]
    finally:
        services.ctx.engine.dispose()


@pytest.mark.slow
def test_tickets_won_count_in_the_players_season_and_its_csv(services: Services) -> None:
    ann, bo, cy = people(services, "Ann", "Bo", "Cy")
    week1 = services.tournaments.create("Week 1").value.id
    services.cashier.set_config(
        week1, CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000), 10_000)))
    )
    regs = [services.cashier.buy_in(week1, pid).value.registration.id for pid in (ann, bo, cy)]
    first_cash = services.payouts.table(week1).ladder[0][1]
    # First place is paid in full with a seat in the main event: no cash, but in the money.
    services.bounties.set_tickets(week1, [Ticket(1, first_cash, "Main event seat")])
    for loser in reversed(regs[1:]):
        services.results.bust(week1, loser, busted_by=regs[0])
    week2 = play(services, "Week 2", [ann, bo, cy])
    elsewhere = services.tournaments.create("Not in the league").value.id
    league_id = league(services, [week1, week2])
    view = services.leagues.standings(league_id)
    season = next(s.season for s in view.standings if s.season.player_id == ann)
    assert season.tickets == ("Main event seat",)
    assert season.ticket_value == first_cash
    assert (season.wins, season.cashes) == (2, 2)  # the ticket place is a cash
    assert season.won == services.leagues.standings(league_id).events_of(ann)[1].won
    # The same ticket the bounty service tracks for the player, in the league's tournaments.
    tracked = [t for t in services.bounties.tickets_won(ann) if t.tournament_id != elsewhere]
    assert [(t.tournament_id, t.description, t.value) for t in tracked] == [
        (week1, "Main event seat", first_cash)
    ]
    by_name = {r.cells[1]: r.cells for r in list(csv_records(league_standings_csv(view)))[1:]}
    header = next(iter(csv_records(league_standings_csv(view)))).cells
    ann_row = dict(zip(header, by_name["Ann"], strict=True))
    assert (ann_row["tickets"], ann_row["ticket_value"]) == (
        "Main event seat",
        f"{first_cash / 100:.2f}",
    )
    assert dict(zip(header, by_name["Bo"], strict=True))["tickets"] == ""
    results = list(csv_records(league_results_csv(view)))
    columns = results[0].cells
    week1_ann = next(r.cells for r in results[1:] if r.cells[:3] == ("Week 1", "1", "Ann"))
    assert dict(zip(columns, week1_ann, strict=True))["ticket"] == "Main event seat"
