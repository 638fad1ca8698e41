"""The display PIN's rules and its throttle (pure: time is given)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from clockapp.core.pin import FIRST_WAIT, FREE_TRIES, LONGEST_WAIT, PinThrottle

T0 = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


def after_wrong_pins(count: int) -> tuple[PinThrottle, datetime]:
    """The throttle after `count` wrong PINs, each typed as soon as the prompt allowed."""
    throttle, now = PinThrottle(), T0
    for _ in range(count):
        now += throttle.wait(now)
        throttle = throttle.failed(now)
    return throttle, now


def test_the_first_wrong_pins_are_free_then_each_wait_doubles() -> None:
    waits = []
    for count in range(1, FREE_TRIES + 4):
        throttle, now = after_wrong_pins(count)
        waits.append(throttle.wait(now))
    assert waits == [
        timedelta(0),
        timedelta(0),
        FIRST_WAIT,
        FIRST_WAIT * 2,
        FIRST_WAIT * 4,
        FIRST_WAIT * 8,
    ]


@pytest.mark.parametrize("count", [20, 46, 47, 100, 1000])
def test_however_many_wrong_pins_the_wait_stays_at_the_longest(count: int) -> None:
    throttle, now = after_wrong_pins(count)
    assert throttle.failures == count
    assert throttle.wait(now) == LONGEST_WAIT
    assert throttle.wait(now + LONGEST_WAIT) == timedelta(0)


def test_the_longest_wait_is_a_quarter_of_an_hour() -> None:
    throttle, now = after_wrong_pins(FREE_TRIES + 20)
    assert throttle.wait(now) == timedelta(minutes=15)


def test_a_throttle_stored_by_a_clock_far_ahead_never_waits_longer_than_the_longest() -> None:
    # Stations sharing a database may disagree on the time; a wait never exceeds the longest.
    throttle = PinThrottle(FREE_TRIES, T0 + timedelta(days=400))
    assert throttle.wait(T0) == LONGEST_WAIT


def test_the_right_pin_starts_the_count_again() -> None:
    throttle, _now = after_wrong_pins(1000)
    assert throttle.succeeded() == PinThrottle()
