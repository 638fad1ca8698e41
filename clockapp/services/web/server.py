"""`WebServer`: the page, its state and its live stream; a thread for each request being answered.

Paths: `/` the page, `/state` the state as JSON, `/events` the Server-Sent Events stream (the
state at once, then every new state, and a heartbeat with the server's time), and
`/captain/<token>`, a table captain's page (`captain.CaptainDesk`), when the server has a desk.
Everything else is 404; methods other than GET and HEAD are 405 (see `wire`), except a POST
of a captain's report. A request whose Host header names another site gets 421 (a page of that
site rebinding its name to this address must not read the tournament). `connections` accepts
and reads the requests, and holds slow clients off. The only write is a captain's report,
through the captains' service, which checks its token; everything else only reads.
"""

from __future__ import annotations

import contextlib
import errno
import io
import socket
import threading
import time
from collections.abc import Callable
from datetime import datetime
from http import HTTPStatus

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import negotiate, using_language
from clockapp.services.app import Services
from clockapp.services.web.addresses import host_is_ours, own_names
from clockapp.services.web.captain import MAX_BODY, Answer, CaptainDesk
from clockapp.services.web.connections import Connections
from clockapp.services.web.live import LiveState, revision_reader
from clockapp.services.web.page import page_bytes
from clockapp.services.web.state import builder
from clockapp.services.web.wire import (
    CAPTAIN_POLICY,
    Request,
    RequestError,
    head,
    read_request,
)

DEFAULT_PORT = 8765
#: A client has this long, in all, to send its request line and headers. A slow or idle one is
#: then closed (with 408 when it sent part of a request), so it cannot hold its connection.
REQUEST_SECONDS = 5.0
#: An answer or a stream has this long to take each write.
SOCKET_TIMEOUT = 10.0
#: Seconds between heartbeats on a quiet stream (they carry the server's time).
HEARTBEAT_SECONDS = 15.0
#: Streams held at once; more get 503 (a room holds a few hundred phones at most). Fewer when
#: the connections are capped lower, so some connections are always left for pages.
MAX_STREAMS = 1000
#: Connections waiting in the kernel's queue to be accepted: a flood waits there (holding no
#: descriptor) rather than having its connections refused and retried a second later.
BACKLOG = 4096


class WebServerError(DomainError):
    """The web view cannot start (the port is taken, the address is wrong)."""


