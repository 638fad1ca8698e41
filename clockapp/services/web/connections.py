"""`Connections`: one thread accepts every connection, reads each request's head, watches streams.

A request goes to a thread of its own only once its whole head has arrived, so a client that
sends slowly, or nothing, holds a descriptor and a small buffer, never a thread. Each head has
`request_seconds` in all to arrive. Connections stay under a cap below the process's open-file
limit; at the cap the oldest connection whose head is still arriving is closed so the new one
is served (a slowloris client holds only such connections; a stream or an answer being written
is never dropped for it). When accept() still runs out of descriptors, the same oldest ones go,
and with none to drop the loop rests a moment instead of spinning on a readable socket.

The loop also watches the stream sockets (whose threads only write): a client that closes is
seen at once, so its stream ends and frees its place without waiting for the next write.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import logging
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from clockapp.services.web.wire import MAX_HEAD_BYTES

log = logging.getLogger(__name__)

#: Connections at once, at most; fewer below the process's open-file limit.
MAX_CONNECTIONS = 1200
#: Descriptors left free below the open-file limit for everything else (the database, logs).
FD_RESERVE = 64
#: How long accept() rests after running out of descriptors with nothing left to drop.
ACCEPT_REST_SECONDS = 0.05
#: Connections with unfinished heads closed at once when accept() runs out of descriptors.
DROP_WHEN_OUT_OF_FILES = 8
#: The longest the loop sleeps without looking at its deadlines and its stop flag.
TURN_SECONDS = 0.5

_OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
_DONTWAIT = getattr(socket, "MSG_DONTWAIT", 0)

#: What a connection's thread does with a head that arrived (or timed out, when the flag is set).
Handle = Callable[[socket.socket, bytes, bool], None]


def connection_cap(most: int = MAX_CONNECTIONS) -> int:
    """How many connections to hold at once: `most`, or fewer under the open-file limit.

    Each connection holds a descriptor, so the cap stays below the process's limit (1,024 on
    most systems) and accept() does not run out while the server still has room.

    >>> 4 <= connection_cap() <= MAX_CONNECTIONS
    True
    """
    try:
        import resource  # portable: Windows raises ImportError, handled below
    except ImportError:  # Windows: no such limit on sockets
        return most
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return most
    return max(4, min(most, soft - FD_RESERVE))


@dataclass
class _Arriving:
    deadline: float
    head: bytearray = field(default_factory=bytearray)


class Connections:
    """The accept loop of one listening socket, until `stop`."""

    def __init__(
        self,
        listener: socket.socket,
        handle: Handle,
        request_seconds: float,
        closed_hook: Callable[[], None],
    ) -> None:
        self.request_seconds = request_seconds
        self.max_connections = connection_cap()
        self._listener = listener
        self._handle = handle
        self._closed_hook = closed_hook
        self._selector = selectors.DefaultSelector()
        self._wake_reader, self._wake_writer = socket.socketpair()
        for sock in (listener, self._wake_reader, self._wake_writer):
            sock.setblocking(False)
        self._arriving: dict[socket.socket, _Arriving] = {}  # oldest first
        self._lock = threading.Lock()  # guards what the connections' threads touch:
        self._busy = 0
        self._watching: set[socket.socket] = set()
        self._inbox: list[tuple[str, socket.socket, threading.Event | None]] = []
        self._running = True
        self._stop = threading.Event()
        self._resting_until: float | None = None
        self._selector.register(listener, selectors.EVENT_READ)
        self._selector.register(self._wake_reader, selectors.EVENT_READ)

    @property
    def open(self) -> int:
        """Connections open now (heads arriving, and requests being answered)."""
        return len(self._arriving) + self._busy

    # ---------------------------------------------------------------- other threads

    def stop(self) -> None:
        """Make `run` return soon (from another thread; `run` closes everything it holds)."""
        self._stop.set()
        self._wake()

    def watch(self, sock: socket.socket) -> threading.Event:
        """An event set when the client of `sock` (a stream, that only writes) closes it."""
        closed = threading.Event()
        with self._lock:
            if not self._running:
                return closed
            self._watching.add(sock)
            self._inbox.append(("watch", sock, closed))
        self._wake()
        return closed

    def _wake(self) -> None:
        with contextlib.suppress(OSError):  # full (a wake is pending anyway) or closed
            self._wake_writer.send(b"\0")

    def _serve(self, sock: socket.socket, head: bytes, timed_out: bool) -> None:
        try:
            self._handle(sock, head, timed_out)
        except Exception:
            log.exception("The web view failed to answer a request")
        finally:
            with self._lock:
                self._busy -= 1
                # A watched socket may be in the loop's selector: the loop unregisters it first.
                handed_back = sock in self._watching and self._running
                self._watching.discard(sock)
                if handed_back:
                    self._inbox.append(("close", sock, None))
            if handed_back:
                self._wake()
            else:
                sock.close()

    # ---------------------------------------------------------------- the loop

    def run(self) -> None:
        """Accept and read heads until `stop`; then close the listener and every head."""
        try:
            while not self._stop.is_set():
                try:
                    self._turn()
                except Exception:  # a fault in one turn must not stop the serving
                    log.exception("The web view's connection loop failed; it carries on")
                    time.sleep(ACCEPT_REST_SECONDS)
        finally:
            self._shut()

    def _turn(self) -> None:
        now = time.monotonic()
        if self._resting_until is not None and now >= self._resting_until:
            self._resting_until = None
            self._selector.register(self._listener, selectors.EVENT_READ)
        wait = TURN_SECONDS
        if self._arriving:
            wait = min(wait, next(iter(self._arriving.values())).deadline - now)
        if self._resting_until is not None:
            wait = min(wait, self._resting_until - now)
        for key, _events in self._selector.select(max(0.0, wait)):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            if sock is self._listener:
                self._accept()
            elif sock is self._wake_reader:
                with contextlib.suppress(OSError):
                    sock.recv(4096)
            elif isinstance(key.data, threading.Event):
                self._look_at_stream(sock, key.data)
            elif sock in self._arriving:  # not dropped earlier in this same turn
                self._read_head(sock)
        self._take_inbox()
        self._expire(time.monotonic())

    def _accept(self) -> None:
        for _ in range(64):  # a burst at a time, so heads and streams are looked at too
            try:
                sock, _address = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:
                if error.errno not in _OUT_OF_FILES:
                    return  # the client gave up before we took it
                if not self._drop_oldest(DROP_WHEN_OUT_OF_FILES):
                    self._selector.unregister(self._listener)
                    self._resting_until = time.monotonic() + ACCEPT_REST_SECONDS
                    return
                continue
            if self.open >= self.max_connections and not self._drop_oldest(1):
                sock.close()  # every place is being answered: nothing can make room
                continue
            sock.setblocking(False)
            self._arriving[sock] = _Arriving(time.monotonic() + self.request_seconds)
            self._selector.register(sock, selectors.EVENT_READ)

    def _drop_oldest(self, count: int) -> int:
        oldest = list(itertools.islice(self._arriving, count))
        for sock in oldest:
            self._forget(sock)
            sock.close()
        return len(oldest)

    def _forget(self, sock: socket.socket) -> None:
        del self._arriving[sock]
        self._selector.unregister(sock)

    def _read_head(self, sock: socket.socket) -> None:
        arriving = self._arriving[sock]
        try:
            chunk = sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
            arriving.head.clear()  # a reset: nobody to answer
        head = arriving.head
        if chunk:
            start = max(0, len(head) - 2)
            head += chunk
            ended = head.find(b"\n\r\n", start) >= 0 or head.find(b"\n\n", start) >= 0
            if not ended and len(head) <= MAX_HEAD_BYTES:
                return
        self._forget(sock)
        if not head:
            sock.close()  # closed without a word (a browser's spare connection)
            return
        # Complete, too long for any valid head, or cut off by the client: the parser says which.
        self._hand_over(sock, bytes(head), timed_out=False)

    def _expire(self, now: float) -> None:
        while self._arriving:
            sock, arriving = next(iter(self._arriving.items()))
            if arriving.deadline > now:
                return
            self._forget(sock)
            if arriving.head:
                self._hand_over(sock, bytes(arriving.head), timed_out=True)
            else:
                sock.close()

    def _hand_over(self, sock: socket.socket, head: bytes, timed_out: bool) -> None:
        sock.setblocking(True)
        with self._lock:
            self._busy += 1
        thread = threading.Thread(
            target=self._serve, args=(sock, head, timed_out), name="clockapp-web", daemon=True
        )
        try:
            thread.start()
        except RuntimeError:  # no thread to be had: the client tries again
            with self._lock:
                self._busy -= 1
            sock.close()

    def _look_at_stream(self, sock: socket.socket, closed: threading.Event) -> None:
        try:
            # A stream's client has nothing to say: what it sends is dropped, its close is news.
            gone = not sock.recv(4096, _DONTWAIT)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            gone = True
        if gone:
            self._selector.unregister(sock)
            closed.set()
            self._closed_hook()

    def _take_inbox(self) -> None:
        with self._lock:
            inbox, self._inbox = self._inbox, []
        for what, sock, closed in inbox:
            registered = sock in self._selector.get_map()
            if what == "watch" and closed is not None and not registered:
                self._selector.register(sock, selectors.EVENT_READ, closed)
            elif what == "close":
                if registered:
                    self._selector.unregister(sock)
                sock.close()

    def close(self) -> None:
        """Close the listener and every head, when `run` never ran (it does this itself)."""
        if self._running:
            self._shut()

    def _shut(self) -> None:
        with self._lock:
            self._running = False
            inbox, self._inbox = self._inbox, []
        for what, sock, _closed in inbox:
            if what == "close":
                sock.close()
        for sock in list(self._arriving):
            sock.close()
        self._arriving.clear()
        self._selector.close()
        self._listener.close()
        self._wake_reader.close()
        self._wake_writer.close()
