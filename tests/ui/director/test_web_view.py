"""The web view from the director's window: off by default, on from the View menu, the wall's QR."""

from __future__ import annotations

import json
import socket
import urllib.request
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from clockapp.services.web import addresses
from clockapp.services.web.server import DEFAULT_PORT
from clockapp.ui.actions import Action
from clockapp.ui.settings import UiSettings
from clockapp.ui.station.station import ClockStation
from tests.fakes import FakeNetwork
from tests.ui.polling import settle


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _fetch(url: str) -> dict[str, object]:
    with urllib.request.urlopen(url + "state", timeout=5) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


@pytest.mark.slow
def test_the_web_view_is_off_until_the_director_switches_it_on(
    station: ClockStation, qtbot
) -> None:
    assert station.web.control.running is False
    assert station.web.corner.isHidden()
    menu_texts = [
        a.text() for m in station.director.menuBar().actions() for a in m.menu().actions()
    ]
    assert Action.WEB_VIEW.text in menu_texts

    station.director_actions[Action.WEB_VIEW].trigger()
    settle(qtbot, station.bus)
    dialog = station.web.dialog
    assert dialog is not None
    assert dialog.state_label.text() == "Off."
    assert dialog.share_check.isChecked() is False  # this computer only, unless ticked
    assert dialog.port_spin.value() == DEFAULT_PORT
    dialog.port_spin.setValue(_free_port())
    qtbot.mouseClick(dialog.on_button, Qt.MouseButton.LeftButton)

    url = station.web.control.url
    assert url.startswith("http://127.0.0.1:")
    assert url in dialog.state_label.text()
    state = _fetch(url)
    assert state["tournament"] == "Friday Night Hold'em"
    # The wall shows the address and a QR code of it.
    assert station.web.corner.isVisible()
    assert station.web.corner.address.text() == url.removeprefix("http://").rstrip("/")
    assert station.web.corner.qr.modules > 0
    corner = station.web.corner.geometry()
    assert station.display.rect().contains(corner)
    assert corner.right() > station.display.width() * 0.8  # in the corner, not in the middle

    qtbot.mouseClick(dialog.off_button, Qt.MouseButton.LeftButton)
    assert station.web.control.running is False
    assert station.web.corner.isHidden()
    assert dialog.state_label.text() == "Off."


@pytest.mark.slow
def test_a_taken_port_is_said_in_the_dialog(station: ClockStation, qtbot) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        dialog = station.web.open_dialog()
        dialog.port_spin.setValue(taken.getsockname()[1])
        qtbot.mouseClick(dialog.on_button, Qt.MouseButton.LeftButton)
        assert "already in use" in dialog.error_label.text()
        assert station.web.control.running is False
        assert station.web.corner.isHidden()
    finally:
        taken.close()


@pytest.mark.slow
def test_the_web_view_follows_the_tournament_the_director_opens(
    station: ClockStation, services, qtbot
) -> None:
    other = services.tournaments.create("Sunday Deepstack").value.id
    station.web.control.switch_on(share=False, port=_free_port())
    assert _fetch(station.web.control.url)["tournament"] == "Friday Night Hold'em"
    station.bus.switch_tournament(other)  # showing another tournament writes nothing
    qtbot.waitUntil(lambda: _fetch(station.web.control.url)["tournament"] == "Sunday Deepstack")
    station.web.control.switch_off()


def test_the_qr_code_on_the_wall_draws_segnos_modules(qtbot) -> None:
    import segno

    from clockapp.ui.director.web_view import QUIET, QrCode

    url = "http://192.168.1.20:8765/"
    matrix = segno.make(url, error="m", micro=False).matrix
    code = QrCode()
    qtbot.addWidget(code)
    code.set_text(url)
    unit = 6
    side = (len(matrix) + 2 * QUIET) * unit
    code.resize(side, side)
    image = code.grab().toImage()
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            pixel = image.pixelColor((x + QUIET) * unit + unit // 2, (y + QUIET) * unit + unit // 2)
            assert (pixel.lightness() < 128) == bool(dark), (x, y)
    # The quiet zone round the code is light.
    assert image.pixelColor(unit // 2, unit // 2).lightness() > 200


@pytest.mark.slow
def test_the_director_picks_which_lan_address_the_wall_shows(
    station: ClockStation, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two networks (the venue's Wi-Fi and a cable); the host name resolves to loopback only.
    network = FakeNetwork(outward="192.168.1.20", resolved=["127.0.1.1", "10.0.0.7"])
    monkeypatch.setattr(addresses, "socket", network)
    dialog = station.web.open_dialog()
    combo = dialog.address_combo
    assert [combo.itemText(i) for i in range(combo.count())] == ["192.168.1.20", "10.0.0.7"]
    assert combo.currentText() == "192.168.1.20"  # the outward one unless the director picks
    assert not combo.isEnabled()  # this computer only: no LAN address to pick
    qtbot.mouseClick(dialog.share_check, Qt.MouseButton.LeftButton)
    assert combo.isEnabled()
    dialog.port_spin.setValue(_free_port())
    qtbot.mouseClick(dialog.on_button, Qt.MouseButton.LeftButton)
    port = station.web.control.port
    corner = station.web.corner
    assert station.web.control.url == f"http://192.168.1.20:{port}/"
    assert corner.address.text() == f"192.168.1.20:{port}"
    assert corner.qr.text == f"http://192.168.1.20:{port}/"

    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # picks the next address, as a user would
    picked = f"http://10.0.0.7:{port}/"
    assert station.web.control.url == picked
    assert corner.address.text() == f"10.0.0.7:{port}"
    assert corner.qr.text == picked
    assert picked in dialog.state_label.text()
    # The server answers a phone that asks for the address on the wall.
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/state", headers={"Host": f"10.0.0.7:{port}"}
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        assert response.status == 200

    # Remembered in the station's settings: switched on again (or next time), the same address.
    assert UiSettings(Path(station.settings.qsettings.fileName())).web_address == "10.0.0.7"
    qtbot.mouseClick(dialog.off_button, Qt.MouseButton.LeftButton)
    station.web.control.switch_on(share=True, port=_free_port())
    assert station.web.control.url.startswith("http://10.0.0.7:")
    station.web.control.switch_off()
    station.web.open_dialog()
    assert combo.currentText() == "10.0.0.7"
