"""The cashier's CSV exports read and write on the station's worker.

The save dialog is asked on the GUI thread (it suggests the tournament's name and date, as last
read on the worker); the export is then read and the file written on the worker, and the message
says it is written, or why not. `gui_thread_sql` records every statement the GUI thread ran
meanwhile: there must be none.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from tests.ui.cashier.waiting import settle_on, then_settle
from tests.ui.polling import poll

PAGES = ("players", "ledger", "results")


@pytest.fixture
def sold(qtbot, cashier_window, services, tournament_id, bus):
    """One buy-in sold: every export has a row to write."""
    rules = EntryRules(RegistrationRule(EntryPrice(2000, 500), 10_000))
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    player = services.players.create(PlayerDetails("Ann Lee")).value.id
    services.cashier.buy_in(tournament_id, player)
    poll(qtbot, bus)
    return cashier_window


@pytest.mark.slow
@pytest.mark.parametrize("name", PAGES)
def test_an_export_asked_in_the_save_dialog_writes_off_the_gui_thread(
    qtbot, sold, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, gui_thread_sql, name
) -> None:
    page = getattr(sold, name)
    sold.tabs.setCurrentWidget(page)
    settle_on(qtbot, page)
    suggested: list[str] = []

    def fake(_parent: object, _title: str, start: str, _kind: str) -> tuple[str, str]:
        suggested.append(Path(start).name)
        return str(tmp_path / f"{name}.csv"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake))
    with gui_thread_sql.watching() as exported:
        path = then_settle(qtbot, page, page.export_csv)
    assert path == str(tmp_path / f"{name}.csv")
    assert suggested[0].startswith("Friday-Night-Hold-em-")
    assert "Ann Lee" in (tmp_path / f"{name}.csv").read_text(encoding="utf-8-sig")
    assert path in sold.message.text()
    assert sold.message.kind != "error"
    assert not exported, gui_thread_sql.report()


def test_a_file_that_cannot_be_written_is_said_in_words(qtbot, sold, tmp_path: Path) -> None:
    page = sold.players
    target = tmp_path / "missing" / "players.csv"
    assert then_settle(qtbot, page, lambda: page.export_csv(str(target))) == str(target)
    assert not target.exists()
    assert sold.message.kind == "error"
    assert "cannot be written" in sold.message.text()
