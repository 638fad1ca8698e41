"""The words a person reads, in their language: gettext catalogs shared by every layer.

It lives at the top of the package beside `errors`, outside the layers, so `core` and `poker`
(which must run without Qt) translate their messages with the same catalogs as the windows. The
catalogs are the "clockapp" domain under `clockapp/locale/<lang>/LC_MESSAGES/clockapp.mo`,
compiled from the `.po` sources beside them (`make translations`).

The language is process-wide, as a person's language is for the whole app: `set_language` picks
it (the app calls it at start-up with the station's choice, or `None` for the system's). Importing
this module leaves the source English in force, so tests and doctests read the same everywhere.
A web request in another language wraps its work in `using_language`, which holds for the current
thread (or task) only.

>>> gettext("Blinds")
'Blinds'
>>> ngettext("{count} player", "{count} players", 2).format(count=2)
'2 players'
"""

from __future__ import annotations

import contextvars
import gettext as gettext_module
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

DOMAIN = "clockapp"
#: The language of the source strings (the msgids).
SOURCE_LANGUAGE = "en"

#: Each language's name in its own words, for the language menu.
_NATIVE_NAMES = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "nl": "Nederlands",
    "pt_BR": "Português (Brasil)",
}


@dataclass(frozen=True)
class Language:
    """One language the app can show: its code (`de`, `pt_BR`) and its name in itself."""

    code: str
    name: str


def locale_dir() -> Path:
    """The folder that holds `<lang>/LC_MESSAGES/clockapp.mo` (inside the package)."""
    return Path(str(resources.files("clockapp") / "locale"))


def available_languages() -> tuple[Language, ...]:
    """English, then every language with a compiled catalog, by code.

    >>> available_languages()[0]
    Language(code='en', name='English')
    """
    folder = locale_dir()
    codes = (
        sorted(path.parent.parent.name for path in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
        if folder.is_dir()
        else []
    )
    return tuple(
        Language(code, _NATIVE_NAMES.get(code, code))
        for code in [SOURCE_LANGUAGE, *[c for c in codes if c != SOURCE_LANGUAGE]]
    )


def normalize(code: str) -> str:
    """A POSIX or web language tag as a catalog code: `de_DE.UTF-8` -> `de_DE`, `pt-br` -> `pt_BR`.

    >>> normalize("de_DE.UTF-8@euro"), normalize("pt-br"), normalize("FR"), normalize("C")
    ('de_DE', 'pt_BR', 'fr', 'C')
    """
    base = code.split(".")[0].split("@")[0].replace("-", "_").strip()
    lang, _, region = base.partition("_")
    return f"{lang.lower()}_{region.upper()}" if region else lang.lower() if lang != "C" else "C"


def best_match(wanted: str, codes: tuple[str, ...]) -> str | None:
    """The catalog for `wanted`: the same code, else the same language (`de_AT` -> `de`).

    >>> best_match("de_AT", ("en", "de", "pt_BR")), best_match("pt", ("en", "pt_BR"))
    ('de', 'pt_BR')
    >>> best_match("ja", ("en", "de")) is None
    True
    """
    code = normalize(wanted)
    if code in codes:
        return code
    lang = code.split("_")[0]
    if lang in codes:
        return lang
    return next((c for c in codes if c.split("_")[0] == lang), None)


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language the system asks for, read as gettext reads it (LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG), matched to a catalog; English when none fits.

    >>> system_language({"LANG": "de_DE.UTF-8"}), system_language({"LANGUAGE": "ja:fr"})
    ('de', 'fr')
    >>> system_language({"LC_ALL": "C"}), system_language({})
    ('en', 'en')
    """
    env = os.environ if environ is None else environ
    codes = tuple(language.code for language in available_languages())
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for wanted in value.split(":"):
            if normalize(wanted) in ("C", "POSIX", ""):
                continue
            match = best_match(wanted, codes)
            if match is not None:
                return match
        if name != "LANGUAGE":
            # The first locale variable set decides, as in gettext; LANGUAGE is only a wish list.
            break
    return SOURCE_LANGUAGE


def negotiate(accept_language: str) -> str:
    """The catalog a browser's Accept-Language header asks for first; English when none fits.

    >>> negotiate("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7"), negotiate("ja, de;q=0.5")
    ('fr', 'de')
    >>> negotiate(""), negotiate("*"), negotiate("de;q=0")
    ('en', 'en', 'en')
    """
    codes = tuple(language.code for language in available_languages())
    wishes: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")[:32]):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*" and weight > 0:
            wishes.append((-weight, index, tag))
    for _weight, _index, tag in sorted(wishes):
        match = best_match(tag, codes)
        if match is not None:
            return match
    return SOURCE_LANGUAGE


def _load(code: str) -> gettext_module.NullTranslations:
    if code == SOURCE_LANGUAGE:
        return gettext_module.NullTranslations()
    return gettext_module.translation(
        DOMAIN, localedir=locale_dir(), languages=[code], fallback=True
    )


class _Catalogs:
    """The loaded catalogs, by code, and the process's language.

    One per process, as the language of a person's screen is; a `ContextVar` lets one thread (a
    web request) speak another without touching the rest.
    """

    def __init__(self) -> None:
        self.loaded: dict[str, gettext_module.NullTranslations] = {}
        self.language = SOURCE_LANGUAGE

    def get(self, code: str) -> gettext_module.NullTranslations:
        if code not in self.loaded:
            self.loaded[code] = _load(code)
        return self.loaded[code]


_catalogs = _Catalogs()
_request_language: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "clockapp_language", default=None
)


def set_language(code: str | None) -> str:
    """Switch every later `_()` to `code` (`None`: the system's language); returns the code
    in force, English if no catalog fits.

    >>> set_language("xx"), set_language("en")
    ('en', 'en')
    """
    codes = tuple(language.code for language in available_languages())
    chosen = system_language() if code is None else best_match(code, codes) or SOURCE_LANGUAGE
    _catalogs.language = chosen
    return chosen


def current_language() -> str:
    """The code of the language in force here (a request's own, else the process's)."""
    return _request_language.get() or _catalogs.language


@contextmanager
def using_language(code: str) -> Iterator[str]:
    """Speak `code` in this thread or task until the block ends (a web request's language)."""
    codes = tuple(language.code for language in available_languages())
    token = _request_language.set(best_match(code, codes) or SOURCE_LANGUAGE)
    try:
        yield current_language()
    finally:
        _request_language.reset(token)


def gettext(message: str) -> str:
    """`message` in the current language (itself when untranslated)."""
    return _catalogs.get(current_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for the number `n`, by the current language's plural rule."""
    return _catalogs.get(current_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` as meant in `context` (the same English word with two meanings)."""
    return _catalogs.get(current_language()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark a module-level constant for extraction; translate it with `_()` where it is shown.

    A constant is built once, at import, before any language is chosen: keeping the English in
    the constant and translating where it is read lets a language switch reach it.
    """
    return message
