"""What the room sees in each situation: breaks, color-ups, overtime, money, and screenshots."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QImage

from clockapp.core.money.amounts import format_cents
from clockapp.core.structure import Break, Level, Structure
from clockapp.core.text import NAME_MAX
from clockapp.ui.clock import texts
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.shell import entry
from tests.ui.polling import poll, settle, submit_and_wait

SMALL = Structure(
    "Test",
    (
        Level(25, 50, minutes=20),
        Break(10, color_up=(25,)),
        Level(100, 200, ante=200, big_blind_ante=True, minutes=20),
    ),
)


@pytest.fixture
def small(qtbot, services, tournament_id, bus, station):
    """The station's tournament with a three-item structure."""
    submit_and_wait(qtbot, bus, lambda: services.structure.replace(tournament_id, SMALL))
    return station


@pytest.mark.slow
def test_color_up_is_announced_before_and_during_the_break(
    qtbot, small, services, tournament_id, fake_clock
) -> None:
    display = small.display
    services.clock.start(tournament_id)
    poll(qtbot, small.bus)
    assert "Color-up at the break" in display.notice_label.text()
    assert "T25" in display.notice_label.text()
    assert display.next_label.text().startswith("Break")

    fake_clock.advance(minutes=21)
    small.session.tick()
    settle(qtbot, small.bus)
    assert display.level_label.text() == "BREAK"
    assert display.status_label.text().startswith("COLOR UP: T25")
    assert display.blinds_caption.text() == "AFTER THE BREAK"
    assert display.blinds_label.text() == "100 / 200"
    assert display.ante_label.text() == "BB ANTE 200"
    assert display.countdown_label.text() == "09:00"
    assert display.notice_label.text().startswith("Play resumes at")


@pytest.mark.slow
def test_overtime_after_the_last_level_says_so(
    qtbot, small, services, tournament_id, fake_clock
) -> None:
    services.clock.start(tournament_id)
    poll(qtbot, small.bus)
    fake_clock.advance(minutes=20 + 10 + 20 + 3)
    small.session.tick()
    settle(qtbot, small.bus)
    display = small.display
    assert "OVERTIME" in display.level_label.text()
    assert display.countdown_label.text() == "+03:00"
    assert display.status_label.text() == "LAST LEVEL · PLAY CONTINUES"
    assert display.break_block.value.text() == "none"


@pytest.mark.slow
def test_money_panel_only_when_there_is_a_prize_pool(station) -> None:
    display = station.display
    snapshot = station.session.snapshot
    assert display.money_stack.currentWidget() is display.no_money_area
    paid = replace(
        snapshot,
        stats=replace(
            snapshot.stats,
            prize_pool_cents=180_000,
            payouts=((1, 90_000), (2, 54_000), (3, 36_000)),
        ),
    )
    display.show_snapshot(paid)
    assert display.money_stack.currentWidget() is display.money_area
    assert display.prize_block.value.text() == "$1,800"
    rows = [(p.text(), a.text()) for p, a in display.payout_rows]
    assert rows[:4] == [("1st", "$900"), ("2nd", "$540"), ("3rd", "$360"), ("", "")]
    # Only the places paid take lines; each is at most a quarter of the ladder's room.
    visible = [p.isVisibleTo(display) for p, _a in display.payout_rows]
    assert visible == [True, True, True, False, False, False]
    display.show_snapshot(snapshot)
    assert display.money_stack.currentWidget() is display.no_money_area


@pytest.mark.slow
def test_many_places_paid_are_summarised(station) -> None:
    snapshot = station.session.snapshot
    payouts = tuple((place, 10_000 - place * 100) for place in range(1, 10))
    station.display.show_snapshot(
        replace(snapshot, stats=replace(snapshot.stats, prize_pool_cents=80_000, payouts=payouts))
    )
    last_place, last_amount = station.display.payout_rows[-1]
    assert last_place.text() == "9 paid"
    assert last_amount.text().startswith("…")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_text_fits_its_box_at_every_size(station, qtbot, size) -> None:
    display = station.display
    display.resize(*size)
    display.layout().activate()
    for label in display.findChildren(FitLabel):
        if not label.isVisible() or not label.text():
            continue
        from PySide6.QtGui import QFontMetricsF

        width = QFontMetricsF(label.fitted_font()).horizontalAdvance(label.shown_text())
        assert width <= label.width() + 1, label.text()
        assert label.fitted_font().pixelSize() <= label.height() * 1.2


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_a_long_tournament_name_stays_readable_and_ends_with_an_ellipsis(
    station, services, tournament_id, qtbot, size
) -> None:
    short = station.display.name_label
    station.display.resize(*size)
    station.display.layout().activate()
    normal = short.fitted_font().pixelSize()
    # The longest name a tournament may have, in wide capitals: more than the line holds at 60%.
    name = ("THE ANNUAL GRAND CHARITY CHAMPIONSHIP OF THE GREATER METROPOLITAN " * 2)[:NAME_MAX]
    submit_and_wait(qtbot, station.bus, lambda: services.tournaments.rename(tournament_id, name))
    assert short.text() == name.strip()
    assert short.fitted_font().pixelSize() >= 0.6 * normal - 1  # not shrunk to a few pixels
    shown = short.shown_text()
    assert shown.endswith("…")
    assert name.startswith(shown[:-1].rstrip())


