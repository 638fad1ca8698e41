"""The 52-card picker on its own: clicks, greyed-out cards, right-click to take back."""

from __future__ import annotations

from PySide6.QtCore import Qt

from clockapp.ui.rulings.card_picker import CardPicker
from clockapp.ui.rulings.cards import Look, card_face, card_words


def test_a_click_picks_a_free_card(qtbot) -> None:
    picker = CardPicker()
    qtbot.addWidget(picker)
    with qtbot.waitSignal(picker.card_picked) as blocker:
        qtbot.mouseClick(picker.button("Qh"), Qt.MouseButton.LeftButton)
    assert blocker.args == ["Qh"]


def test_used_cards_are_greyed_and_cannot_be_picked_but_can_be_taken_back(qtbot) -> None:
    picker = CardPicker()
    qtbot.addWidget(picker)
    picker.set_used({"As", "Kd"})
    assert picker.button("As").look() is Look.USED
    assert picker.button("Ah").look() is Look.FREE
    picked: list[str] = []
    picker.card_picked.connect(picked.append)
    qtbot.mouseClick(picker.button("As"), Qt.MouseButton.LeftButton)
    assert picked == []
    with qtbot.waitSignal(picker.card_removed) as blocker:
        qtbot.mouseClick(picker.button("Kd"), Qt.MouseButton.RightButton)
    assert blocker.args == ["Kd"]
    removed: list[str] = []
    picker.card_removed.connect(removed.append)
    qtbot.mouseClick(picker.button("2c"), Qt.MouseButton.RightButton)  # not used: nothing
    assert removed == []


def test_faces_and_words() -> None:
    assert card_face("Th") == "10♥"
    assert card_face("As") == "A♠"
    assert card_words("2c") == "deuce of clubs"
    assert card_words("Qd") == "queen of diamonds"


def test_the_picker_renders_in_both_decks(qtbot) -> None:
    picker = CardPicker()
    qtbot.addWidget(picker)
    picker.set_used({"As"})
    assert not picker.grab().isNull()
    picker.set_four_colour(True)
    assert not picker.grab().isNull()
