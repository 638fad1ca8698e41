"""The wall's palette: switchable at run time, and every theme readable from the back of a room."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QFontMetricsF

from clockapp.core.look import BUILT_IN, MIN_CONTRAST, contrast_ratio, theme_named
from clockapp.ui.display import theme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.station.station import ClockStation


@pytest.fixture(autouse=True)
def _night_again() -> Iterator[None]:
    yield
    theme.set_palette(theme_named("night"))


def _hex(color: QColor) -> str:
    return color.name()


@pytest.mark.parametrize("palette", BUILT_IN, ids=lambda p: p.name)
@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_the_countdown_stays_a_quarter_of_the_screen_in_every_theme(
    station: ClockStation, palette, size
) -> None:
    theme.set_palette(palette)
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
    display = station.display
    plain = FitLabel("Hello")  # the default colour, theme.TEXT, as other kinds build them
    qtbot.addWidget(plain)
    assert _hex(plain.color()) == theme_named("night").colours["TEXT"]
    day = theme_named("day")
    theme.set_palette(day)
    assert _hex(plain.color()) == day.colours["TEXT"]
    assert _hex(display.time_label.color()) == day.colours["MUTED"]
    assert _hex(display.blinds_label.color()) == day.colours["BLINDS"]
    image = display.grab().toImage()
    corner = image.pixelColor(image.width() // 2, 2)
    assert _hex(corner) == day.colours["BACKGROUND"]
    assert _hex(theme.BACKGROUND) == day.colours["BACKGROUND"]


def test_labels_built_after_a_theme_change_follow_the_next_one(qtbot) -> None:
    night = theme_named("night")
    captured = theme.BLINDS  # a colour read before the change (a constant, a default argument)
    day, felt = theme_named("day"), theme_named("felt")
    theme.set_palette(day)
    default = FitLabel("Rules")  # a wall kind's line, built lazily while "day" is on
    blinds = FitLabel("400 / 800", color=captured)
    for label in (default, blinds):
        qtbot.addWidget(label)
    assert _hex(default.color()) == day.colours["TEXT"]
    assert _hex(blinds.color()) == day.colours["BLINDS"]
    theme.set_palette(felt)
    assert _hex(default.color()) == felt.colours["TEXT"]
    assert _hex(blinds.color()) == felt.colours["BLINDS"]
    assert night.colours["BLINDS"] == captured.name()


def test_the_screenshot_draws_the_theme_asked_and_leaves_the_look_as_it_was(
    services, tournament_id, tmp_path, qapp
) -> None:
    from PySide6.QtGui import QImage

    from clockapp.ui.shell.offscreen import render_screenshot

    path = tmp_path / "day.png"
    assert render_screenshot(services, tournament_id, path, (1280, 720), theme="day") == 0
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1280, 720)
    assert _hex(image.pixelColor(640, 3)) == theme_named("day").colours["BACKGROUND"]
    assert theme.palette() == theme_named("night")  # the tournament's own look again


def test_an_unknown_theme_is_refused_with_one_line(capsys) -> None:
    from clockapp.ui.shell.entry import build_parser

    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(["--screenshot", "x.png", "--theme", "neon"])
    assert exit_info.value.code == 2
    assert "the themes are night, day, felt, stark" in capsys.readouterr().err
