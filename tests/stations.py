"""Several stations on one tournament, as real OS processes, and a wall that follows the feed.

Two cashier processes and one director process act as fast as they can (spawned, each with its
own engine, started together through a barrier); a wall process follows the change feed the way
a station's bus does (woken by PostgreSQL's listener, SQLite's data_version asked every
`WATCH_S`; the feed read when a sign comes, and once a second anyway). Every acknowledged action
reports the revision it committed at and when; the wall reports every change row it was told
about and when it read it. The judge counts:

- lost: acknowledged actions the wall was never told about,
- duplicated: changes the wall was told about twice (or revisions handed out twice),
- raw: anything a station got that is not the app's own error,
- the delay from an acknowledged action to the wall reading it (p50, p99).

The cashier creates a player (an app-wide change) then buys them in; the director adds time,
pauses or resumes the clock it last saw, and busts the newest player still in (while more than
three are, so the event never ends under the cashiers).
"""

from __future__ import annotations

import multiprocessing
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text

from clockapp.core.registration import RegistrationMode
from clockapp.errors import DomainError
from clockapp.persistence.db import make_engine
from clockapp.services.app import Services
from clockapp.services.changes import Changes, Revision
from clockapp.services.clock import Seen
from clockapp.services.players import PlayerDetails

#: How often the wall asks its watcher (the bus's WATCH_INTERVAL_MS).
WATCH_S = 0.05
SPAWN = multiprocessing.get_context("spawn")

Key = tuple[int | None, int]  # (tournament id or None for app-wide, revision)


@dataclass
class Report:
    """What one station did: its acknowledged changes (key, time) and its errors."""

    acked: list[tuple[Key, float]] = field(default_factory=list)
    refused: int = 0
    reasons: list[str] = field(default_factory=list)  # the first few refusals, in words
    raw: list[str] = field(default_factory=list)

    def ack(self, changes: Changes) -> None:
        self.acked.append(((changes.tournament_id, changes.revision), time.time()))


def _act(report: Report, action: Any) -> Any:
    """Run one action; count its outcome. Returns its value (None when it did not land)."""
    try:
        outcome = action()
    except DomainError as error:
        report.refused += 1
        if len(report.reasons) < 5:
            report.reasons.append(str(error))
        return None
    except Exception:
        report.raw.append(traceback.format_exc(limit=4))
        return None
    report.ack(outcome.changes)
    return outcome.value


def _cashier(services: Services, tid: int, n: int, name: str, report: Report) -> None:
    player: int | None = None
    for i in range(n):
        if i % 2 == 0 or player is None:
            made = _act(report, lambda i=i: services.players.create(PlayerDetails(f"{name} {i}")))
            player = None if made is None else made.id
        else:
            _act(report, lambda p=player: services.cashier.buy_in(tid, p))
            player = None


def _director(services: Services, tid: int, n: int, report: Report) -> None:
    for i in range(n):
        if i % 3 == 0:
            _act(report, lambda: services.clock.add_time(tid, 1000))
        elif i % 3 == 1:
            _act(report, lambda: services.clock.toggle_pause(tid, Seen(services.clock.state(tid))))
        else:
            standing = [r for r in services.cashier.registrations(tid) if r.in_play]
            if len(standing) > 3:  # never down to the last player: that would end the event
                _act(report, lambda r=standing[-1].id: services.results.bust(tid, r))
            else:
                _act(report, lambda: services.clock.add_time(tid, 1000))


def _station(url: str, role: str, tid: int, n: int, barrier: Any, out: Any) -> None:
    engine = make_engine(url)
    services = Services(engine, station=role)  # each row names the station that made it
    report = Report()
    barrier.wait(timeout=120)
    try:
        if role.startswith("director"):
            _director(services, tid, n, report)
        else:
            _cashier(services, tid, n, role, report)
    except Exception:  # a read between actions failed: the station stops
        report.raw.append(f"{role}: {traceback.format_exc(limit=4)}")
    out.put((role, report))
    engine.dispose()


def _rows(engine: Any, tid: int, since: Revision, upto: Revision) -> list[Key]:
    with engine.connect() as conn:
        found = conn.execute(
            text(
                'SELECT tournament_id, revision FROM "change" WHERE '
                "(tournament_id = :t AND revision > :a AND revision <= :b) OR "
                "(tournament_id IS NULL AND revision > :c AND revision <= :d)"
            ),
            {
                "t": tid,
                "a": since.tournament,
                "b": upto.tournament,
                "c": since.app,
                "d": upto.app,
            },
        ).all()
    return [(row[0], row[1]) for row in found]


