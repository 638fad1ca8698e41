"""A table captain's phone page and its reports, against the running server.

Only a report with a valid token, a fresh nonce of its own page and a same-site origin is
taken; forged, foreign, revoked and replayed tokens and nonces, cross-site requests, odd bodies
and floods are refused and change nothing (the database is compared with a full dump).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlencode

import pytest
from sqlalchemy.engine import Engine

from clockapp.core.captains import ReportKind, ReportStatus, new_token
from clockapp.services.app import Services
from clockapp.services.web.server import WebServer
from tests.dbdump import dump_database
from tests.services.web.support import exchange, running_server, status


@dataclass
class Table:
    server: WebServer
    token: str
    number: int
    players: tuple[int, ...]

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.server.port}"

    @property
    def path(self) -> str:
        return f"/captain/{self.token}"


def page(table: Table, token: str | None = None) -> tuple[int, bytes, bytes]:
    """GET the captain's page: status, head, body."""
    path = f"/captain/{token or table.token}"
    raw = exchange(table.server.port, f"GET {path} HTTP/1.1\r\nHost: {table.host}\r\n\r\n".encode())
    head, _, body = raw.partition(b"\r\n\r\n")
    return status(raw), head, body


def nonce_of(body: bytes) -> str:
    found = re.search(rb'name="nonce" value="([^"]+)"', body)
    assert found is not None
    return found.group(1).decode()


def post(
    table: Table,
    fields: dict[str, str],
    *,
    token: str | None = None,
    headers: dict[str, str] | None = None,
    body: bytes | None = None,
) -> bytes:
    """POST a report the way the page's form does (same-origin), unless told otherwise."""
    content = body if body is not None else urlencode(fields).encode()
    sent = {
        "Host": table.host,
        "Origin": f"http://{table.host}",
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": str(len(content)),
    }
    for name, value in (headers or {}).items():
        if value == "":
            sent.pop(name, None)
        else:
            sent[name] = value
    lines = "".join(f"{name}: {value}\r\n" for name, value in sent.items())
    path = f"/captain/{token or table.token}"
    return exchange(table.server.port, f"POST {path} HTTP/1.1\r\n{lines}\r\n".encode() + content)


@pytest.fixture
def table(services: Services, demo: int) -> Iterator[Table]:
    seated = next(t for t in services.chip_counts.tables(demo) if t.number is not None)
    assert seated.number is not None
    token = services.captains.issue_token(demo, seated.number).value.token
    with running_server(services, demo) as server:
        yield Table(server, token, seated.number, tuple(p.registration_id for p in seated.players))


def floor(table: Table, nonce: str) -> dict[str, str]:
    return {"nonce": nonce, "kind": str(ReportKind.FLOOR)}


@pytest.mark.slow
def test_a_captain_reads_the_page_and_reports_a_bust(
    services: Services, demo: int, table: Table
) -> None:
    busts_before = services.results.busts(demo)
    code, head, body = page(table)
    assert code == 200
    assert b"form-action 'self'" in head
    assert b"script-src" not in head  # no script runs on a captain's page
    assert b"Referrer-Policy: same-origin" in head
    assert f"Table {table.number}".encode() in body
    busted, winner = table.players[:2]
    fields = {"nonce": nonce_of(body), "kind": "bust", "busted": str(busted)}
    fields["busted_by"] = str(winner)
    answer = post(table, fields)
    assert status(answer) == 303
    assert f"Location: {table.path}?sent=1".encode() in answer
    code, _, body = page(table, f"{table.token}?sent=1")
    assert b"Sent: the director has your report." in body
    (report,) = services.captains.reports(demo)
    assert (report.report.busted, report.report.busted_by) == (busted, winner)
    assert report.status is ReportStatus.PENDING
    assert services.results.busts(demo) == busts_before  # waits for the director


