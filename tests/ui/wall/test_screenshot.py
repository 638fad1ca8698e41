"""`clockapp --screenshot out.png --wall KIND`: a demo moment over the clock, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from clockapp.ui.wall.demos import demo_kinds


def _share_differing(one: QImage, other: QImage) -> float:
    """The share of the pixels (every 4th, both ways) that differ between two images."""
    points = [(x, y) for x in range(0, one.width(), 4) for y in range(0, one.height(), 4)]
    return sum(one.pixel(x, y) != other.pixel(x, y) for x, y in points) / len(points)


@pytest.mark.parametrize("kind", ["chip_race", "chip_leaders", "shot_clock", "estimate"])
def test_each_moment_of_mine_has_a_demo(kind: str) -> None:
    assert kind in demo_kinds()


@pytest.mark.slow
def test_the_wall_option_draws_the_moment_and_writes_nothing(
    tmp_path: Path, qapp, capsys: pytest.CaptureFixture[str]
) -> None:
    from clockapp.services.app import open_services
    from clockapp.ui.shell.entry import run_app

    db = str(tmp_path / "empty.db")
    plain, race = tmp_path / "plain.png", tmp_path / "race.png"
    size = ["--size", "640x360"]
    assert run_app(["--db", db, "--screenshot", str(plain), *size]) == 0
    assert run_app(["--db", db, "--screenshot", str(race), *size, "--wall", "chip_race"]) == 0
    drawn = QImage(str(race))
    assert drawn.width() == 640
    # The race covers the clock: most of the picture differs, not only the seconds ticking by
    # between the two screenshots.
    assert _share_differing(drawn, QImage(str(plain))) > 0.2
    assert run_app(["--db", db, "--screenshot", str(race), "--wall", "no_such_kind"]) == 2
    assert "the wall has no demo of 'no_such_kind'" in capsys.readouterr().err
    services = open_services(db)
    assert services.tournaments.list() == ()
    services.ctx.engine.dispose()


@pytest.mark.slow
def test_the_theme_option_draws_the_wall_in_that_theme(tmp_path: Path, qapp) -> None:
    from clockapp.core.look import theme_named
    from clockapp.ui.shell.entry import run_app

    db = str(tmp_path / "empty.db")
    race = tmp_path / "race.png"
    args = ["--db", db, "--screenshot", str(race), "--size", "640x360", "--wall", "chip_race"]
    assert run_app([*args, "--theme", "day"]) == 0
    # The demo tournament's own look (night) is on the wall first; the screenshot is the day's.
    corner = QImage(str(race)).pixelColor(2, 2).name()
    assert corner == theme_named("day").colours["BACKGROUND"]
