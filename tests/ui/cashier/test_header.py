"""The cashier window composed of parts: the header and the search box on their own.

The header (`CashierHeader`) reads the tournament's name, rules, prize pool and registration
itself, only the parts the bus's flags touch; the window's title follows the name it reads. The
search box (`SearchBox`) turns Up, Down and Enter into the desk's moves and leaves Ctrl+Z to the
window's undo.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.changes import Change
from clockapp.services.players import PlayerDetails
from clockapp.ui.banner import MessageBanner
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.desk_table import SearchBox
from clockapp.ui.cashier.header import SALE, CashierHeader
from tests.ui.cashier.waiting import settle_on
from tests.ui.polling import settle, submit_and_wait


@pytest.fixture
def header(qtbot, services, bus, tournament_id) -> Iterator[CashierHeader]:
    services.cashier.set_config(
        tournament_id,
        CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000), 10_000))),
    )
    host = QWidget()
    qtbot.addWidget(host)
    ctx = CashierContext(services, bus, MessageBanner(name="header_message"), host)
    yield CashierHeader(ctx, host)  # the host lives as long as the test
    host.close()


def test_the_header_reads_its_parts_itself(qtbot, header, bus) -> None:
    with qtbot.waitSignal(header.name_changed, raising=True) as named:
        header.refresh()
    settle(qtbot, bus)  # every part is read on the station's worker
    assert named.args == ["Friday Night Hold'em"]
    assert header.title_label.text() == "Friday Night Hold'em"
    assert "buy-in $20.00 for T10,000" in header.rules_label.text()
    assert header.pool_label.text().startswith("Prize pool $0.00 · 0 entries")
    assert header.registration_label.text()  # open or closed, it says which
    assert not header.undo_button.isEnabled()
    assert "Nothing to undo" in header.undo_button.toolTip()
    assert not header.redo_button.isEnabled()


def test_the_header_reads_again_only_what_the_flags_touch(
    qtbot, header, services, bus, tournament_id
) -> None:
    header.refresh()
    settle(qtbot, bus)
    services.tournaments.rename(tournament_id, "Saturday Deepstack")
    player = services.players.create(PlayerDetails("Ann Lee")).value.id
    services.cashier.buy_in(tournament_id, player)
    header.refresh(SALE)  # a sale: the pool, not the name
    settle(qtbot, bus)
    assert header.title_label.text() == "Friday Night Hold'em"
    assert header.pool_label.text().startswith("Prize pool $20.00 · 1 entry")
    with qtbot.waitSignal(header.name_changed, raising=True) as named:
        header.refresh(Change.TOURNAMENT)
    assert named.args == ["Saturday Deepstack"]
    assert header.title_label.text() == "Saturday Deepstack"


@pytest.mark.slow
def test_the_window_title_follows_the_header(
    qtbot, cashier_window, services, bus, tournament_id
) -> None:
    submit_and_wait(qtbot, bus, lambda: services.tournaments.rename(tournament_id, "Sunday Turbo"))
    assert cashier_window.header.title_label.text() == "Sunday Turbo"
    assert cashier_window.windowTitle() == "Cashier — Sunday Turbo"


@pytest.mark.slow
def test_the_header_buttons_ask_the_window(qtbot, cashier_window) -> None:
    header = cashier_window.header
    qtbot.mouseClick(header.rules_button, Qt.MouseButton.LeftButton)
    settle_on(qtbot, cashier_window)  # the rules are read on the worker, then the dialog opens
    assert cashier_window.dialog is not None  # the window's rules dialog, one at a time
    cashier_window.dialog.reject()
    for button, signal in (
        (header.undo_button, header.undo_requested),
        (header.redo_button, header.redo_requested),
    ):
        button.setEnabled(True)  # nothing to undo here: the window says so
        with qtbot.waitSignal(signal, raising=True):
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert "Nothing to" in cashier_window.message.text()


def test_the_search_box_moves_the_list_and_leaves_undo_to_the_window(qtbot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    box = SearchBox()
    QVBoxLayout(window).addWidget(box)
    undone: list[bool] = []
    undo = QAction("Undo", window)
    undo.setShortcut(QKeySequence("Ctrl+Z"))
    undo.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    undo.triggered.connect(lambda: undone.append(True))
    window.addAction(undo)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()  # shortcuts go to the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    box.setFocus()
    steps: list[int] = []
    box.stepped.connect(steps.append)
    qtbot.keyClicks(box, "Ann")
    qtbot.keyClick(box, Qt.Key.Key_Down)
    qtbot.keyClick(box, Qt.Key.Key_Down)
    qtbot.keyClick(box, Qt.Key.Key_Up)
    assert steps == [1, 1, -1]
    with qtbot.waitSignal(box.entered, raising=True):
        qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.keyClick(box, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert undone == [True]  # the window's undo, not the line edit's
    assert box.text() == "Ann"
