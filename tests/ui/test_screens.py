"""The screens of a director's night: every window fits a 1366x768 laptop, help and
questions appear where the director is, and neither a stray Alt+F4 nor Ctrl+Q ends the night.

Each test plays the host: it opens the windows as the app does, presses the keys a host presses,
and looks at where things appear.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QMessageBox,
    QPushButton,
    QWidget,
)

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import (
    AddOnRule,
    EntryRules,
    RebuyRule,
    ReEntryRule,
    RegistrationRule,
)
from clockapp.core.money.records import CashierConfig
from clockapp.ui.actions import Action
from clockapp.ui.director.closing import KEEP, QUESTION, QUIT
from clockapp.ui.director.help import HelpOverlay
from clockapp.ui.director.tournaments import TournamentDialog
from clockapp.ui.screens import FRAME_ALLOWANCE, FRAME_MARGINS, LAPTOP, fitted_rect
from clockapp.ui.station.station import ClockStation
from tests.ui.polling import settle

#: What a window may ask for on a 1366x768 laptop with a taskbar, less the window's frame.
ROOM = LAPTOP - FRAME_ALLOWANCE


def fully_in_view(widget: QWidget) -> bool:
    """The whole widget is shown: not scrolled away, not clipped by its window."""
    window = widget.window()
    top_left = widget.mapTo(window, QPoint(0, 0))
    inside = window.rect().contains(QRect(top_left, widget.size()))
    return widget.isVisible() and inside and widget.visibleRegion().boundingRect() == widget.rect()


class Seen(list):  # type: ignore[type-arg]
    """The modal dialogs seen, and the window each one sat on (a dialog may be gone after)."""

    def __init__(self) -> None:
        super().__init__()
        self.windows: list[QWidget | None] = []


def answer_modal(answer: Callable[[QWidget], None]) -> Seen:
    """Answer the next modal dialog with `answer` (from inside its event loop); returns the
    dialogs seen (none if no dialog came)."""
    seen = Seen()
    tries = [0]

    def look() -> None:
        modal = QApplication.activeModalWidget()
        if modal is None:
            tries[0] += 1
            if tries[0] < 50:
                QTimer.singleShot(10, look)
            return
        seen.append(modal)
        parent = modal.parentWidget()
        seen.windows.append(None if parent is None else parent.window())
        answer(modal)

    QTimer.singleShot(0, look)
    return seen


def click_button(text: str) -> Callable[[QWidget], None]:
    def click(box: QWidget) -> None:
        for button in box.findChildren(QPushButton):
            if button.text().replace("&", "") == text:
                button.click()
                return
        raise AssertionError(f"no button {text!r}")

    return click


def reject(dialog: QWidget) -> None:
    assert isinstance(dialog, QDialog)
    dialog.reject()


@pytest.fixture
def director(station: ClockStation, qtbot) -> QWidget:
    station.director.show()
    qtbot.waitExposed(station.director)
    return station.director


@pytest.fixture
def quits(
    monkeypatch: pytest.MonkeyPatch, qapp: QApplication, station: ClockStation
) -> Iterator[list[int]]:
    """Calls to QApplication.quit(): the test's application must not really quit, not even
    when the station closes at the end of the test."""
    calls: list[int] = []
    monkeypatch.setattr(qapp, "quit", lambda: calls.append(1))
    yield calls
    station.close()


def start_clock(qtbot, station: ClockStation, services, tournament_id: int) -> None:
    station.controller.toggle_pause()
    settle(qtbot, station.bus)
    assert services.clock.state(tournament_id).running


# ---------------------------------------------------------------- fitting a laptop


def fits(window: QWidget) -> QSize:
    return window.minimumSizeHint().expandedTo(window.minimumSize())


def test_the_director_window_fits_a_laptop_and_its_screen_chooser_is_reachable(
    qtbot, director
) -> None:
    assert fits(director).height() <= ROOM.height(), fits(director)
    assert fits(director).width() <= ROOM.width()
    director.resize(ROOM)
    QApplication.processEvents()
    assert director.size() == ROOM  # not held taller by a minimum size
    for control in (
        director.room_box.screen_combo,
        director.buttons[Action.TOGGLE_PAUSE],
        director.hard_end_box.set_button,
        director.field_box.update_counts_button,
        director.jump_button,
    ):
        director.controls_scroll.ensureWidgetVisible(control)
        QApplication.processEvents()
        assert fully_in_view(control), control.objectName()


@pytest.mark.slow
def test_the_cashier_fits_a_laptop_with_a_long_name_and_every_kind_of_entry(
    qtbot, station: ClockStation
) -> None:
    """The header is built from the tournament's data: a long name and a rules line with
    rebuys, an add-on and re-entries must not push the window past the screen."""
    services, tid = station.services, station.bus.tournament_id
    services.tournaments.rename(tid, "Thursday Night Deepstack Charity Championship, Main Event")
    price = EntryPrice(2000, house_fee=500, bounty=500)
    services.cashier.set_config(
        tid,
        CashierConfig(
            EntryRules(
                RegistrationRule(price, 20_000, late_until_level=6),
                rebuy=RebuyRule(price, 20_000, last_level=6, max_per_player=3),
                add_on=AddOnRule(EntryPrice(1000), 10_000, at_break_after_level=5),
                re_entry=ReEntryRule(price, 20_000, last_level=6, max_per_player=2),
            )
        ),
    )
    window = station.windows.open_window("cashier")
    qtbot.waitExposed(window)
    settle(qtbot, station.bus)  # the header reads the name and the rules on the worker
    assert fits(window).width() <= ROOM.width(), fits(window)
    window.resize(ROOM)
    qtbot.waitUntil(lambda: window.width() == ROOM.width())
    title = window.header.title_label
    assert title.text().startswith("Thursday Night Deepstack")  # whole, in text() and tooltip
    assert title.toolTip() == title.text()


@pytest.mark.slow
@pytest.mark.parametrize("key", ["cashier", "tables", "rulings", "structure"])
def test_every_window_fits_a_laptop(qtbot, station: ClockStation, key: str) -> None:
    window = station.windows.open_window(key)
    qtbot.waitExposed(window)
    assert fits(window).width() <= ROOM.width(), fits(window)
    assert fits(window).height() <= ROOM.height(), fits(window)
    # Opened from either window's keys, it comes up on the director's screen, inside it.
    assert window.screen() is station.director.screen()
    available = window.screen().availableGeometry()
    assert available.contains(window.geometry().topLeft())
    assert window.height() <= available.height()


@pytest.mark.slow
def test_the_directors_dialogs_and_the_generator_fit_a_laptop(
    qtbot, station: ClockStation, services, bus
) -> None:
    from clockapp.ui.structure.chips import ChipSetEditor
    from clockapp.ui.structure.generator import GeneratorDialog, read_generator_start

    dialogs = [
        GeneratorDialog(
            services, bus, read_generator_start(services, bus.tournament_id), station.director
        ),
        ChipSetEditor(services, bus, station.director),
        TournamentDialog(services.tournaments.list(), bus.tournament_id, station.director),
        station.director.open_restore(),
    ]
    for dialog in dialogs:
        assert fits(dialog).height() <= ROOM.height(), (type(dialog).__name__, fits(dialog))
        assert fits(dialog).width() <= ROOM.width(), (type(dialog).__name__, fits(dialog))
        dialog.show()
        # Shown, it is no larger than the screen it is on (the generator asks 1200x760).
        available = dialog.screen().availableGeometry()
        assert dialog.height() <= available.height() - FRAME_ALLOWANCE.height()
        dialog.close()


def test_a_window_built_for_a_large_screen_is_fitted_to_a_small_one() -> None:
    laptop = QRect(0, 0, 1366, 728)  # 1366x768 less a 40 px taskbar
    fitted = fitted_rect(QRect(200, 100, 1680, 1000), QSize(1209, 549), laptop)
    left, top, right, bottom = FRAME_MARGINS
    assert laptop.contains(fitted.adjusted(-left, -top, right, bottom))  # the title bar too
    assert fitted.size() == QSize(1350, 688)
    # Never smaller than what the window needs: there it scrolls.
    assert fitted_rect(QRect(0, 0, 500, 900), QSize(400, 800), laptop).height() == 800


@pytest.mark.slow
def test_a_window_closed_early_reopens_at_the_size_it_was_left(
    qtbot, station: ClockStation, ui_settings
) -> None:
    cashier = station.windows.open_cashier()
    qtbot.waitExposed(cashier)
    cashier.resize(cashier.minimumSizeHint().width() + 10, 600)
    size = cashier.size()
    cashier.close()  # long before the app quits
    assert ui_settings.qsettings.contains("geometry/cashier")
    station.windows.forget("cashier").deleteLater()
    again = station.windows.open_cashier()
    assert again is not cashier
    # (The offscreen test screen is 800 px wide: the width is held to the window's minimum.)
    assert again.height() == size.height() == 600


# ---------------------------------------------------------------- help and questions where the
# director is


@pytest.mark.slow
def test_help_asked_on_the_wall_shows_on_the_directors_window(qtbot, station) -> None:
    qtbot.keyClick(station.display, Qt.Key.Key_Question)  # the projector's window had the focus
    settle(qtbot, station.bus)
    assert station.director.help_visible()
    assert station.director.help_overlay.window() is station.director
    assert station.display.findChildren(HelpOverlay) == []  # the room sees the clock
    qtbot.keyClick(station.display, Qt.Key.Key_Escape)
    settle(qtbot, station.bus)
    assert not station.director.help_visible()


@pytest.mark.slow
def test_the_tournament_questions_asked_on_the_wall_open_on_the_directors_window(
    qtbot, station, director
) -> None:
    seen = answer_modal(reject)
    qtbot.keyClick(station.display, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, station.bus)
    assert len(seen) == 1
    assert isinstance(seen[0], TournamentDialog)
    assert seen[0].parentWidget().window() is director
    with qtbot.waitActive(station.display):  # the director clicks the projector's window again
        station.display.activateWindow()
    seen = answer_modal(reject)
    qtbot.keyClick(
        station.display,
        Qt.Key.Key_N,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    settle(qtbot, station.bus)  # the dialog opens once its defaults are read on the worker
    assert len(seen) == 1
    assert seen.windows == [director]


# ---------------------------------------------------------------- quitting


def quit_question(director) -> QMessageBox:
    box = director.quit_guard.question
    assert isinstance(box, QMessageBox)
    assert box.isVisible()
    return box


@pytest.mark.slow
def test_alt_f4_mid_tournament_asks_and_enter_keeps_the_tournament_running(
    quits, qtbot, station, director, services, tournament_id
) -> None:
    start_clock(qtbot, station, services, tournament_id)
    director.close()  # Alt+F4: the window manager asks the window to close
    assert director.isVisible()
    box = quit_question(director)
    assert box.parentWidget() is director
    assert box.text() == QUESTION
    assert box.defaultButton().text() == KEEP
    assert box.escapeButton() is box.defaultButton()
    qtbot.keyClick(box, Qt.Key.Key_Return)  # the director's reflex: Enter
    assert director.quit_guard.question is None
    assert director.isVisible()
    assert quits == []
    assert services.clock.state(tournament_id).running
    # Asked again, asked again: a second Alt+F4 shows the one question.
    director.close()
    director.close()
    assert len([b for b in director.findChildren(QMessageBox) if b.isVisible()]) == 1


@pytest.mark.slow
def test_alt_f4_mid_tournament_quits_when_the_director_says_so(
    quits, qtbot, station, director, services, tournament_id
) -> None:
    start_clock(qtbot, station, services, tournament_id)
    director.close()
    click_button(QUIT)(quit_question(director))
    assert not director.isVisible()
    assert quits == [1]
    # The app is quitting: now the wall display closes too.
    station.display.close()
    assert not station.display.isVisible()


@pytest.mark.slow
def test_closing_before_the_clock_starts_asks_nothing(quits, qtbot, station, director) -> None:
    director.close()
    assert director.quit_guard.question is None
    assert not director.isVisible()
    assert quits == [1]


def test_ctrl_q_on_the_wall_mid_tournament_asks_on_the_directors_window(
    quits, qtbot, station, director, services, tournament_id
) -> None:
    start_clock(qtbot, station, services, tournament_id)
    qtbot.keyClick(station.display, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, station.bus)
    box = quit_question(director)
    assert box.parentWidget() is director
    assert quits == []
    click_button(QUIT)(box)
    assert quits == [1]


@pytest.mark.slow
def test_the_wall_display_ignores_a_stray_close_and_the_director_hides_and_shows_it(
    qtbot, station, director
) -> None:
    display = station.display
    display.close()  # Alt+F4 with the projector's window in front
    assert display.isVisible()
    hide = director.hide_display_action
    assert hide in [a for m in director.menuBar().actions() for a in m.menu().actions()]
    hide.trigger()
    assert not display.isVisible()
    station.director_actions[Action.SHOW_DISPLAY].trigger()
    settle(qtbot, station.bus)
    assert display.isVisible()
