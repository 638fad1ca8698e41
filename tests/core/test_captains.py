"""Table captains' rules: reports checked, tokens kept as hashes, nonces signed, floods capped."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from clockapp.core.captains import (
    FLOOD_WINDOW,
    REPORTS_PER_MINUTE,
    CaptainError,
    Report,
    ReportKind,
    check_at_table,
    check_nonce,
    flood_refusal,
    issue_nonce,
    looks_like_token,
    new_token,
    token_hash,
    token_matches,
)

AT = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
SEATED = {1: "Ann", 2: "Bob", 3: "Cy"}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": ReportKind.BUST}, "Say which player is out."),
        ({"kind": ReportKind.BUST, "busted": 1, "busted_by": 1}, "cannot bust himself"),
        ({"kind": ReportKind.FLOOR, "busted": 1}, "Only a bust names a player out."),
        ({"kind": ReportKind.CHIP_COUNTS}, "Count at least one player's chips."),
        ({"kind": ReportKind.CHIP_COUNTS, "counts": ((1, 5), (1, 6))}, "counted twice"),
        ({"kind": ReportKind.CHIP_COUNTS, "counts": ((1, 0),)}, "above zero"),
        ({"kind": ReportKind.CHIP_COUNTS, "counts": ((1, 10**13),)}, "above zero"),
        ({"kind": ReportKind.CLOCK, "counts": ((1, 5),)}, "Only a chip count names chips."),
        ({"kind": ReportKind.FLOOR, "player": 1}, "Only a call for the clock"),
        ({"kind": ReportKind.FLOOR, "table_number": 0}, "not one of the room's tables"),
        ({"kind": ReportKind.FLOOR, "note": "x" * 201}, "too long"),
        ({"kind": ReportKind.FLOOR, "note": "a\x00b"}, "too long"),
    ],
)
def test_a_report_that_makes_no_sense_is_refused_in_words(
    fields: dict[str, object], message: str
) -> None:
    values: dict[str, object] = {"table_number": 3, **fields}
    with pytest.raises(CaptainError, match=message):
        Report(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("report", "message"),
    [
        (Report(ReportKind.BUST, 3, busted=9), "The busted player is not seated at Table 3."),
        (Report(ReportKind.BUST, 3, busted=1, busted_by=9), "who won the hand is not seated"),
        (Report(ReportKind.CLOCK, 3, player=9), "clock is called on is not seated"),
        (Report(ReportKind.CHIP_COUNTS, 3, counts=((1, 5), (9, 5))), "counted player"),
    ],
)
def test_a_report_names_only_the_players_at_its_table(report: Report, message: str) -> None:
    with pytest.raises(CaptainError, match=message):
        check_at_table(report, SEATED, "Table 3")


def test_a_good_report_passes() -> None:
    report = Report(ReportKind.CHIP_COUNTS, 3, counts=((1, 5000), (2, 7000)))
    assert check_at_table(report, SEATED, "Table 3") is report
    assert report.names() == (1, 2)


def test_tokens_have_128_bits_at_least_and_only_their_hash_is_kept() -> None:
    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200
    for token in tokens:
        assert looks_like_token(token)
        assert len(token) * 6 >= 128
        stored = token_hash(token)
        assert token not in stored
        assert token_matches(token, stored)
        assert not token_matches(token[:-1] + ("A" if token[-1] != "A" else "B"), stored)
    assert not token_matches(new_token(), None)


@pytest.mark.parametrize("text", ["", "x" * 31, "x" * 33, "a/b" + "x" * 29, "é" * 32])
def test_a_string_without_a_tokens_shape_is_refused_before_any_lookup(text: str) -> None:
    assert not looks_like_token(text)


def test_a_nonce_is_good_only_for_its_token_and_only_while_young() -> None:
    token = new_token()
    nonce = issue_nonce(token, AT)
    assert check_nonce(nonce, token, AT + timedelta(hours=1)) == nonce
    assert issue_nonce(token, AT) != nonce
    with pytest.raises(CaptainError, match="not one the clock gave out"):
        check_nonce(nonce, new_token(), AT)
    with pytest.raises(CaptainError, match="too old"):
        check_nonce(nonce, token, AT + timedelta(hours=2, seconds=1))
    random_part, issued, signature = nonce.split(".")
    later = f"{random_part}.{int(issued) + 3600}.{signature}"
    with pytest.raises(CaptainError, match="not one the clock gave out"):
        check_nonce(later, token, AT)


@pytest.mark.parametrize("nonce", ["", "abc", "a.b.c", "a..c", "a.1.", "x" * 101, "a.1.é"])
def test_a_malformed_nonce_is_refused(nonce: str) -> None:
    with pytest.raises(CaptainError):
        check_nonce(nonce, "token", AT)


def test_a_token_sends_a_few_reports_a_minute_at_most() -> None:
    recent = [AT - timedelta(seconds=s) for s in range(REPORTS_PER_MINUTE)]
    assert flood_refusal(recent, AT) is not None
    assert flood_refusal(recent[:-1], AT) is None
    assert flood_refusal(recent, AT + FLOOD_WINDOW) is None