@pytest.mark.parametrize("pixel", [9, 14, 37, 120, 400])
def test_text_is_measured_once_and_scaled_to_any_size(qapp, pixel: int) -> None:
    # A label measures its text at one reference size and scales (every size measured would be
    # a font engine of its own): the scaled width stays within 2% of the width at that size.
    from PySide6.QtGui import QFont, QFontMetricsF

    from clockapp.ui.display import theme

    for weight in (QFont.Weight.Bold, QFont.Weight.Medium):
        for text in ("00:17", "100 / 200", "Demo: Friday Night Deepstack", "1st"):
            real = QFontMetricsF(theme.display_font(pixel, weight)).horizontalAdvance(text)
            assert theme.text_width(text, pixel, weight) == pytest.approx(real, rel=0.02), text


def test_a_label_draws_its_text_in_its_colour_after_a_change_and_a_theme_switch(qtbot) -> None:
    # A new colour, and a theme switch for a palette colour, must both reach the pixels.
    from PySide6.QtGui import QColor

    from clockapp.core.look import theme_named
    from clockapp.ui.display.theme import WallTheme

    def drawn(label: FitLabel) -> str:
        image = label.grab().toImage()
        return image.pixelColor(image.width() // 2, image.height() // 2).name()

    look = WallTheme(theme_named("night"))
    label = FitLabel(look, "\u2588\u2588\u2588", color=look.BLINDS, fill=0.9)
    qtbot.addWidget(label)
    label.resize(300, 120)
    assert drawn(label) == theme_named("night").colours["BLINDS"]
    label.setColor(QColor("#12ab34"))
    assert drawn(label) == "#12ab34"
    label.setColor(look.BREAK)
    look.set_palette(theme_named("day"))
    assert drawn(label) == theme_named("day").colours["BREAK"]


@pytest.mark.slow
def test_screenshot_command_writes_a_png_of_the_size_asked(tmp_path: Path, qapp) -> None:
    out = tmp_path / "shots" / "clock.png"
    db = tmp_path / "shot.db"
    code = entry.run_app(["--db", str(db), "--screenshot", str(out), "--size", "1280x720"])
    assert code == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1280, 720)
    # An empty database shows the demo: the picture is not blank.
    colors = {image.pixel(x, y) for x in range(0, 1280, 40) for y in range(0, 720, 40)}
    assert len(colors) > 3


@pytest.mark.slow
def test_screenshot_of_the_current_tournament(tmp_path: Path, qapp) -> None:
    from clockapp.services.app import open_services

    db = tmp_path / "current.db"
    services = open_services(str(db))
    services.tournaments.create("Tuesday Turbo")
    out = tmp_path / "current.png"
    assert entry.run_app(["--db", str(db), "--screenshot", str(out)]) == 0
    assert QImage(str(out)).width() == 1920
    assert [t.name for t in services.tournaments.list()] == ["Tuesday Turbo"]
    services.ctx.engine.dispose()


@pytest.mark.parametrize("bad", ["12x9", "wide", "1920x"])
def test_bad_size_is_refused(bad: str, capsys) -> None:
    with pytest.raises(SystemExit):
        entry.run_app(["--screenshot", "x.png", "--size", bad])


@pytest.mark.slow
def test_self_test_passes(qapp, capsys) -> None:
    assert entry.run_app(["--self-test"]) == 0
    assert "self-test: ok" in capsys.readouterr().out


@pytest.mark.slow
def test_players_to_the_money_under_the_players(station) -> None:
    display = station.display
    snapshot = station.session.snapshot
    for to_money, text in ((5, "5 TO THE MONEY"), (0, "IN THE MONEY"), (None, "")):
        stats = replace(
            snapshot.stats,
            prize_pool_cents=10_000,
            payouts=((1, 6_000), (2, 4_000)),
            players_to_money=to_money,
        )
        display.show_snapshot(replace(snapshot, stats=stats))
        assert display.players_block.sub.text() == text


