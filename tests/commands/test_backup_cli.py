"""`clockapp backup`, `backups` and `restore` from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from clockapp.__main__ import main
from clockapp.persistence.backup import list_backups
from clockapp.persistence.db import open_database
from clockapp.services.app import Services
from tests.fakes import FakeClock


def _names(db: Path) -> list[str]:
    services = Services(open_database(str(db)), now=FakeClock())
    try:
        return [t.name for t in services.tournaments.list()]
    finally:
        services.ctx.engine.dispose()


def _create(db: Path, name: str) -> None:
    services = Services(open_database(str(db)), now=FakeClock())
    try:
        services.tournaments.create(name)
    finally:
        services.ctx.engine.dispose()


@pytest.mark.slow
def test_backup_list_and_restore_the_latest(tmp_path: Path, capsys) -> None:
    db = tmp_path / "night.db"
    _create(db, "Friday")
    assert main(["backup", "--db", str(db)]) == 0
    assert "wrote " in capsys.readouterr().out
    _create(db, "Mistake")
    assert main(["backups", "--db", str(db)]) == 0
    listed = capsys.readouterr().out
    (backup,) = list_backups(db)
    assert backup.name in listed
    assert "manual" in listed
    assert main(["restore", "--latest", "--db", str(db)]) == 0
    assert f"restored {backup.name}" in capsys.readouterr().out
    assert _names(db) == ["Friday"]
    # The state it replaced is a backup of its own, and a named restore brings it back.
    replaced = list_backups(db)[0]
    assert replaced.kind == "restore"
    assert main(["restore", replaced.name, "--db", str(db)]) == 0
    assert sorted(_names(db)) == ["Friday", "Mistake"]


def test_keep_sets_how_many_automatic_backups_stay(tmp_path: Path, capsys) -> None:
    db = tmp_path / "night.db"
    assert main(["backup", "--keep", "5", "--db", str(db)]) == 0
    assert "newest 5" in capsys.readouterr().out
    assert main(["backup", "--keep", "0", "--db", str(db)]) == 1
    assert capsys.readouterr().err == "clockapp backup: Keep between 1 and 1,000 backups.\n"


@pytest.mark.slow
def test_a_damaged_database_is_restored_from_the_command_line(tmp_path: Path, capsys) -> None:
    db = tmp_path / "night.db"
    _create(db, "Friday")
    assert main(["backup", "--db", str(db)]) == 0
    db.write_bytes(b"junk" * 2000)
    assert main(["backup", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("clockapp backup: The database")
    assert "damaged" in err
    assert "clockapp restore --latest --db" in err
    assert main(["backups", "--db", str(db)]) == 0  # the list needs no working database
    assert "manual" in capsys.readouterr().out
    assert main(["restore", "--latest", "--db", str(db)]) == 0
    assert "damaged file is kept" in capsys.readouterr().out
    assert _names(db) == ["Friday"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["restore", "nope"], "clockapp restore: There is no backup called 'nope'"),
        (["restore", "--latest"], "clockapp restore: There are no backups"),
    ],
)
def test_mistakes_get_one_clear_line(tmp_path: Path, capsys, argv, message) -> None:
    db = tmp_path / "night.db"
    assert main([*argv, "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(message)
    assert err.count("\n") == 1


def test_postgresql_without_pg_dump_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys
) -> None:
    from clockapp.persistence import backup
    from clockapp.services.backups import BackupService

    monkeypatch.setattr(BackupService, "database", property(lambda _self: None))
    monkeypatch.setattr(backup.shutil, "which", lambda _name: None)
    assert main(["backup", "--db", str(tmp_path / "night.db")]) == 1
    assert "pg_dump is not installed" in capsys.readouterr().err
