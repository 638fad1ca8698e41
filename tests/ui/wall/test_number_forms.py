"""The wall writes its figures as the room's language does (issue 28)."""

from __future__ import annotations

from clockapp.i18n import set_language
from clockapp.ui.wall.chip_leaders import bb_text
from clockapp.ui.wall.showdown import chips


def test_the_showdowns_stake_groups_as_german_does() -> None:
    set_language("de")
    assert chips(14500) == "14.500"
    set_language("en")
    assert chips(14500) == "14,500"


def test_chip_leaders_big_blinds_in_french_and_dutch() -> None:
    set_language("nl")
    assert bb_text(23.75) == "23,8 BB"
    assert bb_text(35.0) == "35 BB"
    assert bb_text(12345.0) == "12.345 BB"
    set_language("fr")
    assert bb_text(1.5) == "1,5 BB"
