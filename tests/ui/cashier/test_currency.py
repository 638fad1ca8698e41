"""A € tournament shows and prints € everywhere the cashier reads money, never "$"."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier import reports
from tests.ui.cashier.waiting import take_money, then_settle
from tests.ui.polling import poll


@pytest.fixture
def printed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The HTML of every PDF the cashier writes (the PDF itself holds no readable text)."""
    pages: list[str] = []

    def keep(path: Path | str, html: str, *_args: object, **_kwargs: object) -> Path:
        pages.append(html)
        return Path(path)

    monkeypatch.setattr(reports, "write_pdf", keep)
    return pages


@pytest.fixture
def euro_desk(qtbot, cashier_window, services, tournament_id, bus):
    services.structure.update_settings(tournament_id, currency="€")
    rules = EntryRules(RegistrationRule(EntryPrice(2000, house_fee=533), 10_000))
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    services.players.create(PlayerDetails("Zoë Adé"))
    poll(qtbot, bus)  # set at another station: the window hears of it as it would
    return cashier_window.desk


def sell(qtbot, desk) -> None:
    desk.search.clear()
    qtbot.keyClicks(desk.search, "ade")
    then_settle(qtbot, desk.search, lambda: qtbot.keyClick(desk.search, Qt.Key.Key_Return))
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    qtbot.keyClicks(desk.dialog.tendered_edit, "30")
    take_money(qtbot, desk.dialog.tendered_edit)


@pytest.mark.slow
def test_a_euro_sale_and_its_receipt_show_euros(
    qtbot, euro_desk, printed: list[str], tmp_path: Path
) -> None:
    sell(qtbot, euro_desk)
    shown = euro_desk.last_label.text()
    assert "€25.33" in shown
    assert "change €4.67" in shown
    assert "$" not in shown
    assert euro_desk.save_receipt(str(tmp_path / "receipt.pdf"))
    (receipt,) = printed
    assert "€25.33" in receipt
    assert "€20.00" in receipt  # the prize pool's part
    assert "$" not in receipt


@pytest.mark.slow
def test_the_results_report_and_drawer_show_euros(
    qtbot, cashier_window, euro_desk, printed: list[str], tmp_path: Path
) -> None:
    sell(qtbot, euro_desk)
    cashier_window.tabs.setCurrentWidget(cashier_window.results)
    results = cashier_window.results
    assert then_settle(qtbot, results, lambda: results.export_pdf(str(tmp_path / "results.pdf")))
    (report,) = printed
    assert "€20.00" in report
    assert "$" not in report


def test_a_german_receipt_writes_euros_the_german_way(
    qtbot, qapp, euro_desk, printed: list[str], tmp_path: Path
) -> None:
    from clockapp.ui.language import apply_language

    apply_language(qapp, "de")
    try:
        sell(qtbot, euro_desk)
        assert euro_desk.save_receipt(str(tmp_path / "beleg.pdf"))
    finally:
        apply_language(qapp, "en")
    (receipt,) = printed
    text = receipt.replace("\xa0", " ")
    assert "25,33 €" in text
    assert "4,67 €" in text
    assert "Gesamt" in text
    assert "Rückgeld" in text
    assert "$" not in text
    assert "€25.33" not in text
