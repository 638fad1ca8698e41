"""Numbers a person reads follow the current language (issue 28): no hand-made grouping.

Python's `,` format spec always groups with a comma (`14,500`), whatever the language; a Dutch
or German room reads `14.500`. Every readable number goes through `clockapp.formats` (Babel and
CLDR) instead, and a msgid carries an already formatted `{field}` rather than `{field:,}`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import clockapp
from clockapp.i18n import set_language

ROOT = Path(clockapp.__file__).parent

#: Places that may group by hand, each with the reason: output for machines or developers.
ALLOWED: dict[str, str] = {
    # A developer tool that writes the lookup tables; its one line goes to a terminal log.
    "poker/tablegen.py": "developer tool output, not read in the app",
    # `typed_amount` writes what `parse_amount` reads back in every language (fields, exports).
    "core/money/amounts.py": "typed amounts are a machine form, the same in every language",
}

#: A str.format replacement field whose spec groups with a comma: `{count:,}`, `{x:>6,.1f}`.
FIELD_WITH_COMMA = re.compile(
    r"(?<!\{)\{[\w.\[\]]*(?:![rsa])?:(?:.?[<>=^])?[-+ ]?z?#?0?\d*,(?:\.\d+)?[a-zA-Z%]?\}"
)


def _spec_text(spec: ast.JoinedStr) -> str:
    return "".join(
        v.value for v in spec.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
    )


def grouping_specs(source: str) -> list[int]:
    """The lines of `source` with a `,` grouping spec in an f-string or a format string."""
    lines: list[int] = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        spec = node.format_spec if isinstance(node, ast.FormattedValue) else None
        if isinstance(spec, ast.JoinedStr) and "," in _spec_text(spec):
            lines.append(node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            lines.extend([node.lineno] if FIELD_WITH_COMMA.search(node.value) else [])
    return sorted(set(lines))


def test_the_scan_sees_each_form() -> None:
    assert grouping_specs('x = f"{n:,}"') == [1]
    assert grouping_specs('x = f"{n:>6,.1f} BB"') == [1]
    assert grouping_specs('x = _("at most {count:,} lines").format(count=1)') == [1]
    assert grouping_specs('x = "{0:,}".format(3)') == [1]
    assert grouping_specs('x = f"{a}, {b}"; y = "{a}, {b:d}"; z = "{{x:,}}"') == []


def test_no_number_is_grouped_by_hand() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative in ALLOWED:
            continue
        for line in grouping_specs(path.read_text(encoding="utf-8")):
            found.append(f"clockapp/{relative}:{line}")
    assert not found, (
        "use clockapp.formats (number, chips, decimal) instead of `:,` at " + ", ".join(found)
    )


def test_the_allow_list_is_still_needed() -> None:
    for relative in ALLOWED:
        assert grouping_specs((ROOT / relative).read_text(encoding="utf-8")), relative


def test_a_level_is_announced_with_the_languages_grouping() -> None:
    from clockapp.core.structure import Level

    level = Level(small_blind=1000, big_blind=2000, ante=2000, big_blind_ante=True, minutes=20)
    set_language("de")
    assert level.describe().startswith("1.000/2.000")
    set_language("en")
    assert level.describe().startswith("1,000/2,000")


def test_the_odds_are_a_sentence_in_the_language() -> None:
    from fractions import Fraction

    from clockapp.poker.allin import one_in

    set_language("de")
    assert one_in(Fraction(1, 1234)) == "1 zu 1.234"
    assert one_in(Fraction(3, 10)) == "1 zu 3,3"
    set_language("nl")
    assert one_in(Fraction(0)) == "nooit"
