"""DNS rebinding: a page of another site, its name pointed at this server, is refused.

A browser sends the name it looked up in the Host header; a site that rebinds its own name to
the web view's address still sends its own name, so the server answers only to the names and
addresses it really serves.
"""

from __future__ import annotations

import socket

import pytest

from clockapp.services.app import Services
from clockapp.services.web.addresses import host_is_ours
from tests.services.web.support import exchange, running_server, status


def _ask(port: int, path: str, host: str | None) -> bytes:
    header = "" if host is None else f"Host: {host}\r\n"
    return exchange(port, f"GET {path} HTTP/1.1\r\n{header}\r\n".encode())


@pytest.mark.slow
@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:{port}",
        "127.0.0.1.evil.example:{port}",
        "localhost.evil.example",
        "attacker.localhost.example:{port}",
        "",
        "[::1",
        "127.0.0.1:{port}:80",
    ],
)
@pytest.mark.parametrize("path", ["/", "/state", "/events", "/nowhere"])
def test_a_request_naming_another_site_is_refused(
    services: Services, demo: int, host: str, path: str
) -> None:
    with running_server(services, demo) as server:
        response = _ask(server.port, path, host.format(port=server.port))
        assert status(response) == 421
        body = response.partition(b"\r\n\r\n")[2]
        assert body.startswith(b"421 Misdirected Request")
        assert len(body) < 200
        assert b"Level" not in body


@pytest.mark.slow
def test_http_1_1_without_a_host_is_a_bad_request(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        assert status(_ask(server.port, "/state", None)) == 400


@pytest.mark.slow
@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1:{port}",
        "127.0.0.1",
        "localhost:{port}",
        "LocalHost:{port}",
        "localhost.:{port}",
        "[::1]:{port}",
        "{hostname}:{port}",
        "{hostname}.local:{port}",
    ],
)
def test_the_servers_own_names_and_addresses_are_served(
    services: Services, demo: int, host: str
) -> None:
    with running_server(services, demo) as server:
        named = host.format(port=server.port, hostname=socket.gethostname())
        assert status(_ask(server.port, "/state", named)) == 200


def test_an_http_1_0_request_without_a_host_is_served(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        assert status(exchange(server.port, b"GET /state HTTP/1.0\r\n\r\n")) == 200


@pytest.mark.parametrize(
    ("host", "ours"),
    [
        ("192.168.1.20:8765", True),  # a LAN address of this machine
        ("192.168.1.20", True),
        ("10.0.0.7:8765", True),  # the address the connection came in on
        ("192.168.1.21:8765", False),  # another machine's
        ("pi:8765", True),
        ("PI.local", True),
        ("pi.evil.example", False),
        ("8.8.8.8", False),
        ("[fe80::1]:8765", False),
    ],
)
def test_host_is_ours_knows_the_lan_addresses_and_the_name(host: str, ours: bool) -> None:
    names = frozenset({"localhost", "127.0.0.1", "::1", "192.168.1.20", "pi", "pi.local"})
    assert host_is_ours(host, names, "10.0.0.7") is ours
