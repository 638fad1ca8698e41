"""`clean_text`: what a user types or imports, made the same on both databases and safe to draw."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clockapp.core.text import LABEL_MAX, NAME_MAX, REASON_MAX, TextError, clean_text
from clockapp.errors import ValidationError

BIDI_CONTROLS = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        ("Ann Lee", "Ann Lee"),
        ("  Ann \t\r\n Lee  ", "Ann Lee"),
        ("Ann\x00 Lee", "Ann Lee"),
        ("Ann\x1b[31m", "Ann[31m"),
        ("\u202eeeL nnA", "eeL nnA"),
        ("A\u2066nn\u2069", "Ann"),
        ("A\u200bnn\ufeff", "Ann"),
        ("Zoe\u0301", "Zo\u00e9"),  # NFC: one character, as another keyboard types it
        ("\u05d3\u05e0\u05d9", "\u05d3\u05e0\u05d9"),  # Hebrew stays as written
        ("\U0001f469\u200d\U0001f4bb", "\U0001f469\u200d\U0001f4bb"),  # an emoji sequence
        ("\u200dAnn\u200c", "Ann"),  # a joiner with nothing to join
        ("", ""),
        ("   ", ""),
    ],
)
def test_one_line_text_is_cleaned(raw: str, cleaned: str) -> None:
    assert clean_text(raw, "Player name", NAME_MAX) == cleaned


@pytest.mark.parametrize(
    "raw", ["\u200b", "\u202e\u2066", "\x00", "\u3164\u3164", "\u2800", "\u0301", "\ufe0f"]
)
def test_only_invisible_characters_are_refused(raw: str) -> None:
    with pytest.raises(TextError, match="a name needs at least one visible character"):
        clean_text(raw, "Player name", NAME_MAX)


@pytest.mark.parametrize("raw", ["\ud800", "Ann\udfff", "\ud800\udc00"])
def test_a_lone_surrogate_is_refused(raw: str) -> None:
    with pytest.raises(TextError, match=r"is broken \(U\+D[89A-F]"):
        clean_text(raw, "Player name", NAME_MAX)


def test_the_limit_counts_what_is_left_and_names_itself() -> None:
    assert clean_text("x" * LABEL_MAX + "\u200b" * 20, "Game", LABEL_MAX) == "x" * LABEL_MAX
    with pytest.raises(TextError, match="Game: at most 40 characters"):
        clean_text("x" * (LABEL_MAX + 1), "Game", LABEL_MAX)


def test_a_huge_paste_is_refused_at_once() -> None:
    with pytest.raises(TextError, match=r"at most 500 characters \(this one has 10,000,000\)"):
        clean_text("\u202e" + "x" * 9_999_999, "Void reason", REASON_MAX)


def test_lines_keep_their_breaks_and_indents() -> None:
    raw = "# Rules\r\n\r\n- one \u202e\r  - two\u2028three\n\n"
    assert clean_text(raw, "Rules", 5000, lines=True) == "# Rules\n\n- one\n  - two\nthree"


def test_not_text_is_refused_in_words() -> None:
    with pytest.raises(ValidationError, match="must be text"):
        clean_text(None, "Player name", NAME_MAX)


@given(st.text(max_size=80))
def test_cleaned_text_is_stable_and_safe(raw: str) -> None:
    try:
        once = clean_text(raw, "Notes", 400, lines=True)
    except TextError:
        return
    assert clean_text(once, "Notes", 400, lines=True) == once
    assert unicodedata.is_normalized("NFC", once)
    assert "\x00" not in once
    assert not any(ch in once for ch in BIDI_CONTROLS)
    assert not any(0xD800 <= ord(ch) <= 0xDFFF for ch in once)
