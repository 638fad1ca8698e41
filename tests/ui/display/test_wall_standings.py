"""Team standings on the wall in breaks and at the end; league standings between tournaments."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.structure import Break, Level, Structure
from clockapp.services.players import PlayerDetails
from tests.ui.polling import settle, submit_and_wait

SMALL = Structure(
    "Test",
    (Level(25, 50, minutes=20), Break(10), Level(100, 200, minutes=20)),
)
SHOTS = Path(os.environ.get("CLOCKAPP_SHOTS", "")) if os.environ.get("CLOCKAPP_SHOTS") else None


def buy_in_teams(services, tid, teams: dict[str, int]) -> list[int]:
    services.cashier.set_config(
        tid, CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000), 10_000)))
    )
    regs = []
    for team, count in teams.items():
        for n in range(1, count + 1):
            pid = services.players.create(PlayerDetails(f"{team} player {n}", team=team)).value.id
            regs.append(services.cashier.buy_in(tid, pid).value.registration.id)
    return regs


@pytest.fixture
def team_night(qtbot, services, tournament_id, bus, station):
    submit_and_wait(qtbot, bus, lambda: services.structure.replace(tournament_id, SMALL))
    buy_in_teams(services, tournament_id, {"Aces": 6, "Kings": 4, "Queens": 3})
    submit_and_wait(qtbot, bus, lambda: services.team_event.set_up(tournament_id))
    submit_and_wait(qtbot, bus, lambda: services.clock.start(tournament_id))
    return station


def shoot(widget, name: str) -> None:
    if SHOTS is None:
        return
    for size in ((1920, 1080), (1366, 768)):
        widget.resize(*size)
        widget.grab().save(str(SHOTS / f"{name}-{size[0]}.png"))


@pytest.mark.slow
def test_team_standings_cover_the_clock_in_breaks_only(
    qtbot, team_night, fake_clock, services, tournament_id
) -> None:
    wall = team_night.wall_standings
    team_night.session.tick()
    settle(qtbot, team_night.bus)
    assert not wall.screen.isVisible()
    fake_clock.advance(minutes=21)
    team_night.session.tick()
    settle(qtbot, team_night.bus)
    assert wall.screen.isVisible()
    screen = wall.screen
    assert screen.title_label.text() == "TEAM STANDINGS"
    lines = [(r.text(), n.text(), p.text()) for r, n, p in screen.rows if n.text()]
    assert [name for _rank, name, _points in lines] == ["Aces", "Kings", "Queens"]
    assert sum(int(points.split()[0]) for _r, _n, points in lines) == 100
    shoot(team_night.display, "wall-team-standings")
    fake_clock.advance(minutes=10)
    team_night.session.tick()
    settle(qtbot, team_night.bus)
    assert not wall.screen.isVisible()


@pytest.mark.slow
def test_the_wall_follows_a_change_in_the_points(
    qtbot, team_night, fake_clock, services, tournament_id, bus
) -> None:
    wall = team_night.wall_standings
    before = wall.board.lines
    kings = next(r for r in services.results.results(tournament_id) if r.name == "Kings player 1")
    submit_and_wait(
        qtbot, bus, lambda: services.team_event.set_worst_beat(tournament_id, kings.registration_id)
    )
    assert wall.board.lines != before
    assert wall.board.note == "Worst beat: Kings player 1"


@pytest.mark.slow
def test_league_standings_take_turns_with_the_winner_at_the_end(
    qtbot, services, tournament_id, bus, station, fake_clock
) -> None:
    regs = buy_in_teams(services, tournament_id, {"Club": 3})
    league = services.leagues.create("Winter league", "entrants - place + 1").value.id
    submit_and_wait(qtbot, bus, lambda: services.leagues.add_tournament(league, tournament_id))
    submit_and_wait(qtbot, bus, lambda: services.clock.start(tournament_id))
    wall = station.wall_standings
    station.session.tick()
    settle(qtbot, station.bus)
    assert not wall.screen.isVisible()  # running: the clock
    for rid in reversed(regs[1:]):
        submit_and_wait(
            qtbot, bus, lambda rid=rid: services.results.bust(tournament_id, rid, busted_by=regs[0])
        )
    assert wall.board is not None
    assert wall.board.title == "WINTER LEAGUE"
    assert wall.board.lines[-1] == ("3", "Club player 3", "1 pt")
    shown = set()
    for _ in range(4):
        fake_clock.advance(seconds=20)
        station.session.tick()
        settle(qtbot, station.bus)
        shown.add(wall.screen.isVisible())
        if wall.screen.isVisible():
            shoot(station.display, "wall-league-standings")
    assert shown == {True, False}
    assert station.display.winner_screen.isVisibleTo(station.display)


@pytest.mark.slow
def test_before_the_start_league_standings_take_turns_with_the_clock(
    qtbot, services, tournament_id, bus, station, fake_clock
) -> None:
    regs = buy_in_teams(services, tournament_id, {"Club": 2})
    league = services.leagues.create("Winter league", "entrants - place + 1").value.id
    submit_and_wait(qtbot, bus, lambda: services.leagues.add_tournament(league, tournament_id))
    wall = station.wall_standings
    shown = set()
    for _ in range(4):
        fake_clock.advance(seconds=20)
        station.session.tick()
        settle(qtbot, station.bus)
        shown.add(wall.screen.isVisible())
    assert shown == {True, False}
    submit_and_wait(qtbot, bus, lambda: services.clock.start(tournament_id))
    station.session.tick()
    settle(qtbot, station.bus)
    fake_clock.advance(seconds=20)
    station.session.tick()
    settle(qtbot, station.bus)
    assert not wall.screen.isVisible()
    assert len(regs) == 2


@pytest.mark.slow
def test_seat_moves_on_the_wall_come_before_the_standings(
    qtbot, team_night, fake_clock, services, tournament_id, bus
) -> None:
    """A move announced in the break stays readable: the standings wait until it is done."""
    wall = team_night.wall_standings
    submit_and_wait(qtbot, bus, lambda: services.seating.add_tables(tournament_id, 2, seat_count=9))
    rid = services.results.results(tournament_id)[0].registration_id
    submit_and_wait(qtbot, bus, lambda: services.seating.seat_player(tournament_id, rid, 1, 1))
    fake_clock.advance(minutes=21)
    team_night.session.tick()
    settle(qtbot, team_night.bus)
    assert wall.screen.isVisible()
    move = submit_and_wait(
        qtbot, bus, lambda: services.seating.move_player(tournament_id, rid, 2, 1)
    )
    assert team_night.session.moves
    assert not wall.screen.isVisible()
    submit_and_wait(qtbot, bus, lambda: services.seating.acknowledge_move(tournament_id, move.id))
    assert wall.screen.isVisible()


@pytest.mark.slow
def test_the_standings_are_read_off_the_gui_thread_after_a_sale(
    qtbot, team_night, services, tournament_id, monkeypatch
) -> None:
    import threading

    read_on: list[str] = []
    board = services.leagues.wall_board

    def recorded(tid: int):
        read_on.append(threading.current_thread().name)
        return board(tid)

    monkeypatch.setattr(services.leagues, "wall_board", recorded)
    pid = services.players.create(PlayerDetails("Aces player 7", team="Aces")).value.id
    team_night.bus.submit(lambda: services.cashier.buy_in(tournament_id, pid))
    settle(qtbot, team_night.bus)
    assert read_on  # the sale changed what the board stands on
    assert threading.main_thread().name not in read_on  # before: read on the GUI thread
