"""Every command-line tool, fed hostile arguments: a result or one clear line, never a crash.

`clockapp.__main__.main` runs each tool inside the net, which would turn an unexpected
exception into "Something went wrong" (exit status 1): so the only acceptable statuses here are
0 (a result) and 2 (the tool's own refusal, one line on stderr).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clockapp.__main__ import main as clockapp_main

NUMBERS = st.one_of(
    st.sampled_from(["0", "-1", "1", "2", "1e308", "inf", "nan", "9" * 40, "-" + "9" * 40]),
    st.sampled_from(["1_000", "1,000", "0x10", "", " ", "½", "٣", "2147483648"]),
    st.integers(-3, 60).map(str),
)
TEXT = st.one_of(
    NUMBERS,
    st.sampled_from(["As Ad", "Kh Qh", "AsAd", "10h 9c", "A♠ K♦", "Xx", "As As", "2s Ah Ac"]),
    st.sampled_from(["5,25,100,500", "5=300", ";", ",,,", "2;3;1", "1,2", "T5,T25"]),
    st.text(max_size=10),
)
SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code = clockapp_main(argv)
    captured = capsys.readouterr()
    assert code in (0, 2), (argv, code, captured.err)
    assert "Traceback" not in captured.err
    assert "Something went wrong" not in captured.err, (argv, captured.err)
    if code == 2:
        assert captured.err.strip(), argv


def _options(names: list[str]) -> st.SearchStrategy[list[str]]:
    """Some of the options, each with a hostile value."""
    pairs = st.lists(st.tuples(st.sampled_from(names), TEXT), max_size=len(names))
    return pairs.map(lambda items: [part for name, value in items for part in (name, value)])


SUGGEST_OPTIONS = [
    "--players", "--stack", "--hours", "--level-minutes", "--chips", "--rebuys", "--addons",
    "--rebuy-stack", "--addon-stack", "--owned", "--break-every", "--break-minutes",
    "--antes-from", "--extra-levels", "--name", "--ante-style",
]  # fmt: skip
BASE_SUGGEST = [
    "--players", "15", "--stack", "1000", "--hours", "5", "--level-minutes", "20",
    "--chips", "5,25,100,500",
]  # fmt: skip


@SETTINGS
@given(_options(SUGGEST_OPTIONS), st.booleans())
def test_structure_suggest(
    capsys: pytest.CaptureFixture[str], options: list[str], as_json: bool
) -> None:
    _run(
        ["structure", "suggest", *BASE_SUGGEST, *options] + (["--json"] if as_json else []), capsys
    )


@SETTINGS
@given(st.lists(TEXT, min_size=1, max_size=3), _options(["--board", "--game"]))
def test_hand(capsys: pytest.CaptureFixture[str], hands: list[str], options: list[str]) -> None:
    _run(["hand", *[h if h.strip() else "x" for h in hands], *options], capsys)


@SETTINGS
@given(
    st.lists(TEXT, min_size=1, max_size=3),
    _options(["--board", "--dead", "--game", "--samples", "--seed"]),
)
def test_odds(capsys: pytest.CaptureFixture[str], hands: list[str], options: list[str]) -> None:
    # Keep each run short: large (valid) sample counts are checked elsewhere.
    options = [
        "1000" if previous == "--samples" and value.strip().isdigit() and int(value) > 1000
        else value
        for previous, value in zip(["", *options], options, strict=False)
    ]  # fmt: skip
    _run(["odds", *[h if h.strip() else "x" for h in hands], *options], capsys)


@SETTINGS
@given(
    st.one_of(TEXT, st.lists(NUMBERS, min_size=1, max_size=4).map(",".join)),
    _options(["--folded", "--ranking", "--button", "--dead", "--chip", "--names"]),
)
def test_pots(capsys: pytest.CaptureFixture[str], bets: str, options: list[str]) -> None:
    _run(["pots", "--bets", bets, "--button", "1", *options], capsys)


@SETTINGS
@given(st.lists(TEXT, max_size=3))
def test_structure_presets_and_unknown_words(
    capsys: pytest.CaptureFixture[str], words: list[str]
) -> None:
    _run(["structure", "presets", *words], capsys)
