"""Another OS process that holds SQLite's write lock, as the cashier on the same laptop,
`clockapp backup` or a second station may (Qt-free, so a spawned process starts quickly)."""

from __future__ import annotations

import sqlite3
from multiprocessing.synchronize import Event


def hold_write_lock(path: str, held: Event, release: Event, hold_s: float) -> None:
    """Take the write lock on the SQLite file `path`, say so, keep it `hold_s` (or until told)."""
    connection = sqlite3.connect(path, isolation_level=None, timeout=30)
    connection.execute("BEGIN IMMEDIATE")
    held.set()
    release.wait(hold_s)
    connection.execute("ROLLBACK")
    connection.close()
