"""Benchmark: hostile files and counts are refused at once, in bounded memory.

Under the 64 MB import limit a 1,000,000-row player file and a 1,000,000-line pre-registration
list were read whole (one exhausted memory); a 1,000,000-level structure was accepted; and
`clockapp structure suggest --owned 5=99999999999999999999` never ended (the chip fitting
counted the case down one chip at a time). Each is refused or answered now; this prints, beside
its goal, the time to refuse and the memory the refusal took:

- a 1,000,000-row player CSV (`services.players.import_csv`): goal under 1 s and 100 MB;
- a 1,000,000-line pre-registration list (`services.cashier.import_pre_registrations`): goal
  under 1 s and 100 MB;
- a 1,000,000-level structure CSV (`services.structure.import_text`): goal under 1 s;
- `clockapp structure suggest --owned 5=99999999999999999999` (refused: more than a host owns)
  and the generator fitting a stack to a case of 10**20 chips a colour: goal under 1 s each;
- table captains' reports posted to a running web view (`CAPTAIN_ROUNDS` rounds of forged,
  another tournament's, revoked and replayed tokens and nonces, cross-site requests, odd bodies,
  then a flood from one address): how many were refused and how many changed the database
  (goal: every one refused, none changed), beside the valid reports taken (goal: all).

Each file case runs in a fresh process; its memory figure is the peak that Python allocated
during the refusal (tracemalloc; the file's text, built before, is not counted). The CPU time is
printed too: on a shared or busy machine the wall clock also counts waiting for a CPU. The
database is a SQLite file with the app's settings, in a temporary folder.

Run: `.venv/bin/python bench/bench_hostile.py`
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROWS = 1_000_000
GOAL_S = 1.0
GOAL_MB = 100.0
HUGE = "99999999999999999999"
CAPTAIN_ROUNDS = 20


def _refuse(
    case: str, folder: str, results: multiprocessing.Queue[tuple[str, float, float, float]]
) -> None:
    """Run one file case in this (fresh) process; put (message, seconds, CPU seconds, MB) on
    `results`. The time is taken first, then the memory in a second run under tracemalloc (the
    refusal left the database as it was), so the tracing does not slow the timed run."""
    from clockapp.errors import DomainError
    from clockapp.persistence.db import make_engine, migrate
    from clockapp.services.app import Services

    engine = make_engine(str(Path(folder) / f"{case}.db"))
    migrate(engine)
    services = Services(engine)
    tid = services.tournaments.create("Hostile").value.id
    action: Callable[[], object]
    if case == "players":
        text = "name,team\n" + "".join(f"Player {i},Reds\n" for i in range(ROWS))
        action = lambda: services.players.import_csv(text)  # noqa: E731
    elif case == "pre-registrations":
        text = "".join(f"Guest {i}\n" for i in range(ROWS))
        action = lambda: services.cashier.import_pre_registrations(tid, text)  # noqa: E731
    else:
        text = "type,small_blind,big_blind,minutes\n" + "level,25,50,20\n" * ROWS
        action = lambda: services.structure.import_text(tid, text, "csv")  # noqa: E731
    start, cpu = time.perf_counter(), time.process_time()
    try:
        action()
        message = "ACCEPTED"
    except DomainError as error:
        message = str(error)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    tracemalloc.start()
    with contextlib.suppress(DomainError):
        action()
    peak = tracemalloc.get_traced_memory()[1] / 1024 / 1024
    tracemalloc.stop()
    engine.dispose()
    results.put((message, seconds, cpu, peak))


def _suggest_cli() -> tuple[str, float]:
    """The command's refusal of an astronomical count, and its time."""
    from clockapp.commands.structure import main

    args = ["suggest", "--players", "15", "--stack", "1000", "--hours", "5"]
    args += ["--level-minutes", "20", "--chips", "5,25,100,500", "--owned", f"5={HUGE}"]
    err, sys.stderr = sys.stderr, io.StringIO()
    start = time.perf_counter()
    try:
        code = main(args, out=io.StringIO())
        said = sys.stderr.getvalue().strip()
    finally:
        sys.stderr = err
    return f"exit {code}: {said.removeprefix('clockapp structure suggest: error: ')}", (
        time.perf_counter() - start
    )


