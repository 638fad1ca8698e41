"""The cashier, tables, structure and rulings windows speak through the catalogs.

Two guards. The extraction that `make translations` runs (Babel, the same keywords) finds the
sentences these windows show, whole, with their fields and plural forms. And a scan of their
source finds no text a person reads handed to Qt, to a message line or to an error still in
plain English: a literal, an f-string or a string glued together where a translated message
belongs. A new unwrapped `setText("...")` in these packages fails here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

ROOT = Path(__file__).resolve().parents[2] / "clockapp" / "ui"
PACKAGES = ("cashier", "seating", "structure", "rulings")
#: `make translations`: Babel's keywords plus `-k N_ -k pgettext:1c,2`.
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "pgettext": ((1, "c"), 2)}
TRANSLATORS = frozenset({"_", "gettext", "ngettext", "pgettext", "N_"})

#: Qt calls and the windows' own helpers whose text arguments a person reads.
SHOWN = frozenset(
    {
        # Qt
        "setText",
        "setWindowTitle",
        "setToolTip",
        "setPlaceholderText",
        "setAccessibleName",
        "setAccessibleDescription",
        "setStatusTip",
        "setWhatsThis",
        "setTitle",
        "addTab",
        "setTabText",
        "addAction",
        "addMenu",
        "setSuffix",
        "setPrefix",
        "setSpecialValueText",
        "setHorizontalHeaderLabels",
        "setHeaderLabels",
        "setInformativeText",
        "setDetailedText",
        "addButton",
        "addItem",
        "addRow",
        "QLabel",
        "QPushButton",
        "QCheckBox",
        "QRadioButton",
        "QGroupBox",
        "QAction",
        "QToolBar",
        "QToolButton",
        "QMenu",
        "QListWidgetItem",
        "QTableWidgetItem",
        "information",
        "question",
        "critical",
        "getText",
        "getInt",
        "getItem",
        "getOpenFileName",
        "getSaveFileName",
        # the windows' message lines, dialogs and undo history
        "refuse",
        "show_info",
        "show_warning",
        "show_error",
        "show_message",
        "show_status",
        "add_note",
        "ask_unsaved",
        "ask_save_path",
        "amount_edit",
        "big_label",
        "read_amount",
        "record",
    }
)
#: Keyword arguments that carry such a text, whatever the call.
SHOWN_KEYWORDS = frozenset({"done", "busy", "note", "title", "text", "placeholder"})
#: Literals that are not words: a dash for "nothing", identifiers, markup, an example entry.
IDENTIFIER = re.compile(r"^[a-z0-9_.\-]+$")
MARKUP = re.compile(r"<[^>]*>|&\w+;")
WORD = re.compile(r"[A-Za-z]{2}")
#: Python's own errors say what went wrong to a developer, in English.
DEVELOPER_ERRORS = frozenset(
    {"AttributeError", "IndexError", "KeyError", "TypeError", "ValueError", "RuntimeError"}
)

#: The sentences to find in the catalog template, one per package at least: whole sentences
#: with named fields, and plurals as singular/plural pairs.
EXPECTED: dict[str, tuple[str | tuple[str, str], ...]] = {
    "cashier": (
        "Cashier — {tournament}",
        "Undo {action}",
        "{name}: buy-in {total} paid; change {change}; hand over T{chips} in chips.",
        ("{count} entry", "{count} entries"),
        ("Import {count} name", "Import {count} names"),
        ("{count} player found", "{count} players found"),
        "Pay prize: {name}",
        "Confirm re-entry",
        "Rebuy house fee",
        "Drawer counted {counted} against {expected} expected: {status}.",
    ),
    "seating": (
        "Move {name} to {seat}",
        "Tables: {tournament}",
        ("Drew a seat for {count} player.", "Drew seats for {count} players."),
        ("{seated} seated, {count} open seat.", "{seated} seated, {count} open seats."),
        "{table}, seat {seat}: {name} ({notes})",
        "{tournament}: seat moves",
    ),
    "structure": (
        "Structure — {tournament}",
        "This replaces the {levels} and {breaks} of “{name}”. You can undo it with Ctrl+Z.",
        ("{count} level", "{count} levels"),
        ("delete {count} row", "delete {count} rows"),
        "Saved: {action}.",
        "&Structure",
        "Level number (▶ the level being played, ⚑ the planned last level)",
    ),
    "rulings": (
        "{seats} split the main pot with {hand}",
        "Side pot {number}",
        "{card} is already in {seat}'s hand.",
        "Player {number}: hole cards",
        "WINS ALL POTS",
        ("Enter {count} more card", "Enter {count} more cards"),
    ),
}
#: Context-bound messages: (context, message).
EXPECTED_IN_CONTEXT = {"rulings": (("card rank", "deuce"), ("card name", "{rank} of {suit}"))}


def _extracted(package: str) -> set[tuple[str | None, str | tuple[str, ...]]]:
    found = extract_from_dir(ROOT / package, keywords=KEYWORDS, comment_tags=())
    messages: set[tuple[str | None, str | tuple[str, ...]]] = set()
    for _filename, _lineno, message, _comments, context in found:
        messages.add((context, message))
    return messages


@pytest.mark.parametrize("package", PACKAGES)
def test_the_windows_sentences_are_extracted_whole(package: str) -> None:
    messages = _extracted(package)
    missing = [m for m in EXPECTED[package] if (None, m) not in messages]
    missing += [m for m in EXPECTED_IN_CONTEXT.get(package, ()) if (m[0], m[1]) not in messages]
    assert missing == []


def _words(node: ast.expr) -> bool:
    """True when `node` builds text with English words in it outside a translator call."""
    if isinstance(node, ast.Constant):
        if not isinstance(node.value, str) or IDENTIFIER.match(node.value):
            return False
        return bool(WORD.search(MARKUP.sub("", node.value)))
    if isinstance(node, ast.JoinedStr):
        return any(_words(part) for part in node.values if isinstance(part, ast.Constant))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _words(node.left) or _words(node.right)
    if isinstance(node, ast.IfExp):
        return _words(node.body) or _words(node.orelse)
    if isinstance(node, ast.Tuple | ast.List):
        return any(_words(element) for element in node.elts)
    return False


def _name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _is_logging(call: ast.Call) -> bool:
    """`log.warning(...)` and the like: a developer's line, kept in English."""
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id in ("log", "logger", "LOG")
    )


