"""Stations: `--station`, the locked display station and its PIN, the cashier station."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from clockapp.__main__ import main
from clockapp.core.clock import ClockStatus, view
from clockapp.core.pin import PinThrottle
from clockapp.core.stations import Role
from clockapp.persistence.db import make_engine, sqlite_url
from clockapp.persistence.errors import DatabaseUnreachableError
from clockapp.persistence.queries import pin_throttle
from clockapp.persistence.session import transaction
from clockapp.services.app import Services
from clockapp.ui.actions import Action
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier.station import CashierStation
from clockapp.ui.director.pin_dialog import short_pin_advice
from clockapp.ui.director.window import DirectorWindow
from clockapp.ui.display.lock import NO_PIN
from clockapp.ui.display.window import ClockDisplay
from clockapp.ui.keys import key_bindings
from clockapp.ui.shell.entry import build_parser
from clockapp.ui.shell.launcher import Launcher
from clockapp.ui.station.station import ClockStation
from tests.ui.polling import settle

PIN = "482913"
#: The keys that run the clock, change the structure or the tournament, whatever window has them
#: (Undo and Redo are every window's own: the cashier's undo its money actions).
CLOCK_ACTIONS = [
    *(a for a in Action if a.group == "Clock" and a not in (Action.UNDO, Action.REDO)),
    Action.STRUCTURE_EDITOR,
    Action.OPEN_TOURNAMENT,
    Action.NEW_TOURNAMENT,
    Action.LOCK_DISPLAY,
]


def status(services, tid) -> ClockStatus:
    """The clock's status as the database says it reads now."""
    snap = services.clock.snapshot(tid)
    return view(snap.state, snap.structure, services.now()).status


@pytest.fixture
def wall(services, bus, fake_sound, ui_settings, fake_timer, qtbot) -> Iterator[ClockStation]:
    """`clockapp --station display`: the clock display alone, locked."""
    station = ClockStation(
        services, bus, fake_sound, ui_settings, timer=fake_timer, role=Role.DISPLAY
    )
    qtbot.addWidget(station.display)
    qtbot.addWidget(station.director)
    station.display.resize(1280, 720)
    station.show(fullscreen=False)
    with qtbot.waitActive(station.display):
        station.display.activateWindow()
    yield station
    station.close()


