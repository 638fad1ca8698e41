"""A ruling on the wall from the rulings window, its hands as a showdown, and a bad beat."""

from __future__ import annotations

from fractions import Fraction

import pytest

from clockapp.core.wall import RULING, SHOWDOWN
from clockapp.errors import ValidationError
from clockapp.ui.actions import Action, RulingsAction
from clockapp.ui.rulings.state import Dispute, Game, Player
from clockapp.ui.rulings.window import RulingsWindow
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.ruling import RulingMoment
from clockapp.ui.wall.showdown import ShowdownMoment
from tests.ui.polling import settle


def rulings(station: ClockStation) -> RulingsWindow:
    window = station.windows.open_rulings()
    assert isinstance(window, RulingsWindow)
    return window


def press(window: RulingsWindow, action: RulingsAction) -> None:
    window.key_actions[action][0].trigger()


SIDE_POT = Dispute(
    board=("Kh", "7d", "7c", "2s", "3h"),
    players=(
        Player(1, "Ann", ("As", "Qd"), bet=400),
        Player(3, "Bo", ("Kd", "Ks"), bet=100),
        Player(5, "Cy", ("9c", "9d"), bet=400),
    ),
    button=5,
)


@pytest.mark.slow
def test_one_key_puts_the_verdict_on_the_wall_until_it_is_cleared(
    station: ClockStation, qtbot
) -> None:
    window = rulings(station)
    window.set_dispute(SIDE_POT)
    press(window, RulingsAction.RULING_TO_WALL)
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    widget = stage.current_widget()
    assert isinstance(widget, RulingMoment)
    assert widget.headline_label.text() == "Seat 3 Bo wins the main pot with kings full of sevens"
    assert [p.name_label.text() for p in widget.panels] == ["Seat 1 Ann", "Seat 3 Bo", "Seat 5 Cy"]
    assert widget.panels[1].outs_label.text() == "WINS"
    assert widget.panels[1].cards.highlighted() == {"Kd", "Ks"}
    assert widget.board.cards() == ("Kh", "7d", "7c", "2s", "3h")
    lines = [label.text() for label in widget.pot_labels if label.text()]
    assert lines == ["Main pot 300: Bo 300", "Side pot 1 600: Cy 600"]
    station.director_actions[Action.CLEAR_WALL].trigger()
    settle(qtbot, station.bus)
    qtbot.waitUntil(lambda: not stage.isVisible())


def test_no_verdict_means_nothing_on_the_wall(station: ClockStation) -> None:
    window = rulings(station)
    window.set_dispute(Dispute())
    with pytest.raises(ValidationError, match="No verdict to show yet"):
        window.wall.ruling_to_wall()
    assert station.services.wall.current(station.bus.tournament_id) is None


@pytest.mark.slow
def test_the_hands_go_on_the_wall_as_a_showdown_street_by_street(
    station: ClockStation, qtbot
) -> None:
    window = rulings(station)
    hands = (Player(1, "Ann", ("As", "Ad"), bet=500), Player(2, "Bo", ("Kh", "Qh"), bet=500))
    window.set_dispute(Dispute(board=("2s", "Ah", "Ac"), players=hands))
    press(window, RulingsAction.SHOWDOWN_TO_WALL)
    settle(qtbot, station.bus)
    tid = station.bus.tournament_id
    first = station.services.wall.current(tid)
    assert first is not None
    assert first.kind == SHOWDOWN
    assert first.payload["street"] == "flop"
    window.set_dispute(Dispute(board=("2s", "Ah", "Ac", "Th"), players=hands))
    press(window, RulingsAction.SHOWDOWN_TO_WALL)
    settle(qtbot, station.bus)
    turn = station.services.wall.current(tid)
    assert turn is not None
    assert turn.payload["id"] == first.payload["id"]  # the same showdown, a street later
    assert turn.payload["hands"][1]["outs"] == ["Jh"]


