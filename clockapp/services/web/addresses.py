"""The address phones type (or scan) to reach the web view."""

from __future__ import annotations

import contextlib
import ipaddress
import socket

#: Listen on every interface: the web view is shared on the local network.
EVERYWHERE = "0.0.0.0"
LOCAL = "127.0.0.1"


#: Where the probe "connects" (TEST-NET-1, port discard): any address off the LAN makes the system
#: pick the interface that routes outward; a UDP connect only sets the route and sends nothing.
OUTWARD_PROBE = ("192.0.2.1", 9)


def lan_addresses() -> tuple[str, ...]:
    """This machine's IPv4 addresses that phones on its network can reach, the best first.

    First the address the system routes outward from (the interface on the phones' Wi-Fi on a
    laptop), then the other private addresses its own name resolves to. Never loopback: Debian
    and Ubuntu resolve the host name to 127.0.1.1, and phones cannot resolve it at all.
    Sends nothing on the network.
    """
    found: list[str] = []
    with (
        contextlib.suppress(OSError),
        socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe,
    ):
        probe.connect(OUTWARD_PROBE)
        outward = str(probe.getsockname()[0])
        if _reachable(outward):
            found.append(outward)
    with contextlib.suppress(OSError, UnicodeError):
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(sockaddr[0])
            if (
                _reachable(address)
                and ipaddress.ip_address(address).is_private
                and address not in found
            ):
                found.append(address)
    return tuple(found)


def _reachable(address: str) -> bool:
    """Whether another machine could reach this one at `address` (an IPv4 address)."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast)


def page_url(host: str, port: int, chosen: str | None = None) -> str:
    """The page's address for the host it listens on; shared, a LAN address of this machine.

    Shared, it is `chosen` while this machine still has that address, else the outward one,
    else 127.0.0.1 (no network: only this computer can open it).

    >>> page_url("127.0.0.1", 8765)
    'http://127.0.0.1:8765/'
    """
    if host == EVERYWHERE:
        lan = lan_addresses()
        host = chosen if chosen in lan else lan[0] if lan else LOCAL
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
