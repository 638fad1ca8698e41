"""Three displays as real OS processes claim one host occurrence at the same moment: one fires."""

from __future__ import annotations

import multiprocessing
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from clockapp.core.host_events import HostEvent, Trigger
from clockapp.persistence.db import make_engine, sqlite_url
from clockapp.services.app import Services

pytestmark = pytest.mark.slow

DISPLAYS = 3


def _display(url: str, tid: int, at: str, barrier: Any, out: Any) -> None:
    """One display: it saw the clock a second before the moment, then claims at the moment."""
    moment = datetime.fromisoformat(at)
    now = [moment - timedelta(seconds=1)]
    engine = make_engine(url)
    try:
        clock = Services(engine, now=lambda: now[0], station="wall").clock
        _, facts = clock.claim_host_events(tid, None)
        now[0] = moment
        barrier.wait(timeout=60)
        fired, _ = clock.claim_host_events(tid, facts)
        out.put([occurrence.key for occurrence in fired])
    except Exception as error:  # the judge counts it as a defect
        out.put([f"error: {error!r}"])
    finally:
        engine.dispose()


def test_three_displays_fire_the_occurrence_once(
    db_path: Path, services: Services, fake_clock
) -> None:
    tid = services.tournaments.create("Race").value.id
    services.host_events.save(
        tid, HostEvent(0, Trigger.MINUTES_BEFORE_END, minutes=1, wall_text="One minute")
    )
    services.clock.start(tid)
    minutes = services.clock.snapshot(tid).structure.levels[0].minutes
    at = fake_clock() + timedelta(minutes=minutes - 1)
    ctx = multiprocessing.get_context("spawn")
    barrier, out = ctx.Barrier(DISPLAYS), ctx.Queue()
    procs = [
        ctx.Process(target=_display, args=(sqlite_url(db_path), tid, at.isoformat(), barrier, out))
        for _ in range(DISPLAYS)
    ]
    for proc in procs:
        proc.start()
    fired = [key for _ in procs for key in out.get(timeout=120)]
    for proc in procs:
        proc.join(timeout=60)
    assert len(fired) == 1, fired
    assert fired[0].endswith(":level:0")
