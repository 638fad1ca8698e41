"""The rest of the windows speak the reader's language (issue 28): the wall, the director, the
display, the clock, the shell, the station, the charts, the leagues and the top-level ui modules.

Two guards, both reading the source without Qt:
- the messages wrapped here are extracted by the same keywords as `make translations`;
- a scan of every text handed to Qt (labels, buttons, titles, tooltips, message boxes...) fails on
  a literal or f-string with words in it that is not inside a translator call.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

import clockapp

UI = Path(clockapp.__file__).parent / "ui"
#: The packages other helpers wrap, and the two modules the lead edits.
ELSEWHERE = {"cashier", "seating", "structure", "rulings"}
LEFT_OUT = {"bus.py", "operations.py"}
FILES = sorted(
    path
    for path in UI.rglob("*.py")
    if path.relative_to(UI).parts[0] not in ELSEWHERE and path.name not in LEFT_OUT
)
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "pgettext": ((1, "c"), 2)}

#: Qt calls (and the app's own) whose string arguments a person reads.
TEXT_CALLS = {
    "setText", "setToolTip", "setWindowTitle", "setPlaceholderText", "setStatusTip",
    "setWhatsThis", "addAction", "QLabel", "QPushButton", "QCheckBox", "QGroupBox", "QAction",
    "QRadioButton", "QToolButton", "setTitle", "addTab", "insertTab", "setTabText", "addItem",
    "setItemText", "addRow", "setSuffix", "setPrefix", "setSpecialValueText", "showMessage",
    "setLabelText", "getText", "getInt", "getItem", "getDouble", "getMultiLineText", "addMenu",
    "QMenu", "setAccessibleName", "setAccessibleDescription", "setInformativeText",
    "setDetailedText", "addButton", "getOpenFileName", "getSaveFileName", "setTitleText",
    "show_message", "say", "_say", "FitLabel",
}  # fmt: skip
#: Calls whose other arguments are identifiers: the text's position in them.
TEXT_AT = {"show_message": 0, "addItem": 0, "setItemText": 1, "FitLabel": 1}
#: `QMessageBox.warning(...)` is a message box; `log.warning(...)` is for a developer.
BOXES = {"information", "warning", "critical", "question"}
#: Texts that are the same in every language: the app's name, a Qt time format, card codes.
ALLOWED = {"clockapp", "HH:mm", "Qh 9h 2c", "As Kd"}
WORD = re.compile(r"[A-Za-z]{2,}")


def _words(node: ast.expr) -> str | None:
    """The words a person would read in `node` when it is a literal, an f-string or a sum of
    them (`None` when it has no words, or is not one of those)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        text = " ".join(filter(None, (_words(node.left), _words(node.right))))
    else:
        return None
    return text if WORD.search(text) and text.strip() not in ALLOWED else None


def unwrapped(path: Path, root: Path = UI) -> list[str]:
    """Each text handed to Qt in `path` (named from `root`) that no translator call wraps."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        is_box = isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "QMessageBox"
        if (name in BOXES and not is_box) or (name not in BOXES and name not in TEXT_CALLS):
            continue
        args = [*node.args, *(k.value for k in node.keywords)]
        if name in TEXT_AT:
            args = node.args[TEXT_AT[name] : TEXT_AT[name] + 1]
        for arg in args:
            words = _words(arg)
            if words is not None:
                found.append(f"{path.relative_to(root)}:{arg.lineno}: {name}({words[:60]!r})")
    return found


@pytest.fixture(scope="module")
def extracted() -> set[str]:
    """Every msgid (singular) babel extracts from the area."""
    ids: set[str] = set()
    for path in FILES:
        for _line, message, _comments, _context in extract_from_file(
            "python", str(path), keywords=KEYWORDS
        ):
            ids.add(message[0] if isinstance(message, tuple) else message)
    return ids


def test_the_area_is_what_the_brief_names() -> None:
    names = {str(path.relative_to(UI)) for path in FILES}
    assert {"wall/showdown.py", "director/restore.py", "help_menu.py", "leagues/report.py"} <= names
    assert not any(name.startswith(("cashier/", "rulings/")) for name in names)
    assert "bus.py" not in names


def test_no_text_handed_to_qt_is_left_untranslated() -> None:
    found = [line for path in FILES for line in unwrapped(path)]
    assert found == [], "\n".join(found)


def test_the_scan_catches_a_literal_and_an_f_string(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "label.setText('Players left')\n"
        "box.setWindowTitle(f'Seat {seat}')\n"
        "button.setToolTip('Redo ' + what)\n"
        "QMessageBox.warning(self, 'Title', _('Fine'))\n"
        "log.warning('for a developer %s', x)\n"
        "label.setText(_('Fine'))\n"
        "label.setText(f'{rank}.')\n",
        encoding="utf-8",
    )
    found = unwrapped(sample, tmp_path)
    assert [line.split(":")[1] for line in found] == ["1", "2", "3", "4"]


@pytest.mark.parametrize(
    "msgid",
    [
        # The wall's words.
        "Bounties",
        "Chip leaders",
        "Average stack {chips}",
        "Estimated times",
        "In the money around {time}",
        "ALL IN · THE FLOP",
        "WIN {win}   TIE {tie}",
        "{count} OUT",
        "Clock called on {player}",
        "{count} second to act",
        "Chip race · {table}",
        "Page {page} of {pages}  ·  {summary}",
        # The director's dialogs and the rest.
        "Restore from backup",
        "Put back the backup taken {when}?\n\n"
        "Everything done since then is replaced, on every station. The current state is backed "
        "up first, so you can come back to it.",
        "Keep running",
        "Close registration",
        "Counted {counted} of {in_play} chips in play.",
        "Wrong PIN: try again.",
        "Seat moves on the clock display ({count})",
        "Jump to item {number}",
        "Check for updates",
        "clockapp {version} is up to date.",
        "{count} tournament: {names}",
        "Waiting for the database server…",
        "Now showing {name}.",
        "Clock",  # the help overlay's groups
    ],
)
def test_the_wrapped_messages_are_extracted(extracted: set[str], msgid: str) -> None:
    assert msgid in extracted
