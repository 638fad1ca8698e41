"""Text a user types or imports, made safe to store and to draw: `clean_text`.

Every name, label, note and reason passes through one function before it is stored, so it is
the same text on SQLite and PostgreSQL and draws as it reads:

* A lone surrogate (half of a UTF-16 pair, from a badly decoded file) is refused: neither
  database can store it and no font can draw it.
* NUL and the other control characters are removed (PostgreSQL refuses NUL, SQLite keeps it, and
  both show nothing for it); line breaks and tabs become spaces in one-line text.
* Bidi overrides and isolates (U+202A-202E, U+2066-2069), direction marks and zero-width or
  otherwise invisible characters are removed: they can turn a line around or make two names
  look the same. A zero-width joiner or non-joiner is kept between two visible characters, where
  scripts and emoji sequences need it.
* Runs of spaces are collapsed (in one-line text), the ends stripped, and the result put in
  Unicode NFC, so the same name typed on two keyboards is the same text.
* Text that held something but nothing visible is refused, and so is text over the field's
  length limit; the messages name the field and the limit.

>>> clean_text("  Ann\\u202e  Lee\\x00 ", "Player name", NAME_MAX)
'Ann Lee'
>>> clean_text("Zoe\\u0301", "Player name", NAME_MAX) == "Zo\\u00e9"
True
>>> clean_text("\\u200b\\u2066", "Player name", NAME_MAX)
Traceback (most recent call last):
...
clockapp.core.text.TextError: Player name: a name needs at least one visible character.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from clockapp import formats
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.i18n import pgettext

#: Limits per kind of field, in characters after cleaning. A name fits on a seat card and a
#: results line; a label beside a level's blinds; a reason in a ledger line.
NAME_MAX = 60
LABEL_MAX = 40
REASON_MAX = 500
NOTES_MAX = 5000

#: Code points that draw nothing, outside the control characters: the soft hyphen, the Arabic
#: letter mark, the Mongolian vowel separator, zero-width space and direction marks, bidi
#: embeddings and overrides, word joiner and invisible operators, bidi isolates and deprecated
#: format controls, the byte-order mark, interlinear annotation marks, shorthand format
#: controls, musical formatting and the tag characters (which can carry hidden text).
_INVISIBLE = (
    "\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
    "\ufff9-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
    # Letters that draw as blanks, used to make names that look empty: the Hangul fillers.
    "\u115f\u1160\u3164\uffa0"
)
_CONTROLS = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
_REMOVED = re.compile(f"[{_INVISIBLE}{_CONTROLS}]+")
_SURROGATE = re.compile("[\ud800-\udfff]")
#: Joiners: kept only between two visible characters (ZWNJ in Persian, ZWJ in emoji sequences).
_JOINERS = re.compile(r"(?<=\S)([\u200c\u200d])[\u200c\u200d]*(?=\S)|[\u200c\u200d]+")
#: Line breaks of every kind, and the braille blank that draws as a space.
_LINE_BREAKS = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
_SPACES = re.compile(r"[^\S\n]+|\u2800+")

#: Text longer than this many times its limit is refused before it is cleaned: cleaning a
#: 10 MB paste to find it is too long wastes the station's time.
_RAW_FACTOR = 4


#: Unicode categories that draw: letters, digits, punctuation, symbols, private use (icon fonts
#: draw it) and unassigned (a newer emoji than this Python knows draws, at worst as a box).
_VISIBLE_CATEGORIES = frozenset({
    "Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
    "Sm", "Sc", "Sk", "So", "Co", "Cn",
})  # fmt: skip


class TextError(ValidationError):
    """Text that cannot be stored: broken characters, nothing visible, or too long."""


def listed(items: Sequence[str]) -> str:
    """Items joined as a sentence lists them, the last pair with the language's "and".

    >>> listed(["5"]), listed(["5", "9"]), listed(["5", "9", "14"])
    ('5', '5 and 9', '5, 9 and 14')
    """
    if len(items) <= 1:
        return "".join(items)
    return pgettext("the last two items of a list", "{items} and {last}").format(
        items=", ".join(items[:-1]), last=items[-1]
    )


def _visible(text: str) -> bool:
    """Whether any character of `text` draws something (see `_VISIBLE_CATEGORIES`)."""
    return any(unicodedata.category(ch) in _VISIBLE_CATEGORIES for ch in text)


def _too_long(what: str, limit: int, length: int) -> TextError:
    return TextError(
        _("{what}: at most {limit} characters (this one has {length}).").format(
            what=what, limit=formats.number(limit), length=formats.number(length)
        )
    )


def clean_text(text: object, what: str, limit: int, *, lines: bool = False) -> str:
    """`text` cleaned for storing; '' stays '' (a caller decides whether a field is required).

    Args:
        text: What the user typed or a file held.
        what: The field, as the message names it ("Player name", "Void reason").
        limit: The most characters the cleaned text may have.
        lines: Keep line breaks (notes, a rules sheet); else the text is one line.

    Raises:
        TextError: Not text, a lone surrogate, something but nothing visible, or over `limit`.

    >>> clean_text("Line 1\\r\\n  two\\t\\n", "Notes", NOTES_MAX, lines=True)
    'Line 1\\n  two'
    >>> clean_text("NLHE " * 20, "Game", LABEL_MAX)
    Traceback (most recent call last):
    ...
    clockapp.core.text.TextError: Game: at most 40 characters (this one has 99).
    >>> clean_text("Ann\\ud800", "Player name", NAME_MAX)
    Traceback (most recent call last):
    ...
    clockapp.core.text.TextError: Player name: character 4 is broken (U+D800); type it again.
    >>> clean_text("\\u200dA\\u200d\\u200dB\\u200d", "Team", NAME_MAX) == "A\\u200dB"
    True
    """
    if not isinstance(text, str):
        raise TextError(
            _("{what}: must be text, not {name}.").format(what=what, name=type(text).__name__)
        )
    if len(text) > _RAW_FACTOR * limit:
        raise _too_long(what, limit, len(text))
    if not lines and text.isascii() and text.isprintable():
        # Most names and reasons: nothing to remove, NFC already; only the spaces to collapse.
        cleaned = " ".join(text.split())
        if len(cleaned) > limit:
            raise TextError(
                _("{what}: at most {limit} characters (this one has {count}).").format(
                    what=what, limit=formats.number(limit), count=formats.number(len(cleaned))
                )
            )
        return cleaned
    broken = _SURROGATE.search(text)
    if broken is not None:
        raise TextError(
            _("{what}: character {value} is broken (U+{code:04X}); type it again.").format(
                what=what, value=broken.start() + 1, code=ord(broken.group())
            )
        )
    cleaned = _REMOVED.sub("", text)
    cleaned = _JOINERS.sub(lambda m: m.group(1) or "", cleaned)
    if lines:
        cleaned = _LINE_BREAKS.sub("\n", cleaned)
        cleaned = cleaned.replace("\u2800", " ")
        cleaned = "\n".join(line.rstrip() for line in cleaned.split("\n")).strip("\n")
    else:
        cleaned = _SPACES.sub(" ", _LINE_BREAKS.sub(" ", cleaned)).strip()
    cleaned = unicodedata.normalize("NFC", cleaned)
    if (cleaned and not _visible(cleaned)) or (not cleaned and text.strip()):
        noun = "a name" if "name" in what.lower() else "it"
        raise TextError(
            _("{what}: {noun} needs at least one visible character.").format(what=what, noun=noun)
        )
    if len(cleaned) > limit:
        raise _too_long(what, limit, len(cleaned))
    return cleaned