def untranslated(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of each English text shown without a translator, in `source`.

    >>> list(untranslated('label.setText("Hello")\\nlabel.setText(_("Hello"))'))
    [(1, "label.setText('Hello')")]
    >>> list(untranslated('raise ValidationError(f"Seat {n} is taken.")'))
    [(1, "ValidationError(f'Seat {n} is taken.')")]
    >>> list(untranslated('box.setText(f"{n} player{s}")'))
    [(1, "box.setText(f'{n} player{s}')")]
    >>> list(untranslated('view.setObjectName("player_table"); edit.setText("—")'))
    []
    """
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            call = node.exc
            error = _name(call)
            if (
                error.endswith("Error")
                and error not in DEVELOPER_ERRORS
                and any(_words(arg) for arg in call.args)
            ):
                yield node.lineno, ast.unparse(call)
        if not isinstance(node, ast.Call) or _name(node) in TRANSLATORS or _is_logging(node):
            continue
        texts = list(node.args) if _name(node) in SHOWN else []
        texts += [k.value for k in node.keywords if k.arg in SHOWN_KEYWORDS]
        if any(_words(text) for text in texts):
            yield node.lineno, ast.unparse(node)


#: Calls that hand Qt English on purpose, each with why.
ALLOWED = {
    # The game names are the room's own words (NLHE, PLO, HORSE), kept as typed in every
    # language, and stored as typed.
    ("structure/delegates.py", "addItems"),
}


def _scan() -> list[str]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            where = str(path.relative_to(ROOT))
            for line, text in untranslated(path.read_text(encoding="utf-8")):
                if not any(where == allowed and name in text for allowed, name in ALLOWED):
                    found.append(f"{where}:{line}: {text[:120]}")
    return found


def test_no_window_text_is_left_in_plain_english() -> None:
    assert _scan() == []


def test_the_scan_catches_an_unwrapped_text() -> None:
    glued = "self.setWindowTitle('Cashier — ' + name)\nctx.refuse(f'{name} is out.')"
    assert [line for line, _text in untranslated(glued)] == [1, 2]
