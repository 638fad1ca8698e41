"""Slow and idle connections time out and never stop others being served.

A slowloris client opens connections and sends its request a byte at a time, never finishing,
to hold every connection (and every file descriptor) the server has. The server gives each
request a few seconds in all, keeps its connections below its file limit, and at that cap drops
the oldest connection that has not finished its request so a new one is served.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import selectors
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from clockapp.services.app import Services
from tests.services.web.support import EventReader, get, running_server, status

PARTIAL = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def _closed_within(sock: socket.socket, seconds: float, dribble: float) -> bytes | None:
    """Send a byte every `dribble` seconds; what the server sent before closing, or None."""
    sock.setblocking(False)
    received = b""
    selector = selectors.DefaultSelector()
    selector.register(sock, selectors.EVENT_READ)
    deadline = time.monotonic() + seconds
    try:
        while (left := deadline - time.monotonic()) > 0:
            if selector.select(min(left, dribble)):
                try:
                    chunk = sock.recv(65536)
                except ConnectionResetError:
                    return received
                if not chunk:
                    return received
                received += chunk
            else:
                try:
                    sock.send(b"a")
                except OSError:
                    return received
    finally:
        selector.close()
    return None


@pytest.mark.slow
def test_a_request_sent_a_byte_at_a_time_is_cut_off_in_seconds(
    services: Services, demo: int
) -> None:
    with running_server(services, demo) as server:
        server.request_seconds = 0.5
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(PARTIAL)
            started = time.monotonic()
            answer = _closed_within(sock, 5.0, dribble=0.05)
            assert answer is not None, "the server never closed the slow connection"
            assert time.monotonic() - started < 2.0
            assert status(answer) == 408
        assert get(server.port, "/state")[0] == 200


@pytest.mark.slow
def test_an_idle_connection_is_closed_without_an_answer(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        server.request_seconds = 0.3
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.settimeout(5)
            assert sock.recv(100) == b""


def dropped_unanswered(sock: socket.socket) -> bool:
    """Whether the server closed `sock` without a byte of answer: an end of stream, or a reset
    (a server that closes with part of a request still unread in its buffer resets, which a busy
    machine makes likely)."""
    try:
        return sock.recv(100) == b""
    except ConnectionResetError:
        return True


def test_at_the_cap_the_oldest_unfinished_connection_makes_room(
    services: Services, demo: int
) -> None:
    with running_server(services, demo) as server:
        server.max_connections = 3
        slow = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(3)]
        try:
            for sock in slow:
                sock.sendall(PARTIAL)
            deadline = time.monotonic() + 5
            while server.connections < 3 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert get(server.port, "/state")[0] == 200
            slow[0].settimeout(5)
            assert dropped_unanswered(slow[0])  # the oldest made room
            for sock in slow[1:]:
                sock.setblocking(False)
                with pytest.raises(BlockingIOError):
                    sock.recv(100)  # the others are still open
        finally:
            for sock in slow:
                sock.close()


def test_streams_leave_room_for_pages(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        server.max_connections = 3
        readers = [EventReader(server.port) for _ in range(2)]
        try:
            for reader in readers:
                reader.next_state(time.monotonic() + 5)
            third = EventReader(server.port)
            third.close()
            assert third.status == 503
            deadline = time.monotonic() + 5
            while server.connections > 2 and time.monotonic() < deadline:
                time.sleep(0.01)  # the refused one's thread ends
            assert get(server.port, "/state")[0] == 200
            assert server.streams == 2
        finally:
            for reader in readers:
                reader.close()


_SERVER = """
import os, resource, sys
resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))
# Descriptors taken by something else in the process (as a leak would), so accept() can fail.
held = [os.open(os.devnull, os.O_RDONLY) for _ in range(int(sys.argv[1]))]
from clockapp.__main__ import main
sys.exit(main(sys.argv[2:]))
"""


@contextmanager
def _server_at_the_file_limit(db: Path, tid: int, held: int = 0) -> Iterator[tuple[int, int]]:
    """`clockapp web` in a process limited to 1,024 open files: its port and process id."""
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            _SERVER,
            str(held),
            "web",
            "--db",
            str(db),
            "--port",
            "0",
            "--tournament",
            str(tid),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CLOCKAPP_DATA_DIR": str(db.parent)},
    )
    try:
        assert child.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", child.stdout.readline())
        assert found, child.stderr.read() if child.stderr else ""
        yield int(found.group(1)), child.pid
        assert child.poll() is None, "the server died"
    finally:
        child.terminate()
        _out, err = child.communicate(timeout=10)
    assert "Traceback" not in err, err


def _open_slow(port: int, count: int) -> list[socket.socket]:
    """`count` connections that each send part of a request (never waiting on a full queue)."""
    sockets = []
    for _ in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        if sock.connect_ex(("127.0.0.1", port)) not in (0, errno.EINPROGRESS):
            sock.close()
            continue
        sockets.append(sock)
    _dribble(sockets, PARTIAL)
    return sockets


def _dribble(sockets: list[socket.socket], data: bytes = b"a") -> None:
    for sock in sockets:
        # Not connected yet, or dropped by the server: either way it holds nothing.
        with contextlib.suppress(OSError):
            sock.send(data)


def _timed_get(port: int) -> float:
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert status(answer) == 200
    return time.monotonic() - started


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100


@pytest.mark.slow
def test_1100_slowloris_connections_do_not_delay_a_page(
    engine: Engine, db_path: Path, demo: int
) -> None:
    engine.dispose()
    with _server_at_the_file_limit(db_path, demo) as (port, _pid):
        slow = _open_slow(port, 1100)
        try:
            worst = 0.0
            for _ in range(5):
                _dribble(slow)
                worst = max(worst, _timed_get(port))
            assert worst < 2.0
        finally:
            for sock in slow:
                sock.close()


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads CPU time from /proc")
def test_running_out_of_files_neither_kills_the_server_nor_spins(
    engine: Engine, db_path: Path, demo: int
) -> None:
    engine.dispose()
    with _server_at_the_file_limit(db_path, demo, held=900) as (port, pid):
        slow = _open_slow(port, 400)
        try:
            before = time.monotonic(), _cpu_seconds(pid)
            deadline = time.monotonic() + 2.0
            while time.monotonic() < deadline:
                _dribble(slow)
                time.sleep(0.2)
            wall, cpu = time.monotonic() - before[0], _cpu_seconds(pid) - before[1]
            assert cpu < 0.5 * wall, f"{cpu:.2f} s of CPU in {wall:.2f} s"
            assert _timed_get(port) < 10.0
        finally:
            for sock in slow:
                sock.close()
