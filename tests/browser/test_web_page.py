"""The web view end to end in headless Chromium: the level, a moving countdown, a live change.

Skipped, with the reason, where Debian's `chromium` is not installed (`.ci/run` installs it).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from clockapp.services.app import Services
from tests.browser.cdp import Browser, find_chromium
from tests.services.web.support import running_server

CHROMIUM = find_chromium()
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)"
    ),
]


@pytest.fixture
def real_services(engine) -> Services:
    # The browser counts with the real time, so the server must too.
    return Services(engine)


@pytest.fixture
def browser() -> Iterator[Browser]:
    assert CHROMIUM is not None
    the_browser = Browser(CHROMIUM)
    yield the_browser
    the_browser.close()


def _wait_for(browser: Browser, expression: str, expected: object, timeout: float) -> float:
    """Seconds until `expression` is `expected` in the page; fails after `timeout`."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if browser.evaluate(expression) == expected:
            return time.monotonic() - started
        time.sleep(0.02)
    raise AssertionError(f"{expression} is {browser.evaluate(expression)!r}, not {expected!r}")


def text(element_id: str) -> str:
    return f"document.getElementById({element_id!r}).textContent"


@pytest.mark.slow
def test_the_page_shows_the_level_counts_down_and_follows_a_change(
    real_services: Services, browser: Browser
) -> None:
    tid = real_services.demo.create_demo().value.id
    with running_server(real_services, tid, poll=0.2) as server:
        browser.open(f"http://127.0.0.1:{server.port}/")
        _wait_for(browser, text("level"), "Level 3", 10)
        assert browser.evaluate(text("blinds")) == "100 / 200"
        assert browser.evaluate(text("players")) == "17 / 24"
        assert browser.evaluate(text("status")) == "Running"

        # The countdown moves by itself, from the end time and the server's offset.
        first = browser.evaluate(text("countdown"))
        assert first.startswith("12:")
        _wait_for(browser, f"{text('countdown')} !== {first!r}", True, 3)

        # Find my seat, by part of a name.
        browser.evaluate(
            "(() => { const s = document.getElementById('seek'); s.value = 'okafor';"
            " s.dispatchEvent(new Event('input')); })()"
        )
        found = browser.evaluate(text("found"))
        assert "Sam Okafor" in found
        assert "seat" in found

        # A change made through the services appears without a reload, within a second.
        real_services.clock.next_level(tid)
        assert _wait_for(browser, text("level"), "Level 4", 1.0) < 1.0
        assert browser.evaluate(text("blinds")) == "150 / 300"
        real_services.clock.pause(tid)
        assert _wait_for(browser, text("status"), "Paused", 1.0) < 1.0
        assert browser.evaluate("performance.getEntriesByType('navigation').length") == 1


@pytest.mark.slow
def test_the_countdown_uses_the_servers_time_not_the_phones(engine, browser: Browser) -> None:
    # The server's clock is two hours ahead of the phone's: the end times it sends are two hours
    # in the phone's future, and only the offset it sends with them gives the right countdown.
    ahead = Services(engine, now=lambda: datetime.now(UTC) + timedelta(hours=2))
    tid = ahead.demo.create_demo().value.id
    with running_server(ahead, tid, poll=0.2) as server:
        browser.open(f"http://127.0.0.1:{server.port}/")
        _wait_for(browser, text("level"), "Level 3", 10)
        assert browser.evaluate(text("countdown")).startswith("12:")
