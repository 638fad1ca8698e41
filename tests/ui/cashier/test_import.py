"""The pre-registration preview, driven as a cashier would; hostile files at the Players page."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.core.userfiles import csv_records
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.import_dialog import ImportPreviewModel, PreRegistrationDialog
from tests.ui.cashier.waiting import settle_on, then_settle
from tests.ui.polling import poll


@pytest.fixture
def players_page(cashier_window, services, qtbot):
    for name in ("Ann Lee", "Bob Marley"):
        services.players.create(PlayerDetails(name))
    cashier_window.tabs.setCurrentWidget(cashier_window.players)
    settle_on(qtbot, cashier_window)
    return cashier_window.players


def names(page) -> list[str]:
    return [row.player.name for row in page.model.rows()]


def preview(qtbot, page, path: Path) -> PreRegistrationDialog:
    """Ask for the preview (read and planned on the worker) and wait until it is open."""
    assert then_settle(qtbot, page, lambda: page.import_pre_registrations(str(path)))
    assert not page.progress.isVisible()
    dialog = page.dialog
    assert isinstance(dialog, PreRegistrationDialog)
    qtbot.waitExposed(dialog)
    return dialog


@pytest.mark.slow
def test_the_preview_lists_each_line_and_import_commits_it(
    qtbot, qtmodeltester, cashier_window, players_page, services, tournament_id, tmp_path
):
    path = tmp_path / "tonight.csv"
    path.write_bytes(b'"Lee, Ann"\r"Lee, Bob"\rann lee\r\r"Lee, Ann"\r')  # CR-only line ends
    revision = services.tournaments.revision()
    dialog = preview(qtbot, players_page, path)
    qtmodeltester.check(dialog.model)
    shown = [
        [dialog.model.text(r, h) for h in ("Line", "Name", "Action")]
        for r in range(dialog.model.rowCount())
    ]
    assert shown == [
        ["1", "Lee, Ann", "create"],
        ["2", "Lee, Bob", "create"],
        ["3", "ann lee", "use existing"],
        ["4", "", "skip"],
        ["5", "Lee, Ann", "skip"],
    ]
    assert dialog.model.text(4, "Why") == "same name as line 1"
    assert dialog.summary_label.text() == (
        "tonight.csv: 2 new players, 1 already in the database, 2 lines skipped."
    )
    assert dialog.ok_button.text() == "Import 3 names"
    assert services.tournaments.revision() == revision  # the preview wrote nothing
    then_settle(
        qtbot, players_page, lambda: qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    )
    assert players_page.dialog is None or not players_page.dialog.isVisible()
    regs = services.cashier.registrations(tournament_id)
    assert sorted(r.name for r in regs) == ["Ann Lee", "Lee, Ann", "Lee, Bob"]
    assert {r.status for r in regs} == {RegistrationStatus.PRE_REGISTERED}
    assert cashier_window.message.text() == (
        "Imported tonight.csv: 3 names on the list, 3 waiting to check in (Field page)."
    )
    assert {"Lee, Ann", "Lee, Bob"} <= set(names(players_page))


@pytest.mark.slow
def test_cancelling_the_preview_saves_nothing(
    qtbot, players_page, services, tournament_id, tmp_path
):
    path = tmp_path / "tonight.txt"
    path.write_text("Cy Young\nDee Dee\n", encoding="utf-8")
    revision = services.tournaments.revision()
    dialog = preview(qtbot, players_page, path)
    cancel = dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel)
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert services.tournaments.revision() == revision
    assert services.cashier.registrations(tournament_id) == ()
    assert names(players_page) == ["Ann Lee", "Bob Marley"]


@pytest.mark.slow
def test_a_list_with_nothing_to_do_cannot_be_confirmed(
    qtbot, players_page, services, tournament_id, tmp_path
):
    services.cashier.pre_register(tournament_id, [services.players.search("Ann")[0].id])
    path = tmp_path / "again.txt"
    path.write_text("Ann Lee\n\nann lee\n", encoding="utf-8")
    dialog = preview(qtbot, players_page, path)
    assert not dialog.ok_button.isEnabled()
    assert "Nothing to import" in dialog.error_label.text()
    dialog.reject()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"Caf\xe9 Ann\n", "not UTF-8"),  # Latin-1 (UTF-16 with its mark is read)
        (b"\0" * 64, "not a text file"),
        ("Ann\nBob\n".encode("utf-16-le"), "not a text file"),  # UTF-16 without its mark
        (b'"Ann\n', "a quote is not closed"),
        (b'"' + b"x" * 200_000 + b'"\n', "a cell is longer than"),
        (b"\n\n", "no names"),
    ],
    ids=["Latin-1", "NUL bytes", "UTF-16 without its mark", "open quote", "huge cell", "blank"],
)
def test_a_hostile_list_is_refused_before_any_preview(
    qtbot, cashier_window, players_page, services, tmp_path, data: bytes, message: str
):
    path = tmp_path / "bad.csv"
    path.write_bytes(data)
    revision = services.tournaments.revision()
    # Read on the worker: refused in words when it answers, and no preview opens.
    assert then_settle(
        qtbot, players_page, lambda: players_page.import_pre_registrations(str(path))
    )
    assert not players_page.progress.isVisible()
    assert players_page.dialog is None
    assert cashier_window.message.kind == "error"
    assert message in cashier_window.message.text()
    assert services.tournaments.revision() == revision


@pytest.mark.slow
@pytest.mark.parametrize(
    ("data", "message"),
    [
        (bytes(range(256)) * 4, "not UTF-8"),
        (b"name\nAnn\0Bob\n", "not a text file"),
        ("name,team\nCy,Reds\n".encode("utf-32"), "not a text file"),
    ],
    ids=["binary junk", "a NUL in text", "UTF-32"],
)
def test_a_player_file_that_is_not_text_is_refused_in_words_and_changes_nothing(
    qtbot, cashier_window, players_page, services, tmp_path, data: bytes, message: str
):
    path = tmp_path / "players.csv"
    path.write_bytes(data)
    revision = services.tournaments.revision()
    before = services.players.list()
    assert then_settle(qtbot, players_page, lambda: players_page.import_csv(str(path)))
    assert cashier_window.message.kind == "error"
    assert "players.csv" in cashier_window.message.text()
    assert message in cashier_window.message.text()
    assert services.players.list() == before
    assert services.tournaments.revision() == revision


@pytest.mark.slow
def test_player_csv_with_cr_line_endings_imports(qtbot, cashier_window, players_page, tmp_path):
    path = tmp_path / "players.csv"
    path.write_bytes(b"name,team\rCy Young,Reds\r")
    assert then_settle(qtbot, players_page, lambda: players_page.import_csv(str(path)))
    assert "Cy Young" in names(players_page)


@pytest.mark.slow
def test_preview_model_passes_qt_checks(qtmodeltester, services, tournament_id):
    plan = services.cashier.preview_pre_registrations(tournament_id, "A\nB\n\nA\n")
    model = ImportPreviewModel()
    model.set_rows(plan.lines)
    qtmodeltester.check(model)
    assert model.text(3, "Action") == "skip"


@pytest.mark.slow
def test_the_ledger_exports_as_safe_csv(
    qtbot, cashier_window, services, tournament_id, bus, tmp_path
):
    rules = EntryRules(RegistrationRule(EntryPrice(2000, 500), 10_000))
    services.cashier.set_config(tournament_id, CashierConfig(rules))
    player = services.players.create(PlayerDetails("=HYPERLINK(1)")).value.id
    services.cashier.buy_in(tournament_id, player)
    poll(qtbot, bus)
    cashier_window.tabs.setCurrentWidget(cashier_window.ledger)
    settle_on(qtbot, cashier_window)
    ledger = cashier_window.ledger
    path = then_settle(qtbot, ledger, lambda: ledger.export_csv(str(tmp_path / "ledger.csv")))
    assert path is not None
    assert cashier_window.message.text() == f"Ledger exported: {path}"
    text = (tmp_path / "ledger.csv").read_text(encoding="utf-8")
    assert ",'=HYPERLINK(1)," in text
    rows = [r.cells for r in csv_records(text)]
    assert rows[1][rows[0].index("player")] == "=HYPERLINK(1)"
    assert rows[1][rows[0].index("amount")] == "25.00"
    unwritable = tmp_path / "missing" / "ledger.csv"
    then_settle(qtbot, ledger, lambda: ledger.export_csv(str(unwritable)))
    assert not unwritable.exists()
    assert cashier_window.message.kind == "error"
    assert "cannot be written" in cashier_window.message.text()


@pytest.mark.slow
def test_a_list_with_phone_and_e_mail_keeps_them_and_names_what_it_ignores(
    qtbot, cashier_window, players_page, services, tournament_id, tmp_path
):
    path = tmp_path / "signups.csv"
    path.write_text(
        "Name,Phone,E-mail,Shirt size\n"
        "Cy Young,555-0101,cy@example.org,XL\n"
        "Ann Lee,555-0102,ann@example.org,\n"
    )
    dialog = preview(qtbot, players_page, path)
    assert dialog.model.text(0, "Why") == "new player; column ignored: Shirt size"
    assert dialog.model.text(1, "Why").endswith("(their phone, e-mail in the database are kept)")
    then_settle(
        qtbot, dialog, lambda: qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    )
    (cy,) = [p for p in services.players.search("Cy Young")]
    assert (cy.phone, cy.email) == ("555-0101", "cy@example.org")
