"""`clockapp export-tournament` and `clockapp import-tournament` from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from clockapp.__main__ import main
from clockapp.persistence.db import open_database
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock


def _services(db: Path) -> Services:
    return Services(open_database(str(db)), now=FakeClock())


@pytest.mark.slow
def test_a_tournament_goes_to_another_database_and_namesakes_are_matched(
    tmp_path: Path, capsys
) -> None:
    here, there = tmp_path / "here.db", tmp_path / "there.db"
    services = _services(here)
    try:
        tid = services.tournaments.create("Friday").value.id
        services.cashier.buy_in(tid, services.players.create(PlayerDetails("Ann")).value.id)
    finally:
        services.ctx.engine.dispose()
    other = _services(there)
    try:
        other.players.create(PlayerDetails("Ann"))
    finally:
        other.ctx.engine.dispose()

    assert main(["export-tournament", str(tmp_path / "friday"), "--db", str(here)]) == 0
    assert "wrote " in capsys.readouterr().out
    file = tmp_path / "friday.clocktournament"
    assert main(["import-tournament", str(file), "--db", str(there)]) == 0
    assert "1 players matched by name, 0 added" in capsys.readouterr().out

    other = _services(there)
    try:
        assert [t.name for t in other.tournaments.list()] == ["Friday"]
        assert [p.name for p in other.players.list()] == ["Ann"]
    finally:
        other.ctx.engine.dispose()


def test_a_damaged_file_exits_with_the_reason(tmp_path: Path, capsys) -> None:
    file = tmp_path / "bad.clocktournament"
    file.write_bytes(b"\x1f\x8b\x08\x00 broken")
    assert main(["import-tournament", str(file), "--db", str(tmp_path / "x.db")]) == 1
    error = capsys.readouterr().err
    assert error.startswith("clockapp import-tournament: Not a tournament file")
    assert "Traceback" not in error