def _suggest_core() -> tuple[str, float]:
    """The generator fitting a stack to a case of 10**20 chips of every colour but T100."""
    from clockapp.core.chips import ChipSet
    from clockapp.core.generator import suggest_structure

    huge = 10**20
    chips = ChipSet.standard((5, 25, 100, 500), owned=(huge, huge, 0, huge))
    start = time.perf_counter()
    result = suggest_structure(15, 1000, 20, 300, chips)
    return result.breakdown.describe(), time.perf_counter() - start


def _post(port: int, token: str, fields: dict[str, str], **headers: str) -> int:
    """POST one report as a captain's page would (the headers given replace or drop its own)."""
    import socket
    from urllib.parse import urlencode

    content = headers.pop("body", "").encode() or urlencode(fields).encode()
    host = f"127.0.0.1:{port}"
    sent = {
        "Host": host,
        "Origin": f"http://{host}",
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": str(len(content)),
    }
    for name, value in headers.items():
        name = name.replace("_", "-")
        if value:
            sent[name] = value
        else:
            sent.pop(name, None)
    head = "".join(f"{name}: {value}\r\n" for name, value in sent.items())
    raw = f"POST /captain/{token} HTTP/1.1\r\n{head}\r\n".encode() + content
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(raw)
        answer = sock.recv(64)
    return int(answer.split(b" ", 2)[1]) if answer else 0


