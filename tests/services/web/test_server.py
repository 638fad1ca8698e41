"""The web server over raw sockets: its pages, its live stream, and everything it refuses.

Nothing a client sends changes the database: each test compares a dump before and after.
"""

from __future__ import annotations

import json
import socket
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.engine import Engine

from clockapp.services.app import Services
from clockapp.services.web.server import WebServer, WebServerError, serve_services
from clockapp.services.web.wire import MAX_HEADER_LINE, MAX_HEADERS, MAX_REQUEST_LINE
from tests.dbdump import dump_database
from tests.services.web.support import EventReader, exchange, get, running_server, status


def test_the_page_its_state_and_head(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        code, body = get(server.port, "/")
        assert code == 200
        assert b"<title>" in body
        assert b"http://" not in body.replace(b"http://www.w3.org", b"")  # no external assets
        code, body = get(server.port, "/state?cache=1")
        assert code == 200
        assert json.loads(body)["clock"]["items"][0]["name"] == "Level 3"
        head = exchange(server.port, b"HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert status(head) == 200
        assert head.endswith(b"\r\n\r\n")  # the headers alone


@pytest.mark.slow
@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"])
def test_writing_methods_are_refused_and_change_nothing(
    services: Services, engine: Engine, demo: int, method: str
) -> None:
    before = dump_database(engine)
    with running_server(services, demo) as server:
        for path in ("/", "/state", "/events"):
            raw = (
                f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                "Content-Length: 11\r\n\r\nplayers=0&x"
            )
            response = exchange(server.port, raw.encode())
            assert status(response) == 405
            assert b"\r\nAllow: GET, HEAD\r\n" in response
    assert dump_database(engine) == before


@pytest.mark.slow
@pytest.mark.parametrize(
    "path",
    [
        "/../../etc/passwd",
        "/..%2f..%2fetc%2fpasswd",
        "/%2e%2e/clockapp.db",
        "/clockapp.db",
        "/static/../../x",
        "/state/",
        "//etc/passwd",
        "/events/../state",
        "/favicon.ico",
    ],
)
def test_unknown_paths_and_traversal_are_not_found(
    services: Services, demo: int, path: str
) -> None:
    with running_server(services, demo) as server:
        assert get(server.port, path)[0] == 404


@pytest.mark.slow
@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b"GET /" + b"a" * MAX_REQUEST_LINE + b" HTTP/1.1\r\n\r\n", 414),
        (b"GET / HTTP/1.1\r\nX: " + b"a" * MAX_HEADER_LINE + b"\r\n\r\n", 431),
        (b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * (MAX_HEADERS + 1) + b"\r\n", 431),
        (b"GET / HTTP/1.1\r\n" + (b"X-A: " + b"b" * 4000 + b"\r\n") * 5 + b"\r\n", 431),
        (b"GET /\r\n\r\n", 400),
        (b"GET / HTTP/1.1 extra\r\n\r\n", 400),
        (b"GET / HTTP/2.0\r\n\r\n", 400),
        (b"get / HTTP/1.1\r\n\r\n", 400),
        (b"GET http://evil/ HTTP/1.1\r\n\r\n", 400),
        (b"GET * HTTP/1.1\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nno colon here\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\n folded: x\r\n\r\n", 400),
        (b"GET /\xff HTTP/1.1\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", 400),  # closed before the end of the headers
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 400),  # a TLS hello
    ],
)
def test_oversized_and_malformed_requests_get_their_error(
    services: Services, engine: Engine, demo: int, raw: bytes, expected: int
) -> None:
    before = dump_database(engine)
    with running_server(services, demo) as server:
        assert status(exchange(server.port, raw)) == expected
        assert get(server.port, "/")[0] == 200  # and the server still serves
    assert dump_database(engine) == before


def test_a_client_that_connects_and_says_nothing_gets_no_answer(
    services: Services, demo: int
) -> None:
    with running_server(services, demo) as server:
        assert exchange(server.port, b"") == b""


@settings(
    max_examples=150,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    raw=st.one_of(
        st.binary(max_size=600),
        st.builds(
            lambda method, path, tail: method + b" " + path + b" HTTP/1.1\r\n" + tail,
            st.sampled_from([b"GET", b"HEAD", b"POST", b"PUT", b"DELETE", b"G\x00T", b""]),
            st.binary(max_size=80).map(lambda p: b"/" + p),
            st.binary(max_size=300),
        ),
    )
)
def test_random_bytes_get_an_http_answer_or_nothing_and_change_nothing(
    web: WebServer, engine: Engine, before: dict[str, object], raw: bytes
) -> None:
    response = exchange(web.port, raw)
    if response:
        assert response.startswith(b"HTTP/1.1 ")
        assert status(response) in {200, 400, 404, 405, 414, 431}
    assert dump_database(engine) == before


@pytest.fixture
def web(services: Services, demo: int):
    # The same server for every example: an example's bytes must not break the next one.
    with running_server(services, demo) as server:
        yield server


@pytest.fixture
def before(engine: Engine, web: WebServer) -> dict[str, object]:
    return dump_database(engine)  # type: ignore[return-value]


def test_a_change_reaches_a_connected_client_within_a_second(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        reader = EventReader(server.port)
        try:
            assert reader.status == 200
            first = reader.next_state(time.monotonic() + 5)
            assert first["clock"]["running"] is True
            started = time.monotonic()
            services.clock.next_level(demo)
            after = reader.next_state(started + 1.0)
            assert time.monotonic() - started < 1.0
            assert after["clock"]["items"][0]["name"] == "Level 4"
        finally:
            reader.close()


def test_quiet_streams_get_a_heartbeat_with_the_servers_time(
    services: Services, demo: int, fake_clock
) -> None:
    with running_server(services, demo) as server:
        server.heartbeat_seconds = 0.05
        reader = EventReader(server.port)
        try:
            names = [reader.next_event()[0] for _ in range(3)]
            assert names[0] == "state"
            assert "heartbeat" in names[1:]
        finally:
            reader.close()


def test_many_clients_share_one_build_per_change(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        readers = [EventReader(server.port) for _ in range(20)]
        try:
            for reader in readers:
                reader.next_state(time.monotonic() + 5)
            builds = server.live.builds
            services.clock.pause(demo)
            for reader in readers:
                assert reader.next_state(time.monotonic() + 2)["clock"]["running"] is False
            assert server.live.builds == builds + 1
            assert server.streams == 20
        finally:
            for reader in readers:
                reader.close()


@pytest.mark.slow
def test_a_port_in_use_is_refused_with_a_clear_message(services: Services, demo: int) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        with pytest.raises(WebServerError, match=f"Port {port} is already in use"):
            serve_services(services, lambda: demo, "127.0.0.1", port)
    finally:
        taken.close()


def _read_until_the_end(reader: EventReader) -> None:
    for _ in range(5):
        reader.next_event()


def test_stopping_ends_the_streams_and_frees_the_port(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        port = server.port
        reader = EventReader(server.port)
        reader.next_state(time.monotonic() + 5)
    with pytest.raises((EOFError, OSError)):
        _read_until_the_end(reader)
    reader.close()
    again = serve_services(services, lambda: demo, "127.0.0.1", port)
    again.stop()
