"""Choosing the language: the system's by default, switched at run time, per request."""

from __future__ import annotations

import threading

from clockapp import formats
from clockapp.i18n import (
    available_languages,
    current_language,
    ngettext,
    set_language,
    system_language,
    using_language,
)
from clockapp.i18n import (
    gettext as _,
)


def test_switching_language_changes_what_underscore_says() -> None:
    assert _("Break") == "Break"
    set_language("de")
    assert _("Break") == "Pause"
    set_language("en")
    assert _("Break") == "Break"


def test_plurals_follow_the_language() -> None:
    set_language("de")
    one = ngettext("{count} HEAD", "{count} HEADS", 1).format(count=1)
    many = ngettext("{count} HEAD", "{count} HEADS", 5).format(count=5)
    assert (one, many) == ("1 KOPF", "5 KÖPFE")


def test_the_system_language_decides_by_default() -> None:
    assert system_language({"LANG": "de_AT.UTF-8"}) == "de"
    assert system_language({"LANGUAGE": "", "LC_ALL": "", "LANG": "ja_JP.UTF-8"}) == "en"
    assert system_language({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}) == "de"


def test_an_unknown_language_falls_back_to_english() -> None:
    assert set_language("tlh") == "en"
    assert _("Break") == "Break"


def test_a_request_speaks_its_own_language_without_touching_the_others() -> None:
    seen: dict[str, str] = {}

    def other_thread() -> None:
        seen["other"] = _("Break")

    with using_language("de-DE"):
        assert current_language() == "de"
        assert _("Break") == "Pause"
        thread = threading.Thread(target=other_thread)
        thread.start()
        thread.join()
    assert seen["other"] == "Break"
    assert _("Break") == "Break"


def test_german_money_numbers_and_times() -> None:
    set_language("de")
    assert formats.money(123450, "€").replace("\xa0", " ") == "1.234,50 €"
    assert formats.money(100000, "€", trim_zero_cents=True).replace("\xa0", " ") == "1.000 €"
    assert formats.number(1234567) == "1.234.567"


def test_english_money_stays_as_it_was() -> None:
    assert formats.money(123450, "$") == "$1,234.50"
    assert formats.money(-505, "$") == "-$5.05"
    assert formats.money(2533, "CHF") == "25.33 CHF"


def test_money_follows_a_switch_of_language() -> None:
    assert formats.money(123457, "€") == "€1,234.57"
    set_language("de")
    assert formats.money(123457, "€").replace("\xa0", " ") == "1.234,57 €"
    set_language("en")
    assert formats.money(123457, "€") == "€1,234.57"


def test_any_whole_number_is_written_in_full() -> None:
    # A refusal names the amount it refuses, however large it was typed.
    assert formats.money(10**30, "$") == f"${10**28:,}.00"
    assert formats.money(-(10**40) - 1, "") == f"-{10**38:,}.01"
    assert formats.number(10**40) == f"{10**40:,}"
    assert formats.decimal(10**40, 1) == f"{10**40:,}.0"


def test_german_is_offered() -> None:
    assert "de" in {language.code for language in available_languages()}


def test_a_core_error_reads_in_the_language() -> None:
    import pytest

    from clockapp.core.money.amounts import AmountError, parse_amount

    set_language("de")
    with pytest.raises(AmountError, match="ist negativ"):
        parse_amount("-5", field="Buy-in")


def test_the_room_hears_german() -> None:
    from datetime import UTC, datetime

    from clockapp.core.clock import ClockEvent, EventKind
    from clockapp.core.structure import Break, Level

    set_language("de")
    t = datetime(2026, 1, 1, tzinfo=UTC)
    level = ClockEvent(t, 2, EventKind.LEVEL_STARTED, Level(1000, 2000, ante=2000))
    assert _announce(level) == "Die Blinds sind jetzt 1.000-2.000, Ante 2.000."
    pause = ClockEvent(t, 3, EventKind.BREAK_STARTED, Break(1))
    assert _announce(pause) == "Pause: 1 Minute."


def _announce(event: object) -> str:
    # The clock's texts live in clockapp.ui.clock.texts, which imports no Qt.
    from clockapp.ui.clock.texts import announcement

    return announcement(event)  # type: ignore[arg-type]


def test_french_plurals_count_zero_as_one() -> None:
    # French says "0 élimination"; its CLDR rule has a third form for millions.
    set_language("fr")
    heads = [ngettext("{count} HEAD", "{count} HEADS", n).format(count=n) for n in (0, 1, 2, 10**6)]
    assert heads == ["0 ÉLIMINATION", "1 ÉLIMINATION", "2 ÉLIMINATIONS", "1000000 ÉLIMINATIONS"]