def ok(qtbot, dialog) -> None:
    qtbot.mouseClick(dialog.ok_button(), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(dialog.ok_button().isEnabled)  # saved (or refused) on the station's worker


def type_pin(qtbot, station: ClockStation, pin: str) -> None:
    prompt = station.display_lock.prompt
    if not prompt.isVisible():
        qtbot.keyClick(station.display, Qt.Key.Key_Space)  # any key asks for the PIN
        settle(qtbot, station.bus)
    assert prompt.isVisible()
    qtbot.keyClicks(prompt.edit, pin)
    qtbot.keyClick(prompt.edit, Qt.Key.Key_Return)


# ---------------------------------------------------------------- the command line
def test_station_is_parsed_and_defaults_to_the_director() -> None:
    assert build_parser().parse_args([]).station == "director"
    assert build_parser().parse_args(["--station", "cashier"]).station == "cashier"


def test_a_bad_station_is_one_clear_line_and_exit_2(capsys) -> None:
    assert main(["--station", "wall"]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        "clockapp: error: unknown station 'wall': choose director, cashier or display"
    ]


@pytest.mark.slow
def test_the_display_station_starts_and_paints(tmp_path) -> None:
    from tests.ui.test_startup import run_clockapp

    db = str(tmp_path / "app.db")
    args = ["--db", db, "--demo", "--station", "display", "--first-frame", "--windowed"]
    started = run_clockapp(args, tmp_path)
    assert started.returncode == 0, started.stderr
    assert "first-frame" in started.stdout


# ---------------------------------------------------------------- the display station
@pytest.mark.slow
def test_the_display_station_shows_the_clock_alone_and_refuses_every_key(
    qtbot, wall, services, tournament_id
) -> None:
    assert wall.display.isVisible()
    assert not wall.director.isVisible()
    assert wall.display_lock.locked
    for key in (Qt.Key.Key_Space, Qt.Key.Key_N, Qt.Key.Key_Right, Qt.Key.Key_Plus):
        qtbot.keyClick(wall.display, key)
        settle(qtbot, wall.bus)
        wall.display_lock.prompt.close_prompt()
    qtbot.keyClick(wall.display, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, wall.bus)
    qtbot.keyClick(wall.display, Qt.Key.Key_Escape)
    settle(qtbot, wall.bus)
    assert status(services, tournament_id) is ClockStatus.NOT_STARTED
    assert services.clock.snapshot(tournament_id).state.index == 0
    assert not wall.windows
    assert not wall.director.isVisible()
    assert wall.display.isVisible()
    assert not wall.display.close()  # no stray Alt+F4 either


def test_a_locked_wall_shows_no_way_out_of_fullscreen(
    services, bus, fake_sound, ui_settings, fake_timer, qtbot
) -> None:
    # At start-up the display is shown fullscreen and the station locks it: the way out shown
    # with fullscreen must be hidden on the locked wall.
    station = ClockStation(
        services, bus, fake_sound, ui_settings, timer=fake_timer, role=Role.DISPLAY
    )
    qtbot.addWidget(station.display)
    qtbot.addWidget(station.director)
    fullscreen = station.display.fullscreen
    fullscreen.show_exit_button(True)  # shown fullscreen
    station.display_lock.lock()
    assert station.display_lock.locked
    assert fullscreen.exit_button.isHidden()  # (its window is not on screen in this test)
    station.close()


@pytest.mark.slow
def test_with_no_pin_set_the_display_says_so_and_stays_locked(qtbot, wall) -> None:
    qtbot.keyClick(wall.display, Qt.Key.Key_Space)
    settle(qtbot, wall.bus)
    prompt = wall.display_lock.prompt
    assert prompt.isVisible()
    assert prompt.info.text() == NO_PIN
    assert not prompt.edit.isVisible()
    assert not wall.display_lock.try_unlock("")
    assert wall.display_lock.locked


@pytest.mark.slow
def test_the_right_pin_gives_the_display_the_directors_keys_until_locked_again(
    qtbot, wall, services, tournament_id
) -> None:
    services.stations.set_pin(PIN)
    type_pin(qtbot, wall, "111111")
    assert wall.display_lock.locked
    assert wall.display_lock.prompt.message.text() == "Wrong PIN: try again."
    assert wall.display_lock.prompt.edit.text() == ""  # a wrong PIN is not left in the field
    type_pin(qtbot, wall, PIN)
    assert not wall.display_lock.locked
    assert not wall.display_lock.prompt.isVisible()
    qtbot.keyClick(wall.display, Qt.Key.Key_Space)
    settle(qtbot, wall.bus)
    assert status(services, tournament_id) is ClockStatus.RUNNING
    qtbot.keyClick(wall.display, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, wall.bus)
    assert wall.windows["cashier"].isVisible()  # the director's keys, on the wall's machine
    wall.display.activateWindow()
    qtbot.waitUntil(wall.display.isActiveWindow)  # keys go to the active window only
    qtbot.keyClick(wall.display, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, wall.bus)
    assert wall.display_lock.locked
    assert not wall.windows["cashier"].isVisible()  # locking takes the other windows away
    qtbot.keyClick(wall.display, Qt.Key.Key_Space)
    settle(qtbot, wall.bus)
    assert status(services, tournament_id) is ClockStatus.RUNNING


@pytest.mark.slow
def test_repeated_wrong_pins_make_the_next_try_wait(qtbot, wall, services, fake_clock) -> None:
    services.stations.set_pin(PIN)
    for _ in range(3):
        type_pin(qtbot, wall, "0000")
    message = wall.display_lock.prompt.message.text()
    assert message == "Wrong PIN (3 in a row): wait 5 s before the next try."
    type_pin(qtbot, wall, PIN)  # even the right PIN waits
    assert wall.display_lock.locked
    assert wall.display_lock.prompt.message.text() == "Too many wrong PINs: wait 5 s."
    fake_clock.advance(seconds=5)
    type_pin(qtbot, wall, "0000")
    assert "wait 10 s" in wall.display_lock.prompt.message.text()  # each wait doubles
    fake_clock.advance(seconds=10)
    type_pin(qtbot, wall, PIN)
    assert not wall.display_lock.locked


@pytest.mark.slow
def test_the_47th_wrong_pin_still_waits_a_quarter_of_an_hour_and_then_the_pin_works(
    qtbot, wall, services, fake_clock
) -> None:
    services.stations.set_pin(PIN)
    with transaction(services.ctx.engine) as session:  # 46 wrong PINs typed before
        pin_throttle.put(session, PinThrottle(46, fake_clock()))
    type_pin(qtbot, wall, "0000")
    message = wall.display_lock.prompt.message.text()
    assert message == "Wrong PIN (47 in a row): wait 15 min before the next try."
    fake_clock.advance(minutes=10)
    type_pin(qtbot, wall, PIN)
    assert wall.display_lock.locked
    assert wall.display_lock.prompt.message.text() == "Too many wrong PINs: wait 5 min."
    fake_clock.advance(minutes=5)
    type_pin(qtbot, wall, PIN)
    assert not wall.display_lock.locked


@pytest.mark.slow
def test_a_restarted_display_still_waits_after_wrong_pins(
    qtbot, wall, services, fake_sound, ui_settings, fake_timer, fake_clock, db_path, tournament_id
) -> None:
    services.stations.set_pin(PIN)
    for _ in range(3):
        type_pin(qtbot, wall, "0000")
    wall.close()
    engine = make_engine(sqlite_url(db_path))  # the display's process again, the same file
    again = Services(engine, now=fake_clock, station="display@wall")
    bus = TournamentBus(again, tournament_id, poll_interval_ms=0)
    restarted = ClockStation(
        again, bus, fake_sound, ui_settings, timer=fake_timer, role=Role.DISPLAY
    )
    try:
        qtbot.addWidget(restarted.display)
        qtbot.addWidget(restarted.director)
        restarted.show(fullscreen=False)
        type_pin(qtbot, restarted, PIN)
        assert restarted.display_lock.locked
        assert restarted.display_lock.prompt.message.text() == "Too many wrong PINs: wait 5 s."
        fake_clock.advance(seconds=5)
        type_pin(qtbot, restarted, PIN)
        assert not restarted.display_lock.locked
    finally:
        restarted.close()
        bus.deleteLater()
        engine.dispose()


@pytest.mark.slow
def test_a_pin_typed_while_the_database_is_unreachable_is_refused_in_words(
    qtbot, wall, services, monkeypatch
) -> None:
    services.stations.set_pin(PIN)

    def unreachable(_pin: str) -> None:
        raise DatabaseUnreachableError("The database server cannot be reached.")

    monkeypatch.setattr(services.stations, "try_pin", unreachable)
    type_pin(qtbot, wall, PIN)
    assert wall.display_lock.locked
    assert wall.display_lock.prompt.message.text() == (
        "The PIN could not be checked: The database server cannot be reached."
    )
    assert wall.display_lock.prompt.edit.text() == ""


@pytest.mark.slow
def test_the_prompt_fits_the_wall_and_a_laptop(qtbot, wall, services, tmp_path) -> None:
    services.stations.set_pin(PIN)
    for width, height in ((1920, 1080), (1366, 768)):
        wall.display.resize(width, height)
        qtbot.keyClick(wall.display, Qt.Key.Key_Space)
        settle(qtbot, wall.bus)
        prompt = wall.display_lock.prompt
        QApplication.processEvents()
        assert wall.display.rect().contains(prompt.geometry())
        assert prompt.edit.hasFocus()
        wall.display.grab().save(str(tmp_path / f"pin-{width}.png"))
        prompt.close_prompt()


# ---------------------------------------------------------------- the director's PIN
@pytest.mark.slow
def test_the_director_sets_then_changes_the_pin(qtbot, station, services) -> None:
    dialog = station.ask_display_pin()
    assert not dialog.current.isVisibleTo(dialog)  # nothing to ask for yet
    dialog.new.setText(PIN)
    dialog.repeat.setText(PIN)
    ok(qtbot, dialog)
    assert services.stations.check_pin(PIN)
    dialog = station.ask_display_pin()
    assert dialog.current.isVisibleTo(dialog)
    dialog.current.setText("999999")
    dialog.new.setText("2468")
    dialog.repeat.setText("2468")
    ok(qtbot, dialog)
    assert dialog.isVisible()
    assert dialog.message.text() == "The current PIN is not right: the PIN is unchanged."
    assert services.stations.check_pin(PIN)
    dialog.current.setText(PIN)
    dialog.new.setText("2468")
    dialog.repeat.setText("2469")
    ok(qtbot, dialog)
    assert "differ" in dialog.message.text()
    dialog.current.setText(PIN)
    dialog.new.setText("2468")
    dialog.repeat.setText("2468")
    ok(qtbot, dialog)
    assert not dialog.isVisible()
    assert services.stations.check_pin("2468")


@pytest.mark.slow
def test_the_pin_dialog_suggests_a_longer_pin_and_still_takes_a_short_one(
    qtbot, station, services
) -> None:
    dialog = station.ask_display_pin()
    assert not dialog.advice.isVisibleTo(dialog)
    qtbot.keyClicks(dialog.new, "2468")
    assert dialog.advice.isVisibleTo(dialog)
    assert dialog.advice.text() == short_pin_advice()
    assert dialog.advice.text().startswith("A PIN of 6 digits or more is suggested")
    qtbot.keyClicks(dialog.new, "13")
    assert not dialog.advice.isVisibleTo(dialog)  # six digits
    dialog.new.setText("2468")
    dialog.repeat.setText("2468")
    ok(qtbot, dialog)
    assert not dialog.isVisible()
    assert services.stations.check_pin("2468")


@pytest.mark.slow
def test_the_director_station_locks_and_unlocks_the_wall_from_its_own_window(
    qtbot, station, services, tournament_id
) -> None:
    station.director_actions[Action.LOCK_DISPLAY].trigger()
    settle(qtbot, station.bus)
    assert station.display_lock.locked
    qtbot.keyClick(station.display, Qt.Key.Key_Space)
    settle(qtbot, station.bus)
    assert status(services, tournament_id) is ClockStatus.NOT_STARTED
    station.director_actions[Action.TOGGLE_PAUSE].trigger()  # the director's window still works
    settle(qtbot, station.bus)
    assert status(services, tournament_id) is ClockStatus.RUNNING
    station.director_actions[Action.LOCK_DISPLAY].trigger()
    settle(qtbot, station.bus)
    assert not station.display_lock.locked


# ---------------------------------------------------------------- the cashier station
@pytest.fixture
def desk(services, bus, ui_settings, qtbot) -> Iterator[CashierStation]:
    the_desk = CashierStation(services, bus, ui_settings)
    for window in the_desk.windows.values():
        qtbot.addWidget(window)
    the_desk.show()
    yield the_desk
    the_desk.close_windows()


def test_the_cashier_station_has_no_clock_controls(qtbot, desk, services, tournament_id) -> None:
    assert set(desk.windows) == {"cashier", "tables"}
    meanings = {action.meaning for action in CLOCK_ACTIONS}
    for window in desk.windows.values():
        for binding in key_bindings(window):
            assert binding.meaning not in meanings, binding
        names = {a.data() for a in window.findChildren(QAction)}
        assert not names & {a.name for a in CLOCK_ACTIONS}
    for key in (Qt.Key.Key_Space, Qt.Key.Key_N, Qt.Key.Key_Right):
        qtbot.keyClick(desk.cashier, key)
        qtbot.keyClick(desk.tables, key)
    assert status(services, tournament_id) is ClockStatus.NOT_STARTED
    top = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    assert not [w for w in top if isinstance(w, ClockDisplay | DirectorWindow)]


def test_the_launcher_opens_the_cashier_station_named_after_its_machine(
    qapp, tmp_path, ui_settings, services, tournament_id
) -> None:
    db = str(services.ctx.engine.url.database)
    args = build_parser().parse_args(["--db", db, "--station", "cashier"])
    args.station = Role(args.station)
    launcher = Launcher(qapp, args)
    launcher.settings = ui_settings
    assert launcher._open()
    station = launcher.station
    try:
        assert isinstance(station, CashierStation)
        name = f"cashier@{socket.gethostname()}"
        assert station.services.ctx.station == name
        visible = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
        assert set(visible) >= {station.cashier, station.tables}
        assert not [w for w in visible if isinstance(w, ClockDisplay | DirectorWindow)]
        assert name in station.cashier.windowTitle()
    finally:
        station.close_windows()
        station.services.ctx.engine.dispose()


def test_the_ledger_page_names_the_station_of_each_row(qtbot, services, bus, tournament_id):
    from clockapp.core.money.entries import EntryPrice
    from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
    from clockapp.core.money.records import CashierConfig
    from clockapp.services.app import Services
    from clockapp.services.players import PlayerDetails
    from clockapp.ui.cashier import CashierWindow

    rules = EntryRules(RegistrationRule(EntryPrice(2000, 500), 10_000))
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    desk = Services(services.ctx.engine, now=services.ctx.now, station="cashier@laptop2")
    ann = desk.players.create(PlayerDetails("Ann")).value.id
    desk.cashier.buy_in(tournament_id, ann)
    window = CashierWindow(services, bus)
    qtbot.addWidget(window)
    window.tabs.setCurrentWidget(window.ledger)
    window.ledger.refresh()
    settle(qtbot, bus)  # the ledger is read on the station's worker
    model = window.ledger.model
    assert model.rowCount() == 1
    assert model.text(0, "Station") == "cashier@laptop2"
    window.close()


@pytest.mark.slow
def test_the_display_station_locks_itself_when_its_keys_rest(
    qtbot, wall, services, tournament_id, fake_clock, fake_timer
) -> None:
    services.stations.set_pin(PIN)
    type_pin(qtbot, wall, PIN)
    fake_clock.advance(minutes=4)
    qtbot.keyClick(wall.display, Qt.Key.Key_Space)  # used: the five minutes start again
    settle(qtbot, wall.bus)
    fake_clock.advance(minutes=4)
    wall.session.tick()
    settle(qtbot, wall.bus)
    assert not wall.display_lock.locked
    fake_clock.advance(minutes=1)
    wall.session.tick()
    settle(qtbot, wall.bus)
    assert wall.display_lock.locked
    qtbot.keyClick(wall.display, Qt.Key.Key_Space)
    settle(qtbot, wall.bus)
    assert status(services, tournament_id) is ClockStatus.RUNNING  # the one press, before
