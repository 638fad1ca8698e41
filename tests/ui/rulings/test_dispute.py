"""The rulings window in a dispute: the director settles a hand from the keyboard, every
key counted, and reads the verdict at the top of the window, in sight on a laptop screen."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget

from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.rulings import RulingsWindow
from clockapp.ui.rulings.state import BOARD, Dispute, Player

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


class Keys:
    """Presses keys as a director does, and counts every one."""

    def __init__(self, qtbot) -> None:
        self.qtbot = qtbot
        self.count = 0

    def press(self, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        """One key (with its modifier) into whatever has the keyboard focus."""
        self.qtbot.keyClick(QApplication.focusWidget(), key, modifier)
        self.count += 1

    def type(self, text: str) -> None:
        """`text`, a key per character, into the focused widget."""
        self.qtbot.keyClicks(QApplication.focusWidget(), text)
        self.count += len(text)


@pytest.fixture
def window(services: Services, bus: TournamentBus, window_factory, qtbot) -> RulingsWindow:
    rulings = window_factory(RulingsWindow(services, bus))
    rulings.show()
    with qtbot.waitActive(rulings):
        rulings.activateWindow()
    return rulings


def in_view(widget: QWidget) -> bool:
    """The whole widget is on screen: shown, inside its window, not scrolled or clipped away."""
    window = widget.window()
    top_left = widget.mapTo(window, QPoint(0, 0))
    bottom_right = top_left + QPoint(widget.width() - 1, widget.height() - 1)
    inside = window.rect().contains(top_left) and window.rect().contains(bottom_right)
    return widget.isVisible() and inside and widget.visibleRegion().boundingRect() == widget.rect()


def click_cards(qtbot, window: RulingsWindow, cards: str) -> None:
    for card in cards.split():
        qtbot.mouseClick(window.picker.button(card), Qt.MouseButton.LeftButton)


@pytest.mark.slow
def test_a_three_way_showdown_takes_under_twenty_keys_and_the_verdict_stays_in_sight(
    qtbot, window: RulingsWindow
) -> None:
    keys = Keys(qtbot)
    keys.press(Qt.Key.Key_N, CTRL)  # a third player: the picker now deals to Seat 3
    QApplication.processEvents()  # the new seat's lines are shown from the event loop
    # The cards come from the picker (a click each): Seat 3, then the board, Seat 1, Seat 2.
    click_cards(qtbot, window, "Kd Ks  Kh 7d 7c 2s 3h  As Qd  9s 9d")
    assert [p.cards for p in window.dispute().players] == [
        ("As", "Qd"),
        ("9s", "9d"),
        ("Kd", "Ks"),
    ]
    # The chips from the keyboard: Alt+C to the first bet, then Enter down the column.
    keys.press(Qt.Key.Key_C, ALT)
    assert QApplication.focusWidget() is window.pots.seats[0].bet
    for _seat in range(3):
        keys.type("500")
        keys.press(Qt.Key.Key_Return)
    assert [p.bet for p in window.dispute().players] == [500, 500, 500]
    assert keys.count < 20, keys.count

    verdict = window.verdict_bar
    assert verdict.headline.text() == "Seat 3 wins with kings full of sevens"
    assert verdict.pots.text() == "Main pot 1,500: Seat 3 1,500"
    # Above both columns, outside every scroll area: on a small laptop screen too.
    for width, height in ((1920, 1080), (1366, 768), (1366, 700)):
        window.resize(width, height)
        QApplication.processEvents()
        assert in_view(verdict.headline), (width, height)
        assert in_view(verdict.pots), (width, height)
        assert (
            verdict.headline.mapTo(window, QPoint(0, 0)).y()
            < window.picker.mapTo(window, QPoint(0, 0)).y()
        )


@pytest.mark.slow
def test_typing_the_cards_too_costs_only_their_characters_and_one_enter_each(
    qtbot, window: RulingsWindow
) -> None:
    keys = Keys(qtbot)
    keys.press(Qt.Key.Key_N, CTRL)
    QApplication.processEvents()
    keys.press(Qt.Key.Key_B, ALT)
    for cards in ("Kh7d7c2s3h", "AsQd", "9s9d", "KdKs"):
        keys.type(cards)  # 22 characters for the 11 cards: no key can do with fewer
        keys.press(Qt.Key.Key_Return)  # the next hand, then the first bet
    assert QApplication.focusWidget() is window.pots.seats[0].bet
    for _seat in range(3):
        keys.type("500")
        keys.press(Qt.Key.Key_Return)
    assert window.verdict_bar.headline.text() == "Seat 3 wins with kings full of sevens"
    assert keys.count - 22 < 20, keys.count  # 22 + 18


@pytest.mark.slow
def test_the_verdict_says_who_takes_each_pot_and_the_uncalled_bet(
    qtbot, window: RulingsWindow
) -> None:
    window.set_dispute(
        Dispute(
            board=("2c", "7d", "9h", "Js", "Kc"),
            players=(
                Player(1, "Ann", cards=("Ks", "Kd"), bet=100),
                Player(2, "Bo", cards=("Jh", "Jd"), bet=300),
                Player(3, "Cy", cards=("7h", "7s"), bet=500),
            ),
            button=1,
        )
    )
    verdict = window.verdict_bar
    assert verdict.headline.text() == "Seat 1 Ann wins the main pot with three of a kind, " + (
        "kings with jack and nine kickers"
    )
    assert verdict.pots.text() == (
        "Main pot 300: Ann 300 · Side pot 1 400: Bo 400 · Uncalled bet: 200 goes back to Cy"
    )
    # Tied hands split; places given by hand name who takes the main pot.
    window.set_dispute(
        Dispute(
            board=("As", "Ks", "Qs", "Js", "Ts"),
            players=(Player(1, cards=("2c", "3c")), Player(4, cards=("2d", "3d"))),
        )
    )
    assert verdict.headline.text() == "Seat 1 and Seat 4 split the pot with royal flush"
    window.set_dispute(
        Dispute(players=(Player(2, "Bo", bet=50, place=2), Player(5, "Di", bet=50, place=1)))
    )
    assert verdict.headline.text() == "Seat 5 Di takes the main pot"
    window.set_dispute(Dispute())
    assert verdict.headline.text().startswith("No verdict yet")


@pytest.mark.slow
def test_a_place_and_the_button_take_the_digit_typed_however_they_got_the_focus(
    qtbot, window: RulingsWindow
) -> None:
    players = (Player(1, bet=100), Player(2, bet=100), Player(3, bet=100))
    window.set_dispute(Dispute(players=players))
    QApplication.processEvents()
    place = window.pots.seats[1].place
    assert place.text() == "—"
    # A click leaves the cursor after the dash: the digit typed replaces it all the same.
    qtbot.mouseClick(place.lineEdit(), Qt.MouseButton.LeftButton)
    assert place.hasFocus()
    qtbot.keyClicks(place, "1")
    assert window.dispute().players[1].place == 1
    button = window.pots.button_spin
    qtbot.mouseClick(button.lineEdit(), Qt.MouseButton.LeftButton)
    qtbot.keyClicks(button, "3")
    assert window.dispute().button == 3
    # A field that already holds a number: the first digit replaces it, the next ones add to it.
    qtbot.mouseClick(window.pots.dead_spin.lineEdit(), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(button.lineEdit(), Qt.MouseButton.LeftButton)
    qtbot.keyClicks(button, "1")
    qtbot.keyClicks(button, "0")
    assert window.dispute().button == 10
    bet = window.pots.seats[2].bet
    bet.setFocus(Qt.FocusReason.ShortcutFocusReason)
    qtbot.keyClicks(bet, "250")
    assert window.dispute().players[2].bet == 250


@pytest.mark.slow
def test_tab_follows_the_seats_and_enter_goes_down_the_column(qtbot, window: RulingsWindow) -> None:
    players = tuple(Player(seat, bet=10) for seat in (1, 2))
    window.set_dispute(Dispute(players=players))
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)  # a seat added later: its lines come last
    QApplication.processEvents()  # the new seat's lines are shown from the event loop
    seats = window.pots.seats
    for seat, after in pairwise(seats):
        seat.place.setFocus(Qt.FocusReason.MouseFocusReason)
        qtbot.keyClick(seat.place, Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is after.bet  # not into the card entries
    seats[1].bet.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.keyClick(seats[1].bet, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is seats[1].folded
    qtbot.keyClick(seats[1].folded, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is seats[1].place
    qtbot.keyClick(seats[1].place, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is seats[1].folded
    seats[1].place.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.keyClicks(seats[1].place, "2")
    qtbot.keyClick(seats[1].place, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is seats[2].place
    assert window.dispute().players[1].place == 2


@pytest.mark.slow
@pytest.mark.parametrize(("target", "key"), [(BOARD, Qt.Key.Key_B), (1, Qt.Key.Key_2)])
def test_backspace_after_the_entry_key_takes_back_only_the_last_card(
    qtbot, window: RulingsWindow, target: int, key: Qt.Key
) -> None:
    window.set_dispute(
        Dispute(board=("2s", "Ah", "Ac"), players=(Player(1), Player(2, cards=("Kd", "Qd"))))
    )
    qtbot.keyClick(window, key, ALT)
    entry = window.board.cards.entry if target == BOARD else window.hands.rows[1].cards.entry
    assert QApplication.focusWidget() is entry
    assert not entry.hasSelectedText()
    qtbot.keyClick(entry, Qt.Key.Key_Backspace)
    expected = ("2s", "Ah") if target == BOARD else ("Kd",)
    assert window.dispute().cards_of(target) == expected
    # Reached by Enter from the entry before, the same.
    window.set_dispute(
        Dispute(board=("2s", "Ah", "Ac"), players=(Player(1, cards=("9c", "9d")), Player(2)))
    )
    window.focus_target(BOARD)
    qtbot.keyClick(window.board.cards.entry, Qt.Key.Key_Return)
    first = window.hands.rows[0].cards.entry
    assert QApplication.focusWidget() is first
    qtbot.keyClick(first, Qt.Key.Key_Backspace)
    assert window.dispute().players[0].cards == ("9c",)


@pytest.mark.slow
def test_it_opens_within_a_laptop_screen(qtbot, window: RulingsWindow) -> None:
    available = window.screen().availableGeometry()
    minimum = window.minimumSizeHint()
    assert window.width() <= max(available.width(), minimum.width())
    assert window.height() <= max(available.height(), minimum.height())
    assert window.minimumSizeHint().height() <= 700


@pytest.mark.slow
def test_a_four_way_side_pot_from_chips_and_places_alone(qtbot, window: RulingsWindow) -> None:
    """No cards known: the bets, then the finishing order, all from the keyboard (44 before)."""
    keys = Keys(qtbot)
    for _player in range(2):
        keys.press(Qt.Key.Key_N, CTRL)
    QApplication.processEvents()
    keys.press(Qt.Key.Key_C, ALT)
    for bet in ("100", "300", "500", "500"):
        keys.type(bet)
        keys.press(Qt.Key.Key_Return)
    # Enter after the last bet goes on to the places: nobody showed cards, the order is given.
    assert QApplication.focusWidget() is window.pots.seats[0].place
    for place in "1234":  # the short stack best, then each bigger one
        keys.type(place)
        keys.press(Qt.Key.Key_Return)
    rows = [(r.name, r.amount, r.goes_to) for r in window.pots.pot_model.rows()]
    assert rows == [
        ("Main pot", 400, "Seat 1 400"),
        ("Side pot 1", 600, "Seat 2 600"),
        ("Side pot 2", 400, "Seat 3 400"),
    ]
    assert window.verdict_bar.headline.text() == "Seat 1 takes the main pot"
    assert window.verdict_bar.pots.text() == (
        "Main pot 400: Seat 1 400 · Side pot 1 600: Seat 2 600 · Side pot 2 400: Seat 3 400"
    )
    assert keys.count < 30, keys.count  # 27


@pytest.mark.slow
def test_before_the_river_the_verdict_line_gives_each_hands_chance(
    qtbot, window: RulingsWindow
) -> None:
    with qtbot.waitSignal(window.odds_shown, timeout=20000):
        window.set_dispute(
            Dispute(
                board=("2s", "Ah", "Ac", "Th"),
                players=(Player(1, cards=("As", "Ad")), Player(2, cards=("Kh", "Qh"))),
            )
        )
    # Only the jack of hearts saves Seat 2: the chance reads as a count too, in sight at the top.
    assert window.verdict_bar.headline.text() == (
        "Odds on the turn: Seat 1 97.7% · Seat 2 2.3% (1 in 44)"
    )
    assert window.verdict_bar.property("decided") is False
