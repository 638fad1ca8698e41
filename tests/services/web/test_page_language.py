"""The web view speaks the phone's language, whatever the station's (Accept-Language)."""

from __future__ import annotations

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
