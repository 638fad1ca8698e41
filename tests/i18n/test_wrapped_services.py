"""The services, commands and persistence speak through gettext: their refusals, notices and
CLI lines are extracted for translators and read in the host's language.

Three guards: a scan of the code (a refusal or a CLI line written as a bare literal fails it),
the extraction the `translations` target runs (the sentences are in the template), and a
pseudo-language compiled from that extraction (each text comes out translated, while what the
host typed stays as typed).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo

import clockapp
from clockapp import i18n
from clockapp.core.host_events import HostEvent, HostEventError, Trigger
from clockapp.core.money.amounts import AmountError, parse_amount
from clockapp.core.seating import Seat, Seating, Table
from clockapp.core.seating.balancing import BalancePolicy
from clockapp.i18n import using_language
from clockapp.persistence.checks import corrupt_error, too_new_error
from clockapp.services.host_events import check_sound
from clockapp.services.seating.room_status import balance_notice, balance_status

PACKAGE = Path(clockapp.__file__).parent
AREA = [
    PACKAGE / "services",
    PACKAGE / "commands",
    PACKAGE / "persistence",
    PACKAGE / "preflight.py",
    PACKAGE / "__main__.py",
]
TRANSLATORS = {"_", "gettext", "ngettext", "pgettext", "N_"}
#: Exceptions whose message only a developer reads (a programming error, a protocol status):
#: they stay English. Every other exception raised in the area carries a director's sentence.
DEVELOPER_ERRORS = {
    "AssertionError",
    "KeyError",
    "LookupError",
    "NotImplementedError",
    "OperationalError",  # psycopg's, raised to simulate a dropped server
    "RequestError",  # carries an HTTP status; its text is the status line
    "RuntimeError",
    "TournamentGoneError",  # persistence's, turned into a sentence by the service
    "TypeError",
    "ValueError",
}
#: Functions that print to a person in the commands.
PRINTERS = {"print", "exit", "fail", "_say", "_fail"}


def _files() -> Iterator[Path]:
    for place in AREA:
        paths = sorted(place.rglob("*.py")) if place.is_dir() else [place]
        yield from (p for p in paths if "migrations" not in p.parts)


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def _words(node: ast.expr) -> bool:
    """A literal a person reads: a plain or formatted string with letters outside its fields
    (`f"{name}: {error}"` only arranges texts translated elsewhere)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return any(c.isalpha() for c in node.value)
    if isinstance(node, ast.JoinedStr):
        return any(
            isinstance(part, ast.Constant) and any(c.isalpha() for c in str(part.value))
            for part in node.values
        )
    return False


def _bare_literals(call: ast.Call) -> Iterator[ast.expr]:
    """Literals among `call`'s arguments (through a conditional) not inside a translator."""
    positional = call.args[1:] if _name(call.func) == "_fail" else call.args  # (prog, message)
    arguments = [*positional, *(k.value for k in call.keywords if k.arg not in ("file", "end"))]
    while arguments:
        argument = arguments.pop()
        if isinstance(argument, ast.IfExp):
            arguments += [argument.body, argument.orelse]
        elif isinstance(argument, ast.BinOp):
            arguments += [argument.left, argument.right]
        elif _words(argument):
            yield argument


def unwrapped() -> list[str]:
    """Each refusal raised, or CLI line printed, as a bare literal in the area."""
    found = []
    for path in _files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_command = "commands" in path.parts or path.name in ("__main__.py", "preflight.py")
        for node in ast.walk(tree):
            calls = []
            if (
                isinstance(node, ast.Raise)
                and isinstance(node.exc, ast.Call)
                and _name(node.exc.func) not in DEVELOPER_ERRORS
            ):
                calls.append(node.exc)
            if is_command and isinstance(node, ast.Call) and _name(node.func) in PRINTERS:
                calls.append(node)
            for call in calls:
                for literal in _bare_literals(call):
                    where = path.relative_to(PACKAGE.parent)
                    found.append(f"{where}:{literal.lineno}: {ast.unparse(literal)[:70]}")
    return found


def test_no_refusal_or_cli_line_in_the_area_is_a_bare_literal() -> None:
    assert unwrapped() == []


def test_the_scan_catches_a_bare_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        "def f(n):\n"
        "    raise SeatingError(f'Table {n} is full.')\n"
        "def g():\n"
        "    raise SeatingError(_('Table {n} is full.').format(n=1))\n"
        "def h():\n"
        "    raise ValueError('a developer reads this')\n"
    )
    monkeypatch.setattr(f"{__name__}.AREA", [module])
    monkeypatch.setattr(f"{__name__}.PACKAGE", tmp_path)
    assert [line.split(": ", 1)[1] for line in unwrapped()] == ["f'Table {n} is full.'"]


