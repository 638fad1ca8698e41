"""Live-stream clients that come and go: each frees its place at once and leaves no memory behind.

Phones drop their stream all evening (a screen locks, Wi-Fi roams, the page reloads). A stream
only writes, so without watching its socket the server would learn of a close at the next write,
a heartbeat later, and meanwhile count the dead client against the limit.
"""

from __future__ import annotations

import gc
import time
import tracemalloc

import pytest

from clockapp.services.app import Services
from clockapp.services.web.server import WebServer
from tests.services.web.support import EventReader, running_server


def _until(condition, seconds: float) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def _come_and_go(server: WebServer, count: int) -> list[int]:
    """`count` clients connect together, each reads its first state, then all close."""
    readers = [EventReader(server.port, timeout=20) for _ in range(count)]
    try:
        for reader in readers:
            if reader.status == 200:
                reader.next_state(time.monotonic() + 10)
        return [reader.status for reader in readers]
    finally:
        for reader in readers:
            reader.close()


def test_a_client_that_closes_frees_its_place_at_once(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        reader = EventReader(server.port)
        reader.next_state(time.monotonic() + 5)
        assert server.streams == 1
        reader.close()
        assert _until(lambda: server.streams == 0, 1.0), "the closed stream still holds a place"
        assert _until(lambda: server.connections == 0, 1.0)


@pytest.mark.slow
def test_500_phones_that_reconnect_twice_are_all_served(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        for _ in range(3):  # without a pause: the next round comes as the last one leaves
            assert set(_come_and_go(server, 500)) == {200}


@pytest.mark.slow
def test_500_clients_that_come_and_go_leave_the_memory_where_it_was(
    services: Services, demo: int
) -> None:
    with running_server(services, demo) as server:
        _come_and_go(server, 50)  # the first ones pay for what is built once
        assert _until(lambda: server.connections == 0, 5.0)
        tracemalloc.start()
        try:
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            for _ in range(5):
                _come_and_go(server, 100)
            assert _until(lambda: server.connections == 0, 2.0), "closed streams still held"
            gc.collect()
            grown = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        assert grown < 256 * 1024, f"{grown / 1024:.0f} KiB kept after 500 clients left"
