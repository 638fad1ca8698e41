"""Where an export is saved: the save dialog opens in the folder the last export went to (the
user's documents folder the first time, or when that folder is gone), on a file name made of the
tournament's name, its date and what is exported.

Every export (results, ledger, players, receipts, the move sheet, league standings, structures)
asks through `ask_save_path` or `ask_csv_path`, so none opens in the program's working folder.
The folder is remembered per computer (`UiSettings.export_folder`), like the window geometry.

CSV exports are written by `write_csv` so that Excel and LibreOffice open them in columns with
every accent intact (`clockapp.core.userfiles.spreadsheet_bytes`): the cells are separated by the
list separator of the user's locale, or the one chosen as the file type in `ask_csv_path`.
"""

from __future__ import annotations

import unicodedata
from datetime import date
from pathlib import Path

from PySide6.QtCore import QLocale, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

from clockapp.core.userfiles import list_separator, spreadsheet_bytes
from clockapp.ui.settings import UiSettings

#: Names stay short enough for every file system once a folder is added.
MAX_NAME_CHARS = 60
#: The file types a CSV export offers, one per cell separator (`ask_csv_path`).
CSV_KINDS = {
    ",": "CSV, comma-separated (*.csv)",
    ";": "CSV, semicolon-separated (*.csv)",
    "\t": "Text, tab-separated (*.tsv *.txt)",
}


def safe_part(text: str) -> str:
    """`text` in characters safe in a file name on every system (empty when none are left).

    Letters, marks and digits of any script are kept (Windows and macOS take them all), in
    composed form (macOS hands names back decomposed); any run of other characters, among them
    every one Windows refuses (<>:"/\\|?* and control characters), becomes one "-".

    >>> safe_part("Friday night: $20 / re-buy")
    'Friday-night-20-re-buy'
    >>> safe_part("Café <Montréal>.")
    'Café-Montréal'
    """
    kept = "".join(
        c if c == "_" or unicodedata.category(c)[0] in "LMN" else "-"
        for c in unicodedata.normalize("NFC", text)
    )
    joined = "-".join(part for part in kept.split("-") if part)
    return joined.strip("-_")[:MAX_NAME_CHARS].strip("-_")


def export_file_name(name: str, day: date | None, what: str, suffix: str) -> str:
    """The file name an export suggests: the name, the date and what it holds.

    >>> from datetime import date
    >>> export_file_name("Friday Night*", date(2026, 11, 27), "results", "csv")
    'Friday-Night-2026-11-27-results.csv'
    >>> export_file_name("???", None, "ledger", "csv")
    'ledger.csv'
    """
    parts = [safe_part(name), day.isoformat() if day else "", safe_part(what)]
    return "-".join(p for p in parts if p) + "." + suffix


def documents_folder() -> Path:
    """The user's documents folder (the home folder where the system has none)."""
    where = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(where) if where else Path.home()


def start_folder() -> Path:
    """Where a save dialog opens: the folder the last export went to, while it still exists,
    else the documents folder."""
    last = UiSettings().export_folder
    return last if last is not None and last.is_dir() else documents_folder()


def remember_folder(path: str) -> None:
    """Remember the folder of a chosen save path (nothing for "", a Cancel)."""
    if path:
        settings = UiSettings()
        settings.export_folder = Path(path).parent
        settings.sync()


def ask_save_path(parent: QWidget, title: str, file_name: str, kind: str) -> str:
    """Ask where to save, starting in `start_folder()` on `file_name`; "" for Cancel."""
    path, _ = QFileDialog.getSaveFileName(parent, title, str(start_folder() / file_name), kind)
    remember_folder(path)
    return path


def locale_separator() -> str:
    """The list separator a spreadsheet expects on this computer (";" where 2,50 is a number)."""
    return list_separator(QLocale().decimalPoint())


def ask_csv_path(parent: QWidget, title: str, file_name: str) -> tuple[str, str]:
    """Ask where to save a CSV export and with which separator: the locale's is offered first.

    Returns (path, separator), or ("", "") for Cancel. A tab-separated file gets `.tsv` for
    `.csv`, as a spreadsheet opens a `.csv` file with the list separator whatever it holds.
    """
    first = locale_separator()
    kinds = [CSV_KINDS[first], *(kind for sep, kind in CSV_KINDS.items() if sep != first)]
    start = start_folder() / file_name
    path, chosen = QFileDialog.getSaveFileName(parent, title, str(start), ";;".join(kinds))
    if not path:
        return "", ""
    remember_folder(path)
    separator = next((sep for sep, kind in CSV_KINDS.items() if kind == chosen), first)
    if separator == "\t" and Path(path).suffix.lower() == ".csv":
        path = str(Path(path).with_suffix(".tsv"))
    return path, separator


def write_csv(path: str | Path, text: str, separator: str = "") -> None:
    """Write CSV `text` (as the services give it) for a spreadsheet: UTF-8 with a byte-order
    mark, cells separated by `separator` (the locale's when empty).

    Raises:
        OSError: The file cannot be written.
    """
    Path(path).write_bytes(spreadsheet_bytes(text, separator or locale_separator()))
