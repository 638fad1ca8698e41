"""The catalogs: every .po parses, its .mo is compiled from it, and no translation breaks a
placeholder the code fills in (a missing `{name}` would raise KeyError on a German screen)."""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from clockapp.i18n import DOMAIN, available_languages, locale_dir

CATALOGS = sorted(locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
#: The languages the app ships complete (a share of the template's messages, translated).
COMPLETE = ("de", "es", "fr", "nl", "pt_BR")
COMPLETE_SHARE = 0.99


def _read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=path.parent.parent.name, domain=DOMAIN)


def _fields(text: str) -> set[str]:
    """The `{name}` fields of a str.format text (`{{` is a literal brace)."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def _pairs(message: Message) -> list[tuple[str, str]]:
    """(source, translation) for each form; every plural form must keep the plural's fields."""
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strs = message.string if isinstance(message.string, tuple) else (message.string,)
    return [(ids[min(i, len(ids) - 1)], text) for i, text in enumerate(strs) if text]


def placeholder_breaches(catalog: Catalog) -> list[str]:
    """Each translation whose `{fields}` differ from its source's."""
    breaches = []
    for message in catalog:
        if not message.id:
            continue
        for source, text in _pairs(message):
            try:
                same = _fields(source) == _fields(text)
            except ValueError:  # an unbalanced brace
                same = False
            if not same:
                breaches.append(f"{source!r} -> {text!r}")
    return breaches


def test_there_are_catalogs_and_the_menu_lists_them() -> None:
    assert CATALOGS, "no .po under clockapp/locale"
    codes = {language.code for language in available_languages()}
    assert {path.parent.parent.name for path in CATALOGS} <= codes
    assert "en" in codes


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parent.parent.name)
def test_each_mo_is_compiled_from_its_po(path: Path) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, _read(path))
    assert path.with_suffix(".mo").read_bytes() == compiled.getvalue(), (
        f"{path.with_suffix('.mo')} is stale: run `make translations`"
    )


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parent.parent.name)
def test_no_translation_breaks_a_placeholder(path: Path) -> None:
    assert placeholder_breaches(_read(path)) == []


def test_a_broken_placeholder_is_caught() -> None:
    catalog = Catalog(locale="de", domain=DOMAIN)
    catalog.add("Play resumes at {time}", "Weiter um {zeit}")
    catalog.add(("{count} player", "{count} players"), ("{count} Spieler", "Spieler"))
    catalog.add("Blinds", "Blinds")
    assert len(placeholder_breaches(catalog)) == 2


def test_every_catalog_follows_the_template() -> None:
    template_path = locale_dir() / f"{DOMAIN}.pot"
    with template_path.open("rb") as file:
        template = read_po(file)
    wanted = {m.id for m in template if m.id}
    for path in CATALOGS:
        have = {m.id for m in _read(path) if m.id}
        assert wanted <= have, f"{path}: run `make translations` ({len(wanted - have)} missing)"


@pytest.mark.parametrize("code", COMPLETE)
def test_the_complete_languages_are_translated(code: str) -> None:
    catalog = _read(locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po")
    messages = [m for m in catalog if m.id]
    done = [m for m in messages if all(_pairs(m)) and _pairs(m) and not m.fuzzy]
    untranslated = sorted(str(m.id) for m in messages if m not in done)
    assert len(done) >= COMPLETE_SHARE * len(messages), untranslated[:20]


def test_no_source_string_hides_its_fields_in_an_f_string() -> None:
    # `_(f"...")` would look up the filled-in text, which no catalog holds.
    root = Path(__file__).resolve().parents[2] / "clockapp"
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in root.rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\b(_|ngettext|N_)\(\s*f[\"']", line)
    ]
    assert found == []
