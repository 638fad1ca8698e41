"""`WebServer`: the page, its state and its live stream, on a thread per connection.

Paths: `/` the page, `/state` the state as JSON, `/events` the Server-Sent Events stream (the
state at once, then every new state, and a heartbeat with the server's time). Everything else is
404; methods other than GET and HEAD are 405 (see `wire`). A request whose Host header names
another site gets 421 (a page of that site rebinding its name to this address must not read
the tournament). Nothing here writes to the database.
"""

from __future__ import annotations

import contextlib
import errno
import socket
import socketserver
import threading
from collections.abc import Callable
from datetime import datetime
from http import HTTPStatus
from typing import Any

from clockapp.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.web.addresses import host_is_ours, own_names
from clockapp.services.web.live import LiveState, revision_reader
from clockapp.services.web.page import PAGE
from clockapp.services.web.state import builder
from clockapp.services.web.wire import RequestError, head, read_request

DEFAULT_PORT = 8765
#: A client has this long to send its request, and a stream this long to take each write.
SOCKET_TIMEOUT = 10.0
#: Seconds between heartbeats on a quiet stream (they carry the server's time).
HEARTBEAT_SECONDS = 15.0
#: Streams held at once; more get 503 (a room holds a few hundred phones at most).
MAX_STREAMS = 1000
#: Connections (each a thread) at once; more are closed unanswered, so a flood of idle
#: connections cannot pile up threads.
MAX_CONNECTIONS = 1200

PAGE_BYTES = PAGE.encode()


class WebServerError(DomainError):
    """The web view cannot start (the port is taken, the address is wrong)."""


_Request = socket.socket | tuple[bytes, socket.socket]


class _TCPServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True  # a restart right after a stop; a port in use still fails
    request_queue_size = 128
    max_connections = MAX_CONNECTIONS
    web: WebServer

    def __init__(self, address: tuple[str, int], handler: type[_Handler]) -> None:
        self._active = 0
        self._active_lock = threading.Lock()
        super().__init__(address, handler)

    @property
    def active(self) -> int:
        """Connections being served now."""
        return self._active

    def verify_request(self, request: _Request, client_address: Any) -> bool:
        """Take the connection only while there is room (a refused one is just closed)."""
        with self._active_lock:
            if self._active >= self.max_connections:
                return False
            self._active += 1
            return True

    def process_request_thread(self, request: _Request, client_address: Any) -> None:
        """Serve one connection on its thread, and give its place back at the end."""
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._active_lock:
                self._active -= 1


class _Handler(socketserver.StreamRequestHandler):
    server: _TCPServer

    def setup(self) -> None:
        self.request.settimeout(SOCKET_TIMEOUT)
        super().setup()

    def handle(self) -> None:
        try:
            request = read_request(self.rfile)
        except RequestError as error:
            self._send_error(error.status)
            return
        except OSError:  # a timeout or a reset: nobody to answer
            return
        if request is None:
            return
        if request.host is not None and not self.server.web.answers_to(
            request.host, str(self.request.getsockname()[0])
        ):
            self._send_error(
                HTTPStatus.MISDIRECTED_REQUEST, "This server answers only to its own addresses."
            )
            return
        self.server.web.serve(request.method, request.path, self.wfile.write)

    def _send_error(self, status: HTTPStatus, detail: str = "") -> None:
        text = f"{status.value} {status.phrase}\n" + (f"{detail}\n" if detail else "")
        body = text.encode()
        with contextlib.suppress(OSError):
            self.wfile.write(head(status, "text/plain; charset=utf-8", len(body)) + body)
            self.wfile.flush()
            # Let the client read the answer before the close: drain what it still sends (a
            # body we refused) for a moment, so the kernel does not reset the connection.
            self.request.shutdown(socket.SHUT_WR)
            self.request.settimeout(0.5)
            for _ in range(16):
                if not self.request.recv(65536):
                    break


