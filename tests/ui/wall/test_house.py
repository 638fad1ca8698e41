"""The host's look, house rules and break slides, driven on the real station."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDialogButtonBox

from clockapp.core.house import Look, Slide, SlideShow
from clockapp.core.look import MIN_CONTRAST, check, contrast_ratio, theme_named
from clockapp.core.structure import Break, Level, Structure
from clockapp.core.wall import HOUSE_RULES, SLIDES
from clockapp.ui.actions import Action
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall import images
from clockapp.ui.wall.house_dialog import HouseDialog
from clockapp.ui.wall.look_dialog import LookDialog
from tests.dbdump import dump_database as dump
from tests.ui.polling import poll, settle, submit_and_wait

BREAKS = Structure("Test", (Level(25, 50, minutes=20), Break(10), Level(50, 100, minutes=20)))


def _logo(tmp_path: Path, name: str = "logo.png", size: int = 900) -> Path:
    image = QImage(size, size // 2, QImage.Format.Format_RGB32)
    image.fill(QColor("#c0392b"))
    path = tmp_path / name
    assert image.save(str(path))
    return path


def test_the_look_dialog_previews_fits_colours_and_the_wall_takes_it(
    station: ClockStation, qtbot, tmp_path: Path
) -> None:
    seen: list[LookDialog] = []

    def act(dialog: LookDialog) -> bool:
        seen.append(dialog)
        dialog.title_edit.setText("Friday Night Poker")
        dialog.theme_box.setCurrentIndex(dialog.theme_box.findData("day"))
        assert dialog.preview.color("BACKGROUND").name() == theme_named("day").colours["BACKGROUND"]
        # A pale yellow for the blinds on a light background cannot be read: adjusted, said.
        dialog.ask_color = lambda _role, _current: "#ffee99"
        dialog.color_buttons["BLINDS"].click()
        assert "Blinds was too light" in dialog.notes_label.text()
        blinds = dialog.preview.color("BLINDS").name()
        assert contrast_ratio(blinds, theme_named("day").colours["BACKGROUND"]) >= MIN_CONTRAST
        # A text file named .png is refused, with a message; the logo is unchanged.
        fake = tmp_path / "fake.png"
        fake.write_text("not an image")
        dialog.ask_logo_path = lambda: fake
        dialog.logo_button.click()
        assert "not an image" in dialog.error_label.text()
        assert not dialog.remove_logo_button.isEnabled()
        dialog.ask_logo_path = lambda: _logo(tmp_path)
        dialog.logo_button.click()
        assert dialog.error_label.text() == ""
        assert dialog.remove_logo_button.isEnabled()
        return True

    station.house.run_look_dialog = act
    station.director_actions[Action.WALL_LOOK].trigger()
    settle(qtbot, station.bus)
    assert seen
    display = station.display
    qtbot.waitUntil(lambda: display.name_label.text() == "Friday Night Poker")
    look = station.services.house.house(station.bus.tournament_id).look
    assert look.theme == "day"
    assert check(look.palette()) == ()
    assert station.look.palette() == look.palette()
    assert display.house.logo.isVisible()
    assert max(images.pixmap(look.logo).width(), images.pixmap(look.logo).height()) == 512
    assert display.countdown_label.color() != QColor(theme_named("night").colours["TEXT"])


def test_a_huge_logo_file_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(images, "MAX_FILE_BYTES", 1000)
    with pytest.raises(images.LookError, match="larger than"):
        images.load_image(_logo(tmp_path), 512)
    with pytest.raises(images.LookError, match="cannot be read"):
        images.load_image(tmp_path / "gone.png", 512)


def test_a_cancelled_look_dialog_changes_nothing(qtbot, station: ClockStation) -> None:
    before = dump(station.services.ctx.engine)
    station.house.run_look_dialog = lambda _dialog: False
    station.director_actions[Action.WALL_LOOK].trigger()
    settle(qtbot, station.bus)
    assert dump(station.services.ctx.engine) == before


def rules_on_the_wall(station: ClockStation, qtbot, text: str):
    """Type `text` as the house rules in the director's dialog and put them on the wall."""

    def act(dialog: HouseDialog) -> bool:
        assert "Hold'em" in dialog.rules()  # the sheet offered first
        dialog.rules_edit.setPlainText(text)
        return True

    station.house.run_house_dialog = act
    station.director_actions[Action.EDIT_HOUSE].trigger()
    settle(qtbot, station.bus)
    station.director_actions[Action.SHOW_HOUSE_RULES].trigger()
    settle(qtbot, station.bus)
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    return stage


