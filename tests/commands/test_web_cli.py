"""`clockapp web`: the live view served headless, in a process where Qt cannot be imported."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy.exc import DBAPIError

from clockapp.__main__ import main
from clockapp.persistence.backup import sqlite_uri
from clockapp.persistence.db import open_database
from clockapp.persistence.errors import DatabaseOpenError
from clockapp.services.app import Services, open_services, open_services_read_only
from tests.dbdump import dump_database
from tests.services.web.support import EventReader, get

# Any import of Qt fails in the child process, as on a machine without PySide6.
_NO_QT = """
import sys
class NoQt:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "shiboken6"):
            raise ImportError(f"Qt is blocked in this test: {name}")
        return None
sys.meta_path.insert(0, NoQt())
from clockapp.__main__ import main
sys.exit(main(sys.argv[1:]))
"""


def _demo(db: Path) -> tuple[int, Services]:
    services = Services(open_database(str(db)))
    return services.demo.create_demo().value.id, services


def _check_pages(child: subprocess.Popen[str], services: Services, tid: int) -> None:
    assert child.stdout is not None
    line = child.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert found, line
    port = int(found.group(1))
    assert "Demo: Friday Night Deepstack" in line
    code, body = get(port, "/")
    assert code == 200
    assert b"EventSource" in body
    code, body = get(port, "/state")
    assert json.loads(body)["clock"]["items"][0]["name"] == "Level 3"
    reader = EventReader(port)
    try:
        reader.next_state(time.monotonic() + 5)
        started = time.monotonic()
        services.clock.pause(tid)  # the director, in another process
        assert reader.next_state(started + 1.0)["clock"]["status_text"] == "Paused"
    finally:
        reader.close()
    assert get(port, "/../clockapp.db")[0] == 404
    assert child.poll() is None


@pytest.mark.slow
def test_clockapp_web_serves_without_qt(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    tid, services = _demo(db)
    before = dump_database(services.ctx.engine)
    with subprocess.Popen(
        [sys.executable, "-c", _NO_QT, "web", "--db", str(db), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        try:
            _check_pages(child, services, tid)
        finally:
            child.terminate()
            _out, err = child.communicate(timeout=10)
    assert "Traceback" not in err
    assert "Qt is blocked" not in err
    after = dump_database(services.ctx.engine)
    services.ctx.engine.dispose()
    # Only the director's pause wrote: one change row, the clock, and the tournament's revision.
    assert len(after.pop("change")) == len(before.pop("change")) + 1
    after.pop("clock_state"), before.pop("clock_state")
    assert len(after.pop("tournament")) == len(before.pop("tournament"))
    assert after == before


@pytest.mark.slow
def test_an_empty_database_says_so_in_one_line(tmp_path: Path, capsys) -> None:
    open_database(str(tmp_path / "empty.db")).dispose()  # a clockapp database, no tournament yet
    assert main(["web", "--db", str(tmp_path / "empty.db"), "--port", "0"]) == 2
    assert capsys.readouterr().err.strip() == (
        "clockapp web: error: The database has no tournament to show yet."
    )


@pytest.mark.slow
def test_a_port_in_use_says_so_in_one_line(tmp_path: Path, capsys) -> None:
    import socket

    db = tmp_path / "night.db"
    _, services = _demo(db)
    services.ctx.engine.dispose()
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        assert main(["web", "--db", str(db), "--port", str(port)]) == 2
    finally:
        taken.close()
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"clockapp web: error: Port {port} is already in use")
    assert "\n" not in err


@pytest.mark.parametrize("port", ["70000", "-1"])
def test_a_bad_port_is_a_usage_error(port: str, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["web", "--port", port])
    assert exit_info.value.code == 2


def _tables(db: Path) -> list[str]:
    with sqlite3.connect(sqlite_uri(db, "ro"), uri=True) as connection:
        rows = connection.execute("SELECT name FROM sqlite_master ORDER BY name").fetchall()
    connection.close()
    return [row[0] for row in rows]


def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path: Path, capsys) -> None:
    db = tmp_path / "notes.db"
    connection = sqlite3.connect(db)
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    connection.execute("INSERT INTO notes (text) VALUES ('milk')")
    connection.commit()
    connection.close()
    before = db.read_bytes()
    assert main(["web", "--db", str(db), "--port", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"clockapp web: error: The file {db} is not a clockapp database."
    assert _tables(db) == ["notes"]
    assert db.read_bytes() == before


def test_a_missing_file_is_refused_and_not_created(tmp_path: Path, capsys) -> None:
    db = tmp_path / "typo.db"
    assert main(["web", "--db", str(db), "--port", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"clockapp web: error: The database {db} does not exist."
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_a_read_only_database_file_is_served(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    tid, services = _demo(db)
    services.ctx.engine.dispose()  # the director's station closes: the log is checkpointed
    db.chmod(0o444)
    before = db.read_bytes()
    with subprocess.Popen(
        [sys.executable, "-m", "clockapp", "web", "--db", str(db), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CLOCKAPP_DATA_DIR": str(tmp_path / "data")},
    ) as child:
        try:
            assert child.stdout is not None
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", child.stdout.readline())
            assert found, child.stderr.read() if child.stderr else ""
            code, body = get(int(found.group(1)), "/state")
            assert code == 200
            assert json.loads(body)["clock"]["items"][0]["name"] == "Level 3"
        finally:
            child.terminate()
            _out, err = child.communicate(timeout=10)
    assert "Traceback" not in err
    assert db.read_bytes() == before
    assert tid


@pytest.mark.slow
@pytest.mark.postgres
def test_on_postgresql_the_web_view_reads_and_cannot_write(pg_url: str) -> None:
    director = open_services(pg_url)
    tid = director.demo.create_demo().value.id
    reader = open_services_read_only(pg_url)
    try:
        assert reader.tournaments.get(tid).name == "Demo: Friday Night Deepstack"
        before = director.clock.state(tid)
        with pytest.raises(DBAPIError, match="read-only transaction"):
            reader.clock.pause(tid)
        assert director.clock.state(tid) == before
    finally:
        reader.ctx.engine.dispose()
        director.ctx.engine.dispose()


@pytest.mark.slow
@pytest.mark.postgres
def test_an_empty_postgresql_database_is_not_set_up_by_the_web_view(pg_url: str) -> None:
    with pytest.raises(DatabaseOpenError, match="is not a clockapp database"):
        open_services_read_only(pg_url)
