"""Where an export is saved: the save dialog opens in the user's documents folder, on a file
name made of the tournament's name, its date and what is exported.

Every export (results, ledger, players, receipts, the move sheet, league standings, structures)
asks through `ask_save_path`, so none opens in the program's working folder.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog, QWidget

#: Characters a file name keeps on every system; any run of others becomes one "-".
_UNSAFE = re.compile(r"[^A-Za-z0-9_]+")
#: Names stay short enough for every file system once a folder is added.
MAX_NAME_CHARS = 60


def safe_part(text: str) -> str:
    """`text` in characters safe in a file name on every system (empty when none are left).

    >>> safe_part("Friday night: $20 / re-buy")
    'Friday-night-20-re-buy'
    """
    return _UNSAFE.sub("-", text).strip("-_")[:MAX_NAME_CHARS].strip("-_")


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


def ask_save_path(parent: QWidget, title: str, file_name: str, kind: str) -> str:
    """Ask where to save, starting in the documents folder on `file_name`; "" for Cancel."""
    start = documents_folder() / file_name
    path, _ = QFileDialog.getSaveFileName(parent, title, str(start), kind)
    return path
