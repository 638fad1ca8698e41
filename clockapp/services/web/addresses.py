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


def own_names(listen_host: str) -> frozenset[str]:
    """The names and addresses a browser may call this server by (lower case, no port).

    This machine's loopback names, its host name (bare, and as mDNS gives it: `name.local`),
    and the address it listens on; listening everywhere, every LAN address it has.

    >>> {"localhost", "127.0.0.1", "::1"} <= own_names("127.0.0.1")
    True
    """
    names = {"localhost", "127.0.0.1", "::1"}
    hostname = socket.gethostname().lower().rstrip(".")
    if hostname:
        short = hostname.split(".")[0]
        names.update({hostname, short, f"{short}.local"})
    if listen_host == EVERYWHERE:
        names.update(lan_addresses())
    else:
        names.add(listen_host.lower())
    return frozenset(names)


def host_is_ours(host: str, names: frozenset[str], local_address: str) -> bool:
    """Whether a request's Host header names this server (its port, if any, is not checked).

    A page of another site whose name was pointed at this machine (DNS rebinding) still sends
    its own name here, so it is refused. `local_address` is the address the connection came in
    on, always one of this machine's own.

    >>> names = own_names("127.0.0.1")
    >>> host_is_ours("localhost:8765", names, "127.0.0.1")
    True
    >>> host_is_ours("evil.example:8765", names, "127.0.0.1")
    False
    """
    if host.startswith("["):
        name, bracket, port = host[1:].partition("]")
        if not bracket or (port and not port.startswith(":")):
            return False
        port = port[1:]
    else:
        name, _colon, port = host.partition(":")
    if (port and not (port.isascii() and port.isdigit())) or not name:
        return False
    name = name.lower()
    if name.endswith(".") and not name.endswith(".."):
        name = name[:-1]
    if name in names:
        return True
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(name) == ipaddress.ip_address(local_address)
    return False
