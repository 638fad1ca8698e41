"""CSV exports open in Excel and LibreOffice in columns, accents intact; imports read their files.

A spreadsheet reads a CSV file without a byte-order mark in the system's code page ("ZoÃ«") and
splits it on the system's list separator, which is ";" wherever the decimal point is a comma.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QFileDialog, QWidget

from clockapp.services.players import PlayerDetails, parse_players_csv
from clockapp.ui.exports import CSV_KINDS, ask_csv_path, locale_separator
from clockapp.ui.userfiles import read_import_file
from tests.ui.cashier.waiting import then_settle

BOM = b"\xef\xbb\xbf"


@pytest.fixture
def german() -> Iterator[None]:
    """The locale of a German computer (decimal comma, list separator ";")."""
    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.German, QLocale.Country.Germany))
    yield
    QLocale.setDefault(before)


@pytest.fixture
def players_page(cashier_window, services):
    services.players.create(PlayerDetails("Zoë Adé", team="Reds, Blues"))
    cashier_window.tabs.setCurrentWidget(cashier_window.players)
    return cashier_window.players


@pytest.mark.slow
def test_an_export_is_utf8_with_a_byte_order_mark(qtbot, players_page, tmp_path: Path) -> None:
    path = then_settle(
        qtbot, players_page, lambda: players_page.export_csv(str(tmp_path / "players.csv"))
    )
    data = Path(path).read_bytes()
    assert data.startswith(BOM)
    assert "Zoë Adé" in data[len(BOM) :].decode("utf-8")


@pytest.mark.slow
def test_an_export_uses_the_locales_list_separator(
    qtbot, german, players_page, tmp_path: Path
) -> None:
    assert locale_separator() == ";"
    path = then_settle(
        qtbot, players_page, lambda: players_page.export_csv(str(tmp_path / "players.csv"))
    )
    lines = Path(path).read_text(encoding="utf-8-sig").splitlines()
    assert lines[0] == "name;nickname;phone;email;team;notes"
    assert lines[1] == "Zoë Adé;;;;Reds, Blues;"  # the comma is no separator here: no quotes


@pytest.mark.slow
def test_a_semicolon_export_has_crlf_rows_in_columns_and_imports_back(
    qtbot, german, players_page, services, tmp_path: Path
) -> None:
    services.players.create(PlayerDetails("Lee; Ann", notes="two\nlines", team="=1+1"))
    path = then_settle(
        qtbot, players_page, lambda: players_page.export_csv(str(tmp_path / "players.csv"))
    )
    data = Path(path).read_bytes()
    assert data.startswith(BOM)
    rows = data[len(BOM) :].decode("utf-8").split("\r\n")
    assert rows[0].split(";") == ["name", "nickname", "phone", "email", "team", "notes"]
    assert rows[1] == '"Lee; Ann";;;;\'=1+1;"two\nlines"'  # LF inside a cell, as Excel
    assert rows[2].split(";") == ["Zoë Adé", "", "", "", "Reds, Blues", ""]
    assert rows[3:] == [""]
    # Read back as an import reads it (the separator told from the rows): the same players.
    back = {(p.name, p.team, p.notes) for p in parse_players_csv(read_import_file(path))}
    assert back == {(p.name, p.team, p.notes) for p in services.players.list()}


def test_the_save_dialog_offers_the_locales_separator_first_and_each_other(
    german, monkeypatch: pytest.MonkeyPatch
) -> None:
    offered: list[str] = []

    def fake(_parent: object, _title: str, start: str, kinds: str) -> tuple[str, str]:
        offered.extend(kinds.split(";;"))
        return str(Path(start).with_name("night.csv")), CSV_KINDS["\t"]

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake))
    path, separator = ask_csv_path(QWidget(), "Export", "night.csv")
    assert offered == [CSV_KINDS[";"], CSV_KINDS[","], CSV_KINDS["\t"]]
    assert (Path(path).name, separator) == ("night.tsv", "\t")  # Excel splits .csv on ";"


@pytest.mark.slow
def test_an_export_in_the_separator_chosen_in_the_save_dialog(
    qtbot, cashier_window, players_page, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "players.csv"

    def fake(*_args: object) -> tuple[str, str]:
        return str(target), CSV_KINDS[";"]

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake))
    assert then_settle(qtbot, players_page, players_page.export_csv) is not None
    assert target.read_text(encoding="utf-8-sig").splitlines()[0].startswith("name;nickname;")


SAVED = {
    "Excel CSV UTF-8, semicolon": "\ufeffname;team\r\nCy Young;Reds\r\n".encode(),
    "LibreOffice, comma, no mark": b"name,team\nCy Young,Reds\n",
    "Excel Unicode text": "name\tteam\r\nCy Young\tReds\r\n".encode("utf-16"),
}


@pytest.mark.slow
@pytest.mark.parametrize("data", SAVED.values(), ids=SAVED.keys())
def test_the_players_page_imports_each_spreadsheets_file(
    qtbot, cashier_window, players_page, services, tmp_path: Path, data: bytes
) -> None:
    path = tmp_path / "players.csv"
    path.write_bytes(data)
    # Read and saved on the station's worker: the players are there once it answered.
    imported = then_settle(qtbot, players_page, lambda: players_page.import_csv(str(path)))
    assert imported, cashier_window.message.text()
    cy = next(p for p in services.players.list() if p.name == "Cy Young")
    assert cy.team == "Reds"
