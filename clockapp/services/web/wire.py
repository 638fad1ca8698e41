"""Reading one HTTP request strictly, with limits, and the response head.

The web view answers GET and HEAD for its own few paths and nothing else, so the parser is
small and strict: a request line longer than `MAX_REQUEST_LINE` gets 414, headers past
`MAX_HEADER_LINE`, `MAX_HEADERS` or `MAX_HEADER_BYTES` get 431, anything malformed gets 400,
another method 405; an HTTP/1.1 request without exactly one Host header is malformed. The
request's body, if any, is never read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from http import HTTPStatus
from typing import Protocol

MAX_REQUEST_LINE = 2048
MAX_HEADER_LINE = 4096
MAX_HEADERS = 50
MAX_HEADER_BYTES = 16384
#: The longest head that passes every limit above: one longer always trips one of them.
MAX_HEAD_BYTES = MAX_REQUEST_LINE + MAX_HEADER_BYTES + 2 * (MAX_HEADERS + 2)
ALLOWED_METHODS = ("GET", "HEAD")

_METHOD = re.compile(rb"[A-Z]{1,20}")
_TARGET = re.compile(rb"/[\x21-\x7e]*")
_VERSION = re.compile(rb"HTTP/1\.[01]")
_HEADER_NAME = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")


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
    and Accept-Language header (the phone's languages; "" when it sent none)."""

    method: str
    path: str
    host: str | None = None
    accept_language: str = ""


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
    if len(hosts) > 1 or (not hosts and version == b"HTTP/1.1"):
        raise RequestError(HTTPStatus.BAD_REQUEST)
    if method.decode() not in ALLOWED_METHODS:
        raise RequestError(HTTPStatus.METHOD_NOT_ALLOWED)
    path = target.split(b"?", 1)[0].decode("ascii")
    return Request(method.decode(), path, hosts[0] if hosts else None, languages)


def head(status: HTTPStatus, content_type: str, length: int | None) -> bytes:
    """A response's status line and headers, ready to send (no length: until the close).

    >>> head(HTTPStatus.NOT_FOUND, "text/plain", 3).split(b"\\r\\n")[0]
    b'HTTP/1.1 404 Not Found'
    """
    lines = [
        f"HTTP/1.1 {status.value} {status.phrase}",
        f"Content-Type: {content_type}",
        "Cache-Control: no-store",
        "X-Content-Type-Options: nosniff",
        "Referrer-Policy: no-referrer",
        # The page runs its own inline script and style and talks only to this server.
        "Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; "
        "style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'",
        "Connection: close",
    ]
    if length is not None:
        lines.append(f"Content-Length: {length}")
    if status is HTTPStatus.METHOD_NOT_ALLOWED:
        lines.append("Allow: " + ", ".join(ALLOWED_METHODS))
    return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii")
