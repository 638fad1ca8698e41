"""Tournament > Table captains…: reporting switched per table, a table's QR code made and revoked.

Every change runs on the station's worker; the code holds the captain's page address on the web
view, and a revoked code opens nothing.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.captains import TokenRefused
from clockapp.ui.director.captains import CaptainsDialog
from tests.ui.polling import settle

URL = "http://10.0.0.2:8765/"


@pytest.fixture
def dialog(qtbot, station, services, tournament_id) -> CaptainsDialog:
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    station.bus.switch_tournament(tournament_id)
    settle(qtbot, station.bus)
    station.director.web_url = lambda: URL
    opened = station.director.open_captains()
    settle(qtbot, station.bus)
    return opened


def cell(dialog: CaptainsDialog, row: int, column: int) -> str:
    return str(dialog.model.index(row, column).data())


@pytest.mark.slow
def test_a_table_gets_a_code_that_opens_its_page_until_revoked(
    qtbot, station, services, tournament_id, dialog, gui_thread_sql
) -> None:
    assert dialog.model.rowCount() == 2
    assert (cell(dialog, 0, 0), cell(dialog, 0, 2), cell(dialog, 0, 3)) == (
        "Table 1",
        "Off",
        "None",
    )
    with gui_thread_sql.watching() as statements:
        qtbot.mouseClick(dialog.code_button, Qt.MouseButton.LeftButton)
        settle(qtbot, station.bus)
    assert not statements, gui_thread_sql.report()
    issued = dialog.issued
    assert issued is not None
    assert dialog.qr.text == f"{URL}captain/{issued.token}"
    assert dialog.qr.modules > 0
    assert not dialog.print_button.isHidden()
    assert "The captain of Table 1 scans this code" in dialog.code_label.text()
    assert cell(dialog, 0, 2) == "On"
    assert cell(dialog, 0, 3).startswith("Made at")
    assert services.captains.page(tournament_id, issued.token).label == "Table 1"
    qtbot.mouseClick(dialog.revoke_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert (cell(dialog, 0, 2), cell(dialog, 0, 3)) == ("Off", "None")
    assert dialog.qr.isHidden()
    with pytest.raises(TokenRefused):
        services.captains.page(tournament_id, issued.token)


@pytest.mark.slow
def test_reporting_switches_on_and_off_per_table(
    qtbot, station, services, tournament_id, dialog
) -> None:
    dialog.view.selectRow(1)
    qtbot.mouseClick(dialog.switch_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert [t.enabled for t in services.captains.tables(tournament_id)] == [False, True]
    assert cell(dialog, 1, 2) == "On"
    qtbot.mouseClick(dialog.switch_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert [t.enabled for t in services.captains.tables(tournament_id)] == [False, False]


@pytest.mark.slow
def test_without_the_web_view_no_code_is_made_and_the_dialog_says_why(
    qtbot, station, services, tournament_id, dialog
) -> None:
    station.director.web_url = lambda: ""
    qtbot.mouseClick(dialog.code_button, Qt.MouseButton.LeftButton)
    settle(qtbot, station.bus)
    assert "Switch the web view on first" in dialog.error_label.text()
    assert not any(t.has_token for t in services.captains.tables(tournament_id))
