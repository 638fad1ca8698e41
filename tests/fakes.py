"""Test doubles shared by every suite (no Qt here)."""

from __future__ import annotations

import errno
import socket
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from types import TracebackType


class FakeClock:
    """An injected time source that moves only when a test says so.

    >>> clock = FakeClock()
    >>> start = clock()
    >>> clock.advance(seconds=90)
    >>> (clock() - start).total_seconds()
    90.0
    """

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 11, 21, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self._now

    def advance(self, *, seconds: float = 0, minutes: float = 0, ms: int = 0) -> None:
        """Move time forward (or back, with negative values)."""
        self._now += timedelta(seconds=seconds, minutes=minutes, milliseconds=ms)

    def set(self, when: datetime) -> None:
        """Jump to an absolute time."""
        self._now = when


class FakeNetwork:
    """Stands in for the `socket` module where clockapp asks which addresses this machine has.

    `outward` is the address the system would route outward from (None: no route, as on a
    laptop with no network); `resolved` is what the host name resolves to (None: it does not).
    `probes` records where each UDP probe was "connected" (a UDP connect sends nothing).

    >>> network = FakeNetwork(outward="192.168.1.20")
    >>> with network.socket(network.AF_INET, network.SOCK_DGRAM) as probe:
    ...     probe.connect(("192.0.2.1", 9))
    ...     probe.getsockname()[0]
    '192.168.1.20'
    """

    AF_INET = socket.AF_INET
    SOCK_DGRAM = socket.SOCK_DGRAM

    def __init__(
        self,
        outward: str | None,
        resolved: Sequence[str] | None = ("127.0.1.1",),
        hostname: str = "vm",
    ) -> None:
        self.outward = outward
        self.resolved = None if resolved is None else tuple(resolved)
        self.hostname = hostname
        self.probes: list[tuple[int, int, tuple[str, int]]] = []

    def gethostname(self) -> str:
        return self.hostname

    def getaddrinfo(
        self, host: str, port: object, family: int = 0, *_more: object
    ) -> list[tuple[int, int, int, str, tuple[str, int]]]:
        if host != self.hostname or self.resolved is None:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, 0)) for address in self.resolved
        ]

    def socket(self, family: int = -1, kind: int = -1, *_more: object) -> _FakeProbe:
        return _FakeProbe(self, family, kind)


class _FakeProbe:
    def __init__(self, network: FakeNetwork, family: int, kind: int) -> None:
        self._network, self._family, self._kind = network, family, kind
        self._connected = False

    def __enter__(self) -> _FakeProbe:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        pass

    def connect(self, target: tuple[str, int]) -> None:
        self._network.probes.append((self._family, self._kind, target))
        if self._network.outward is None:
            raise OSError(errno.ENETUNREACH, "Network is unreachable")
        self._connected = True

    def getsockname(self) -> tuple[str, int]:
        return (self._network.outward if self._connected else "0.0.0.0") or "0.0.0.0", 40000