def test_the_house_rules_go_on_the_wall_a_page_at_a_time(
    station: ClockStation, qtbot, fake_clock
) -> None:
    stage = rules_on_the_wall(
        station, qtbot, "# Phones\n- Away from the table\n# Drinks\n- Not on the felt"
    )
    assert stage.moment is not None
    assert stage.moment.kind == HOUSE_RULES
    widget = stage.current_widget()
    assert widget.heading_label.text() == "Phones"
    assert widget.line_labels[0].text().endswith("Away from the table")
    assert widget.page_label.text() == "page 1 of 2"
    fake_clock.advance(seconds=16)
    stage._tick()
    assert widget.heading_label.text() == "Drinks"
    assert stage.strip_countdown.text() != ""  # the clock still counts under the rules


def test_an_empty_rules_sheet_is_refused_in_the_dialog(qtbot, station: ClockStation) -> None:
    before = dump(station.services.ctx.engine)

    def act(dialog: HouseDialog) -> bool:
        dialog.rules_edit.setPlainText("   ")
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
        assert "empty" in dialog.error_label.text()
        assert dialog.result() != HouseDialog.DialogCode.Accepted
        return False

    station.house.run_house_dialog = act
    station.director_actions[Action.EDIT_HOUSE].trigger()
    settle(qtbot, station.bus)
    assert dump(station.services.ctx.engine) == before


@pytest.mark.slow
def test_slides_turn_on_the_wall_during_a_break_only(
    station: ClockStation, qtbot, fake_clock, tmp_path: Path
) -> None:
    services, tid = station.services, station.bus.tournament_id
    submit_and_wait(qtbot, station.bus, lambda: services.structure.replace(tid, BREAKS))

    def act(dialog: HouseDialog) -> bool:
        dialog.ask_text_slide = lambda: ("Thanks to Joe's Bar", "Happy hour at the break")
        dialog.add_text_button.click()
        dialog.ask_image_path = lambda: _logo(tmp_path, "sponsor.png", 400)
        dialog.add_image_button.click()
        dialog.seconds_box.setValue(10)
        dialog.with_rules_check.setChecked(True)
        return True

    station.house.run_house_dialog = act
    station.director_actions[Action.EDIT_HOUSE].trigger()
    settle(qtbot, station.bus)
    slides = services.house.slides(tid)
    assert [s.title for s in slides.slides] == ["Thanks to Joe's Bar", ""]
    assert slides.seconds == 10
    assert slides.with_rules
    turned = services.house.house(tid).slides.slides  # the Hold'em template's pages follow
    assert len(turned) > 2
    assert turned[2].title == "House rules: No-Limit Hold'em"
    stage = station.display.wall_stage
    services.clock.start(tid)
    poll(qtbot, station.bus)
    station.session.tick()
    settle(qtbot, station.bus)
    assert not stage.isVisible()  # play: the clock alone
    fake_clock.advance(minutes=21)
    station.session.tick()
    settle(qtbot, station.bus)
    assert stage.isVisible()
    assert stage.moment is not None
    assert stage.moment.kind == SLIDES
    widget = stage.current_widget()
    first = widget.index
    fake_clock.advance(seconds=10)
    stage._tick()
    assert widget.index == (first + 1) % len(turned)
    assert stage.strip_countdown.text() == station.display.countdown_label.text()
    # A message from the director wins over the slides; clearing it brings them back.
    station.wall.show("message", {"title": "Dinner"})
    qtbot.waitUntil(lambda: stage.moment is not None and stage.moment.kind == "message")
    station.wall.clear()
    qtbot.waitUntil(lambda: stage.moment is not None and stage.moment.kind == SLIDES)
    fake_clock.advance(minutes=10)
    station.session.tick()
    settle(qtbot, station.bus)
    assert not stage.isVisible()  # play resumed: the slides are off


