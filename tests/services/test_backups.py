"""Automatic backups: labelled, pruned to the newest N, restored for every station."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from clockapp.core.clock import ClockEvent, EventKind
from clockapp.errors import DomainError
from clockapp.persistence.backup import backup_folder, list_backups
from clockapp.persistence.db import make_engine, open_database, shipped_head, stored_revision
from clockapp.persistence.errors import BackupError, DatabaseCorruptError
from clockapp.services.app import Services
from clockapp.services.backups import BackupNote, note_for_event, restore_file
from clockapp.services.changes import Change, Revision
from tests.dbdump import dump_database
from tests.fakes import FakeClock
from tests.persistence.migration_kills import prepare_older


def _names(services: Services) -> list[str]:
    return [t.name for t in services.tournaments.list()]


def test_a_backup_records_the_tournament_level_and_players_left(
    services: Services, fake_clock: FakeClock
) -> None:
    tid = services.tournaments.create("Friday").value.id
    services.clock.set_field(tid, entries=40, players_left=37)
    taken = services.backups.take("level", services.backups.note(tid, "level started"))
    assert (taken.kind, taken.tournament, taken.players_left) == ("level", "Friday", 37)
    assert taken.level.startswith("Level 1 (")
    assert taken.taken_at == fake_clock()
    assert taken.path.parent == backup_folder(services.backups.database or Path())
    (listed,) = services.backups.list()
    assert listed == taken


def test_the_note_of_a_level_event_comes_from_the_snapshot(services: Services) -> None:
    tid = services.tournaments.create("Friday").value.id
    snapshot = services.clock.snapshot(tid)
    event = ClockEvent(services.now(), 1, EventKind.LEVEL_STARTED, snapshot.structure.levels[1])
    note = note_for_event(snapshot, event)
    assert note.tournament == "Friday"
    assert note.level.startswith(("Level 2 (", "Break"))
    assert note.players_left == snapshot.stats.players_left


@pytest.mark.slow
def test_only_the_newest_automatic_backups_are_kept(
    services: Services, fake_clock: FakeClock
) -> None:
    services.backups.set_keep(3)
    services.backups.take("manual")
    for _ in range(5):
        fake_clock.advance(minutes=20)
        services.backups.take("level")
    fake_clock.advance(minutes=1)
    newest = services.backups.take("break")
    kinds = [b.kind for b in services.backups.list()]
    assert kinds == ["break", "level", "level", "manual"]
    assert services.backups.list()[0] == newest
    assert len(list(backup_folder(newest.path.parent.parent / "x.db").glob("*.json"))) == 4


def test_keep_is_validated(services: Services) -> None:
    assert services.backups.keep() == 20
    for wrong in (0, -1, 1001, True):
        with pytest.raises(BackupError, match="between 1 and 1,000"):
            services.backups.set_keep(wrong)
    assert services.backups.keep() == 20


def test_backups_taken_in_the_same_instant_keep_their_order(services: Services) -> None:
    first = services.backups.take("level")
    second = services.backups.take("level")
    assert first.name != second.name
    assert [b.name for b in services.backups.list()] == [second.name, first.name]


@pytest.mark.slow
def test_a_restore_brings_the_data_back_for_every_station(
    services: Services, engine: Engine, db_path: Path, fake_clock: FakeClock
) -> None:
    tid = services.tournaments.create("Friday").value.id
    saved = services.backups.take("level", services.backups.note(tid))
    fake_clock.advance(minutes=5)
    services.tournaments.rename(tid, "Oops")
    services.tournaments.create("Mistake")
    other = Services(make_engine(str(db_path)), now=fake_clock)  # a second station
    try:
        everything = other.tournaments.changes_since(Revision(), tid)
        assert everything is not None
        seen = everything.revision
        fake_clock.advance(minutes=1)
        outcome = services.backups.restore(saved.name, tid)
        assert outcome.value.name == saved.name
        assert outcome.changes.what == Change.ALL
        assert outcome.changes.tournament_id is None  # an app-wide change ...
        assert outcome.changes.revision > seen.app  # ... numbered past every one seen before
        assert _names(services) == ["Friday"]
        assert _names(other) == ["Friday"]
        changed = other.tournaments.changes_since(seen, tid)
        assert changed is not None
        assert changed.what == Change.ALL
        # The state it replaced was backed up first.
        replaced = services.backups.list()[0]
        assert (replaced.kind, replaced.tournament) == ("restore", "Oops")
        services.tournaments.rename(tid, "After")  # the feed carries on normally
        assert other.tournaments.changes_since(changed.revision, tid) is not None
    finally:
        other.ctx.engine.dispose()
    with sqlite3.connect(db_path) as check:
        assert check.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    check.close()


@pytest.mark.slow
def test_restoring_an_upgrade_backup_migrates_it_again(db_path: Path) -> None:
    prepare_older(db_path, "0003")
    services = Services(open_database(str(db_path)), now=FakeClock())
    try:
        (upgrade,) = services.backups.list()
        assert upgrade.kind == "upgrade"
        services.backups.restore(upgrade.name)
        assert stored_revision(services.ctx.engine) == shipped_head()
        assert _names(services) == ["Friday"]
    finally:
        services.ctx.engine.dispose()


def test_an_unknown_backup_is_refused_clearly(services: Services) -> None:
    with pytest.raises(BackupError, match="no backups"):
        services.backups.find()
    with pytest.raises(BackupError, match="no backup called 'nope'"):
        services.backups.restore("nope")


def test_before_import_backs_up_with_its_reason(services: Services) -> None:
    tid = services.tournaments.create("Friday").value.id
    taken = services.backups.before_import(tid)
    assert taken is not None
    assert (taken.kind, taken.reason, taken.tournament) == ("import", "before an import", "Friday")


@pytest.mark.slow
def test_a_damaged_database_is_restored_from_its_newest_backup(db_path: Path) -> None:
    services = Services(open_database(str(db_path)), now=FakeClock())
    services.tournaments.create("Friday")
    services.backups.take("level", BackupNote(reason="level started"))
    services.ctx.engine.dispose()
    db_path.write_bytes(b"garbage" * 1000)
    with pytest.raises(DatabaseCorruptError) as caught:
        open_database(str(db_path))
    assert caught.value.newest_backup == list_backups(db_path)[0].path
    restore_file(db_path, None)
    assert (db_path.parent / "clockapp.db.damaged").read_bytes() == b"garbage" * 1000
    reopened = Services(open_database(str(db_path)), now=FakeClock())
    try:
        assert _names(reopened) == ["Friday"]
    finally:
        reopened.ctx.engine.dispose()


def test_postgresql_backups_need_pg_dump(
    services: Services, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from clockapp.persistence import backup

    monkeypatch.setattr(backup.shutil, "which", lambda _name: None)
    with pytest.raises(BackupError, match="pg_dump is not installed"):
        backup.pg_dump("postgresql+psycopg://u@localhost/night", tmp_path / "night.dump")


@pytest.mark.slow
@pytest.mark.postgres
def test_postgresql_is_dumped_with_pg_dump(pg_url: str, tmp_path: Path) -> None:
    import shutil

    if shutil.which("pg_dump") is None:
        pytest.skip("pg_dump is not on PATH")
    services = Services(open_database(pg_url), now=FakeClock())
    try:
        assert services.backups.list() == ()
        with pytest.raises(BackupError, match="pg_dump"):
            services.backups.take("level")
        dumped = services.backups.dump(tmp_path / "night.dump")
        assert dumped.read_bytes().startswith(b"PGDMP")
    finally:
        services.ctx.engine.dispose()


@pytest.mark.slow
def test_paths_with_spaces_and_question_marks_work(tmp_path: Path) -> None:
    folder = tmp_path / "Friday night? #1 [main]"
    folder.mkdir()
    db = folder / "club night.db"
    services = Services(open_database(str(db)), now=FakeClock())
    try:
        services.tournaments.create("Friday")
        taken = services.backups.take("manual")
        services.tournaments.create("Later")
        services.backups.restore(taken.name)
        assert _names(services) == ["Friday"]
    finally:
        services.ctx.engine.dispose()


def _imports(services: Services, tid: int) -> dict[str, object]:
    """Each import the app offers, as a call with a good file."""
    csv = "small_blind,big_blind,ante,minutes\n25,50,0,20\n50,100,0,20\n"
    return {
        "structure": lambda: services.structure.import_text(tid, csv, "csv"),
        "players": lambda: services.players.import_csv("name\nAnn Lee\nBob\n"),
        "pre-registrations": lambda: services.cashier.import_pre_registrations(tid, "Cy\nDee\n"),
    }


@pytest.mark.parametrize("which", ["structure", "players", "pre-registrations"])
def test_every_import_backs_up_first(services: Services, which: str) -> None:
    tid = services.tournaments.create("Friday").value.id
    _imports(services, tid)[which]()  # type: ignore[operator]
    (taken,) = services.backups.list()
    assert (taken.kind, taken.reason) == ("import", "before an import")


@pytest.mark.parametrize(
    ("which", "bad"),
    [
        ("structure", lambda s, tid: s.structure.import_text(tid, "level,small\n1,x\n", "csv")),
        ("players", lambda s, tid: s.players.import_csv("nobody,here\n1,2\n")),
        ("pre-registrations", lambda s, tid: s.cashier.import_pre_registrations(tid, "\n\n")),
    ],
)
def test_a_file_that_cannot_be_read_takes_no_backup(
    services: Services, which: str, bad: object
) -> None:
    tid = services.tournaments.create("Friday").value.id
    with pytest.raises(DomainError):
        bad(services, tid)  # type: ignore[operator]
    assert services.backups.list() == ()


@pytest.mark.slow
@pytest.mark.parametrize("which", ["structure", "players", "pre-registrations"])
def test_an_import_that_cannot_back_up_changes_nothing(services: Services, which: str) -> None:
    tid = services.tournaments.create("Friday").value.id
    database = services.backups.database
    assert database is not None
    backup_folder(database).parent.mkdir(parents=True, exist_ok=True)
    backup_folder(database).write_text("a file where the backup folder should be")
    before = dump_database(services.ctx.engine)
    with pytest.raises(BackupError, match="backup folder"):
        _imports(services, tid)[which]()  # type: ignore[operator]
    assert dump_database(services.ctx.engine) == before


def test_a_database_of_another_program_in_the_backups_folder_is_refused(
    services: Services,
) -> None:
    tid = services.tournaments.create("Friday").value.id
    saved = services.backups.take("level", services.backups.note(tid))
    saved.path.unlink()
    other = sqlite3.connect(saved.path)  # a valid SQLite file, named as a backup
    other.execute("CREATE TABLE recipes (name TEXT)")
    other.commit()
    other.close()
    revision = services.tournaments.revision()
    with pytest.raises(BackupError, match="holds no clockapp data"):
        services.backups.restore(saved.name, tid)
    assert services.tournaments.revision() == revision
    assert services.tournaments.get(tid).name == "Friday"
