"""The GUI's net: an unexpected error in any action is a dialog and a log entry, and nothing more.

The app keeps running, the database is unchanged (each service call is one transaction), the
dialog appears on the window that asked (the director's when the key was pressed on the wall
display), and the traceback is in the log file in the data folder.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QWidget

import clockapp.services.cashier.action as money_action_module
import clockapp.services.clock as clock_service
from clockapp.core.clock import ClockStatus
from clockapp.errors import ValidationError
from clockapp.logs import LOG_FILE_NAME
from clockapp.ui.actions import Action
from clockapp.ui.errors import ErrorNet, guard
from tests.dbdump import dump_database
from tests.ui.polling import settle


def _disk_full(*args: object, **kwargs: object) -> object:
    raise OSError(28, "No space left on device")


@pytest.fixture
def log_folder(tmp_path: Path) -> Path:
    return tmp_path / "logs"


@pytest.fixture
def net(qapp: QApplication, log_folder: Path) -> Iterator[ErrorNet]:
    """The app's error net, as `run_app` sets it up, showing real (non-blocking) boxes."""
    the_net = ErrorNet(qapp, log_folder=log_folder)
    the_net.install()
    yield the_net
    the_net.uninstall()
    the_net.setParent(None)
    the_net.deleteLater()


def error_boxes(window: QWidget) -> list[QMessageBox]:
    return [box for box in window.findChildren(QMessageBox, "error_message_box") if box.isVisible()]


@pytest.mark.slow
def test_an_unexpected_error_in_a_clock_action_is_a_dialog_and_a_log_entry(
    qtbot, station, services, tournament_id, net, log_folder, monkeypatch
) -> None:
    before = dump_database(services.ctx.engine)
    # The failure comes mid-transaction, after the clock row was written.
    monkeypatch.setattr(clock_service, "record_change", _disk_full)
    station.director.show()
    qtbot.waitExposed(station.director)

    station.director_actions[Action.TOGGLE_PAUSE].trigger()
    settle(qtbot, station.bus)

    (box,) = error_boxes(station.director)
    log = (log_folder / LOG_FILE_NAME).resolve()
    assert box.text() == (
        "Something went wrong: OSError: [Errno 28] No space left on device. "
        f"Details were written to {log}."
    )
    # open(), not exec(): only the asking window waits; the clock and the other windows run.
    assert box.windowModality() != Qt.WindowModality.ApplicationModal
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "No space left on device" in text
    assert dump_database(services.ctx.engine) == before
    assert station.controller.history.stack.count() == 0
    box.close()

    # The app carries on: the same press works once the disk is back.
    monkeypatch.undo()
    station.director_actions[Action.TOGGLE_PAUSE].trigger()
    settle(qtbot, station.bus)
    assert station.session.current_view().status is ClockStatus.RUNNING
    assert error_boxes(station.director) == []


@pytest.mark.slow
def test_an_error_from_the_wall_display_shows_on_the_director_window(
    qtbot, station, services, net, monkeypatch
) -> None:
    before = dump_database(services.ctx.engine)
    monkeypatch.setattr(clock_service, "record_change", _disk_full)
    station.director.show()
    qtbot.waitExposed(station.director)

    station.display_actions[Action.NEXT_LEVEL].trigger()
    settle(qtbot, station.bus)

    assert error_boxes(station.display) == []
    (box,) = error_boxes(station.director)
    assert "No space left on device" in box.text()
    assert dump_database(services.ctx.engine) == before
    box.close()


@pytest.mark.qt_no_exception_capture  # the net is sys.excepthook here, not pytest-qt's
def test_a_slot_that_raises_reaches_the_excepthook_net(qtbot, net, log_folder) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    button = QPushButton("Go", window)

    def broken_slot() -> None:
        raise RuntimeError("the printer caught fire")

    button.clicked.connect(broken_slot)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    # Nobody asked (a slot has no asker): the box goes on the window in front.
    boxes = error_boxes(window)
    assert len(boxes) == 1
    assert "Something went wrong: RuntimeError: the printer caught fire." in boxes[0].text()
    assert "broken_slot" in (log_folder / LOG_FILE_NAME).read_text(encoding="utf-8")
    boxes[0].close()
    assert sys.excepthook == net._excepthook  # still the net: the app goes on


def test_the_apps_own_error_is_its_plain_message_and_is_not_logged(qtbot, net, log_folder) -> None:
    shown: list[tuple[QWidget | None, str]] = []
    net.presenter = lambda parent, message: shown.append((parent, message))
    window = QWidget()
    qtbot.addWidget(window)

    def refuse() -> None:
        raise ValidationError("The buy-in must be $1.00 or more.")

    assert guard(window, refuse)() is None
    assert shown == [(window, "The buy-in must be $1.00 or more.")]
    assert not (log_folder / LOG_FILE_NAME).exists() or "buy-in" not in (
        log_folder / LOG_FILE_NAME
    ).read_text(encoding="utf-8")


@pytest.mark.slow
def test_an_unexpected_error_at_the_cashier_is_a_dialog_on_the_cashier_window(
    qtbot, cashier_window, services, tournament_id, net, log_folder, monkeypatch
) -> None:
    from tests.ui.cashier.test_desk import add_players, configure, find
    from tests.ui.cashier.waiting import take_money, then_settle

    configure(services, tournament_id)
    add_players(services, "Ann Lee")
    desk = cashier_window.desk
    desk.refresh()
    before = dump_database(services.ctx.engine)
    monkeypatch.setattr(money_action_module, "record_change", _disk_full)

    find(qtbot, desk, "ann")
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    take_money(qtbot, desk.dialog.tendered_edit)

    (box,) = error_boxes(cashier_window)
    assert "Something went wrong: OSError" in box.text()
    assert str((log_folder / LOG_FILE_NAME).resolve()) in box.text()
    assert dump_database(services.ctx.engine) == before
    assert not services.cashier.ledger(tournament_id)
    box.close()
