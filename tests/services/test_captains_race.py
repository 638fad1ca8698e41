"""Real OS processes race on one captain's report: one acceptance and one submission win.

Two director stations accept the same report at the same moment: the bust is recorded once and
the other station is told it was decided already. Three copies of one request (the same nonce)
arrive at once: one report is kept, the others are refused as replays.
"""

from __future__ import annotations

import multiprocessing
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from clockapp.core.captains import CaptainError, Report, ReportKind, ReportStatus
from clockapp.core.structure import Level, Structure
from clockapp.persistence.db import make_engine, sqlite_url
from clockapp.services.app import Services
from tests.fakes import FakeClock

pytestmark = pytest.mark.slow


def _accept(url: str, tid: int, report_id: int, barrier: Any, out: Any) -> None:
    engine = make_engine(url)
    try:
        services = Services(engine, station="director@race")
        barrier.wait(timeout=60)
        try:
            services.captains.accept(tid, report_id)
            out.put("accepted")
        except CaptainError as error:
            out.put(f"refused: {error}")
    except Exception as error:  # the test counts it as a defect
        out.put(f"error: {error!r}")
    finally:
        engine.dispose()


def _submit(url: str, tid: int, token: str, nonce: str, at: str, barrier: Any, out: Any) -> None:
    engine = make_engine(url)
    try:
        moment = datetime.fromisoformat(at)  # the time the page was read at, as the test's
        services = Services(engine, now=lambda: moment, station="captain@web")
        barrier.wait(timeout=60)
        try:
            services.captains.submit(tid, token, nonce, Report(ReportKind.FLOOR, 1))
            out.put("taken")
        except CaptainError as error:
            out.put(f"refused: {error}")
    except Exception as error:
        out.put(f"error: {error!r}")
    finally:
        engine.dispose()


def _run(target: Any, args: tuple[Any, ...], count: int) -> list[str]:
    ctx = multiprocessing.get_context("spawn")
    barrier, out = ctx.Barrier(count), ctx.Queue()
    procs = [ctx.Process(target=target, args=(*args, barrier, out)) for _ in range(count)]
    for proc in procs:
        proc.start()
    answers = [out.get(timeout=120) for _ in procs]
    for proc in procs:
        proc.join(timeout=60)
    return sorted(answers)


def test_two_stations_accept_one_report_and_one_bust_is_recorded(
    db_path: Path, services: Services, fake_clock: FakeClock
) -> None:
    from tests.services.seating.test_seating import buy_ins

    tid = services.tournaments.create("Race").value.id
    services.structure.replace(tid, Structure("R", (Level(100, 200, minutes=20),)))
    services.seating.add_tables(tid, 1, seat_count=9)
    ann, bob = buy_ins(services, tid, 2)
    services.seating.seat_player(tid, ann, 1, 1)
    services.seating.seat_player(tid, bob, 1, 2)
    token = services.captains.issue_token(tid, 1).value.token
    nonce = services.captains.page(tid, token).nonce
    bust = Report(ReportKind.BUST, 1, busted=ann, busted_by=bob)
    report = services.captains.submit(tid, token, nonce, bust).value
    url = sqlite_url(db_path)
    answers = _run(_accept, (url, tid, report.id), 2)
    assert answers[0] == "accepted", answers
    assert answers[1].startswith("refused: That report was decided already"), answers
    assert [b.registration_id for b in services.results.busts(tid)] == [ann]
    assert len(services.captains.reports(tid, ReportStatus.ACCEPTED)) == 1

    # Three copies of one request at once: one is kept.
    nonce = services.captains.page(tid, token).nonce
    answers = _run(_submit, (url, tid, token, nonce, fake_clock().isoformat()), 3)
    assert answers[-1] == "taken", answers
    assert all(a.startswith("refused: This report was sent already") for a in answers[:-1])
    assert len(services.captains.reports(tid)) == 1
    fresh = make_engine(url)
    try:
        assert len(Services(fresh).captains.reports(tid, None)) == 2
    finally:
        fresh.dispose()
