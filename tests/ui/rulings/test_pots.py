"""The side-pot answer ten-handed: in sight on a laptop screen, each pot's winner badged, chips and
the button checked. Answers are read off the screen (badges, tables, notes) as a director sees them.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtWidgets import QApplication, QSpinBox, QWidget

from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.rulings import RulingsWindow
from clockapp.ui.rulings.feeds import Feeds
from clockapp.ui.rulings.pots import INPUTS_MIN
from clockapp.ui.rulings.settlement import BUTTON_UNKNOWN
from clockapp.ui.rulings.state import Dispute, Player

BOARD = ("2c", "7d", "9h", "Js", "Kc")
# seat, name, total bet, folded, hole cards. Ann (all in for 100) has the best hand, then Eve
# (all in for 250), then Ivy (all in for 600), then Cy among the four who put in 1,000; Ben and
# Fay folded early. Four pots: Ann takes the main pot, Eve side pot 1, Ivy (seat 9) side pot 2,
# Cy side pot 3.
TEN = (
    (1, "Ann", 100, False, ("Ks", "Kd")),  # three kings
    (2, "Ben", 50, True, ()),
    (3, "Cy", 1000, False, ("7h", "7s")),  # three sevens
    (4, "Dee", 1000, False, ("2s", "2h")),  # three deuces
    (5, "Eve", 250, False, ("Jh", "Jd")),  # three jacks
    (6, "Fay", 25, True, ()),
    (7, "Gus", 1000, False, ("Ah", "Kh")),  # a pair of kings
    (8, "Hal", 1000, False, ("Ad", "Qd")),  # ace high
    (9, "Ivy", 600, False, ("9s", "9d")),  # three nines
    (10, "Jo", 1000, False, ("8c", "6c")),  # king high
)


def ten_handed(cards: bool = True) -> Dispute:
    """The dispute above; without cards the director gives the same order by hand."""
    order = {"Ann": 1, "Eve": 2, "Ivy": 3, "Cy": 4, "Dee": 5, "Gus": 6, "Hal": 7, "Jo": 8}
    players = tuple(
        Player(
            seat,
            name,
            cards=hole if cards else (),
            bet=bet,
            folded=folded,
            place=None if cards or folded else order[name],
        )
        for seat, name, bet, folded, hole in TEN
    )
    return Dispute(board=BOARD if cards else (), players=players, button=3, chip=25)


@pytest.fixture
def window(services: Services, bus: TournamentBus, window_factory) -> RulingsWindow:
    rulings = window_factory(RulingsWindow(services, bus))
    rulings.show()
    return rulings


def show(window: RulingsWindow, dispute: Dispute) -> None:
    """Show `dispute` and let the event loop run once, as the app does after an edit: seat rows
    added to a window on screen are shown from the event loop."""
    window.set_dispute(dispute)
    QApplication.processEvents()


def at_size(window: RulingsWindow, width: int, height: int) -> None:
    window.resize(width, height)
    QApplication.processEvents()
    assert window.size() == QSize(width, height)  # not held larger by a minimum size


def in_view(widget: QWidget) -> bool:
    """The whole widget is on screen: shown, inside the window, not scrolled or clipped away."""
    window = widget.window()
    top_left = widget.mapTo(window, QPoint(0, 0))
    inside = window.rect().contains(top_left) and window.rect().contains(
        top_left + QPoint(widget.width() - 1, widget.height() - 1)
    )
    return widget.isVisible() and inside and widget.visibleRegion().boundingRect() == widget.rect()


def badges(window: RulingsWindow) -> dict[int, str]:
    return {
        p.seat: row.badge.text()
        for p, row in zip(window.dispute().players, window.hands.rows, strict=True)
        if row.badge.isVisible()
    }


def set_spin(qtbot, spin: QSpinBox, value: int) -> None:
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, str(value))
    assert spin.value() == value


def pot_rows(window: RulingsWindow) -> list[tuple[str, int, str, str]]:
    return [(r.name, r.amount, r.eligible, r.goes_to) for r in window.pots.pot_model.rows()]


# ---------------------------------------------------------------- ten-handed


@pytest.mark.slow
def test_each_side_pot_winner_is_badged_after_a_ten_handed_showdown(
    qtbot, window: RulingsWindow
) -> None:
    show(window, ten_handed())
    assert badges(window) == {
        1: "WINS MAIN",
        2: "FOLDED",
        3: "WINS SIDE 3",
        5: "WINS SIDE 1",
        6: "FOLDED",
        9: "WINS SIDE 2",
    }
    ivy = window.hands.rows[8]
    assert ivy.property("winner") is True  # framed like the best hand: she takes chips too
    assert ivy.badge.property("kind") == "WINS"
    assert window.hands.rows[3].property("winner") is False  # Dee takes nothing
    assert pot_rows(window) == [
        ("Main pot", 875, "All 8 still in", "Ann 875"),
        ("Side pot 1", 1050, "All still in but Ann", "Eve 1,050"),
        ("Side pot 2", 2100, "All still in but Ann, Eve", "Ivy 2,100"),
        ("Side pot 3", 2000, "Cy, Dee, Gus, Hal, Jo", "Cy 2,000"),
    ]
    takes = {r.who: r.takes for r in window.pots.payout_model.rows() if r.takes}
    assert takes == {"Seat 1 Ann": 875, "Seat 3 Cy": 2000, "Seat 5 Eve": 1050, "Seat 9 Ivy": 2100}


@pytest.mark.slow
def test_the_places_given_by_hand_badge_the_pot_winners_too(qtbot, window: RulingsWindow) -> None:
    show(window, ten_handed(cards=False))
    assert window.pots.order_note.text().startswith("Finishing order given by hand")
    assert badges(window)[9] == "WINS SIDE 2"
    assert badges(window)[1] == "WINS MAIN"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_answer_is_in_view_ten_handed_on_a_laptop_and_a_full_hd_screen(
    qtbot, window: RulingsWindow, size: tuple[int, int]
) -> None:
    at_size(window, *size)
    show(window, ten_handed())
    pots = window.pots
    assert pots.pot_model.rowCount() == 4
    assert pots.payout_model.rowCount() == 10
    assert in_view(pots.pot_table)
    assert in_view(pots.payout_table)
    # Every pot on one line: "All still in but Ann, Eve" is not squeezed into two.
    heights = {pots.pot_table.rowHeight(r) for r in range(4)}
    assert len(heights) == 1
    eligible = 2
    assert pots.pot_table.columnWidth(eligible) >= pots.pot_table.sizeHintForColumn(eligible)
    # The inputs keep room under the answer, and scroll there.
    assert pots.inputs_scroll.height() >= INPUTS_MIN
    assert pots.seats[0].bet.isVisible()


@pytest.mark.slow
def test_the_line_being_typed_stays_in_view_as_the_answer_grows(
    qtbot, window: RulingsWindow
) -> None:
    at_size(window, 1366, 768)
    # Places given, no bets yet: the answer is one line and the inputs have the height.
    placed = tuple(Player(seat, place=seat) for seat in range(1, 11))
    show(window, Dispute(players=placed, button=1))
    before = window.pots.inputs_scroll.height()
    last = window.pots.seats[9].bet
    window.pots.inputs_scroll.ensureWidgetVisible(last)
    QApplication.processEvents()
    typed_at = last.mapTo(window, QPoint(0, 0))
    set_spin(qtbot, last, 1000)
    # Now there is a take table for ten seats: the answer scrolls in its own part, and the form
    # keeps still under the director's hands: the line typed in stays where it was.
    assert window.pots.payout_model.rowCount() == 10
    assert window.pots.inputs_scroll.height() == before
    assert last.mapTo(window, QPoint(0, 0)) == typed_at
    assert in_view(last)
    assert QApplication.focusWidget() is last


@pytest.mark.slow
def test_a_splitter_the_director_dragged_stays_where_it_was_put(
    qtbot, window: RulingsWindow
) -> None:
    at_size(window, 1366, 768)
    show(window, ten_handed())
    splitter = window.pots.splitter
    fitted = splitter.sizes()[0]
    handle = splitter.handle(1)
    middle = handle.rect().center()
    qtbot.mousePress(handle, Qt.MouseButton.LeftButton, pos=middle)
    qtbot.mouseMove(handle, middle + QPoint(0, -120))
    qtbot.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=middle + QPoint(0, -120))
    dragged = splitter.sizes()[0]
    assert dragged < fitted
    # A new answer (a fold changes the pots) no longer moves the split.
    show(window, ten_handed(cards=False))
    assert splitter.sizes()[0] == dragged


# ---------------------------------------------------------------- chips that do not add up


@pytest.mark.slow
def test_a_bet_that_is_not_whole_chips_is_named(qtbot, window: RulingsWindow) -> None:
    players = tuple(Player(seat, bet=10, place=1 if seat == 1 else 2) for seat in (1, 2, 3, 4))
    show(window, Dispute(players=players, button=1, chip=10))
    warning = window.pots.warning_label
    assert not warning.isVisible()
    set_spin(qtbot, window.pots.seats[3].bet, 15)
    assert warning.isVisible()
    assert warning.text() == "Seat 4's bet of 15 is not a multiple of T10."
    # Settled as entered, the 5 nobody could call goes back: the director is told to recount.
    assert window.pots.uncalled_label.text() == "Uncalled bet: 5 goes back to Seat 4."
    assert [r.takes for r in window.pots.payout_model.rows()] == [40, 0, 0, 0]
    assert [r.returned for r in window.pots.payout_model.rows()] == [0, 0, 0, 5]
    assert [r.net for r in window.pots.payout_model.rows()] == [30, -10, -10, -10]
    set_spin(qtbot, window.pots.seats[3].bet, 20)
    assert not warning.isVisible()


@pytest.mark.slow
def test_the_tournament_chip_read_late_keeps_the_unit_the_dispute_came_with(
    qtbot, window: RulingsWindow
) -> None:
    # Feeds as the window makes them when it opens, before the chip set's read has answered.
    feeds = Feeds(window.state, window.runner, window.odds_note, window.busy_bar, window)
    show(window, Dispute(players=(Player(1, bet=10), Player(2, bet=10)), chip=10))
    feeds.on_chips_loaded(25, "")  # the read answers after the dispute was shown
    assert window.state.dispute.chip == 10


@pytest.mark.slow
def test_every_seat_and_the_dead_money_off_the_chip_are_named(qtbot, window: RulingsWindow) -> None:
    players = (Player(2, "Bo", bet=35), Player(5, bet=40), Player(7, "Cy", bet=5))
    show(window, Dispute(players=players, dead=12, chip=10))
    assert window.pots.warning_label.text().splitlines() == [
        "Seat 2 Bo's bet of 35 is not a multiple of T10.",
        "Seat 7 Cy's bet of 5 is not a multiple of T10.",
        "The dead money of 12 is not a multiple of T10.",
    ]


# ---------------------------------------------------------------- the button


def odd_split(button: int | None) -> Dispute:
    """Ann and Ben split 375 in T25 chips: one of them gets an odd chip."""
    players = (
        Player(2, "Ann", bet=300, place=1),
        Player(5, "Ben", bet=125, place=1),
        Player(7, "Cal", bet=125, folded=True),
    )
    return Dispute(players=players, button=button, chip=25)


@pytest.mark.slow
def test_an_odd_chip_without_the_button_says_where_it_went(qtbot, window: RulingsWindow) -> None:
    show(window, odd_split(button=None))
    warning = window.pots.warning_label
    assert warning.isVisible()
    assert warning.text() == (
        "Button not known: the odd chip went to the lowest seat; set the button."
    )
    assert warning.text() == BUTTON_UNKNOWN
    assert pot_rows(window) == [("Main pot", 375, "Ann, Ben", "Ann 200 (odd chip), Ben 175")]
    # The director sets the button on seat 2: the odd chip moves to Ben, left of it.
    set_spin(qtbot, window.pots.button_spin, 2)
    assert not warning.isVisible()
    assert pot_rows(window) == [("Main pot", 375, "Ann, Ben", "Ann 175, Ben 200 (odd chip)")]


@pytest.mark.slow
def test_no_button_warning_when_no_chip_is_odd(qtbot, window: RulingsWindow) -> None:
    players = (Player(1, bet=100, place=1), Player(2, bet=100, place=1))
    show(window, Dispute(players=players, chip=25))
    assert not window.pots.warning_label.isVisible()
