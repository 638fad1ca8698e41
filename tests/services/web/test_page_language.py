"""The web view speaks the phone's language, whatever the station's (Accept-Language)."""

from __future__ import annotations

import json
import socket
from typing import Any

from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from tests.services.web.support import exchange, running_server


def _page(port: int, accept_language: str | None) -> bytes:
    header = f"Accept-Language: {accept_language}\r\n" if accept_language is not None else ""
    raw = f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n{header}\r\n".encode()
    return exchange(raw=raw, port=port).partition(b"\r\n\r\n")[2]


def test_each_phone_reads_the_page_in_its_own_language(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        german = _page(server.port, "de-DE,de;q=0.9,en;q=0.8")
        english = _page(server.port, None)
        unknown = _page(server.port, "ja")
    assert b'lang="de"' in german
    assert "Spieler übrig".encode() in german
    assert b"Players left" not in german
    assert b"Players left" in english
    assert b'lang="en"' in unknown
    # The station's own language is untouched by a phone's request.
    assert _("Break") == "Break"


def _answer(port: int, path: str, accept_language: str | None) -> bytes:
    header = f"Accept-Language: {accept_language}\r\n" if accept_language is not None else ""
    raw = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{header}\r\n".encode()
    return exchange(raw=raw, port=port).partition(b"\r\n\r\n")[2]


def _first_state(port: int, accept_language: str) -> dict[str, Any]:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(
            b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + f"Accept-Language: {accept_language}\r\n\r\n".encode()
        )
        data = b""
        while b"event: state\ndata: " not in data or not data.endswith(b"\n\n"):
            chunk = sock.recv(65536)
            assert chunk, "the stream ended"
            data += chunk
    line = data.partition(b"event: state\ndata: ")[2].partition(b"\n\n")[0]
    state: dict[str, Any] = json.loads(line)["state"]
    return state


def test_the_state_speaks_the_phones_language(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        german = json.loads(_answer(server.port, "/state", "de-DE,de;q=0.9"))
        english = json.loads(_answer(server.port, "/state", None))
        builds = server.live.builds
        again = json.loads(_answer(server.port, "/state", "de"))
        assert server.live.builds == builds  # another language is said, not read again
    assert english["clock"]["status_text"] == "Running"
    assert german["clock"]["status_text"] == "Läuft"
    assert again == german
    # Numbers in the phone's writing too: 10.000, not 10,000.
    assert german["field"]["average_stack"] == english["field"]["average_stack"].replace(",", ".")


def test_the_live_stream_speaks_the_phones_language(services: Services, demo: int) -> None:
    with running_server(services, demo) as server:
        german = _first_state(server.port, "de")
        french = _first_state(server.port, "fr-CH, fr;q=0.9")
    assert german["clock"]["status_text"] == "Läuft"
    assert french["clock"]["status_text"] not in ("Running", "Läuft")
    assert _("Running") == "Running"
