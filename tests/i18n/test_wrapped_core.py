"""The domain packages (`core` and `poker`) speak the host's language: every refusal a director
reads is a gettext message, whole sentences with named fields, and money names the currency.

Two guards: the Babel extractor (with the keywords of `make translations`) finds the sentences,
and a scan of the source refuses a new error raised with bare text.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

import clockapp
from clockapp import formats
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.drawer import DrawerCount
from clockapp.core.payouts import PayoutError, PayoutMode, PayoutStructure, payout_table
from clockapp.poker.errors import CardError
from clockapp.poker.evaluator import Category, describe_strength
from clockapp.poker.showdown import showdown

PACKAGE = Path(clockapp.__file__).parent
AREAS = ("core", "poker")
#: The keywords `make translations` extracts with (Babel's defaults plus N_ and pgettext).
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "N_": None,
}
TRANSLATORS = frozenset(KEYWORDS)
#: Errors only a developer reads: a broken invariant, not a rule a director broke.
DEVELOPER_ERRORS = frozenset(
    {"AssertionError", "AttributeError", "NotImplementedError", "RuntimeError", "TypeError"}
)
#: Bare-text raises a director never reads, each with why.
ALLOWED = {
    # Builds the hand evaluator's lookup tables when the package is made; never at a table.
    "poker/tablegen.py",
    # A PIN's salt comes from the code, never from a person.
    "core/pin.py",
    # Callers pass one of the separators the code knows; a person never types one.
    "core/userfiles.py:not a CSV separator",
    # Python's own wording, never shown: the formula's message says "division by zero" itself.
    "core/points/formula.py:division by zero",
    # The services branch wraps this module's messages with its labels and summaries; take this
    # line out once both are merged, so the scan guards it too.
    "core/host_events.py",
    # The structure editor only ever moves a row by one.
    "core/structure/edits.py:move by one row at a time",
}


def _messages() -> set[str]:
    found: set[str] = set()
    for area in AREAS:
        for _filename, _lineno, message, _comments, _context in extract_from_dir(
            PACKAGE / area, method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            found.update(message if isinstance(message, tuple) else (message,))
    return found


@pytest.fixture(scope="module")
def messages() -> set[str]:
    return _messages()


@pytest.mark.parametrize(
    "message",
    [
        # poker/showdown.py: the card seen twice and the wrong hole-card count, whole sentences
        '"{card}" is on the board and in hand {hand}',
        '"{card}" is in hand {first} and in hand {hand}',
        "hand {hand} has {count} cards; an Omaha hand has 4",
        "hand {hand} has {count} card; a Hold'em hand has 2",
        # poker/evaluator.py: hand names, and the ranks they name
        "Four of a kind, {quads} with {kicker} kicker",
        "One pair, {pair} with {first}, {second} and {third} kickers",
        "an ace",
        "Full house",
        # core: the cashier, the payouts, seating and the structure
        "The percentages add up to {total}, not 100% ({gap} missing).",
        "The payout table adds up to {total} but the prize pool is {pool} ({gap} short).",
        "{name} has used all {count} re-entries allowed per player.",
        "Cannot seat {count} players: only {free} open seats are free. Add a table or open "
        "seats first.",
        "{tables} have not finished hand {hand}.",
        "Hand {hand} would bust all {left} players left; the winner of the hand stays in.",
        "short by {amount}",
        "Prize pool",
        "a break has no small blind.",
        "{items} and {last}",
    ],
)
def test_the_sentences_are_extracted(messages: set[str], message: str) -> None:
    assert message in messages


def test_no_message_is_a_piece_of_a_sentence(messages: set[str]) -> None:
    """A piece glued to another ("; missing ...", " (rebuy first)") cannot be translated."""
    pieces = sorted(m for m in messages if m[:1] in " ;,.:" or m.endswith(" "))
    assert pieces == []


def _name(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _message_texts(expr: ast.expr) -> Iterator[ast.expr]:
    """The bare text an error's message is made of: literals, and the pieces joined or chosen
    into it; a translator's call is done, and another call's own text is that call's own."""
    if isinstance(expr, ast.JoinedStr) or (
        isinstance(expr, ast.Constant) and isinstance(expr.value, str) and expr.value
    ):
        yield expr
    elif isinstance(expr, ast.BinOp):
        yield from _message_texts(expr.left)
        yield from _message_texts(expr.right)
    elif isinstance(expr, ast.IfExp):
        yield from _message_texts(expr.body)
        yield from _message_texts(expr.orelse)
    elif isinstance(expr, ast.BoolOp):
        for value in expr.values:
            yield from _message_texts(value)
    elif (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr in ("format", "join")
    ):
        yield from _message_texts(expr.func.value)