class WebServer:
    """Serves the live view of one tournament (the one `tournament_id()` names) until `stop`."""

    def __init__(
        self,
        live: LiveState,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        heartbeat_seconds: float = HEARTBEAT_SECONDS,
    ) -> None:
        self.live = live
        self.heartbeat_seconds = heartbeat_seconds
        self._streams = 0
        self._lock = threading.Lock()
        try:
            self._server = _TCPServer((host, port), _Handler)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise WebServerError(
                    f"Port {port} is already in use on this machine (another program, or the "
                    "web view of another clockapp). Choose another port."
                ) from error
            raise WebServerError(
                f"The web view cannot listen on {host}, port {port}: {error.strerror or error}."
            ) from error
        self._server.web = self
        self._names = own_names(host)
        self._thread: threading.Thread | None = None
        self._serving = False

    @property
    def port(self) -> int:
        """The port it listens on (the one chosen by the system when asked for 0)."""
        return int(self._server.server_address[1])

    @property
    def host(self) -> str:
        """The address it listens on."""
        return str(self._server.server_address[0])

    @property
    def streams(self) -> int:
        """Clients connected to the live stream now."""
        return self._streams

    def start(self) -> None:
        """Start the poller and serve in a background thread."""
        self.live.start()
        self._serving = True
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.5},
            name="clockapp-web",
            daemon=True,
        )
        self._thread.start()

    def serve_forever(self) -> None:
        """Start the poller and serve in this thread until `stop` (from another thread)."""
        self.live.start()
        self._serving = True
        self._server.serve_forever(poll_interval=0.5)

    def stop(self) -> None:
        """Stop accepting, end every stream, free the port."""
        self.live.stop()
        if self._serving:
            self._server.shutdown()  # waits for the accept loop (it must be running)
            self._serving = False
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    # ---------------------------------------------------------------- answering

    def answers_to(self, host: str, local_address: str) -> bool:
        """Whether a request's Host header names this server (`local_address`: its side)."""
        return host_is_ours(host, self._names, local_address)

    def serve(self, method: str, path: str, write: Callable[[bytes], object]) -> None:
        """Answer one parsed request through `write` (the socket's, which sends it all)."""
        bodyless = method == "HEAD"
        try:
            if path == "/":
                self._send(write, HTTPStatus.OK, "text/html; charset=utf-8", PAGE_BYTES, bodyless)
            elif path == "/state":
                body = self.live.current.body
                self._send(write, HTTPStatus.OK, "application/json", body, bodyless)
            elif path == "/events":
                self._stream(write, bodyless)
            else:
                body = b"404 Not Found\n"
                self._send(write, HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", body, bodyless)
        except OSError:
            return  # the client went away

    @staticmethod
    def _send(
        write: Callable[[bytes], object],
        status: HTTPStatus,
        content_type: str,
        body: bytes,
        bodyless: bool,
    ) -> None:
        write(head(status, content_type, len(body)) + (b"" if bodyless else body))

    def _stream(self, write: Callable[[bytes], object], bodyless: bool) -> None:
        with self._lock:
            full = self._streams >= MAX_STREAMS
            if not full:
                self._streams += 1
        if full:
            body = b"503 Too many clients; try again in a minute\n"
            self._send(write, HTTPStatus.SERVICE_UNAVAILABLE, "text/plain", body, bodyless)
            return
        try:
            write(head(HTTPStatus.OK, "text/event-stream; charset=utf-8", None))
            if bodyless:
                return
            write(b"retry: 2000\n\n")
            published = self.live.current
            write(self._state_event(published.body))
            version = published.version
            while not self.live.stopped:
                newer = self.live.wait_newer(version, self.heartbeat_seconds)
                if self.live.stopped:
                    break
                if newer is None:
                    write(b'event: heartbeat\ndata: {"now":%d}\n\n' % self.live.server_time_ms())
                else:
                    version = newer.version
                    write(self._state_event(newer.body))
        finally:
            with self._lock:
                self._streams -= 1

    def _state_event(self, body: bytes) -> bytes:
        # Each client gets the server's time as it is sent: the page's clock offset is exact
        # even for a phone that connects long after the state was built.
        return b'event: state\ndata: {"now":%d,"state":%s}\n\n' % (
            self.live.server_time_ms(),
            body,
        )


def serve_services(
    services: Services,
    tournament_id: Callable[[], int | None],
    host: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    now: Callable[[], datetime] | None = None,
) -> WebServer:
    """A web server (not started) showing `tournament_id()` from `services`' database.

    It reads through services of its own over the same engine: its thread shares no cache with
    the caller's (the app's window, on another thread).
    """
    own = Services(services.ctx.engine, now=now or services.ctx.now)
    live = LiveState(builder(own, tournament_id), revision_reader(own, tournament_id), own.now)
    return WebServer(live, host, port)
