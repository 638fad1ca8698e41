"""The wall drawn as a host's layout: today's wall stays the clock to the pixel, another layout
draws each cell in its rectangle with what the clock shows, and the director's moments stay
over it."""

from __future__ import annotations

import base64

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage

from clockapp.core.layouts.cells import Cell, CellKind, Layout, Rect, Style
from clockapp.core.layouts.default import DEFAULT
from clockapp.core.look import theme_named
from clockapp.core.wall import MESSAGE
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.wall.layout_view import CellTexts, LayoutView
from tests.ui.polling import poll

CLOCK = Cell(CellKind.COUNTDOWN, Rect(0, 0, 10_000, 6000), Style(size=60))
LINE = Cell(CellKind.TEXT, Rect(0, 6000, 10_000, 2000), Style("BLINDS"), text="Level {level}")
PAYOUTS = Cell(CellKind.PAYOUTS, Rect(0, 8000, 5000, 2000), Style(background="PANEL"), rows=3)
BIG = Layout("Big clock", (CLOCK, LINE, PAYOUTS))


def _png(colour: str) -> str:
    image = QImage(8, 8, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return base64.b64encode(bytes(data.data())).decode()


def test_each_cell_is_drawn_in_its_share_of_the_screen(qtbot) -> None:
    night = theme_named("night")
    picture = Cell(CellKind.IMAGE, Rect(5000, 8000, 5000, 2000), image=_png("#ff0000"))
    view = LayoutView(WallTheme(night), Layout("Mine", (*BIG.cells, picture)))
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    qtbot.waitExposed(view)
    lines = {CellKind.COUNTDOWN: ("12:34",), CellKind.PAYOUTS: ("1st  $500", "2nd  $300")}
    view.show_texts(CellTexts(lines, {"level": "3"}))
    (countdown,) = view.labels_of(CellKind.COUNTDOWN)
    assert countdown.text() == "12:34"
    assert countdown.geometry().getRect() == (0, 0, 1280, 432)
    (line,) = view.labels_of(CellKind.TEXT)
    assert line.text() == "Level 3"
    assert line.color().name() == night.colours["BLINDS"]
    rows = view.labels_of(CellKind.PAYOUTS)
    assert [row.text() for row in rows] == ["1st  $500", "2nd  $300", ""]
    assert [row.geometry().top() for row in rows] == [576, 624, 672]
    image = view.grab().toImage()
    assert image.pixelColor(5, 715).name() == night.colours["PANEL"]  # the payouts' own fill
    assert image.pixelColor(960, 650).name() == "#ff0000"  # the picture, kept square, centred
    assert image.pixelColor(1275, 650).name() == night.colours["BACKGROUND"]
    assert image.pixelColor(1275, 450).name() == night.colours["BACKGROUND"]


def test_a_text_whose_field_has_no_value_shows_nothing(qtbot) -> None:
    view = LayoutView(WallTheme(), BIG)
    qtbot.addWidget(view)
    view.show_texts(CellTexts({}, {}))
    assert [label.text() for label in view.labels_of(CellKind.TEXT)] == [""]


def _choose(qtbot, station, services, tournament_id, layout: Layout) -> None:
    """Keep `layout` and show it on the station's wall, as the host would."""
    if layout != DEFAULT:
        services.layouts.save_layout(tournament_id, layout)
    services.layouts.choose(tournament_id, station.display.screen_name, layout=layout.name)
    poll(qtbot, station.bus)


@pytest.mark.slow
def test_todays_wall_is_the_clock_pixel_for_pixel_and_another_layout_covers_it(
    qtbot, station, services, tournament_id, fake_clock
) -> None:
    display = station.display
    services.clock.start(tournament_id)
    poll(qtbot, station.bus)
    before = display.grab().toImage()

    display.show_layout(DEFAULT)
    assert display.layout_view is None
    assert display.grab().toImage() == before
    _choose(qtbot, station, services, tournament_id, DEFAULT)  # chosen by name, kept
    assert display.layout_view is None
    assert display.grab().toImage() == before

    _choose(qtbot, station, services, tournament_id, BIG)
    view = display.layout_view
    assert view is not None
    assert view.geometry() == display.rect()
    (countdown,) = view.labels_of(CellKind.COUNTDOWN)
    assert countdown.text() == display.countdown_label.text() != ""
    (line,) = view.labels_of(CellKind.TEXT)
    assert line.text() == f"Level {display.level_label.text()}"
    assert display.grab().toImage() != before

    # The countdown follows the clock (from its absolute end, at the next tick).
    fake_clock.advance(minutes=1)
    station.session.tick()
    assert countdown.text() == display.countdown_label.text() == "19:00"

    _choose(qtbot, station, services, tournament_id, DEFAULT)
    assert display.layout_view is None
    # Hidden again, the clock's own widgets show, as they were. (Not compared by pixels: once
    # large digits were drawn anywhere in the process, Qt's glyph cache draws the display's own
    # text a shade differently at some edges.)
    assert display.countdown_label.isVisible()
    assert display.childAt(display.width() // 2, display.height() // 2) is not view


@pytest.mark.slow
def test_the_directors_moment_stays_over_a_layout(qtbot, station, services, tournament_id) -> None:
    display = station.display
    _choose(qtbot, station, services, tournament_id, BIG)
    services.wall.show(tournament_id, MESSAGE, {"title": "Dinner is served", "text": ""})
    poll(qtbot, station.bus)
    stage = display.wall_stage
    assert stage.isVisible()
    view = display.layout_view
    assert view is not None
    # The stage is drawn over the layout: its centre shows the stage, not the layout's cells.
    siblings = [w for w in display.children() if w in (stage, view)]
    assert siblings.index(view) < siblings.index(stage)
    assert display.childAt(display.width() // 2, display.height() // 2) is not view


@pytest.mark.slow
def test_the_wall_turns_the_screen_set_the_host_chose_for_it(
    qtbot, station, services, tournament_id, fake_clock
) -> None:
    from clockapp.core.layouts.screen_sets import ScreenSet, Turn

    display = station.display
    services.layouts.save_layout(tid := tournament_id, BIG)
    services.layouts.save_screen_set(
        tid, ScreenSet("Turns", (Turn("Big clock", 45), Turn("Today's wall", 15)))
    )
    services.layouts.choose(tid, display.screen_name, screen_set="Turns")
    services.clock.start(tid)
    poll(qtbot, station.bus)
    view = display.layout_view
    assert view is not None
    assert view.layout_shown == BIG
    fake_clock.advance(seconds=45)
    station.session.tick()
    assert display.layout_view is None  # today's wall for its 15 seconds
    fake_clock.advance(seconds=15)
    station.session.tick()
    assert display.layout_view is view
    # Another screen that chose nothing shows today's wall all along.
    display.screen_name = "lobby"
    station.session.tick()
    assert display.layout_view is None
