"""The address on the wall: the IP phones can reach, never a host name they cannot resolve.

A stock Debian or Ubuntu laptop resolves its own name to 127.0.1.1 and phones do not resolve it
at all, so the page's address is the one the system routes outward from, then another private
address of this machine, then 127.0.0.1.
"""

from __future__ import annotations

import ipaddress
import socket

import pytest

from clockapp.services.web import addresses
from clockapp.services.web.addresses import (
    EVERYWHERE,
    host_is_ours,
    lan_addresses,
    own_names,
    page_url,
)
from tests.fakes import FakeNetwork


def _use(monkeypatch: pytest.MonkeyPatch, network: FakeNetwork) -> FakeNetwork:
    monkeypatch.setattr(addresses, "socket", network)
    return network


def test_the_outward_address_is_shown_not_the_host_name(monkeypatch: pytest.MonkeyPatch) -> None:
    network = _use(monkeypatch, FakeNetwork(outward="192.168.1.20", resolved=["127.0.1.1"]))
    assert page_url(EVERYWHERE, 44567) == "http://192.168.1.20:44567/"
    assert lan_addresses() == ("192.168.1.20",)
    # The probe is a UDP socket aimed at an address outside the LAN: connecting it sends nothing.
    assert network.probes
    for family, kind, (target, _port) in network.probes:
        assert (family, kind) == (socket.AF_INET, socket.SOCK_DGRAM)
        assert not ipaddress.ip_address(target).is_loopback


def test_several_lan_addresses_are_listed_the_outward_one_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _use(
        monkeypatch,
        FakeNetwork(
            outward="192.168.1.20",
            resolved=["10.0.0.7", "127.0.1.1", "192.168.1.20", "169.254.3.4", "10.0.0.7"],
        ),
    )
    assert lan_addresses() == ("192.168.1.20", "10.0.0.7")
    assert page_url(EVERYWHERE, 8765) == "http://192.168.1.20:8765/"
    # The director's choice, while this machine still has it; the outward one otherwise.
    assert page_url(EVERYWHERE, 8765, chosen="10.0.0.7") == "http://10.0.0.7:8765/"
    assert page_url(EVERYWHERE, 8765, chosen="10.9.9.9") == "http://192.168.1.20:8765/"
    # Listening on this machine only, the choice does not matter.
    assert page_url("127.0.0.1", 8765, chosen="10.0.0.7") == "http://127.0.0.1:8765/"


def test_without_a_route_another_private_address_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    _use(monkeypatch, FakeNetwork(outward=None, resolved=["127.0.1.1", "8.8.4.4", "10.0.0.7"]))
    assert lan_addresses() == ("10.0.0.7",)
    assert page_url(EVERYWHERE, 8765) == "http://10.0.0.7:8765/"


@pytest.mark.parametrize("outward", [None, "127.0.0.1", "0.0.0.0"])
def test_with_no_lan_address_the_page_is_on_loopback_never_the_host_name(
    monkeypatch: pytest.MonkeyPatch, outward: str | None
) -> None:
    _use(monkeypatch, FakeNetwork(outward=outward, resolved=["127.0.1.1"], hostname="vm"))
    assert lan_addresses() == ()
    assert page_url(EVERYWHERE, 44567) == "http://127.0.0.1:44567/"


def test_an_unresolvable_host_name_still_gives_the_outward_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _use(monkeypatch, FakeNetwork(outward="192.168.1.20", resolved=None))
    assert lan_addresses() == ("192.168.1.20",)


def test_every_address_the_wall_can_show_passes_the_host_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _use(monkeypatch, FakeNetwork(outward="192.168.1.20", resolved=["10.0.0.7"]))
    names = own_names(EVERYWHERE)
    assert lan_addresses() == ("192.168.1.20", "10.0.0.7")
    for address in lan_addresses():
        # Checked against another local address, so the name list alone must accept it.
        assert host_is_ours(f"{address}:8765", names, "127.0.0.1"), address
