"""Reading one HTTP request strictly, with limits, and the response head.

The web view answers GET and HEAD for its own few paths, and POST only under `/captain/` (a
table captain's report); nothing else. So the parser is small and strict: a request line longer
than `MAX_REQUEST_LINE` gets 414, headers past `MAX_HEADER_LINE`, `MAX_HEADERS` or
`MAX_HEADER_BYTES` get 431, anything malformed gets 400, another method 405; an HTTP/1.1 request
without exactly one Host header is malformed, and so is a Content-Length that is not one plain
number. A body is read only for a captain's POST, by the server, up to its own limit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Protocol

MAX_REQUEST_LINE = 2048
MAX_HEADER_LINE = 4096
MAX_HEADERS = 50
MAX_HEADER_BYTES = 16384
#: The longest head that passes every limit above: one longer always trips one of them.
MAX_HEAD_BYTES = MAX_REQUEST_LINE + MAX_HEADER_BYTES + 2 * (MAX_HEADERS + 2)
ALLOWED_METHODS = ("GET", "HEAD")
#: The only paths a POST may go to: a table captain's reports.
POST_PREFIX = "/captain/"

_METHOD = re.compile(rb"[A-Z]{1,20}")
_TARGET = re.compile(rb"/[\x21-\x7e]*")
_VERSION = re.compile(rb"HTTP/1\.[01]")
_HEADER_NAME = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_KEPT = frozenset((b"origin", b"referer", b"sec-fetch-site", b"content-type", b"transfer-encoding"))


class Lines(Protocol):
    """Where a request is read from: a socket's buffered reader, or bytes in a test."""

    def readline(self, size: int = -1, /) -> bytes:
        """One line, at most `size` bytes."""
        ...


class RequestError(Exception):
    """The request cannot be served; `status` says why."""

    def __init__(self, status: HTTPStatus) -> None:
        super().__init__(f"{status.value} {status.phrase}")
        self.status = status


@dataclass(frozen=True)
class Request:
    """A request's method, path (without the query), Host header (None: HTTP/1.0 without one)
    and Accept-Language header (the phone's languages; "" when it sent none).

    A captain's POST also needs where it came from (`origin`, `referer`, `fetch_site`: the
    browser's Sec-Fetch-Site; "" when not sent), its body's type and length (None: not given)
    and whether it came chunked (refused: a report is small and says its length).
    """

    method: str
    path: str
    host: str | None = None
    accept_language: str = ""
    origin: str = field(default="", repr=False)
    referer: str = field(default="", repr=False)
    fetch_site: str = field(default="", repr=False)
    content_type: str = field(default="", repr=False)
    content_length: int | None = field(default=None, repr=False)
    chunked: bool = field(default=False, repr=False)
    query: str = field(default="", repr=False)


def _line(rfile: Lines, limit: int, too_long: HTTPStatus) -> bytes | None:
    raw = rfile.readline(limit + 1)
    if not raw:
        return None
    if not raw.endswith(b"\n"):
        # Longer than the limit, or cut off by the client closing mid-line.
        raise RequestError(too_long if len(raw) > limit else HTTPStatus.BAD_REQUEST)
    return raw.rstrip(b"\r\n")


