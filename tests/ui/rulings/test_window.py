"""The rulings window as a director uses it (clicks, typing, keys); answers read off the screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QSpinBox

from clockapp.core.chips import ChipSet
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.rulings import RulingsWindow
from clockapp.ui.rulings.analysis import run_odds
from clockapp.ui.rulings.cards import Look
from clockapp.ui.rulings.state import BOARD, Dispute, Game, Player
from tests.ui.polling import settle, submit_and_wait


@pytest.fixture
def window(services: Services, bus: TournamentBus, window_factory, qtbot) -> RulingsWindow:
    """The rulings window, shown once it has read the tournament's chips (off the GUI thread:
    the tests below count with its smallest chip, T25)."""
    rulings = window_factory(RulingsWindow(services, bus))
    rulings.show()
    qtbot.waitUntil(lambda: rulings.pots.chip_note.text().startswith("Chips in play"))
    return rulings


def click(qtbot, widget, button=Qt.MouseButton.LeftButton) -> None:
    qtbot.mouseClick(widget, button)


def type_cards(qtbot, window: RulingsWindow, target: int, text: str) -> None:
    """Focus the entry of `target` the way a director does (its shortcut) and type."""
    key = Qt.Key.Key_B if target == BOARD else Qt.Key(Qt.Key.Key_0 + (target + 1) % 10)
    qtbot.keyClick(window, key, Qt.KeyboardModifier.AltModifier)
    entry = window.board.cards.entry if target == BOARD else window.hands.rows[target].cards.entry
    assert QApplication.focusWidget() is entry
    qtbot.keyClicks(entry, text)


def set_spin(qtbot, spin: QSpinBox, value: int) -> None:
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, str(value))
    assert spin.value() == value


def shown(box) -> tuple[str, ...]:
    return box.shown_cards()


# ---------------------------------------------------------------- the picker and the slots


@pytest.mark.slow
def test_picking_cards_fills_the_board_then_the_focused_hand_and_greys_them(
    qtbot, window: RulingsWindow
) -> None:
    for card in ("2s", "Ah", "Ac"):
        click(qtbot, window.picker.button(card))
    assert shown(window.board.cards) == ("2s", "Ah", "Ac")
    assert window.board.cards.entry.text() == "2s Ah Ac"
    assert window.board.street.text() == "Flop"
    for card in ("2s", "Ah", "Ac"):
        assert window.picker.button(card).look() is Look.USED
    assert window.picker.button("Kd").look() is Look.FREE

    # Clicking a hand's slot aims the picker there; a full hand hands over to the next one.
    click(qtbot, window.hands.rows[0].cards.slots()[0])
    for card in ("As", "Ad", "Kh", "Qh"):
        click(qtbot, window.picker.button(card))
    assert shown(window.hands.rows[0].cards) == ("As", "Ad")
    assert shown(window.hands.rows[1].cards) == ("Kh", "Qh")
    assert window.dispute().target == BOARD  # both hands full: back to the board

    # A used card cannot be picked again.
    click(qtbot, window.picker.button("As"))
    assert window.dispute().used()["As"] == 0
    assert shown(window.board.cards) == ("2s", "Ah", "Ac")


@pytest.mark.slow
def test_right_click_and_backspace_take_cards_back(qtbot, window: RulingsWindow) -> None:
    for card in ("2s", "Ah", "Ac", "Th"):
        click(qtbot, window.picker.button(card))
    click(qtbot, window.picker.button("Ah"), Qt.MouseButton.RightButton)  # from the picker
    assert shown(window.board.cards) == ("2s", "Ac", "Th")
    assert window.picker.button("Ah").look() is Look.FREE
    slot = window.board.cards.slots()[0]
    click(qtbot, slot, Qt.MouseButton.RightButton)  # from the slot
    assert shown(window.board.cards) == ("Ac", "Th")
    entry = window.board.cards.entry
    entry.setFocus()
    entry.end(False)
    qtbot.keyClick(entry, Qt.Key.Key_Backspace)  # a whole card at a time, not a letter
    assert shown(window.board.cards) == ("Ac",)
    assert entry.text() == "Ac"
    window.picker.setFocus()  # outside a text field Backspace still takes back the last card
    qtbot.keyClick(window.picker, Qt.Key.Key_Backspace)
    assert shown(window.board.cards) == ()


@pytest.mark.slow
def test_the_four_colour_deck(qtbot, window: RulingsWindow) -> None:
    click(qtbot, window.four_colour_check)
    assert window.four_colour_check.isChecked()
    assert window.picker.button("Qd")._four_colour


# ---------------------------------------------------------------- typing


@pytest.mark.slow
def test_typed_cards_fill_the_slots_in_any_spelling(qtbot, window: RulingsWindow) -> None:
    type_cards(qtbot, window, BOARD, "2s ah AC 10h")
    assert shown(window.board.cards) == ("2s", "Ah", "Ac", "Th")
    assert window.board.cards.entry.text() == "2s ah AC 10h"  # not rewritten under the cursor
    qtbot.keyClick(window.board.cards.entry, Qt.Key.Key_Return)  # Enter: on to the first hand
    assert window.board.cards.entry.text() == "2s Ah Ac Th"
    assert QApplication.focusWidget() is window.hands.rows[0].cards.entry
    qtbot.keyClicks(window.hands.rows[0].cards.entry, "AsKd")
    assert shown(window.hands.rows[0].cards) == ("As", "Kd")
    assert window.picker.button("Kd").look() is Look.USED


@pytest.mark.slow
def test_typing_a_duplicate_card_shows_an_error_naming_it(qtbot, window: RulingsWindow) -> None:
    type_cards(qtbot, window, BOARD, "2s Ah Ac")
    type_cards(qtbot, window, 0, "Ah Kd")
    error = window.hands.rows[0].cards.error_label
    assert error.isVisible()
    assert error.text() == "Ah is already on the board."
    assert window.hands.rows[0].cards.entry.property("invalid") is True
    assert window.dispute().players[0].cards == ()  # nothing taken from a wrong entry
    # Correcting the text clears the error.
    entry = window.hands.rows[0].cards.entry
    entry.selectAll()
    qtbot.keyClicks(entry, "As Kd")
    assert not error.isVisible()
    assert window.dispute().players[0].cards == ("As", "Kd")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("typed", "named"),
    [("Zx", '"Zx"'), ("As K", '"K"'), ("As As", '"As" appears twice')],
)
def test_unreadable_text_is_named_in_the_error(
    qtbot, window: RulingsWindow, typed: str, named: str
) -> None:
    type_cards(qtbot, window, 1, typed)
    error = window.hands.rows[1].cards.error_label
    assert error.isVisible()
    assert named in error.text()


def test_too_many_cards_for_the_game(qtbot, window: RulingsWindow) -> None:
    type_cards(qtbot, window, 0, "As Kd Qh")
    error = window.hands.rows[0].cards.error_label
    assert error.text() == "Seat 1 holds 2 cards in Hold'em, not 3."


@pytest.mark.slow
def test_switching_to_holdem_and_back_loses_no_card(qtbot, window: RulingsWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    type_cards(qtbot, window, 0, "Ah 7c 7d 2s")
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    assert window.dispute().players[0].cards == ("Ah", "7c")
    assert "7d" not in window.dispute().used()  # free to deal while in Hold'em
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    assert window.dispute().game is Game.OMAHA
    assert window.dispute().players[0].cards == ("Ah", "7c", "7d", "2s")
    # A card put aside and dealt elsewhere meanwhile stays where it was dealt.
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    type_cards(qtbot, window, 1, "7d Kd")
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    assert window.dispute().players[0].cards == ("Ah", "7c", "2s")
    assert window.dispute().players[1].cards == ("7d", "Kd")


@pytest.mark.slow
def test_omaha_has_four_slots_and_judges_two_plus_three(qtbot, window: RulingsWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    assert window.dispute().game is Game.OMAHA
    assert window.game_combo.currentText() == "Omaha"
    assert len(window.hands.rows[0].cards.slots()) == 4
    type_cards(qtbot, window, BOARD, "Kh Qh Jh Th 3c")
    type_cards(qtbot, window, 0, "Ah 7c 7d 2s")
    type_cards(qtbot, window, 1, "9h 8h Ks Kd")
    rows = window.hands.rows
    # One heart in the hand cannot make a flush in Omaha: just the sevens.
    assert rows[0].description.text() == "One pair, sevens with king, queen and jack kickers"
    assert rows[1].description.text() == "Straight flush, queen high"  # 9h 8h + Qh Jh Th
    assert rows[1].badge.text() == "WINS"


# ---------------------------------------------------------------- showdown and odds


@pytest.mark.slow
def test_a_showdown_highlights_the_winner_and_its_five_cards(qtbot, window: RulingsWindow) -> None:
    type_cards(qtbot, window, BOARD, "2s Ah Ac Th Jh")
    type_cards(qtbot, window, 0, "As Ad")
    type_cards(qtbot, window, 1, "Kh Qh")
    loser, winner = window.hands.rows
    assert winner.badge.isVisible()
    assert winner.badge.text() == "WINS"
    assert winner.property("winner") is True
    assert winner.description.text() == "Royal flush"
    assert [v.card() for v in winner.best_views] == ["Ah", "Kh", "Qh", "Jh", "Th"]
    assert [s.look() for s in winner.cards.slots()] == [Look.PLAYS, Look.PLAYS]
    assert not loser.badge.isVisible()
    assert loser.property("winner") is False
    assert loser.description.text() == "Four of a kind, aces with a jack kicker"
    assert not window.runner.is_busy()  # a complete board asks for no odds
    assert not window.hands.rows[0].odds.isVisible()


@pytest.mark.slow
def test_a_split_pot_says_so(qtbot, window: RulingsWindow) -> None:
    type_cards(qtbot, window, BOARD, "As Ks Qs Js Ts")  # the board plays for everyone
    type_cards(qtbot, window, 0, "2c 3d")
    type_cards(qtbot, window, 1, "4h 5h")
    assert [r.badge.text() for r in window.hands.rows] == ["SPLITS", "SPLITS"]
    assert window.hands.rows[0].description.text() == "Royal flush"
    assert [s.look() for s in window.hands.rows[0].cards.slots()] == [Look.IDLE, Look.IDLE]


@pytest.mark.slow
def test_odds_appear_for_an_incomplete_board(qtbot, window: RulingsWindow) -> None:
    with qtbot.waitSignal(window.odds_shown, timeout=20000) as blocker:
        type_cards(qtbot, window, BOARD, "2s 7h 9c")
        type_cards(qtbot, window, 0, "As Kd")
        type_cards(qtbot, window, 1, "Qh Qc")
    answer = blocker.args[0]
    assert answer.job.board == ("2s", "7h", "9c")
    ak, qq = window.hands.rows
    assert ak.odds.text() == "Win 23.9% · Tie 0.0% · Share 23.9%"
    assert qq.odds.text() == "Win 76.1% · Tie 0.0% · Share 76.1%"
    assert "Outs (6)" in ak.outs.text()
    assert window.odds_note.text() == "Exact odds over 990 boards"
    assert not window.busy_bar.isVisible()
    # The current best hand is shown too, while the board is not complete.
    assert ak.description.text() == "High card, ace-king-nine-seven-two"


@pytest.mark.slow
def test_odds_follow_the_latest_cards_only(qtbot, window: RulingsWindow) -> None:
    type_cards(qtbot, window, 0, "As Ad")
    type_cards(qtbot, window, 1, "Kh Qh")
    assert window.runner.is_busy()
    assert window.busy_bar.isVisible()
    assert window.hands.rows[0].odds.text() == "Working out the odds…"
    # Cards change before (or while) the preflop odds are computed: only the turn's odds show.
    type_cards(qtbot, window, BOARD, "2s Ah Ac Th")
    qtbot.waitUntil(lambda: not window.runner.is_busy(), timeout=20000)
    expected = run_odds(window.feeds.odds_job)
    assert expected.job.board == ("2s", "Ah", "Ac", "Th")
    share = expected.hands[1].share
    assert share == 1 / 44  # only the jack of hearts saves the king-queen
    # A small chance is also said as "1 in N": 2.3% is hard to picture at the table.
    assert window.hands.rows[1].odds.text().endswith("Share 2.3% (1 in 44)")
    assert window.odds_note.text() == "Exact odds over 44 boards"


@pytest.mark.slow
def test_omaha_preflop_odds_are_exact_off_the_gui_thread(qtbot, window: RulingsWindow) -> None:
    window.set_dispute(
        Dispute(
            game=Game.OMAHA,
            players=(
                Player(1, cards=("As", "Ad", "Kc", "Qd")),
                Player(2, cards=("Kh", "Qh", "Jh", "Th")),
            ),
        )
    )
    assert window.runner.is_busy()  # worked out in the background, the window keeps typing
    with qtbot.waitSignal(window.odds_shown, timeout=20000) as blocker:
        pass
    answer = blocker.args[0]
    assert answer.job.game is Game.OMAHA
    assert window.odds_note.text() == "Exact odds over 1,086,008 boards"
    assert answer.hands[0].share + answer.hands[1].share == pytest.approx(1.0, abs=1e-12)


@pytest.mark.slow
def test_folded_cards_are_dead_for_the_odds(qtbot, window: RulingsWindow) -> None:
    window.set_dispute(
        Dispute(
            board=("2s", "7h", "9c"),
            players=(
                Player(1, cards=("As", "Kd")),
                Player(2, cards=("Qh", "Qc")),
                Player(3, cards=("Ks", "Kh"), folded=True),
            ),
        )
    )
    with qtbot.waitSignal(window.odds_shown, timeout=20000) as blocker:
        pass
    assert blocker.args[0].job.dead == ("Ks", "Kh")
    assert window.odds_note.text() == "Exact odds over 903 boards"
    assert window.hands.rows[2].badge.text() == "FOLDED"
    assert window.hands.rows[2].odds.text() == "Folded: these cards are out of play"


# ---------------------------------------------------------------- players


@pytest.mark.slow
def test_players_are_added_and_removed_from_the_keyboard(qtbot, window: RulingsWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert [p.seat for p in window.dispute().players] == [1, 2, 3]
    assert QApplication.focusWidget() is window.hands.rows[2].cards.entry
    qtbot.keyClicks(window.hands.rows[2].cards.entry, "7s7c")
    click(qtbot, window.hands.rows[0].remove_button)
    assert [p.seat for p in window.dispute().players] == [2, 3]
    assert shown(window.hands.rows[1].cards) == ("7s", "7c")
    assert len(window.hands.rows) == 2
    assert len(window.pots.seats) == 2


@pytest.mark.slow
def test_backspace_in_a_number_or_a_name_edits_the_text_not_the_cards(
    qtbot, window: RulingsWindow
) -> None:
    type_cards(qtbot, window, BOARD, "2s Ah Ac")
    bet = window.pots.seats[0].bet
    set_spin(qtbot, bet, 40)
    qtbot.keyClick(bet, Qt.Key.Key_Backspace)
    assert bet.value() == 4
    name = window.hands.rows[0].name_edit
    name.setFocus()
    qtbot.keyClicks(name, "Bobb")
    qtbot.keyClick(name, Qt.Key.Key_Backspace)
    assert window.dispute().players[0].name == "Bob"
    assert window.dispute().board == ("2s", "Ah", "Ac")


@pytest.mark.slow
def test_enter_walks_from_the_board_through_the_hands_to_the_bets(
    qtbot, window: RulingsWindow
) -> None:
    type_cards(qtbot, window, BOARD, "2s Ah Ac")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.keyClicks(QApplication.focusWidget(), "As Ad")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.keyClicks(QApplication.focusWidget(), "Kh Qh")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert QApplication.focusWidget() is window.pots.seats[0].bet
    assert [p.cards for p in window.dispute().players] == [("As", "Ad"), ("Kh", "Qh")]


@pytest.mark.slow
def test_ctrl_delete_removes_the_player_being_entered(qtbot, window: RulingsWindow) -> None:
    type_cards(qtbot, window, 1, "Kh Qh")
    qtbot.keyClick(window, Qt.Key.Key_Delete, Qt.KeyboardModifier.ControlModifier)
    assert [p.seat for p in window.dispute().players] == [1]
    assert window.picker.button("Kh").look() is Look.FREE


@pytest.mark.slow
def test_new_dispute_clears_everything_but_the_game_and_chip(qtbot, window: RulingsWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    type_cards(qtbot, window, BOARD, "2s Ah Ac")
    click(qtbot, window.bar.new_button)
    assert window.dispute() == Dispute(game=Game.OMAHA, chip=25)
    assert window.picker.used() == frozenset()
    assert QApplication.focusWidget() is window.board.cards.entry


# ---------------------------------------------------------------- side pots


def pot_rows(window: RulingsWindow) -> list[tuple[str, int, str, str]]:
    return [(r.name, r.amount, r.eligible, r.goes_to) for r in window.pots.pot_model.rows()]


def enter_the_worked_example(qtbot, window: RulingsWindow) -> None:
    """Alice bets 40, Bob is all in for 10, Cindy calls 40, 20 already in the middle."""
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    for row, name in zip(window.hands.rows, ("Alice", "Bob", "Cindy"), strict=True):
        row.name_edit.setFocus()
        qtbot.keyClicks(row.name_edit, name)
    for seat, bet in zip(window.pots.seats, (40, 10, 40), strict=True):
        set_spin(qtbot, seat.bet, bet)
    set_spin(qtbot, window.pots.dead_spin, 20)
    set_spin(qtbot, window.pots.button_spin, 1)
    set_spin(qtbot, window.pots.chip_spin, 1)  # dollars in the issue's example


@pytest.mark.slow
def test_the_issues_side_pot_example_from_chip_amounts_alone(qtbot, window: RulingsWindow) -> None:
    enter_the_worked_example(qtbot, window)
    # Before the order is known the pots are laid out, and nobody is paid.
    assert pot_rows(window) == [
        ("Main pot", 50, "Alice, Bob, Cindy", "waiting for the finishing order"),
        ("Side pot 1", 60, "Alice, Cindy", "waiting for the finishing order"),
    ]
    assert not window.pots.payout_table.isVisible()
    # The director gives the order: Bob best, then Cindy.
    for seat, place in zip(window.pots.seats, (3, 1, 2), strict=True):
        set_spin(qtbot, seat.place, place)
    assert pot_rows(window) == [
        ("Main pot", 50, "Alice, Bob, Cindy", "Bob 50"),
        ("Side pot 1", 60, "Alice, Cindy", "Cindy 60"),
    ]
    takes = [(r.who, r.put_in, r.takes, r.net) for r in window.pots.payout_model.rows()]
    assert takes == [
        ("Seat 1 Alice", 40, 0, -40),
        ("Seat 2 Bob", 10, 50, 40),
        ("Seat 3 Cindy", 40, 60, 20),
    ]
    assert window.pots.order_note.text().startswith("Finishing order given by hand")


@pytest.mark.slow
def test_the_side_pot_example_ranked_by_the_showdown(qtbot, window: RulingsWindow) -> None:
    enter_the_worked_example(qtbot, window)
    type_cards(qtbot, window, BOARD, "2s 3s 8d 9h Kc")
    type_cards(qtbot, window, 0, "4c 5d")  # Alice: king high
    type_cards(qtbot, window, 1, "Ah Ad")  # Bob: aces
    type_cards(qtbot, window, 2, "Qs Qd")  # Cindy: queens
    assert pot_rows(window) == [
        ("Main pot", 50, "Alice, Bob, Cindy", "Bob 50"),
        ("Side pot 1", 60, "Alice, Cindy", "Cindy 60"),
    ]
    assert window.pots.order_note.text() == "Finishing order from the showdown."
    assert [s.place.value() for s in window.pots.seats] == [3, 1, 2]
    assert not window.pots.seats[0].place.isEnabled()


@pytest.mark.slow
def test_a_live_seat_without_a_place_is_named(qtbot, window: RulingsWindow) -> None:
    enter_the_worked_example(qtbot, window)
    set_spin(qtbot, window.pots.seats[1].place, 1)
    assert window.pots.error_label.isVisible()
    assert window.pots.error_label.text() == (
        "Give the place of Seat 1 Alice, Seat 3 Cindy too (1 is the best hand)."
    )


@pytest.mark.slow
def test_odd_chips_and_the_uncalled_bet(qtbot, window: RulingsWindow) -> None:
    window.set_dispute(
        Dispute(
            players=(
                Player(2, "Ann", bet=300, place=1),
                Player(5, "Ben", bet=125, place=1),
                Player(7, "Cal", bet=125, folded=True),
            ),
            button=2,
            chip=25,
        )
    )
    # Ann's 175 nobody called comes back; 375 split in 25s: 8 chips each way is 200 + 175.
    assert window.pots.uncalled_label.text() == "Uncalled bet: 175 goes back to Ann."
    assert pot_rows(window) == [
        ("Main pot", 375, "Ann, Ben", "Ann 175, Ben 200 (odd chip)"),
    ]
    # Ann's 175 back is her own bet, not winnings: it has a column of its own.
    takes = {r.who: (r.takes, r.returned, r.odd_chips) for r in window.pots.payout_model.rows()}
    assert takes == {
        "Seat 2 Ann": (175, 175, 0),
        "Seat 5 Ben": (200, 0, 1),
        "Seat 7 Cal": (0, 0, 0),
    }
    ann = window.pots.payout_model.index(0, 3)
    assert window.pots.payout_model.headerData(3, Qt.Orientation.Horizontal) == "Returned"
    assert window.pots.payout_model.data(ann) == "175"
    assert window.pots.payout_model.data(window.pots.payout_model.index(0, 2)) == "175"
    assert window.pots.odd_note.isVisible()
    model = window.pots.payout_model
    odd_row = next(i for i, r in enumerate(model.rows()) if r.odd_chips)
    index = model.index(odd_row, 2)
    assert model.data(index) == "200 ●"
    assert model.data(index, Qt.ItemDataRole.BackgroundRole) is not None


@pytest.mark.slow
def test_a_sole_winner_takes_a_remainder_smaller_than_a_chip_without_an_odd_chip(
    qtbot, window: RulingsWindow
) -> None:
    window.set_dispute(
        Dispute(
            players=(Player(1, "Ann", bet=30, place=1), Player(2, "Ben", bet=30, place=2)),
            chip=25,
        )
    )
    assert pot_rows(window) == [("Main pot", 60, "Ann, Ben", "Ann 60")]
    assert not window.pots.odd_note.isVisible()


@pytest.mark.slow
def test_the_smallest_chip_comes_from_the_tournament(
    qtbot, window: RulingsWindow, services: Services, bus: TournamentBus
) -> None:
    assert window.pots.chip_spin.value() == 25  # the default chip set starts at T25
    assert "T25" in window.pots.chip_note.text()
    tid = bus.tournament_id
    submit_and_wait(
        qtbot,
        bus,
        lambda: services.structure.set_chip_set(tid, ChipSet.standard((5, 25, 100, 500))),
    )
    assert window.pots.chip_spin.value() == 5
    assert window.dispute().chip == 5
    # Another tournament shown (with the default chip set): its chips.
    other = services.tournaments.create("Saturday deep stack").value.id
    bus.switch_tournament(other)
    settle(qtbot, bus)  # the chips are read on the worker
    assert window.dispute().chip == 25
    assert window.pots.chip_note.text() == "Chips in play: T25, T100, T500, T1,000, T5,000"


@pytest.mark.slow
def test_a_unit_the_director_typed_is_kept_when_the_chip_set_changes(
    qtbot, window: RulingsWindow, services: Services, bus: TournamentBus
) -> None:
    set_spin(qtbot, window.pots.chip_spin, 1)
    tid = bus.tournament_id
    # (T500 stays: the default structure colors it up at its third break.)
    submit_and_wait(
        qtbot,
        bus,
        lambda: services.structure.set_chip_set(tid, ChipSet.standard((5, 25, 100, 500))),
    )
    assert window.dispute().chip == 1
    assert window.pots.chip_note.text() == "Chips in play: T5, T25, T100, T500"


@pytest.mark.slow
def test_the_place_and_the_deck_are_remembered(
    qtbot, services: Services, bus: TournamentBus, ui_settings, window_factory
) -> None:
    first = window_factory(RulingsWindow(services, bus, settings=ui_settings))
    first.show()
    click(qtbot, first.four_colour_check)
    first.close()
    assert ui_settings.qsettings.value("geometry/rulings")  # (offscreen, sizes are clamped)
    again = window_factory(RulingsWindow(services, bus, settings=ui_settings))
    assert again.four_colour_check.isChecked()
    assert again.picker.button("Qd")._four_colour


@pytest.mark.slow
def test_the_pot_models_are_sound(qtmodeltester, qtbot, window: RulingsWindow) -> None:
    enter_the_worked_example(qtbot, window)
    for seat, place in zip(window.pots.seats, (3, 1, 2), strict=True):
        set_spin(qtbot, seat.place, place)
    qtmodeltester.check(window.pots.pot_model)
    qtmodeltester.check(window.pots.payout_model)
