"""One fresh copy of the page's state for every client, kept by one poller thread.

The poller reads the newest revision of the change log (one cheap query, `revision_reader`) a
few times a second; when it moves, when another tournament is shown, or when the clock passes to
another item by itself, it builds the state once and wakes every client waiting in `wait_newer`.
Two hundred phones cost one query per tick, not two hundred. A database that stops answering
marks the state stale and keeps the last one: the page says so and its clock keeps running from
the end times it has.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import datetime

from clockapp.i18n import current_language, using_language
from clockapp.services.app import Services
from clockapp.services.web.state import Built, epoch_ms

log = logging.getLogger(__name__)

#: How often the poller looks at the revision (seconds): a change reaches phones within this.
POLL_SECONDS = 0.2


def revision_reader(
    services: Services, tournament_id: Callable[[], int | None]
) -> Callable[[], Hashable]:
    """How the web view learns that something changed: which tournament, and its newest revision.

    The one place that knows how: a per-tournament revision or a pushed notification replaces
    this function alone. The tournament is part of it because showing another one (the director
    opens it) writes nothing.
    """

    def read() -> Hashable:
        return (tournament_id(), services.tournaments.revision())

    return read


@dataclass(frozen=True)
class Published:
    """One version of the state, serialised once for every client.

    Attributes:
        version: Counts up with each new state (0: nothing built yet).
        body: The state as compact one-line JSON (UTF-8).
    """

    version: int
    body: bytes


class LiveState:
    """The state every client is shown, and the thread that keeps it fresh."""

    def __init__(
        self,
        build: Callable[[datetime], Built],
        revision: Callable[[], Hashable],
        now: Callable[[], datetime],
        poll_seconds: float = POLL_SECONDS,
    ) -> None:
        self._build = build
        self._revision = revision
        self._now = now
        self._poll = poll_seconds
        self._changed = threading.Condition()
        self._published = Published(0, b"{}")
        self._state: dict[str, object] = {}
        # The language the state was built in, how to say it in another, and what was said.
        self._language = current_language()
        self._render: Callable[[], dict[str, object]] | None = None
        self._spoken: dict[str, Published] = {}
        self._seen: Hashable = None
        self._deadline: datetime | None = None
        self._stale = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.builds = 0  # how many times the state was built (the bench and tests read it)

    # ---------------------------------------------------------------- the poller

    def start(self) -> None:
        """Build the first state now (so the first page has it), then poll in a thread."""
        self.refresh()
        self._thread = threading.Thread(target=self._run, name="clockapp-web-poller", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop polling and release every waiting client."""
        self._stop.set()
        with self._changed:
            self._changed.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    @property
    def stopped(self) -> bool:
        """Whether `stop` was called."""
        return self._stop.is_set()

    def _run(self) -> None:
        while not self._stop.wait(self._poll):
            self.refresh()

    def refresh(self) -> bool:
        """Look once: build and publish a new state if anything moved. True when it did.

        Never raises: a failure is logged once and marks the state stale until a read works.
        """
        try:
            revision = self._revision()
            now = self._now()
            due = self._deadline is not None and now >= self._deadline
            if revision == self._seen and not due and not self._stale:
                return False
            built = self._build(now)
        except Exception:
            if not self._stale:
                log.exception("The web view cannot read the tournament; it shows the last state")
                self._stale = True
                self._publish(self._state)
            return False
        self.builds += 1
        self._seen, self._deadline, self._stale = revision, built.deadline, False
        self._state = built.state
        self._publish(built.state, built.render)
        return True

    def _body(self, state: dict[str, object]) -> bytes:
        return json.dumps({**state, "stale": self._stale}, separators=(",", ":")).encode()

    def _publish(
        self, state: dict[str, object], render: Callable[[], dict[str, object]] | None = None
    ) -> None:
        body = self._body(state)
        with self._changed:
            self._published = Published(self._published.version + 1, body)
            self._language = current_language()
            if render is not None:
                self._render = render
            self._spoken = {}
            self._changed.notify_all()

    def _in(self, published: Published, language: str | None) -> Published:
        """`published` said in `language` (None, or the language it was built in: itself)."""
        with self._changed:
            if (
                language is None
                or language == self._language
                or self._render is None
                or published.version != self._published.version
            ):
                return published
            spoken = self._spoken.get(language)
            if spoken is None:
                with using_language(language):
                    spoken = Published(published.version, self._body(self._render()))
                self._spoken[language] = spoken
            return spoken

    # ---------------------------------------------------------------- the clients

    @property
    def current(self) -> Published:
        """The newest state."""
        return self._published

    def current_in(self, language: str | None) -> Published:
        """The newest state, its texts in `language` (a catalog code; None: as built)."""
        return self._in(self._published, language)

    def wait_newer(
        self,
        version: int,
        timeout: float,
        gone: threading.Event | None = None,
        language: str | None = None,
    ) -> Published | None:
        """The first state newer than `version`, waiting up to `timeout` seconds; None if none.

        A set `gone` (the client closed; `wake` is called then) ends the wait at once. The
        state's texts are in `language` (a catalog code; None: as it was built).
        """
        with self._changed:
            self._changed.wait_for(
                lambda: (
                    self._published.version > version
                    or self._stop.is_set()
                    or (gone is not None and gone.is_set())
                ),
                timeout,
            )
            published = self._published
        return self._in(published, language) if published.version > version else None

    def wake(self) -> None:
        """Wake every client waiting in `wait_newer`, so each looks again at what it waits for."""
        with self._changed:
            self._changed.notify_all()

    def server_time_ms(self) -> int:
        """The server's time (the injected clock), for the page's clock offset."""
        return epoch_ms(self._now())
