"""The display PIN's throttle, kept in the database: wrong PINs in a row make the next try wait
(capped), the count survives the display restarting, and two displays trying at the same moment
are counted one after the other (real OS processes on a SQLite file and on PostgreSQL).
"""

from __future__ import annotations

import multiprocessing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from clockapp.core.pin import FREE_TRIES, LONGEST_WAIT, PinThrottle
from clockapp.persistence.db import make_engine, migrate, sqlite_url
from clockapp.persistence.queries import pin_throttle
from clockapp.persistence.session import reading, transaction
from clockapp.services.app import Services
from clockapp.services.stations import PinTry, PinVerdict
from tests.fakes import FakeClock

PIN = "482913"
WRONG = "000000"
SPAWN = multiprocessing.get_context("spawn")


def stored_throttle(engine: Engine) -> PinThrottle:
    with reading(engine) as session:
        return pin_throttle.locked(session)


def store_throttle(engine: Engine, throttle: PinThrottle) -> None:
    with transaction(engine) as session:
        pin_throttle.put(session, throttle)


def test_no_pin_set_is_said_and_counts_nothing(services: Services, engine: Engine) -> None:
    assert services.stations.try_pin(PIN) == PinTry(PinVerdict.NO_PIN)
    assert stored_throttle(engine) == PinThrottle()


@pytest.mark.slow
def test_wrong_pins_wait_longer_and_longer_up_to_the_longest_wait(
    services: Services, fake_clock: FakeClock
) -> None:
    services.stations.set_pin(PIN)
    waits = []
    for count in range(1, FREE_TRIES + 10):
        tried = services.stations.try_pin(WRONG)
        assert (tried.verdict, tried.failures) == (PinVerdict.WRONG, count)
        waits.append(tried.wait.total_seconds())
        fake_clock.advance(seconds=tried.wait.total_seconds())
    assert waits == [0, 0, 5, 10, 20, 40, 80, 160, 320, 640, 900, 900]


@pytest.mark.slow
@pytest.mark.parametrize("count", [47, 100, 1000])
def test_the_nth_wrong_pin_is_still_throttled_with_the_longest_wait(
    services: Services, engine: Engine, fake_clock: FakeClock, count: int
) -> None:
    services.stations.set_pin(PIN)
    store_throttle(engine, PinThrottle(count - 1, fake_clock() - timedelta(seconds=1)))
    tried = services.stations.try_pin(WRONG)
    assert tried == PinTry(PinVerdict.WRONG, count, LONGEST_WAIT)
    # Even the right PIN waits, and is not compared: the count does not move.
    fake_clock.advance(minutes=14)
    assert services.stations.try_pin(PIN) == PinTry(
        PinVerdict.WAIT, count, LONGEST_WAIT - timedelta(minutes=14)
    )
    assert stored_throttle(engine).failures == count
    fake_clock.advance(minutes=1)
    assert services.stations.try_pin(PIN) == PinTry(PinVerdict.UNLOCKED)
    assert stored_throttle(engine) == PinThrottle()
    assert services.stations.try_pin(WRONG) == PinTry(PinVerdict.WRONG, 1)


@pytest.mark.slow
def test_a_restarted_display_goes_on_from_the_stored_count(
    services: Services, db_path: Path, fake_clock: FakeClock
) -> None:
    services.stations.set_pin(PIN)
    for _ in range(FREE_TRIES):
        services.stations.try_pin(WRONG)
    services.ctx.engine.dispose()
    restarted = make_engine(sqlite_url(db_path))  # another process, the same file
    try:
        again = Services(restarted, now=fake_clock, station="display@wall")
        assert again.stations.try_pin(PIN) == PinTry(
            PinVerdict.WAIT, FREE_TRIES, timedelta(seconds=5)
        )
        fake_clock.advance(seconds=5)
        assert again.stations.try_pin(PIN) == PinTry(PinVerdict.UNLOCKED)
    finally:
        restarted.dispose()


# ---------------------------------------------------------------- displays trying at once
AT = datetime(2026, 11, 21, 21, 0, tzinfo=UTC)
DISPLAYS = FREE_TRIES + 1


def _display(url: str, barrier: Any, out: Any) -> None:
    engine = make_engine(url)
    try:
        services = Services(engine, now=lambda: AT, station="display")
        barrier.wait(timeout=60)
        try:
            out.put(services.stations.try_pin(WRONG).verdict.value)
        except Exception as error:
            out.put(f"RAW {type(error).__name__}: {error}")
    finally:
        engine.dispose()


def _check_displays_trying_at_once(url: str) -> None:
    engine = make_engine(url)
    try:
        migrate(engine)
        Services(engine).stations.set_pin(PIN)
        barrier, out = SPAWN.Barrier(DISPLAYS), SPAWN.Queue()
        procs = [SPAWN.Process(target=_display, args=(url, barrier, out)) for _ in range(DISPLAYS)]
        for proc in procs:
            proc.start()
        verdicts = sorted(out.get(timeout=180) for _ in procs)
        for proc in procs:
            proc.join(timeout=60)
            assert proc.exitcode == 0
        # The free tries are shared: the first three are compared, every later one waits.
        assert verdicts == sorted(["wrong"] * FREE_TRIES + ["wait"] * (DISPLAYS - FREE_TRIES))
        assert stored_throttle(engine).failures == FREE_TRIES
    finally:
        engine.dispose()


@pytest.mark.slow
def test_displays_trying_at_once_share_the_free_tries_on_sqlite(tmp_path: Path) -> None:
    _check_displays_trying_at_once(sqlite_url(tmp_path / "race.db"))


@pytest.mark.slow
@pytest.mark.postgres
def test_displays_trying_at_once_share_the_free_tries_on_postgresql(pg_url: str) -> None:
    _check_displays_trying_at_once(pg_url)
