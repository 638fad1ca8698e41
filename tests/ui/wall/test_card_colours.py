"""The wall's playing cards keep their own inks in every theme: black spades and clubs, red
hearts and diamonds, on a white card, whatever colours the room's theme gives the text."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QWidget

from clockapp.core.look import BUILT_IN, Palette
from clockapp.core.race_cards import pretty_card
from clockapp.core.wall import CHIP_RACE, WallMoment
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.wall.cards import CardRow
from clockapp.ui.wall.chip_race import MAX_CARDS, ChipRaceMoment

DECK = [rank + suit for suit in "shdc" for rank in "23456789TJQKA"]


def _is_white(colour: QColor) -> bool:
    return min(colour.red(), colour.green(), colour.blue()) >= 225


def _is_black(colour: QColor) -> bool:
    return max(colour.red(), colour.green(), colour.blue()) <= 70


def _is_red(colour: QColor) -> bool:
    return colour.red() >= 150 and colour.green() <= 80 and colour.blue() <= 90


def _ink_share(image: QImage, left: int, top: int, width: int, height: int, red: bool) -> float:
    """The share of the box's pixels drawn in the suit's ink."""
    is_ink = _is_red if red else _is_black
    step = 2
    total = inked = 0
    for y in range(top, top + height, step):
        for x in range(left, left + width, step):
            total += 1
            inked += is_ink(image.pixelColor(x, y))
    return inked / max(1, total)


def _race_payload() -> dict[str, Any]:
    rows = [DECK[i : i + MAX_CARDS] for i in range(0, len(DECK), MAX_CARDS)]
    players = [
        {
            "name": f"Player {i + 1}",
            "cards": [pretty_card(c) for c in cards],
            "red": [c[1] in "hd" for c in cards],
            "takes": 0,
        }
        for i, cards in enumerate(rows)
    ]
    return {
        "table": "Table 1",
        "removed": ["T25 green"],
        "target": "T100 black",
        "raced": 1,
        "players": players,
    }


def _shown(widget: QWidget, qtbot, look: WallTheme, palette: Palette) -> QImage:
    look.set_palette(palette)
    qtbot.addWidget(widget)
    widget.resize(1920, 1080)
    widget.show()
    qtbot.waitExposed(widget)
    return widget.grab().toImage()


@pytest.mark.slow
@pytest.mark.parametrize("palette", BUILT_IN, ids=lambda p: p.name)
def test_every_chip_race_card_is_drawn_in_its_own_ink_on_a_white_card(qtbot, palette) -> None:
    look = WallTheme()
    moment = ChipRaceMoment(look)
    payload = _race_payload()
    moment.show_moment(WallMoment(CHIP_RACE, payload))
    image = _shown(moment, qtbot, look, palette)
    seen = 0
    for row, player in zip(moment.rows, payload["players"], strict=False):
        for label, text, red in zip(row.card_labels, player["cards"], player["red"], strict=False):
            assert label.text() == text
            corner = label.mapTo(moment, label.rect().topLeft())
            x, y, w, h = corner.x(), corner.y(), label.width(), label.height()
            # The card's face: its middle column just inside the top edge, away from the ink.
            face = image.pixelColor(x + w // 2, y + max(1, h // 12))
            assert _is_white(face), (palette.name, text, face.name())
            share = _ink_share(image, x, y, w, h, red)
            assert share >= 0.03, (palette.name, text, f"{share:.3f} of the card inked")
            seen += 1
    assert seen == len(DECK)


@pytest.mark.slow
@pytest.mark.parametrize("palette", BUILT_IN, ids=lambda p: p.name)
def test_every_showdown_card_is_drawn_in_its_own_ink_on_a_white_card(qtbot, palette) -> None:
    # The showdown's hands and board are `CardRow`s: a row of the whole deck, a suit a row.
    for suit in "shdc":
        cards = [c for c in DECK if c[1] == suit]
        row = CardRow(len(cards))
        row.set_cards(cards)
        image = _shown(row, qtbot, WallTheme(), palette)
        for card, rect in zip(cards, row.card_rects(), strict=True):
            box = rect.toRect()
            face = image.pixelColor(box.center().x(), box.top() + box.height() // 2)
            assert _is_white(face), (palette.name, card, face.name())
            share = _ink_share(image, box.x(), box.y(), box.width(), box.height(), suit in "hd")
            assert share >= 0.03, (palette.name, card, f"{share:.3f} of the card inked")


@pytest.mark.parametrize("palette", BUILT_IN, ids=lambda p: p.name)
def test_every_chip_race_card_is_outlined_so_it_stands_off_a_pale_wall(qtbot, palette) -> None:
    # The day theme's wall is nearly a card's white: without an edge the tiles melt into it.
    look = WallTheme()
    moment = ChipRaceMoment(look)
    payload = _race_payload()
    moment.show_moment(WallMoment(CHIP_RACE, payload))
    image = _shown(moment, qtbot, look, palette)
    wall = QColor(palette.colours["BACKGROUND"])
    for row, player in zip(moment.rows, payload["players"], strict=False):
        for label, _text in zip(row.card_labels, player["cards"], strict=False):
            corner = label.mapTo(moment, label.rect().topLeft())
            middle = corner.y() + label.height() // 2
            edge = min(
                (image.pixelColor(corner.x() + dx, middle) for dx in range(3)),
                key=lambda c: c.lightness(),
            )
            assert not _is_white(edge), (palette.name, edge.name())
            assert abs(edge.lightness() - wall.lightness()) >= 40, (palette.name, edge.name())
