"""The wall's palette: switchable at run time, and every theme readable from the back of a room."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QFontMetricsF

from clockapp.core.look import BUILT_IN, MIN_CONTRAST, contrast_ratio, theme_named
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.station.station import ClockStation


def _hex(color: QColor) -> str:
    return color.name()


@pytest.mark.slow
@pytest.mark.parametrize("palette", BUILT_IN, ids=lambda p: p.name)
@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_the_countdown_stays_a_quarter_of_the_screen_in_every_theme(
    station: ClockStation, palette, size
) -> None:
    station.look.set_palette(palette)
    display = station.display
    display.resize(*size)
    display.layout().activate()
    label = display.countdown_label
    assert label.text()
    font = label.fitted_font()
    digits_height = QFontMetricsF(font).tightBoundingRect("0123456789").height()
    assert digits_height >= size[1] / 4, (palette.name, size, digits_height)
    # ...and it is drawn in a colour that stands 7:1 on the theme's background.
    drawn = _hex(label.color())
    assert contrast_ratio(drawn, palette.colours["BACKGROUND"]) >= MIN_CONTRAST


def test_a_theme_change_repaints_every_label_in_the_new_colours(
    station: ClockStation, qtbot
) -> None:
    display, look = station.display, station.look
    plain = FitLabel(look, "Hello")  # the default colour, look.TEXT, as other kinds build them
    qtbot.addWidget(plain)
    assert _hex(plain.color()) == theme_named("night").colours["TEXT"]
    day = theme_named("day")
    look.set_palette(day)
    assert _hex(plain.color()) == day.colours["TEXT"]
    assert _hex(display.time_label.color()) == day.colours["MUTED"]
    assert _hex(display.blinds_label.color()) == day.colours["BLINDS"]
    image = display.grab().toImage()
    corner = image.pixelColor(image.width() // 2, 2)
    assert _hex(corner) == day.colours["BACKGROUND"]
    assert _hex(look.BACKGROUND) == day.colours["BACKGROUND"]


def test_labels_built_after_a_theme_change_follow_the_next_one(qtbot) -> None:
    night = theme_named("night")
    look = WallTheme(night)
    captured = look.BLINDS  # a colour read before the change (a constant, a default argument)
    day, felt = theme_named("day"), theme_named("felt")
    look.set_palette(day)
    default = FitLabel(look, "Rules")  # a wall kind's line, built lazily while "day" is on
    blinds = FitLabel(look, "400 / 800", color=captured)
    for label in (default, blinds):
        qtbot.addWidget(label)
    assert _hex(default.color()) == day.colours["TEXT"]
    assert _hex(blinds.color()) == day.colours["BLINDS"]
    look.set_palette(felt)
    assert _hex(default.color()) == felt.colours["TEXT"]
    assert _hex(blinds.color()) == felt.colours["BLINDS"]
    assert night.colours["BLINDS"] == captured.name()


@pytest.mark.slow
def test_the_screenshot_draws_the_theme_asked_and_leaves_the_look_as_it_was(
    station: ClockStation, services, tournament_id, tmp_path
) -> None:
    from PySide6.QtGui import QImage

    from clockapp.ui.shell.offscreen import render_screenshot

    path = tmp_path / "day.png"
    assert render_screenshot(services, tournament_id, path, (1280, 720), theme="day") == 0
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1280, 720)
    assert _hex(image.pixelColor(640, 3)) == theme_named("day").colours["BACKGROUND"]
    # The station's wall goes on in the tournament's own look.
    assert station.look.palette() == theme_named("night")
    wall = station.display.grab().toImage()
    assert _hex(wall.pixelColor(640, 3)) == theme_named("night").colours["BACKGROUND"]


def test_an_unknown_theme_is_refused_with_one_line(capsys) -> None:
    from clockapp.ui.shell.entry import build_parser

    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(["--screenshot", "x.png", "--theme", "neon"])
    assert exit_info.value.code == 2
    assert "the themes are night, day, felt, stark" in capsys.readouterr().err


@pytest.mark.slow
def test_two_displays_in_one_process_show_two_looks(
    station: ClockStation, services, bus, fake_sound, qtbot
) -> None:
    # Each display draws with the theme it is given: switching one leaves the other as it was.
    from clockapp.ui.clock.session import ClockSession
    from clockapp.ui.display.window import ClockDisplay

    session = ClockSession(services, bus, fake_sound, claim_sounds=False)
    other = ClockDisplay(session, WallTheme(theme_named("night")))
    qtbot.addWidget(other)
    other.resize(1280, 720)
    session.tick()
    assert session.snapshot is not None  # the tournament's own look (night) is on it first
    day, night = theme_named("day"), theme_named("night")
    other.look.set_palette(day)
    assert station.look.palette() == night
    for display, palette in ((station.display, night), (other, day)):
        image = display.grab().toImage()
        assert _hex(image.pixelColor(640, 3)) == palette.colours["BACKGROUND"], palette.name
        assert _hex(display.blinds_label.color()) == palette.colours["BLINDS"], palette.name
        assert _hex(display.time_label.color()) == palette.colours["MUTED"], palette.name
    session.stop()


def test_a_palette_switch_repaints_only_what_draws_with_that_theme(qtbot) -> None:
    mine, theirs = WallTheme(), WallTheme()
    label, other = FitLabel(mine, "Mine"), FitLabel(theirs, "Theirs")
    for widget in (label, other):
        qtbot.addWidget(widget)
    with qtbot.waitSignal(mine.changed, raising=True):
        mine.set_palette(theme_named("felt"))
    assert _hex(label.color()) == theme_named("felt").colours["TEXT"]
    assert _hex(other.color()) == theme_named("night").colours["TEXT"]
    with qtbot.assertNotEmitted(mine.changed):
        mine.set_palette(theme_named("felt"))  # the same palette: nothing to repaint


def test_the_director_s_mini_clock_follows_the_wall_s_palette_at_once(
    station: ClockStation,
) -> None:
    day = theme_named("day")
    station.look.set_palette(day)
    mini = station.director.mini_clock
    assert day.colours["BACKGROUND"] in mini.styleSheet()
    assert _hex(mini.blinds_label.color()) == day.colours["BLINDS"]