@pytest.fixture(scope="module")
def extracted() -> dict[object, set[str]]:
    """msgid -> the files it comes from (one message may be said in several), as `make
    translations` extracts them."""
    method_map = [("persistence/migrations/**", "ignore"), ("**.py", "python")]
    found: dict[object, set[str]] = {}
    for message in extract_from_dir(str(PACKAGE), method_map=method_map):
        found.setdefault(message[2], set()).add(message[0].replace("\\", "/"))
    return found


@pytest.mark.parametrize(
    ("msgid", "where"),
    [
        ("Give the league a name.", "services/leagues/service.py"),
        ("Port {port} is already in use on this machine (another program, or the", None),
        ("The database {path} is damaged ({detail}) and cannot be opened.", "checks.py"),
        ("No backups yet.", "commands/backup.py"),
        ("This server answers only to its own addresses.", "services/web/server.py"),
        ("{tendered} tendered is less than the {due} due ({short} short).", "cashier/sales.py"),
        ("Out of balance: move {moves}.", "seating/room_status.py"),
        (("{count} player left", "{count} players left"), "core/host_events.py"),
        ("the blinds (100/200)", "core/host_events.py"),
        ("{field}: {typed} can be read two ways; for {amount} type {written}, and", None),
    ],
)
def test_the_area_s_sentences_are_extracted(
    extracted: dict[object, set[str]], msgid: object, where: str | None
) -> None:
    if where is None:  # a long sentence: its start is enough
        assert isinstance(msgid, str)
        assert any(isinstance(m, str) and m.startswith(msgid) for m in extracted)
    else:
        assert msgid in extracted
        assert any(path.endswith(where) for path in extracted[msgid]), extracted[msgid]


PSEUDO = "xx"


def _pseudo(text: str) -> str:
    return f"«{text}»"


@pytest.fixture
def pseudo_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extracted: dict[object, set[str]]
) -> None:
    """A language "xx" that says every extracted message between « and »."""
    catalog = Catalog(locale="de", domain=i18n.DOMAIN)  # de: two plural forms, as English
    for msgid in extracted:
        if isinstance(msgid, tuple):
            catalog.add(msgid, tuple(_pseudo(m) for m in msgid[:2]))
        elif isinstance(msgid, str) and msgid:
            catalog.add(msgid, _pseudo(msgid))
    folder = tmp_path / PSEUDO / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{i18n.DOMAIN}.mo").open("wb") as file:
        write_mo(file, catalog)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)


@pytest.fixture
def pseudo(pseudo_catalog: None) -> Iterator[None]:
    """Speak "xx" in this test."""
    with using_language(PSEUDO):
        yield


def test_a_service_refusal_reads_in_the_language(pseudo: None) -> None:
    with pytest.raises(HostEventError) as refused:
        check_sound("cue.wav")
    assert str(refused.value) == _pseudo(
        '"cue.wav" is neither a sound of the app nor a file\'s full path; choose the file.'
    )


def test_a_database_refusal_reads_in_the_language(pseudo: None) -> None:
    message = str(corrupt_error(Path("night.db"), "not a database"))
    assert message.startswith("«The database night.db is damaged (not a database)")
    assert str(too_new_error("abc123", None)).startswith("«")


def test_the_balance_notice_reads_in_the_language(pseudo: None) -> None:
    room = Seating(
        (Table(1), Table(2)),
        {n: Seat(1 if n <= 9 else 2, n if n <= 9 else n - 9) for n in range(1, 17)},
    )
    assert balance_notice(room, BalancePolicy()) == _pseudo(
        "Tables out of balance: move {moves}."
    ).format(moves=_pseudo("a player from table 1 (9) to table 2 (7)"))
    text, out = balance_status(room, BalancePolicy())
    assert out
    assert text.startswith("«Out of balance: move «1 player from ")


def test_host_event_texts_are_translated_but_what_the_host_typed_is_not(pseudo: None) -> None:
    event = HostEvent(
        0, Trigger.PLAYERS_LEFT, players=10, spoken="Ten to go!", wall_text="{players_left} left"
    )
    assert event.when() == "«10 players left»"
    assert Trigger.MONEY_BUBBLE.label == "«the money bubble»"
    assert HostEvent(0, Trigger.FINAL_TABLE, sound="level").when() == "«the final table»"
    what = event.what()
    assert '«says "Ten to go!"»' in what
    assert '«wall "{players_left} left" for 10 s»' in what


def test_an_amount_refusal_reads_in_the_language(pseudo: None) -> None:
    with pytest.raises(AmountError) as refused:
        parse_amount("abc", field="Buy-in")
    assert str(refused.value) == _pseudo(
        "{field}: {typed} is not a number; type digits such as {cents}."
    ).format(field="Buy-in", typed="'abc'", cents="20.50")


def test_a_tool_speaks_the_system_s_language(
    pseudo_catalog: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from clockapp.__main__ import main

    monkeypatch.setenv("LANGUAGE", PSEUDO)
    try:
        assert main(["backups", "--db", str(tmp_path / "night.db")]) == 0
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
    assert capsys.readouterr().out == _pseudo("No backups yet.") + "\n"