@pytest.mark.slow
def test_chip_counts_posted_from_the_page_wait_for_the_director(
    services: Services, demo: int, table: Table
) -> None:
    fields = {"nonce": nonce_of(page(table)[2]), "kind": "chip_counts"}
    fields.update({f"count_{rid}": f"{10_000 + rid:,}" for rid in table.players})
    assert status(post(table, fields)) == 303
    (report,) = services.captains.reports(demo)
    assert dict(report.report.counts) == {rid: 10_000 + rid for rid in table.players}


@pytest.mark.slow
def test_forged_foreign_and_revoked_tokens_are_refused_and_change_nothing(
    services: Services, engine: Engine, demo: int, table: Table
) -> None:
    nonce = nonce_of(page(table)[2])
    other = services.tournaments.create("Elsewhere").value.id
    services.seating.add_tables(other, 1, seat_count=9)
    foreign = services.captains.issue_token(other, 1).value.token
    before = dump_database(engine)
    for bad in (new_token(), foreign, table.token[:-1] + "A", "x" * 32):
        assert page(table, bad)[0] in (403, 404)
        assert status(post(table, floor(table, nonce), token=bad)) in (403, 404)
    assert dump_database(engine) == before
    services.captains.revoke(demo, table.number)
    before = dump_database(engine)
    assert page(table)[0] == 403
    assert status(post(table, floor(table, nonce))) == 403
    assert dump_database(engine) == before


@pytest.mark.slow
def test_a_replayed_or_forged_nonce_is_refused_and_changes_nothing(
    engine: Engine, table: Table
) -> None:
    fields = floor(table, nonce_of(page(table)[2]))
    assert status(post(table, fields)) == 303
    before = dump_database(engine)
    assert status(post(table, fields)) == 403  # the same request again: a replay
    for nonce in ("", "forged", "a.1.b", fields["nonce"][:-2] + "xx"):
        assert status(post(table, floor(table, nonce))) == 403
    assert dump_database(engine) == before


