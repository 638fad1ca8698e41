"""Helpers for the web view's tests: a server on a demo tournament, and raw HTTP over sockets."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from clockapp.services.app import Services
from clockapp.services.web.server import WebServer, serve_services


@contextmanager
def running_server(
    services: Services, tournament_id: int, poll: float = 0.05
) -> Iterator[WebServer]:
    """A started web server on a free port of 127.0.0.1, stopped afterwards."""
    server = serve_services(services, lambda: tournament_id, "127.0.0.1", 0)
    server.live._poll = poll  # the tests need not wait the production interval
    server.start()
    try:
        yield server
    finally:
        server.stop()


def exchange(port: int, raw: bytes, timeout: float = 5.0) -> bytes:
    """Send `raw` as it is, then read the whole answer until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        try:
            sock.sendall(raw)
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # the server may answer and close before it has read everything we send
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


def status(response: bytes) -> int:
    """The status code of a raw response."""
    return int(response.split(b" ", 2)[1])


def get(port: int, path: str) -> tuple[int, bytes]:
    """GET `path`: the status and the body."""
    response = exchange(port, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return status(response), response.partition(b"\r\n\r\n")[2]


class EventReader:
    """A client of `/events`: reads the stream's events one by one."""

    def __init__(self, port: int, timeout: float = 5.0) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        self.buffer = b""
        head = self._until(b"\r\n\r\n")
        self.status = status(head)

    def _until(self, mark: bytes) -> bytes:
        while mark not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("the stream ended")
            self.buffer += chunk
        part, _, self.buffer = self.buffer.partition(mark)
        return part

    def next_event(self) -> tuple[str, Any]:
        """The next event's name and its data (JSON), skipping the retry line."""
        while True:
            block = self._until(b"\n\n").decode()
            fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
            if "event" in fields:
                return fields["event"], json.loads(fields["data"])

    def next_state(self, deadline: float) -> dict[str, Any]:
        """The next state event's state (heartbeats skipped), before `deadline` (monotonic)."""
        while time.monotonic() < deadline:
            name, data = self.next_event()
            if name == "state":
                return data["state"]  # type: ignore[no-any-return]
        raise TimeoutError("no state in time")

    def close(self) -> None:
        self.sock.close()
