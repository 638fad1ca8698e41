"""The wall's stored moment: round trip and refusals."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from clockapp.core.wall import MAX_PAYLOAD_CHARS, WallError, WallMoment

WHEN = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)


def test_round_trip_keeps_kind_payload_and_time() -> None:
    moment = WallMoment("showdown", {"hands": [["As", "Kd"]], "board": []}, WHEN)
    assert WallMoment.from_json(moment.to_json()) == moment


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "{",
        '{"kind": ""}',
        '{"kind": "x", "payload": []}',
        '{"kind": "x", "since": "soon"}',
    ],
)
def test_unreadable_text_is_a_wall_error(text: str) -> None:
    with pytest.raises(WallError):
        WallMoment.from_json(text)


def test_a_payload_that_is_not_json_or_too_large_is_refused() -> None:
    with pytest.raises(WallError, match="cannot show"):
        WallMoment("message", {"x": object()}, WHEN).to_json()
    with pytest.raises(WallError, match="too large"):
        WallMoment("message", {"x": "a" * MAX_PAYLOAD_CHARS}, WHEN).to_json()
    with pytest.raises(WallError):
        WallMoment("message", {"x": float("nan")}, WHEN).to_json()
