"""200 phones on the web view, then what a public network sends it.

Starts `clockapp web` on a demo tournament in a temporary database (its own process, as on a club's
server), connects 200 Server-Sent Events clients from this process, and for `--seconds` (default
30) makes a change through the services every `--every` seconds (pause, resume) from here, as the
director's station would. Prints the serving process's CPU time over the wall time (goal: under 10%
of one core) and the delay from each change's commit to its arrival at each client (goal: p99 under
one second).

Then, against a second `clockapp web` limited to the usual 1,024 open files: requests naming
another site in their Host header (DNS rebinding; goal: no page served), 500 stream clients that
come and go (goal: the server's memory where it was, within a few MB), and `--slow` slowloris
connections (default 1,100, each sending its request a byte at a time, never finishing, replaced
when the server drops it) held for `--slow-seconds` while normal GETs are timed (goals: none
fails, the worst under 2 s). All of it on 127.0.0.1, bounded, and it stops by itself.

Run: `.venv/bin/python bench/bench_web.py [--clients 200] [--seconds 30] [--every 2]
[--slow 1100] [--slow-seconds 10]`.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import selectors
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

GOAL_CPU_PERCENT = 10.0
GOAL_DELAY_MS = 1000.0
GOAL_WORST_GET_S = 2.0
GOAL_MEMORY_GROWTH_MB = 5.0
SERVER_FILE_LIMIT = 1024
ROOT = Path(__file__).resolve().parents[1]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Clients:
    """Many /events streams read by one selector; counts state events per client."""

    def __init__(self, port: int, count: int) -> None:
        self.selector = selectors.DefaultSelector()
        self.states: dict[int, list[float]] = {}
        for index in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ, [index, b""])
            self.states[index] = []

    def pump(self, until: float) -> None:
        """Read whatever arrives until the monotonic time `until`; stamp each state event."""
        while (left := until - time.monotonic()) > 0:
            for key, _ in self.selector.select(left):
                data = key.data
                try:
                    chunk = key.fileobj.recv(1 << 16)  # type: ignore[union-attr]
                except BlockingIOError:
                    continue
                if not chunk:
                    raise ConnectionError(f"client {data[0]} was disconnected")
                now = time.monotonic()
                data[1] += chunk
                while b"\n\n" in data[1]:
                    event, _, data[1] = data[1].partition(b"\n\n")
                    if b"event: state" in event:
                        self.states[data[0]].append(now)

    def close(self) -> None:
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]


def main(argv: list[str]) -> int:
    """Run the bench and print its figures beside their goals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--every", type=float, default=2.0)
    parser.add_argument("--slow", type=int, default=1100)
    parser.add_argument("--slow-seconds", type=float, default=10.0)
    args = parser.parse_args(argv)
    if not Path("/proc/self/stat").exists():
        print("bench_web: needs Linux's /proc to read the server's CPU time; skipped")
        return 0

    sys.path.insert(0, str(ROOT))
    from clockapp.services.app import open_services

    folder = tempfile.mkdtemp(prefix="clockapp-bench-web-")
    env = {**os.environ, "CLOCKAPP_DATA_DIR": folder, "PYTHONPATH": str(ROOT)}
    db = str(Path(folder) / "bench.db")
    services = open_services(db)
    tid = services.demo.create_demo().value.id
    server = subprocess.Popen(
        [sys.executable, "-m", "clockapp", "web", "--db", db, "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
        if not found:
            print("bench_web: the server did not start")
            return 1
        clients = Clients(int(found.group(1)), args.clients)
        clients.pump(time.monotonic() + 2.0)  # every client gets its first state
        connected = sum(1 for times in clients.states.values() if times)
        cpu_before, wall_before = cpu_seconds(server.pid), time.monotonic()
        delays: list[float] = []
        end = wall_before + args.seconds
        paused = False
        while time.monotonic() + args.every <= end:
            seen = {index: len(times) for index, times in clients.states.items()}
            committed = time.monotonic()
            if paused:
                services.clock.resume(tid)
            else:
                services.clock.pause(tid)
            committed = (committed + time.monotonic()) / 2
            paused = not paused
            clients.pump(time.monotonic() + args.every)
            for index, times in clients.states.items():
                if len(times) > seen[index]:
                    delays.append((times[seen[index]] - committed) * 1000)
                else:
                    delays.append(float("inf"))  # missed: counted as late
        wall = time.monotonic() - wall_before
        cpu = (cpu_seconds(server.pid) - cpu_before) / wall * 100
        clients.close()
    finally:
        server.terminate()
        server.wait(10)
        services.ctx.engine.dispose()

    changes = len(delays) // max(1, args.clients)
    print(f"web view: {connected} of {args.clients} clients connected, {changes} changes")
    print(
        f"  CPU of the serving process: {cpu:.1f}% of one core over {wall:.0f} s "
        f"(goal < {GOAL_CPU_PERCENT:.0f}%) {'OK' if cpu < GOAL_CPU_PERCENT else 'MISSED'}"
    )
    p50, p99, worst = (percentile(delays, s) for s in (0.5, 0.99, 1.0))
    print(
        f"  change to client: p50 {p50:.0f} ms, p99 {p99:.0f} ms, max {worst:.0f} ms "
        f"(goal p99 < {GOAL_DELAY_MS:.0f} ms) {'OK' if p99 < GOAL_DELAY_MS else 'MISSED'}"
    )
    hostile(db, tid, env, args.slow, args.slow_seconds)
    return 0


# ------------------------------------------------------------------ what a public network sends


def rss_mb(pid: int) -> float:
    """Resident memory of a process (Linux /proc), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def limit_files() -> None:
    """In the server's process, before it runs: the usual open-file limit."""
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (SERVER_FILE_LIMIT, SERVER_FILE_LIMIT))


def raise_own_file_limit(wanted: int) -> int:
    """Let this process open `wanted` sockets if the system allows; the limit it got."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return target
    return soft


@contextlib.contextmanager
def limited_server(
    db: str, tid: int, env: dict[str, str]
) -> Iterator[tuple[int, subprocess.Popen[str]]]:
    """`clockapp web` at the usual open-file limit: its port and its process."""
    command = [sys.executable, "-m", "clockapp", "web", "--db", db, "--port", "0"]
    server = subprocess.Popen(
        [*command, "--tournament", str(tid)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=limit_files,
    )
    try:
        assert server.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
        if not found:
            raise RuntimeError("the server did not start")
        yield int(found.group(1)), server
    finally:
        server.terminate()
        server.wait(10)


def ask(port: int, path: str, host: str, timeout: float = 5.0) -> tuple[int, bytes]:
    """One GET with the given Host header: the status (0: no answer) and the first bytes."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            answer = sock.recv(65536)
    except OSError:
        return 0, b""
    found = re.match(rb"HTTP/1\.1 (\d{3}) ", answer)
    return (int(found.group(1)) if found else 0), answer


def foreign_pages(port: int) -> tuple[int, int]:
    """Requests naming another site: how many were served a page, of how many."""
    hosts = ["evil.example", f"evil.example:{port}", f"127.0.0.1.evil.example:{port}"]
    asked = served = 0
    for host in hosts:
        for path in ("/", "/state", "/events"):
            asked += 1
            code, _ = ask(port, path, host)
            served += code == 200
    return served, asked


def streams_come_and_go(port: int, count: int) -> int:
    """`count` stream clients connect, each reads its first state, all close: how many got one."""
    clients = []
    for _ in range(count):
        with contextlib.suppress(OSError):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            clients.append(sock)
    served = 0
    for sock in clients:
        data = b""
        with contextlib.suppress(OSError):
            while b"event: state" not in data and len(data) < 1 << 20:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
        served += b"event: state" in data
        sock.close()
    return served


class Slowloris:
    """Connections that each send part of a request and then a byte now and then, for ever."""

    PARTIAL = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.sockets: list[socket.socket] = []
        self.started: set[socket.socket] = set()
        self.opened = 0
        for _ in range(count):
            self._open()

    def _open(self) -> None:
        sock = socket.socket()
        sock.setblocking(False)
        if sock.connect_ex(("127.0.0.1", self.port)) in (0, errno.EINPROGRESS):
            self.sockets.append(sock)
            self.opened += 1
        else:
            sock.close()

    def dribble(self) -> None:
        """A byte on each; a connection the server dropped is replaced by a new one."""
        dropped = []
        for sock in self.sockets:
            try:
                sock.recv(65536)  # the server dropped it (or answered 408): it is gone
                dropped.append(sock)
                continue
            except BlockingIOError:
                pass
            except OSError:
                dropped.append(sock)
                continue
            try:
                sock.send(b"a" if sock in self.started else self.PARTIAL)
                self.started.add(sock)
            except BlockingIOError:
                pass
            except OSError:
                dropped.append(sock)
        for sock in dropped:
            self.sockets.remove(sock)
            self.started.discard(sock)
            sock.close()
            self._open()

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()


def slow_load(port: int, count: int, seconds: float) -> tuple[int, int, float, int]:
    """Normal GETs while `count` slowloris connections are held: failed, made, worst, opened."""
    slow = Slowloris(port, count)
    failed = made = 0
    worst = 0.0
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            slow.dribble()
            started = time.monotonic()
            code, _ = ask(port, "/state", f"127.0.0.1:{port}", timeout=10)
            worst = max(worst, time.monotonic() - started)
            made += 1
            failed += code != 200
        return failed, made, worst, slow.opened
    finally:
        slow.close()


def hostile(db: str, tid: int, env: dict[str, str], slow: int, slow_seconds: float) -> None:
    """Print the figures of what a public network sends, beside their goals."""
    got = raise_own_file_limit(slow + 256)
    with limited_server(db, tid, env) as (port, server):
        pid = server.pid
        served, asked = foreign_pages(port)
        streams_come_and_go(port, 500)  # the first burst pays for what is built once
        time.sleep(1.0)
        before = rss_mb(pid)
        came = streams_come_and_go(port, 500)
        time.sleep(1.0)  # the closes are seen at once; this is for the threads to end
        after = rss_mb(pid)
        held = min(slow, got - 128)
        failed, made, worst, opened = slow_load(port, held, slow_seconds)
        alive = server.poll() is None
    print(f"web view under hostile load (server limited to {SERVER_FILE_LIMIT} open files)")
    print(
        f"  pages served to a foreign Host: {served} of {asked} "
        f"(goal 0) {'OK' if served == 0 else 'MISSED'}"
    )
    grown = after - before
    print(
        f"  memory after {came} of 500 stream clients came and went: {before:.1f} MB -> "
        f"{after:.1f} MB ({grown:+.1f} MB; goal < +{GOAL_MEMORY_GROWTH_MB:.0f} MB) "
        f"{'OK' if came == 500 and grown < GOAL_MEMORY_GROWTH_MB else 'MISSED'}"
    )
    print(
        f"  normal requests failed under {held} slow connections over {slow_seconds:.0f} s: "
        f"{failed} of {made} (goal 0) {'OK' if failed == 0 and made else 'MISSED'}"
    )
    print(f"    ({opened} slow connections opened in all: each one dropped was replaced)")
    print(
        f"  worst normal GET under that load: {worst:.2f} s "
        f"(goal < {GOAL_WORST_GET_S:.0f} s) {'OK' if worst < GOAL_WORST_GET_S else 'MISSED'}"
    )
    if held < 1100:
        print(f"  (only {held} slow connections could be held here: the goals are for 1,100)")
    if not alive:
        print("  the server died under the load MISSED")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