@pytest.mark.slow
@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://127.0.0.1:1"},
        {"Origin": ""},  # neither Origin nor Referer: where it came from is unknown
        {"Origin": "", "Referer": "http://evil.example/captain"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
def test_cross_site_requests_are_refused_and_change_nothing(
    engine: Engine, table: Table, headers: dict[str, str]
) -> None:
    fields = floor(table, nonce_of(page(table)[2]))
    before = dump_database(engine)
    assert status(post(table, fields, headers=headers)) == 403
    assert dump_database(engine) == before
    assert status(post(table, fields)) == 303  # the same nonce, from the page itself: taken


@pytest.mark.slow
@pytest.mark.parametrize(
    ("headers", "body", "expected"),
    [
        ({"Content-Type": "application/json"}, b'{"kind":"floor"}', 415),
        ({"Content-Type": "multipart/form-data; boundary=x"}, b"--x--", 415),
        ({"Content-Length": ""}, b"", 411),
        ({"Content-Length": "", "Transfer-Encoding": "chunked"}, b"0\r\n\r\n", 411),
        ({"Content-Length": "100000"}, b"kind=floor", 413),
        ({}, b"kind=floor&" + b"x=1&" * 1100, 413),
        ({}, b"kind=floor&" + b"x=1&" * 900, 400),
        ({}, b"\xff\xfe=\xff", 400),
        ({}, b"kind=poker&nonce=x", 422),
        ({"Content-Length": "1, 2"}, b"k", 400),
    ],
)
def test_odd_bodies_are_refused_and_change_nothing(
    engine: Engine, table: Table, headers: dict[str, str], body: bytes, expected: int
) -> None:
    before = dump_database(engine)
    assert status(post(table, {}, headers=headers, body=body)) == expected
    assert dump_database(engine) == before


@pytest.mark.slow
def test_a_report_naming_players_elsewhere_is_refused_in_words(
    services: Services, engine: Engine, demo: int, table: Table
) -> None:
    fields = {"nonce": nonce_of(page(table)[2]), "kind": "bust", "busted": "999999"}
    before = dump_database(engine)
    answer = post(table, fields)
    assert status(answer) == 422
    assert f"The busted player is not seated at Table {table.number}.".encode() in answer
    assert dump_database(engine) == before


@pytest.mark.slow
def test_a_flood_from_one_address_gets_429_and_changes_nothing(
    engine: Engine, table: Table
) -> None:
    assert table.server.captains is not None
    table.server.captains.guard.limit = 5
    nonce = nonce_of(page(table)[2])  # one of the five
    before = dump_database(engine)
    answers = [status(post(table, floor(table, "forged"))) for _ in range(10)]
    assert answers[:4] == [403] * 4
    assert set(answers[4:]) == {429}
    assert status(post(table, floor(table, nonce))) == 429
    assert page(table)[0] == 429
    assert dump_database(engine) == before
    counts = table.server.captains.counts
    assert (counts["replay"], counts["flood"], counts["taken"]) == (4, 8, 0)


@pytest.mark.slow
def test_the_rest_of_the_web_view_stays_read_only(engine: Engine, table: Table) -> None:
    before = dump_database(engine)
    for path in ("/", "/state", "/events", "/captain", "/captainx"):
        raw = f"POST {path} HTTP/1.1\r\nHost: {table.host}\r\nContent-Length: 0\r\n\r\n"
        assert status(exchange(table.server.port, raw.encode())) == 405
    raw = f"PUT {table.path} HTTP/1.1\r\nHost: {table.host}\r\nContent-Length: 0\r\n\r\n"
    assert status(exchange(table.server.port, raw.encode())) == 405
    assert dump_database(engine) == before


@pytest.mark.slow
def test_a_call_for_the_clock_names_the_player_from_the_page(
    services: Services, demo: int, table: Table
) -> None:
    body = page(table)[2]
    assert b'<select id="player" name="player">' in body
    player = table.players[2]
    fields = {"nonce": nonce_of(body), "kind": "clock", "player": str(player)}
    assert status(post(table, fields)) == 303
    (report,) = services.captains.reports(demo)
    assert (report.report.kind, report.report.player) == (ReportKind.CLOCK, player)


@pytest.mark.slow
def test_a_report_through_another_sites_name_is_misdirected_and_changes_nothing(
    engine: Engine, table: Table
) -> None:
    """DNS rebinding: a page of evil.example, its name pointed here, posting as itself."""
    fields = floor(table, nonce_of(page(table)[2]))
    before = dump_database(engine)
    evil = {"Host": "evil.example", "Origin": "http://evil.example"}
    assert status(post(table, fields, headers=evil)) == 421
    assert dump_database(engine) == before


@pytest.mark.slow
def test_a_server_without_captains_finds_no_captain_page(
    services: Services, engine: Engine, demo: int
) -> None:
    """`clockapp web` opens the database read-only: it serves no captain's page."""
    from clockapp.services.web.server import serve_services

    token = services.captains.issue_token(demo, 1).value.token
    server = serve_services(services, lambda: demo, "127.0.0.1", 0, captains=False)
    server.start()
    try:
        table = Table(server, token, 1, ())
        assert page(table)[0] == 404
        before = dump_database(engine)
        assert status(post(table, floor(table, "x"))) == 404
        assert dump_database(engine) == before
    finally:
        server.stop()


@pytest.mark.slow
def test_a_database_outage_is_said_and_nothing_is_kept(
    services: Services, demo: int, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from clockapp.errors import OutageError

    def away(*_args: object) -> None:
        raise OutageError("The database cannot be reached: nothing was changed.")

    assert table.server.captains is not None
    desk_services = table.server.captains.services  # the services the web view writes through
    monkeypatch.setattr(desk_services.captains, "submit", away)
    answer = post(table, floor(table, nonce_of(page(table)[2])))
    assert status(answer) == 503
    assert b"The database cannot be reached" in answer
    assert services.captains.reports(demo) == ()