@pytest.mark.slow
def test_the_moves_banner_takes_room_only_while_moves_are_pending(station) -> None:
    from datetime import UTC, datetime

    from clockapp.core.seating import DealIn, MoveKind, Seat
    from clockapp.services.seating import MoveInfo

    display = station.display
    root = display.layout()
    index = root.indexOf(display.moves_banner)
    assert root.stretch(index) == 0
    at = datetime(2026, 1, 1, tzinfo=UTC)
    moves = [
        MoveInfo(
            n,
            n,
            f"P{n}",
            Seat(3, n),
            Seat(1, n),
            MoveKind.BALANCE,
            "",
            DealIn.NOW,
            False,
            False,
            at,
            1,
        )
        for n in range(1, 3)
    ]
    display.show_moves(moves)
    assert display.moves_banner.isVisibleTo(display)
    assert root.stretch(index) == display.moves_banner.stretch() > 0
    assert display.moves_banner.shown() == [
        ("P1", "Table 3, seat 1  →  Table 1, seat 1"),
        ("P2", "Table 3, seat 2  →  Table 1, seat 2"),
    ]
    assert display.moves_banner.page_label.text() == ""
    display.show_moves(())
    assert root.stretch(index) == 0
    assert not display.moves_banner.isVisibleTo(display)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    cents=st.integers(-(10**12), 10**12),
    currency=st.sampled_from(("$", "€", "", "EUR", "CHF", "kr", "R$")),
)
def test_wall_money_reads_as_the_money_module_writes_it(cents: int, currency: str) -> None:
    """The wall's money is the money module's: a sign before the number, a code after it."""
    after = len(currency) > 1 and currency.isalpha()
    expected = format_cents(cents, symbol=currency, symbol_after=after, trim_zero_cents=True)
    assert texts.money(cents, currency) == expected


@pytest.mark.slow
def test_the_color_up_notice_says_what_replaces_the_chips(
    qtbot, small, services, tournament_id, fake_clock
) -> None:
    """Before and during the break the room reads which chips go and into what."""
    display = small.display
    chips = services.clock.snapshot(tournament_id).chip_set
    assert {25, 100} <= set(chips.values)
    services.clock.start(tournament_id)
    poll(qtbot, small.bus)
    green, black = chips.denomination(25).color, chips.denomination(100).color
    assert display.notice_label.text() == (
        f"Color-up at the break: T25 {green} → T100 {black} (4 = 1)"
    )
    fake_clock.advance(minutes=21)
    small.session.tick()
    settle(qtbot, small.bus)
    assert display.status_label.text() == f"COLOR UP: T25 {green} → T100 {black} (4 = 1)".upper()


@pytest.mark.slow
def test_the_wall_names_the_next_levels_game_when_it_changes(
    qtbot, services, tournament_id, bus, station
) -> None:
    mixed = Structure(
        "Mixed",
        (
            Level(100, 200, ante=200, big_blind_ante=True, minutes=20),
            Level(200, 400, ante=400, big_blind_ante=True, minutes=20, game="PLO"),
        ),
    )
    submit_and_wait(qtbot, bus, lambda: services.structure.replace(tournament_id, mixed))
    services.clock.start(tournament_id)
    poll(qtbot, station.bus)
    assert station.display.next_label.text() == "200 / 400  ·  BB ante 400  ·  PLO"


@pytest.mark.slow
def test_a_break_before_a_change_of_game_says_which_game_play_resumes_with(
    qtbot, services, tournament_id, bus, station, fake_clock, fake_sound, fake_timer
) -> None:
    """During the break the wall showed "200 / 400 · BB ANTE 400" after the break and the room
    heard only the break's length, when play resumed with PLO."""
    mixed = Structure(
        "Mixed",
        (
            Level(100, 200, ante=200, big_blind_ante=True, minutes=20),
            Break(10),
            Level(200, 400, ante=400, big_blind_ante=True, minutes=20, game="PLO"),
            Level(300, 600, ante=600, big_blind_ante=True, minutes=20, game="PLO"),
        ),
    )
    submit_and_wait(qtbot, bus, lambda: services.structure.replace(tournament_id, mixed))
    submit_and_wait(qtbot, bus, lambda: services.clock.set_announce(tournament_id, True))
    services.clock.start(tournament_id)
    poll(qtbot, station.bus)

    def reach(minutes: float) -> None:
        # As the repaint timer would: up to a second before, then over the change.
        fake_clock.advance(minutes=minutes, seconds=-1)
        fake_timer.fire()
        settle(qtbot, station.bus)  # the claim runs on the worker
        fake_clock.advance(seconds=2)
        fake_timer.fire()
        settle(qtbot, station.bus)

    reach(20)
    display = station.display
    assert display.blinds_caption.text() == "AFTER THE BREAK"
    assert display.ante_label.text() == "BB ANTE 400  ·  PLO"
    assert station.director.mini_clock.blinds_label.text() == (
        "then 200 / 400  ·  BB ante 400  ·  PLO"
    )
    assert fake_sound.said[-1] == "Break for 10 minutes. Play resumes with PLO."
    # Play resumed with PLO: the room hears it once; the next PLO level says no game.
    reach(10)
    assert fake_sound.said[-1] == "Blinds are now 200-400, big blind ante 400. The game is now PLO."
    assert display.ante_label.text() == "BB ANTE 400"
    assert display.next_label.text() == "300 / 600  ·  BB ante 600"