def _captains(folder: str) -> tuple[int, int, int, int, int]:
    """Hostile and valid captains' reports against a running web view: (hostile sent, refused,
    database changes among them, valid sent, valid taken)."""
    import re
    import sqlite3
    import urllib.request

    from clockapp.core.captains import new_token
    from clockapp.persistence.db import make_engine, migrate
    from clockapp.services.app import Services
    from clockapp.services.web.captain import AddressGuard
    from clockapp.services.web.server import serve_services

    path = Path(folder) / "captains.db"
    engine = make_engine(str(path))
    migrate(engine)
    services = Services(engine)
    tid = services.demo.create_demo().value.id
    table = next(t for t in services.chip_counts.tables(tid) if t.number is not None)
    assert table.number is not None
    token = services.captains.issue_token(tid, table.number).value.token
    other = services.tournaments.create("Elsewhere").value.id
    services.seating.add_tables(other, 1, seat_count=9)
    foreign = services.captains.issue_token(other, 1).value.token
    revoked_table = next(t for t in services.captains.tables(tid) if t.number != table.number)
    revoked = services.captains.issue_token(tid, revoked_table.number).value.token
    services.captains.revoke(tid, revoked_table.number)
    from datetime import UTC, datetime, timedelta

    skipped = [timedelta(0)]  # a table sends a report every quarter minute, not every moment

    def now() -> datetime:
        return datetime.now(UTC) + skipped[0]

    server = serve_services(services, lambda: tid, "127.0.0.1", 0, now=now)
    assert server.captains is not None
    # The rounds come from one address, far quicker than a table: the flood is measured apart.
    server.captains.guard = AddressGuard(limit=10**6)
    server.start()
    port = server.port

    def nonce() -> str:
        url = f"http://127.0.0.1:{port}/captain/{token}"
        with urllib.request.urlopen(url, timeout=10) as answer:
            found = re.search(rb'name="nonce" value="([^"]+)"', answer.read())
        assert found is not None
        return found.group(1).decode()

    def dump() -> list[str]:
        with sqlite3.connect(path) as db:
            return list(db.iterdump())

    valid = taken = hostile = refused = changed = 0
    try:
        for _round in range(CAPTAIN_ROUNDS):
            skipped[0] += timedelta(seconds=15)
            good = {"nonce": nonce(), "kind": "floor"}
            valid += 1
            taken += _post(port, token, good) == 303
            before = dump()
            cases = [
                (new_token(), good, {}),
                (foreign, good, {}),
                (revoked, good, {}),
                (token, good, {}),  # the same nonce again: a replay
                (token, {"nonce": "a.1.forged", "kind": "floor"}, {}),
                (token, good, {"Origin": "http://evil.example"}),
                (token, good, {"Origin": "null"}),
                (token, good, {"Origin": ""}),
                (token, good, {"Sec_Fetch_Site": "cross-site"}),
                (token, good, {"Content_Type": "text/plain"}),
                (token, good, {"Content_Length": "99999"}),
                (token, good, {"body": "x=1&" * 2000}),
            ]
            for which, fields, headers in cases:
                hostile += 1
                refused += _post(port, which, fields, **headers) != 303
            changed += dump() != before
        server.captains.guard = AddressGuard(limit=30)
        before = dump()
        for _ in range(60):  # a flood from one address: refused from the 31st request on
            hostile += 1
            refused += _post(port, token, {"nonce": "x", "kind": "floor"}) != 303
        changed += dump() != before
    finally:
        server.stop()
        engine.dispose()
    return hostile, refused, changed, valid, taken


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def main() -> None:
    spawn = multiprocessing.get_context("spawn")
    print("Hostile input: refused at once, in bounded memory")
    with tempfile.TemporaryDirectory(dir=Path.home() if Path.home().is_dir() else None) as folder:
        for case, label, with_memory in (
            ("players", f"player CSV, {ROWS:,} rows", True),
            ("pre-registrations", f"pre-registration list, {ROWS:,} lines", True),
            ("structure", f"structure CSV, {ROWS:,} levels", False),
        ):
            results: multiprocessing.Queue[tuple[str, float, float, float]] = spawn.Queue()
            child = spawn.Process(target=_refuse, args=(case, folder, results))
            child.start()
            child.join()  # the result is a small tuple: the queue never blocks the child
            if child.exitcode != 0:
                print(f"  {label:<40} the process failed (exit {child.exitcode}): MISSED")
                continue
            message, seconds, cpu, mb = results.get()
            text = f"  {label:<40} {seconds:6.2f} s, CPU {cpu:5.2f} s (goal < {GOAL_S:.0f} s: "
            text += f"{_verdict(seconds < GOAL_S and message != 'ACCEPTED')})"
            if with_memory:
                text += f"  {mb:6.1f} MB (goal < {GOAL_MB:.0f} MB: {_verdict(mb < GOAL_MB)})"
            print(text)
            print(f"    {message[:110]}")
    said, seconds = _suggest_cli()
    print(
        f"  {'structure suggest --owned 5=' + HUGE[:6] + '...':<40} {seconds:6.2f} s "
        f"(goal < {GOAL_S:.0f} s: {_verdict(seconds < GOAL_S and said.startswith('exit 2'))})"
    )
    print(f"    {said[:110]}")
    described, seconds = _suggest_core()
    print(
        f"  {'generator, 10**20 chips of a colour':<40} {seconds:6.2f} s "
        f"(goal < {GOAL_S:.0f} s: {_verdict(seconds < GOAL_S)})"
    )
    print(f"    starting stack {described}")
    with tempfile.TemporaryDirectory() as folder:
        hostile, refused, changed, valid, taken = _captains(folder)
    ok = refused == hostile and changed == 0 and taken == valid
    print(
        f"  {'captains: hostile reports posted':<40} {hostile} sent, {refused} refused, "
        f"{changed} changed the database; {taken} of {valid} valid taken "
        f"(goal: all refused, none changed, all valid taken: {_verdict(ok)})"
    )


if __name__ == "__main__":
    main()