def read_request(rfile: Lines) -> Request | None:
    """Read a request's line and headers; None when the client closed without sending one.

    >>> import io
    >>> read_request(io.BytesIO(b"GET /state?x=1 HTTP/1.1\\r\\nHost: a\\r\\n\\r\\n"))
    Request(method='GET', path='/state', host='a', accept_language='')
    >>> read_request(io.BytesIO(b"GET /../etc/passwd\\r\\n\\r\\n"))
    Traceback (most recent call last):
    ...
    clockapp.services.web.wire.RequestError: 400 Bad Request
    """
    line = _line(rfile, MAX_REQUEST_LINE, HTTPStatus.REQUEST_URI_TOO_LONG)
    if line is None:
        return None
    parts = line.split(b" ")
    if len(parts) != 3:
        raise RequestError(HTTPStatus.BAD_REQUEST)
    method, target, version = parts
    if not (
        _METHOD.fullmatch(method) and _TARGET.fullmatch(target) and _VERSION.fullmatch(version)
    ):
        raise RequestError(HTTPStatus.BAD_REQUEST)
    total = 0
    hosts: list[str] = []
    languages = ""
    others: dict[bytes, str] = {}
    lengths: list[bytes] = []
    for count in range(MAX_HEADERS + 1):
        header = _line(rfile, MAX_HEADER_LINE, HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
        if header is None:
            raise RequestError(HTTPStatus.BAD_REQUEST)  # closed before the end of the headers
        if not header:
            break
        total += len(header)
        if count == MAX_HEADERS or total > MAX_HEADER_BYTES:
            raise RequestError(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
        name, colon, value = header.partition(b":")
        if not colon or not _HEADER_NAME.fullmatch(name):
            raise RequestError(HTTPStatus.BAD_REQUEST)  # also a folded (indented) line
        if name.lower() == b"host":
            hosts.append(value.strip(b" \t").decode("latin-1"))
        elif name.lower() == b"accept-language":
            languages = value.strip(b" \t").decode("latin-1")
        elif name.lower() == b"content-length":
            lengths.append(value.strip(b" \t"))
        elif name.lower() in _KEPT:
            others[name.lower()] = value.strip(b" \t").decode("latin-1")
    if len(hosts) > 1 or (not hosts and version == b"HTTP/1.1"):
        raise RequestError(HTTPStatus.BAD_REQUEST)
    if len(lengths) > 1 or (lengths and not re.fullmatch(rb"[0-9]{1,12}", lengths[0])):
        raise RequestError(HTTPStatus.BAD_REQUEST)  # two lengths: a smuggling attempt
    path, _mark, query = target.decode("ascii").partition("?")
    if method.decode() not in ALLOWED_METHODS and not (
        method == b"POST" and path.startswith(POST_PREFIX)
    ):
        raise RequestError(HTTPStatus.METHOD_NOT_ALLOWED)
    return Request(
        method.decode(),
        path,
        hosts[0] if hosts else None,
        languages,
        origin=others.get(b"origin", ""),
        referer=others.get(b"referer", ""),
        fetch_site=others.get(b"sec-fetch-site", "").lower(),
        content_type=others.get(b"content-type", ""),
        content_length=int(lengths[0]) if lengths else None,
        chunked=b"transfer-encoding" in others,
        query=query,
    )


#: The read-only page runs its own inline script and style and talks only to this server.
PAGE_POLICY = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
#: A captain's page: no script at all; its forms post to this server only.
CAPTAIN_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)


def head(
    status: HTTPStatus,
    content_type: str,
    length: int | None,
    *,
    policy: str = PAGE_POLICY,
    referrer: str = "no-referrer",
    location: str | None = None,
) -> bytes:
    """A response's status line and headers, ready to send (no length: until the close).

    A captain's page sends `referrer="same-origin"`, so its forms' POSTs carry their Origin
    (under "no-referrer" a browser sends "null"), and a `location` after a report is taken.

    >>> head(HTTPStatus.NOT_FOUND, "text/plain", 3).split(b"\\r\\n")[0]
    b'HTTP/1.1 404 Not Found'
    """
    lines = [
        f"HTTP/1.1 {status.value} {status.phrase}",
        f"Content-Type: {content_type}",
        "Cache-Control: no-store",
        "X-Content-Type-Options: nosniff",
        f"Referrer-Policy: {referrer}",
        f"Content-Security-Policy: {policy}",
        "Connection: close",
    ]
    if location is not None:
        lines.append(f"Location: {location}")
    if length is not None:
        lines.append(f"Content-Length: {length}")
    if status is HTTPStatus.METHOD_NOT_ALLOWED:
        lines.append("Allow: " + ", ".join(ALLOWED_METHODS))
    return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii")
