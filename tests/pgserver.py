"""A throwaway PostgreSQL server for the multi-station tests and benches.

`CLOCKAPP_TEST_PG_URL` names a server to use (CI's `.ci/run` starts one). Without it, when
PostgreSQL's binaries are on this machine (`initdb` and `pg_ctl` on PATH or in Debian's
/usr/lib/postgresql/N/bin), a server is started in a temporary folder on 127.0.0.1 and stopped at
the end, so these tests never silently skip on a developer's machine.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url


def find_bin() -> Path | None:
    """The folder holding initdb and pg_ctl, or None when PostgreSQL is not installed."""
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return Path(on_path).parent
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    for folder in reversed(debian):
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run(args: list[str], as_postgres: bool) -> None:
    if as_postgres:  # initdb refuses to run as root
        args = ["runuser", "-u", "postgres", "--", *args]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


@contextmanager
def throwaway_server(bindir: Path) -> Iterator[str]:
    """Start a server in a temporary folder; yields the URL of its `postgres` database."""
    as_postgres = hasattr(os, "geteuid") and os.geteuid() == 0
    folder = Path(tempfile.mkdtemp(prefix="clockapp-pg-"))
    try:
        if as_postgres:
            shutil.chown(folder, user="postgres")
        data, port = folder / "data", _free_port()
        _run(
            [
                str(bindir / "initdb"),
                "-D",
                str(data),
                "-U",
                "clockapp",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
            as_postgres,
        )
        options = f"-k {folder} -h 127.0.0.1 -p {port} -F"
        _run(
            [
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(folder / "log"),
                "-w",
                "start",
            ],
            as_postgres,
        )
        try:
            yield f"postgresql+psycopg://clockapp@127.0.0.1:{port}/postgres"
        finally:
            _run([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], as_postgres)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def server_url() -> Iterator[str | None]:
    """The server to test against: CLOCKAPP_TEST_PG_URL, else a throwaway one, else None."""
    given = os.environ.get("CLOCKAPP_TEST_PG_URL")
    if given:
        yield given
        return
    bindir = find_bin()
    if bindir is None:
        yield None
        return
    with throwaway_server(bindir) as url:
        yield url


_counter = itertools.count(1)


def fresh_database(server: str) -> str:
    """A new empty database on `server` (its URL); falls back to `server` itself when the user
    may not create databases (its public schema is emptied instead)."""
    name = f"clockapp_t{os.getpid()}_{next(_counter)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception:  # no CREATEDB right: reuse the given database, emptied
        with admin.connect() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
        return server
    finally:
        admin.dispose()
    return make_url(server).set(database=name).render_as_string(hide_password=False)


class Server:
    """A throwaway server a test can stop and start again (`restartable_server`)."""

    def __init__(self, bindir: Path, data: Path, options: str, log: Path, url: str) -> None:
        self._bindir, self._data, self._options, self._log = bindir, data, options, log
        self._as_postgres = hasattr(os, "geteuid") and os.geteuid() == 0
        self.url = url

    def start(self) -> None:
        ctl = str(self._bindir / "pg_ctl")
        args = [ctl, "-D", str(self._data), "-o", self._options, "-l", str(self._log), "-w"]
        _run([*args, "start"], self._as_postgres)

    def start_if_stopped(self) -> None:
        if not (self._data / "postmaster.pid").exists():
            self.start()

    def processes(self) -> list[int]:
        """The server's processes: the postmaster (first) and the backends it started (none
        while it is stopped)."""
        pid_file = self._data / "postmaster.pid"
        if not pid_file.exists():
            return []
        postmaster = int(pid_file.read_text().split()[0])
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, IndexError, ValueError):
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == postmaster:
                    children.append(int(stat.parent.name))
        return [postmaster, *children]

    def pause(self) -> None:
        """Make the server stop answering without closing anything (SIGSTOP), as a host that
        sleeps would; `resume` wakes it."""
        for pid in self.processes():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)

    def resume(self) -> None:
        for pid in self.processes():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)

    def stop(self, mode: str = "fast") -> None:
        """Stop it as a host would (`fast`: clients are told and disconnected)."""
        _run(
            [str(self._bindir / "pg_ctl"), "-D", str(self._data), "-m", mode, "-w", "stop"],
            self._as_postgres,
        )


@contextmanager
def restartable_server(bindir: Path) -> Iterator[Server]:
    """A server of the test's own in a temporary folder, stopped (and removed) at the end."""
    as_postgres = hasattr(os, "geteuid") and os.geteuid() == 0
    folder = Path(tempfile.mkdtemp(prefix="clockapp-pg-"))
    try:
        if as_postgres:
            shutil.chown(folder, user="postgres")
        data, port = folder / "data", _free_port()
        initdb = [str(bindir / "initdb"), "-D", str(data), "-U", "clockapp", "--auth=trust"]
        _run([*initdb, "-E", "UTF8", "--no-sync"], as_postgres)
        url = f"postgresql+psycopg://clockapp@127.0.0.1:{port}/postgres"
        server = Server(bindir, data, f"-k {folder} -h 127.0.0.1 -p {port} -F", folder / "log", url)
        server.start()
        try:
            yield server
        finally:
            with contextlib.suppress(subprocess.CalledProcessError):
                server.stop("immediate")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