@pytest.mark.slow
def test_a_card_on_two_hands_leaves_the_wall_as_it_was(station: ClockStation) -> None:
    window = rulings(station)
    station.services.wall.show(station.bus.tournament_id, RULING, {"headline": "before"})
    before = station.services.wall.current(station.bus.tournament_id)
    hands = (Player(1, "Ann", ("As", "Ad"), bet=500), Player(2, "Ann", ("Kh", "Qh"), bet=500))
    window.set_dispute(Dispute(board=("2s", "Ah", "Ac"), players=hands))
    with pytest.raises(Exception, match="Ann is entered twice"):
        window.wall.showdown_to_wall()
    assert station.services.wall.current(station.bus.tournament_id) == before


@pytest.mark.slow
def test_a_bad_beat_entered_in_the_rulings_window_is_ranked(station: ClockStation, qtbot) -> None:
    window = rulings(station)
    hands = (Player(1, "Ann", ("As", "Ad")), Player(2, "Bo", ("Kh", "Qh")))
    window.set_dispute(Dispute(board=("2s", "Ah", "Ac", "Th", "Jh"), players=hands))
    window.wall.ask_beat_street = lambda: "flop"
    press(window, RulingsAction.BAD_BEAT)
    settle(qtbot, station.bus)
    worst = station.services.showdown.worst_beat(station.bus.tournament_id)
    assert worst is not None
    assert (worst.winner, worst.chance, worst.street) == ("Bo", Fraction(1, 990), "flop")


@pytest.mark.slow
def test_omaha_hands_go_on_the_wall_as_a_showdown_with_exact_odds(
    station: ClockStation, qtbot
) -> None:
    window = rulings(station)
    hands = (
        Player(1, "Ann", ("As", "Ad", "7c", "2s"), bet=500),
        Player(2, "Bo", ("Kh", "Qh", "3c", "4d"), bet=500),
    )
    window.set_dispute(Dispute(game=Game.OMAHA, board=("Ah", "8h", "2h"), players=hands))
    press(window, RulingsAction.SHOWDOWN_TO_WALL)
    settle(qtbot, station.bus)  # the showdown is shown from the station's worker
    shown = station.services.wall.current(station.bus.tournament_id)
    assert shown is not None
    assert shown.kind == SHOWDOWN
    assert shown.payload["boards"] == 820  # every turn and river, counted
    assert shown.payload["hands"][0]["cards"] == ["As", "Ad", "7c", "2s"]
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    widget = stage.current_widget()
    assert isinstance(widget, ShowdownMoment)
    assert widget.panels[1].cards.cards() == ("Kh", "Qh", "3c", "4d")
    assert "MARGIN" not in widget.panels[0].outs_label.text()


@pytest.mark.slow
def test_a_sampled_showdown_says_its_margin_on_the_wall(station: ClockStation, qtbot) -> None:
    window = rulings(station)
    cards = [
        ("As", "Ad", "Kc", "Qd"),
        ("Kh", "Qh", "Jh", "Th"),
        ("9c", "9d", "8h", "7h"),
        ("2s", "3s", "4c", "5c"),
        ("6d", "6h", "7s", "8s"),
    ]
    hands = tuple(Player(i + 1, f"P{i + 1}", c, bet=100) for i, c in enumerate(cards))
    window.set_dispute(Dispute(game=Game.OMAHA, players=hands))
    press(window, RulingsAction.SHOWDOWN_TO_WALL)
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    widget = stage.current_widget()
    assert isinstance(widget, ShowdownMoment)
    shown = station.services.wall.current(station.bus.tournament_id)
    assert shown is not None
    margin = shown.payload["hands"][0]["margin"]
    assert 0 < margin < 0.01
    assert widget.panels[0].chance_label.text().startswith("WIN ")
    assert widget.panels[0].outs_label.text() == f"MARGIN ±{margin:.1%}"