def test_a_slide_needs_something_to_show() -> None:
    with pytest.raises(Exception, match="needs a title"):
        Slide()
    assert SlideShow().payload() == {"seconds": 15, "slides": []}


def test_another_stations_look_reaches_this_wall_on_the_next_poll(
    qtbot, station: ClockStation, services, tournament_id: int
) -> None:
    services.house.set_look(tournament_id, Look(title="Charity Night", theme="stark"))
    poll(qtbot, station.bus)
    assert station.display.name_label.text() == "Charity Night"
    assert station.look.palette() == theme_named("stark")
    assert not station.display.house.logo.isVisible()


def test_the_wall_draws_a_snapshot_without_the_hosts_part_in_the_default_look(qtbot) -> None:
    # The wall reads a look through its palette, title and logo only (the start-up cache's
    # look is not a `Look`); without the host's part it is the default look.
    from types import SimpleNamespace

    from PySide6.QtWidgets import QHBoxLayout, QWidget

    from clockapp.core.look import DEFAULT_THEME
    from clockapp.ui.display.theme import WallTheme
    from clockapp.ui.display.widgets import FitLabel
    from clockapp.ui.wall.house_view import HouseOnWall

    header_widget = QWidget()
    qtbot.addWidget(header_widget)
    header = QHBoxLayout(header_widget)
    look = WallTheme(theme_named("day"))  # whatever was on before the first snapshot
    name = FitLabel(look, "")
    header.addWidget(name)
    house = HouseOnWall(look, header, name)
    tournament = SimpleNamespace(name="Friday")

    def snapshot(**parts: object) -> SimpleNamespace:
        host = SimpleNamespace(**parts) if parts else None
        return SimpleNamespace(tournament=tournament, house=host)

    house.show_snapshot(snapshot())
    assert look.palette() == theme_named(DEFAULT_THEME)
    assert name.text() == "Friday"
    house.show_snapshot(snapshot(look=Look(title="Club night", theme="day"), slides=SlideShow()))
    assert look.palette() == theme_named("day")
    assert name.text() == "Club night"
    house.show_snapshot(snapshot())
    assert look.palette() == theme_named(DEFAULT_THEME)
    assert name.text() == "Friday"
    assert house.moment(None, None) is None


def test_a_long_rule_is_wrapped_on_the_wall_not_cut(
    station: ClockStation, qtbot, fake_clock
) -> None:
    rule = (
        "A player who is not at the table when all cards are dealt is penalised at the "
        "discretion of the floor"
    )

    widget = rules_on_the_wall(
        station, qtbot, f"# Conduct\n- {rule}\n- Phones away"
    ).current_widget()
    shown = [label.text() for label in widget.line_labels]
    assert shown[0].startswith("•  A player who is not at the table")
    assert not shown[1].startswith("•")  # the same rule goes on, without a bullet
    assert " ".join(t.removeprefix("•").strip() for t in shown[:2]) == rule
    assert shown[2] == "•  Phones away"


def _blank_png(path: Path, side: int) -> Path:
    """A real black PNG, `side` pixels square (one bit a pixel: a few kilobytes on disk)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    row = b"\0" + bytes((side + 7) // 8)
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(row * side, 9))
        + chunk(b"IEND", b"")
    )
    return path


def test_a_logo_too_large_to_decode_says_its_size_and_the_limit(tmp_path: Path) -> None:
    # 8,200 pixels square decodes to more than Qt's 256 MB: it was refused as "Unable to read
    # image data", which does not tell the director to make it smaller.
    with pytest.raises(images.LookError) as refused:
        images.load_image(_blank_png(tmp_path / "poster.png", 8200), 512)
    assert str(refused.value) == (
        "poster.png is 8,200 x 8,200 pixels, too large to read; save it at most 8,000 pixels "
        "a side (the wall shows it smaller anyway)."
    )
    assert images.load_image(_blank_png(tmp_path / "fine.png", 4000), 512)
