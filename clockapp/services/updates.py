"""Is a newer clockapp out? One small JSON file, read over HTTP(S) when the host asks.

The app never connects on its own: the window asks the host first (`clockapp.ui.updates`), and
only then calls `check_for_update`, off the GUI thread. The file at `LATEST_URL` holds
`{"version": "0.2.0", "url": "https://.../releases/0.2.0"}`; nothing about the machine or its
tournaments is sent (a plain GET with the app's name and version as the User-Agent).

>>> newer_than("0.10.0", "0.9.1"), newer_than("0.1.0", "0.1.0"), newer_than("1.0", "1.0.0rc1")
(True, False, True)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from clockapp import __version__
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _

#: Where the latest release's version is published (a release asset beside the packages).
LATEST_URL = "https://github.com/clockapp/clockapp/releases/latest/download/latest.json"
#: How long to wait for the server, in seconds: a slow network must not hang the question.
TIMEOUT_SECONDS = 10.0
#: The largest answer read: the file is a few dozen bytes.
MAX_BYTES = 64 * 1024

_RELEASE = re.compile(r"(\d+(?:\.\d+)*)(.*)")


class UpdateCheckError(DomainError):
    """The latest version could not be learnt (no network, no answer, not the expected file)."""


@dataclass(frozen=True)
class UpdateInfo:
    """What the check found: the latest version, where to get it, and whether it is newer."""

    current: str
    latest: str
    url: str

    @property
    def newer(self) -> bool:
        """True when `latest` is a later release than the one running."""
        return newer_than(self.latest, self.current)


def _key(version: str) -> tuple[tuple[int, ...], int, str]:
    match = _RELEASE.fullmatch(version.strip().lstrip("vV"))
    if match is None:
        raise UpdateCheckError(_("{version!r} is not a version number.").format(version=version))
    numbers = tuple(int(part) for part in match.group(1).split("."))
    while numbers and numbers[-1] == 0:  # 1.0 == 1.0.0
        numbers = numbers[:-1]
    rest = match.group(2)
    # A final release sorts after its pre-releases (1.0rc1 < 1.0).
    return numbers, 0 if rest else 1, rest


def newer_than(version: str, than: str) -> bool:
    """Whether release `version` comes after `than` ("0.10.0" after "0.9.1")."""
    return _key(version) > _key(than)


def parse_latest(data: bytes, current: str = __version__) -> UpdateInfo:
    """Read the published file's bytes.

    >>> parse_latest(b'{"version": "0.2.0", "url": "https://x/0.2.0"}', current="0.1.0").newer
    True
    >>> parse_latest(b"<html>", current="0.1.0")
    Traceback (most recent call last):
    ...
    clockapp.services.updates.UpdateCheckError: The update server did not answer with the \
version file.
    """
    try:
        answer = json.loads(data[:MAX_BYTES].decode("utf-8"))
        latest = answer["version"]
        url = answer.get("url", "")
        if not isinstance(latest, str) or not isinstance(url, str):
            raise TypeError(latest)
        _key(latest)
    except (ValueError, KeyError, TypeError, AttributeError, UpdateCheckError):
        raise UpdateCheckError(
            _("The update server did not answer with the version file.")
        ) from None
    return UpdateInfo(current=current, latest=latest.strip(), url=url)


def check_for_update(
    url: str = LATEST_URL, *, timeout: float = TIMEOUT_SECONDS, current: str = __version__
) -> UpdateInfo:
    """Fetch the published version (blocking: call it off the GUI thread).

    Raises:
        UpdateCheckError: No network, no answer within `timeout`, an HTTP error, or a file that
            is not the version file (the message says which).
    """
    if not url.startswith(("https://", "http://")):
        raise UpdateCheckError(_("{url!r} is not a web address.").format(url=url))
    # Loaded only when the host asks: the app starts without the HTTP client.
    import urllib.error
    import urllib.request

    request = urllib.request.Request(
        url, headers={"User-Agent": f"clockapp/{current}", "Accept": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            data = response.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as error:
        raise UpdateCheckError(
            _("The update server answered {code} {reason}: try again later.").format(
                code=error.code, reason=error.reason
            )
        ) from None
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise UpdateCheckError(
            _("The update server could not be reached ({reason}): check the network.").format(
                reason=reason
            )
        ) from None
    if len(data) > MAX_BYTES:
        raise UpdateCheckError(_("The update server did not answer with the version file."))
    return parse_latest(data, current)
