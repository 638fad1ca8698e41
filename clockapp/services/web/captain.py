"""`CaptainDesk`: a table captain's phone page, and the reports it posts.

`GET /captain/<token>` is the page of the table the token opens: the table's players, and four
small forms (a bust, the chip counts, a call for the floor, a call for the clock) that carry the
page's one-time nonce. `POST /captain/<token>` sends one report; it is taken (303 back to the
page, which then says so) or refused with the reason, and a refusal changes nothing:

- a request from another site: its Origin (or, without one, its Referer) must name this
  server's Host, and a browser's `Sec-Fetch-Site` must say same-origin (403);
- a body that is not a small form (411 without a length, 413 too long, 415 another type);
- too many requests from one address in a minute (429), counted before anything is read;
- a token, a nonce or a report the captains' service refuses (forged, another tournament's,
  revoked, replayed: 403; a flood from one table: 429; a report that names players not at the
  table: 422).

`counts` keeps how many reports were taken and refused, by reason (the bench prints them). No
script runs on the page (its policy allows none); everything the page shows is escaped.
"""

from __future__ import annotations

import html
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from urllib.parse import parse_qs, urlsplit

from clockapp.core.captains import (
    NOTE_MAX,
    CaptainError,
    FloodRefused,
    NonceRefused,
    Report,
    ReportKind,
    TokenRefused,
    looks_like_token,
)
from clockapp.errors import DomainError, OutageError
from clockapp.formats import chips as chips_text
from clockapp.i18n import current_language, using_language
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.captains import CaptainPage
from clockapp.services.web.wire import Request

#: The longest report body taken: four fields and a dozen counts fit many times over.
MAX_BODY = 4096
#: Requests to captain pages one address may make in a minute (pages and reports).
REQUESTS_PER_MINUTE = 60
#: Addresses remembered by the flood guard at most (the oldest are forgotten first).
MAX_ADDRESSES = 4096
_FORM = "application/x-www-form-urlencoded"


@dataclass(frozen=True)
class Answer:
    """What the server sends back: a status, a body (HTML), and where to go next (a 303)."""

    status: HTTPStatus
    body: bytes
    location: str | None = None


