"""200 phones on the web view: CPU of the serving process, and how fast a change reaches them.

Starts `clockapp web` on a demo tournament in a temporary database (its own process, as on a club's
server), connects 200 Server-Sent Events clients from this process, and for `--seconds` (default
30) makes a change through the services every `--every` seconds (pause, resume) from here, as the
director's station would. Prints the serving process's CPU time over the wall time (goal: under 10%
of one core) and the delay from each change's commit to its arrival at each client (goal: p99 under
one second).

Run: `.venv/bin/python bench/bench_web.py [--clients 200] [--seconds 30] [--every 2]`.
"""

from __future__ import annotations

import argparse
import os
import re
import selectors
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_CPU_PERCENT = 10.0
GOAL_DELAY_MS = 1000.0
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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