class WebServer:
    """Serves the live view of one tournament (the one `tournament_id()` names) until `stop`."""

    def __init__(
        self,
        live: LiveState,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        heartbeat_seconds: float = HEARTBEAT_SECONDS,
        request_seconds: float = REQUEST_SECONDS,
        captains: CaptainDesk | None = None,
    ) -> None:
        self.live = live
        self.captains = captains
        self.heartbeat_seconds = heartbeat_seconds
        self._streams = 0
        self._lock = threading.Lock()
        try:
            listener = socket.create_server((host, port), backlog=BACKLOG)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise WebServerError(
                    _(
                        "Port {port} is already in use on this machine (another program, or the "
                        "web "
                        "view of another clockapp). Choose another port."
                    ).format(port=port)
                ) from error
            raise WebServerError(
                _("The web view cannot listen on {host}, port {port}: {reason}.").format(
                    host=host, port=port, reason=error.strerror or error
                )
            ) from error
        self._address = listener.getsockname()
        self._connections = Connections(listener, self._handle, request_seconds, live.wake)
        self._names = own_names(host)
        self._thread: threading.Thread | None = None
        self._serving = False

    @property
    def port(self) -> int:
        """The port it listens on (the one chosen by the system when asked for 0)."""
        return int(self._address[1])

    @property
    def host(self) -> str:
        """The address it listens on."""
        return str(self._address[0])

    @property
    def request_seconds(self) -> float:
        """How long a client has to send its request's head."""
        return self._connections.request_seconds

    @request_seconds.setter
    def request_seconds(self, seconds: float) -> None:
        self._connections.request_seconds = seconds

    @property
    def max_connections(self) -> int:
        """Connections held at once (below the process's open-file limit)."""
        return self._connections.max_connections

    @max_connections.setter
    def max_connections(self, count: int) -> None:
        self._connections.max_connections = count

    @property
    def connections(self) -> int:
        """Connections open now."""
        return self._connections.open

    @property
    def max_streams(self) -> int:
        """Streams held at once: a few connections are always left for pages and states."""
        cap = self.max_connections
        return min(MAX_STREAMS, cap - max(1, cap // 16))

    @property
    def streams(self) -> int:
        """Clients connected to the live stream now."""
        return self._streams

    def start(self) -> None:
        """Start the poller and serve in a background thread."""
        self.live.start()
        self._serving = True
        self._thread = threading.Thread(
            target=self._connections.run, name="clockapp-web", daemon=True
        )
        self._thread.start()

    def serve_forever(self) -> None:
        """Start the poller and serve in this thread until `stop` (from another thread)."""
        self.live.start()
        self._serving = True
        self._connections.run()

    def stop(self) -> None:
        """Stop accepting, end every stream, free the port."""
        self.live.stop()
        if self._serving:
            self._connections.stop()
            self._serving = False
            if self._thread is not None:
                self._thread.join(timeout=5)
        else:
            self._connections.close()

    # ---------------------------------------------------------------- answering

    def answers_to(self, host: str, local_address: str) -> bool:
        """Whether a request's Host header names this server (`local_address`: its side)."""
        return host_is_ours(host, self._names, local_address)

    def _handle(self, sock: socket.socket, raw: bytes, timed_out: bool) -> None:
        """Answer one request whose head is `raw` (on the connection's own thread)."""
        sock.settimeout(SOCKET_TIMEOUT)
        if timed_out:
            self._send_error(sock, HTTPStatus.REQUEST_TIMEOUT)
            return
        try:
            request = read_request(io.BytesIO(raw))
        except RequestError as error:
            self._send_error(sock, error.status)
            return
        if request is None:
            return
        if request.host is not None and not self.answers_to(
            request.host, str(sock.getsockname()[0])
        ):
            with using_language(negotiate(request.accept_language)):
                detail = _("This server answers only to its own addresses.")
            self._send_error(sock, HTTPStatus.MISDIRECTED_REQUEST, detail)
            return
        language = negotiate(request.accept_language)
        if request.path.startswith("/captain/") and self.captains is not None:
            self._answer_captain(sock, raw, request, language)
            return
        if request.method == "POST":
            self._send_error(sock, HTTPStatus.NOT_FOUND)
            return
        self._answer(sock, request.method, request.path, language)

    def _answer_captain(
        self, sock: socket.socket, raw: bytes, request: Request, language: str
    ) -> None:
        assert self.captains is not None
        try:
            address = str(sock.getpeername()[0])  # the flood guard counts by address
        except OSError:
            return  # the client went away
        if request.method != "POST":
            answer = self.captains.page(request.path, request.query, address, language)
        elif request.chunked or request.content_length is None:
            self._send_error(sock, HTTPStatus.LENGTH_REQUIRED)
            return
        elif request.content_length > MAX_BODY:
            self._send_error(sock, HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
            return
        else:
            body = self._read_body(sock, raw, request.content_length)
            if body is None:
                self._send_error(sock, HTTPStatus.REQUEST_TIMEOUT)
                return
            answer = self.captains.post(request, body, address, language)
        self._send_answer(sock, answer, request.method == "HEAD")

    def _read_body(self, sock: socket.socket, raw: bytes, length: int) -> bytes | None:
        """The body of `length` bytes: what came with the head, then the rest (None: too slow)."""
        ends = [i + len(m) for m in (b"\r\n\r\n", b"\n\n") if (i := raw.find(m)) >= 0]
        body = bytearray(raw[min(ends) :] if ends else b"")
        deadline = time.monotonic() + self.request_seconds
        try:
            while len(body) < length:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                sock.settimeout(left)
                chunk = sock.recv(min(65536, length - len(body)))
                if not chunk:
                    return None
                body += chunk
        except OSError:
            return None
        finally:
            sock.settimeout(SOCKET_TIMEOUT)
        return bytes(body[:length])

    @staticmethod
    def _send_answer(sock: socket.socket, answer: Answer, bodyless: bool) -> None:
        content = answer.body
        start = head(
            answer.status,
            "text/html; charset=utf-8",
            len(content),
            policy=CAPTAIN_POLICY,
            referrer="same-origin",
            location=answer.location,
        )
        with contextlib.suppress(OSError):
            sock.sendall(start + (b"" if bodyless else content))

    @staticmethod
    def _send_error(sock: socket.socket, status: HTTPStatus, detail: str = "") -> None:
        text = f"{status.value} {status.phrase}\n" + (f"{detail}\n" if detail else "")
        body = text.encode()
        with contextlib.suppress(OSError):
            sock.sendall(head(status, "text/plain; charset=utf-8", len(body)) + body)
            # Let the client read the answer before the close: drain what it still sends (a
            # body we refused) for a moment, so the kernel does not reset the connection.
            sock.shutdown(socket.SHUT_WR)
            deadline = time.monotonic() + 0.5
            while (left := deadline - time.monotonic()) > 0:
                sock.settimeout(left)
                if not sock.recv(65536):
                    break

    def _answer(self, sock: socket.socket, method: str, path: str, language: str) -> None:
        write = sock.sendall
        bodyless = method == "HEAD"
        try:
            if path == "/":
                page = page_bytes(language)  # the phone's language (Accept-Language)
                self._send(write, HTTPStatus.OK, "text/html; charset=utf-8", page, bodyless)
            elif path == "/state":
                body = self.live.current_in(language).body
                self._send(write, HTTPStatus.OK, "application/json", body, bodyless)
            elif path == "/events":
                self._stream(sock, bodyless, language)
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

    def _stream(self, sock: socket.socket, bodyless: bool, language: str) -> None:
        write = sock.sendall
        with self._lock:
            full = self._streams >= self.max_streams
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
            published = self.live.current_in(language)
            write(self._state_event(published.body))
            version = published.version
            gone = self._connections.watch(sock)
            while not self.live.stopped:
                newer = self.live.wait_newer(version, self.heartbeat_seconds, gone, language)
                if self.live.stopped or gone.is_set():
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
    captains: bool = True,
) -> WebServer:
    """A web server (not started) showing `tournament_id()` from `services`' database.

    It reads through services of its own over the same engine: its thread shares no cache with
    the caller's (the app's window, on another thread). With `captains` it also serves the
    table captains' pages and takes their reports; without (a read-only database), those paths
    are not found.
    """
    own = Services(services.ctx.engine, now=now or services.ctx.now, station="captain@web")
    live = LiveState(builder(own, tournament_id), revision_reader(own, tournament_id), own.now)
    desk = CaptainDesk(own, tournament_id) if captains else None
    return WebServer(live, host, port, captains=desk)
