"""The address phones type (or scan) to reach the web view."""

from __future__ import annotations

import contextlib
import ipaddress
import socket

#: Listen on every interface: the web view is shared on the local network.
EVERYWHERE = "0.0.0.0"
LOCAL = "127.0.0.1"


def lan_addresses() -> tuple[str, ...]:
    """This machine's IPv4 addresses on the local network, as its own name resolves them.

    Sends nothing on the network: it asks the system's resolver about its own host name.
    """
    found: list[str] = []
    with contextlib.suppress(OSError, UnicodeError):
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(sockaddr[0])
            if not ipaddress.ip_address(address).is_loopback and address not in found:
                found.append(address)
    return tuple(found)


def page_url(host: str, port: int) -> str:
    """The page's address for the host it listens on: the first LAN address when shared.

    >>> page_url("127.0.0.1", 8765)
    'http://127.0.0.1:8765/'
    """
    if host == EVERYWHERE:
        lan = lan_addresses()
        host = lan[0] if lan else socket.gethostname()
    return f"http://{host}:{port}/"