def _wall(url: str, tid: int, barrier: Any, done: Any, out: Any) -> None:
    engine = make_engine(url)
    services = Services(engine)
    watcher = services.tournaments.watch()
    seen: list[tuple[Key, float]] = []
    raw: list[str] = []
    cursor = services.tournaments.revision_of(tid)
    barrier.wait(timeout=120)
    last_read = 0.0
    finishing = False
    while True:
        try:
            signed = watcher.wait(WATCH_S)  # as the bus: PostgreSQL wakes it, SQLite is asked
            if signed or time.monotonic() - last_read > 1.0 or finishing:
                last_read = time.monotonic()
                feed = services.tournaments.changes_since(cursor, tid)
                if feed is not None:
                    at = time.time()
                    seen.extend((key, at) for key in _rows(engine, tid, cursor, feed.revision))
                    cursor = feed.revision
        except Exception:
            raw.append(f"wall: {traceback.format_exc(limit=4)}")
        if finishing:
            break
        if done.is_set():
            finishing = True  # one last read after every station has finished
    watcher.close()
    out.put(("wall", Report(acked=seen, raw=raw)))
    engine.dispose()


@dataclass(frozen=True)
class Verdict:
    """The race's figures."""

    acknowledged: int
    refused: int
    reasons: list[str]
    lost: int
    duplicated: int
    raw: list[str]
    delays_ms: list[float]
    seconds: float

    def percentile(self, p: float) -> float:
        if not self.delays_ms:
            return float("nan")
        ordered = sorted(self.delays_ms)
        return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def prepare(url: str) -> int:
    """A tournament whose clock runs, ready for the race; returns its id."""
    engine = make_engine(url)
    try:
        services = Services(engine)
        tid = services.tournaments.create("Stations").value.id
        services.clock.start(tid)
        # Held open by the director: the cashiers sell all the way through the busts.
        services.registration.set_mode(tid, RegistrationMode.OPEN)
        return tid
    finally:
        engine.dispose()


def race(url: str, actions: int, cashiers: int = 2, next_room: bool = False) -> Verdict:
    """Two cashiers and a director act `actions` times each while the wall follows the feed.

    With `next_room`, a second director runs another tournament in the same database at the same
    time (a satellite beside the main event): the wall must not be thrown by its changes.
    """
    tid = prepare(url)
    roles = [f"desk {n + 1}" for n in range(cashiers)] + ["director"]
    work = [(role, tid) for role in roles]
    if next_room:
        work.append(("director next room", prepare(url)))
    barrier, out, done = SPAWN.Barrier(len(work) + 2), SPAWN.Queue(), SPAWN.Event()
    wall = SPAWN.Process(target=_wall, args=(url, tid, barrier, done, out))
    procs = [
        SPAWN.Process(target=_station, args=(url, role, room, actions, barrier, out))
        for role, room in work
    ]
    for proc in (wall, *procs):
        proc.start()
    barrier.wait(timeout=120)
    started = time.monotonic()
    reports: dict[str, Report] = {}
    for _ in work:
        role, report = out.get(timeout=600)
        reports[role] = report
    seconds = time.monotonic() - started
    done.set()
    _, wall_report = out.get(timeout=120)
    for proc in (wall, *procs):
        proc.join(timeout=60)
    return judge(reports, wall_report, seconds, tid)


def judge(reports: dict[str, Report], wall: Report, seconds: float, tid: int) -> Verdict:
    """Compare what the stations were told with what the wall (showing `tid`) read."""
    acked: dict[Key, float] = {}
    duplicated = 0
    raw = list(wall.raw)
    refused = 0
    reasons: list[str] = []
    for report in reports.values():
        raw.extend(report.raw)
        refused += report.refused
        reasons.extend(report.reasons)
        for key, at in report.acked:
            if key[0] not in (None, tid):
                continue  # the next room's tournament: not on this wall
            duplicated += key in acked  # one revision handed to two actions
            acked[key] = at
    read: dict[Key, float] = {}
    for key, at in wall.acked:
        duplicated += key in read
        read.setdefault(key, at)
    lost = sum(1 for key in acked if key not in read)
    delays = [max(0.0, (read[key] - at) * 1000) for key, at in acked.items() if key in read]
    return Verdict(len(acked), refused, reasons, lost, duplicated, raw, delays, seconds)