def _bare_texts(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Text raised (or returned as an error) outside a translator call: (line, text)."""
    for node in ast.walk(tree):
        call = None
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            call = node.exc
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Call):
            name = _name(node.value) or ""
            call = node.value if name.endswith(("Error", "Refused")) else None
        if call is None or not call.args or _name(call) in DEVELOPER_ERRORS:
            continue
        for text in _message_texts(call.args[0]):
            yield text.lineno, ast.unparse(text)


def _f_strings_in_translators(tree: ast.AST) -> Iterator[int]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) in TRANSLATORS:
            for arg in node.args:
                if isinstance(arg, ast.JoinedStr):
                    yield node.lineno


def _sources() -> Iterator[tuple[str, ast.AST]]:
    for area in AREAS:
        for path in sorted((PACKAGE / area).rglob("*.py")):
            yield path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text("utf-8"))


def test_every_refusal_in_core_and_poker_is_translatable() -> None:
    unwrapped = []
    for where, tree in _sources():
        if where in ALLOWED:
            continue
        for line, text in _bare_texts(tree):
            if not any(f"{where}:" in key and key.split(":", 1)[1] in text for key in ALLOWED):
                unwrapped.append(f"{where}:{line}: {text[:80]}")
    assert unwrapped == []


def test_no_f_string_is_translated() -> None:
    """The catalog holds the text before it is filled in: `_(f"...")` is never found."""
    found = [
        f"{where}:{line}" for where, tree in _sources() for line in _f_strings_in_translators(tree)
    ]
    assert found == []


def test_the_scan_catches_bare_text() -> None:
    tree = ast.parse(
        "def f(n):\n"
        "    if n:\n"
        "        raise ValueError(f'{n} is wrong')\n"
        "    if n > 1:\n"
        "        raise ValueError('Table ' + _('{n} is glued').format(n=n))\n"
        "    raise ValueError(_('{n} is right').format(n=', '.join(n)))\n"
    )
    assert [line for line, _text in _bare_texts(tree)] == [3, 5]


def test_core_money_names_the_tournaments_currency() -> None:
    payouts = PayoutStructure(PayoutMode.AMOUNTS, amounts=(60_000, 30_000))
    with formats.using_currency("€"), pytest.raises(PayoutError) as refused:
        payout_table(100_000, 8, payouts)
    assert "€900.00" in str(refused.value)
    assert "$" not in str(refused.value)
    assert format_cents(2533) == "$25.33"  # outside an action, as before


def test_the_drawer_says_its_status_in_the_summarys_currency() -> None:
    assert DrawerCount(10_000, 9_500).status_in("CHF") == "short by 5.00 CHF"
    with formats.using_currency("€"):
        assert DrawerCount(10_000, 10_500).status == "over by €5.00"


def test_showdown_refusals_are_whole_sentences() -> None:
    with pytest.raises(CardError, match='"As" is on the board and in hand 1'):
        showdown("As Kd 2c", ["As Ah", "Qh Qd"])
    with pytest.raises(CardError, match='"Qh" is in hand 1 and in hand 2'):
        showdown("2s Kd 2c", ["Qh Ah", "Qh Qd"])
    with pytest.raises(CardError, match="hand 2 has 1 card; a Hold'em hand has 2"):
        showdown("2s Kd 2c", ["Jh Ah", "Qd"], "holdem")


def test_hand_names_read_as_before_in_english() -> None:
    assert describe_strength(7462) == "Royal flush"
    assert Category.TWO_PAIR.label == "Two pair"