class AddressGuard:
    """How many requests each address made in the last minute; a flood is refused early.

    >>> guard = AddressGuard(limit=2, clock=lambda: 0.0)
    >>> guard.allows("a"), guard.allows("a"), guard.allows("a"), guard.allows("b")
    (True, True, False, True)
    """

    def __init__(
        self, limit: int = REQUESTS_PER_MINUTE, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self._clock = clock
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allows(self, address: str) -> bool:
        """Count one request from `address`; False when it is one too many this minute."""
        now = self._clock()
        with self._lock:
            times = self._seen.pop(address, None) or deque()
            while times and times[0] <= now - 60:
                times.popleft()
            self._seen[address] = times  # most recent last: the oldest go first
            while len(self._seen) > MAX_ADDRESSES:
                del self._seen[next(iter(self._seen))]
            if len(times) >= self.limit:
                return False
            times.append(now)
            return True


def cross_site(request: Request) -> bool:
    """Whether a POST comes from another site (or says nothing of where it comes from).

    >>> from clockapp.services.web.wire import Request
    >>> ok = Request("POST", "/captain/x", "10.0.0.2:8765", origin="http://10.0.0.2:8765")
    >>> cross_site(ok)
    False
    >>> cross_site(Request("POST", "/captain/x", "10.0.0.2:8765", origin="http://evil.example"))
    True
    >>> cross_site(Request("POST", "/captain/x", "10.0.0.2:8765"))
    True
    """
    if request.fetch_site not in ("", "same-origin", "none"):
        return True
    host = (request.host or "").lower()
    if not host:
        return True
    if request.origin:
        if request.origin == "null":
            return True
        return urlsplit(request.origin).netloc.lower() != host
    if request.referer:
        return urlsplit(request.referer).netloc.lower() != host
    return True


def _number(form: dict[str, list[str]], name: str) -> int | None:
    values = form.get(name, [])
    if not values or not values[0].strip():
        return None
    text = values[0].strip().replace(",", "").replace(" ", "").replace(".", "")
    if not text.isdigit() or len(text) > 13:
        raise CaptainError(_("Type numbers with digits only."))
    return int(text)


def report_of(form: dict[str, list[str]], table_number: int) -> Report:
    """The report a captain's form posted (refused in words when it is not one).

    >>> report_of({"kind": ["bust"], "busted": ["4"], "busted_by": ["5"]}, 2)
    Report(kind=<ReportKind.BUST: 'bust'>, table_number=2, busted=4, busted_by=5, counts=(), player=None, note='')
    """  # noqa: E501
    try:
        kind = ReportKind(form.get("kind", [""])[0])
    except ValueError:
        raise CaptainError(
            _("Pick what to report: a bust, chip counts, the floor or the clock.")
        ) from None
    note = form.get("note", [""])[0].strip()[:NOTE_MAX]
    if kind is ReportKind.BUST:
        return Report(
            kind,
            table_number,
            busted=_number(form, "busted"),
            busted_by=_number(form, "busted_by"),
        )
    if kind is ReportKind.CHIP_COUNTS:
        counts = []
        for name in sorted(form):
            if name.startswith("count_") and name[6:].isdigit():
                chips = _number(form, name)
                if chips is not None:
                    counts.append((int(name[6:]), chips))
        return Report(kind, table_number, counts=tuple(counts))
    if kind is ReportKind.CLOCK:
        return Report(kind, table_number, player=_number(form, "player"), note=note)
    return Report(kind, table_number, note=note)


class CaptainDesk:
    """Answers the captains' pages and reports for the tournament `tournament_id()` names."""

    def __init__(
        self,
        services: Services,
        tournament_id: Callable[[], int | None],
        guard: AddressGuard | None = None,
    ) -> None:
        self.services = services
        self._tournament_id = tournament_id
        self.guard = guard if guard is not None else AddressGuard()
        self.counts: Counter[str] = Counter()
        self._lock = threading.Lock()

    def _count(self, what: str) -> None:
        with self._lock:
            self.counts[what] += 1

    def page(self, path: str, query: str, address: str, language: str) -> Answer:
        """The captain's page at `path` (`/captain/<token>`)."""
        with using_language(language):
            token = path.removeprefix("/captain/")
            if not self.guard.allows(address):
                self._count("flood")
                return self._refusal(HTTPStatus.TOO_MANY_REQUESTS, _("Too many requests."))
            tid = self._tournament_id()
            if tid is None or not looks_like_token(token):
                self._count("token")
                return self._refusal(HTTPStatus.NOT_FOUND, _("This page does not exist."))
            try:
                page = self.services.captains.page(tid, token)
            except TokenRefused as error:
                self._count("token")
                return self._refusal(HTTPStatus.FORBIDDEN, str(error))
            sent = "sent=1" in query.split("&")
            return Answer(HTTPStatus.OK, captain_page(page, token, sent))

    def post(self, request: Request, body: bytes, address: str, language: str) -> Answer:
        """Take or refuse one report posted to `request.path`."""
        with using_language(language):
            token = request.path.removeprefix("/captain/")
            if not self.guard.allows(address):
                self._count("flood")
                return self._refusal(HTTPStatus.TOO_MANY_REQUESTS, _("Too many requests."))
            if cross_site(request):
                self._count("cross_site")
                return self._refusal(
                    HTTPStatus.FORBIDDEN, _("Reports come from the table's own page only.")
                )
            if request.content_type.split(";")[0].strip().lower() != _FORM:
                self._count("body")
                return self._refusal(
                    HTTPStatus.UNSUPPORTED_MEDIA_TYPE, _("A report is sent by its page's form.")
                )
            tid = self._tournament_id()
            if tid is None or not looks_like_token(token):
                self._count("token")
                return self._refusal(HTTPStatus.NOT_FOUND, _("This page does not exist."))
            try:
                form = parse_qs(body.decode("utf-8"), max_num_fields=40, strict_parsing=bool(body))
                nonce = form.get("nonce", [""])[0]
                # The table comes from the token; a report built for it names that table.
                table_number = self.services.captains.table_number(tid, token)
                report = report_of(form, table_number)
                self.services.captains.submit(tid, token, nonce, report)
            except (TokenRefused, NonceRefused) as error:
                self._count("replay" if isinstance(error, NonceRefused) else "token")
                return self._refusal(HTTPStatus.FORBIDDEN, str(error))
            except FloodRefused as error:
                self._count("flood")
                return self._refusal(HTTPStatus.TOO_MANY_REQUESTS, str(error))
            except OutageError as error:  # the database is away: nothing was kept
                self._count("outage")
                return self._refusal(HTTPStatus.SERVICE_UNAVAILABLE, str(error), token)
            except DomainError as error:  # a report that names nobody at the table...
                self._count("report")
                return self._refusal(HTTPStatus.UNPROCESSABLE_ENTITY, str(error), token)
            except (UnicodeDecodeError, ValueError):
                self._count("body")
                return self._refusal(HTTPStatus.BAD_REQUEST, _("This report cannot be read."))
            self._count("taken")
            return Answer(HTTPStatus.SEE_OTHER, b"", location=f"/captain/{token}?sent=1")

    @staticmethod
    def _refusal(status: HTTPStatus, message: str, token: str | None = None) -> Answer:
        back = (
            f'<p><a href="/captain/{html.escape(token)}">{html.escape(_("Back to the table"))}</a>'
            if token is not None
            else ""
        )
        title = html.escape(_("Not sent"))
        body = f"<h1>{title}</h1><p class=bad>{html.escape(message)}</p>{back}"
        return Answer(status, _document(title, body))


STYLE = """*{box-sizing:border-box}
html,body{margin:0;background:#0d1117;color:#e6edf3;
 font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
main{max-width:480px;margin:0 auto;padding:12px 14px 28px}
h1{font-size:1.3rem;margin:6px 0 2px}h2{font-size:1.05rem;margin:0 0 8px}
.sub{color:#8b949e;margin:0 0 12px}
section{background:#161b22;border:1px solid #30363d;border-radius:12px;padding:12px;
 margin:0 0 12px}
label{display:block;margin:6px 0 2px;color:#c9d1d9;font-size:.95rem}
select,input{width:100%;font-size:1.05rem;padding:9px;border-radius:8px;border:1px solid #30363d;
 background:#0d1117;color:#e6edf3}
.row{display:flex;gap:8px;align-items:center}.row label{flex:1;margin:0}.row input{flex:0 0 45%}
button{width:100%;margin-top:10px;font-size:1.05rem;padding:11px;border:0;border-radius:8px;
 background:#238636;color:#fff;font-weight:600}
.ok{background:#1f6f3f;padding:10px;border-radius:8px}.bad{background:#6e2a2a;padding:10px;
 border-radius:8px}
form+form{margin-top:14px}"""


def _document(title: str, body: str) -> bytes:
    code = current_language().replace("_", "-")
    return (
        f'<!doctype html>\n<html lang="{code}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="color-scheme" content="dark"><title>{title}</title>'
        f"<style>{STYLE}</style></head><body><main>{body}</main></body></html>\n"
    ).encode()


def captain_page(page: CaptainPage, token: str, sent: bool = False) -> bytes:
    """The captain's page: the table, its players, the four forms (in the current language).

    >>> from clockapp.services.chip_race import RacePlayer
    >>> p = CaptainPage("Friday", 3, "Table 3", (RacePlayer(7, "Ann <b>", 1),), "n.1.s")
    >>> body = captain_page(p, "t")
    >>> b"Table 3" in body and b"Ann &lt;b&gt;" in body and b'value="n.1.s"' in body
    True
    """
    e = html.escape
    action = f"/captain/{e(token)}"
    hidden = f'<input type="hidden" name="nonce" value="{e(page.nonce)}">'

    def options(blank: str) -> str:
        rows = [f'<option value="">{e(blank)}</option>']
        for p in page.players:
            seat = _("Seat {seat}: {name}").format(seat=p.seat, name=p.name)
            rows.append(f'<option value="{p.registration_id}">{e(seat)}</option>')
        return "".join(rows)

    def form(kind: ReportKind, inner: str, button: str) -> str:
        return (
            f'<form method="post" action="{action}">{hidden}'
            f'<input type="hidden" name="kind" value="{kind}">{inner}'
            f"<button>{e(button)}</button></form>"
        )

    counts = "".join(
        f'<div class="row"><label for="c{p.registration_id}">'
        f"{e(_('Seat {seat}: {name}').format(seat=p.seat, name=p.name))}</label>"
        f'<input id="c{p.registration_id}" name="count_{p.registration_id}" '
        f'inputmode="numeric" autocomplete="off" placeholder="{e(chips_text(0))}"></div>'
        for p in page.players
    )
    parts = [
        f"<h1>{e(page.label)}</h1><p class=sub>{e(page.tournament)}</p>",
        f"<p class=ok>{e(_('Sent: the director has your report.'))}</p>" if sent else "",
        "<section><h2>" + e(_("A player is out")) + "</h2>",
        form(
            ReportKind.BUST,
            f'<label for="busted">{e(_("Who is out"))}</label>'
            f'<select id="busted" name="busted">{options(_("Pick the player"))}</select>'
            f'<label for="busted_by">{e(_("Busted by"))}</label>'
            f'<select id="busted_by" name="busted_by">{options(_("Not said"))}</select>',
            _("Report the bust"),
        ),
        "</section><section><h2>" + e(_("Chip counts")) + "</h2>",
        form(ReportKind.CHIP_COUNTS, counts, _("Send the counts")),
        "</section><section><h2>" + e(_("Call the floor or the clock")) + "</h2>",
        form(ReportKind.FLOOR, "", _("Floor!")),
        form(
            ReportKind.CLOCK,
            f'<label for="player">{e(_("On whom"))}</label>'
            f'<select id="player" name="player">{options(_("Not said"))}</select>',
            _("Clock!"),
        ),
        "</section>",
    ]
    return _document(e(page.label), "".join(parts))
