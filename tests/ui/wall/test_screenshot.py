"""`clockapp --screenshot out.png --wall KIND`: a demo moment over the clock, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from clockapp.ui.wall.demos import demo_kinds


@pytest.mark.parametrize("kind", ["chip_race", "chip_leaders", "shot_clock", "estimate"])
def test_each_moment_of_mine_has_a_demo(kind: str) -> None:
    assert kind in demo_kinds()


def test_the_wall_option_draws_the_moment_and_writes_nothing(
    tmp_path: Path, qapp, capsys: pytest.CaptureFixture[str]
) -> None:
    from PySide6.QtGui import QImage

    from clockapp.services.app import open_services
    from clockapp.ui.app import run_app

    db = str(tmp_path / "empty.db")
    plain, race = tmp_path / "plain.png", tmp_path / "race.png"
    size = ["--size", "640x360"]
    assert run_app(["--db", db, "--screenshot", str(plain), *size]) == 0
    assert run_app(["--db", db, "--screenshot", str(race), *size, "--wall", "chip_race"]) == 0
    drawn = QImage(str(race))
    assert drawn.width() == 640
    assert drawn != QImage(str(plain))  # the race covers the clock
    assert run_app(["--db", db, "--screenshot", str(race), "--wall", "no_such_kind"]) == 2
    assert "the wall has no demo of 'no_such_kind'" in capsys.readouterr().err
    services = open_services(db)
    assert services.tournaments.list() == ()
    services.ctx.engine.dispose()
