"""Another OS process that holds SQLite's write lock, as the cashier on the same laptop,
`clockapp backup` or a second station may (Qt-free, so a spawned process starts quickly)."""

from __future__ import annotations

import multiprocessing
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.process import BaseProcess
from multiprocessing.synchronize import Event


def hold_write_lock(path: str, held: Event, release: Event, hold_s: float) -> None:
    """Take the write lock on the SQLite file `path`, say so, keep it `hold_s` (or until told)."""
    connection = sqlite3.connect(path, isolation_level=None, timeout=30)
    connection.execute("BEGIN IMMEDIATE")
    held.set()
    release.wait(hold_s)
    connection.execute("ROLLBACK")
    connection.close()


@contextmanager
def other_process_holding(path: str, hold_s: float) -> Iterator[BaseProcess]:
    """Another OS process holds the write lock on `path` for `hold_s` seconds (let go at the
    end of the block at the latest); yields that process, once it holds the lock."""
    spawn = multiprocessing.get_context("spawn")
    held, release = spawn.Event(), spawn.Event()
    locker = spawn.Process(target=hold_write_lock, args=(path, held, release, hold_s))
    locker.start()
    try:
        assert held.wait(30), "the other process did not get the lock"
        yield locker
    finally:
        release.set()
        locker.join(10)
