"""The last clock shown, kept in a small JSON file so the next start paints the clock at once.

Opening the database means importing SQLAlchemy, SQLModel and Alembic and checking migrations,
which takes several times longer than showing a window. The clock persists absolute times, so the
last snapshot plus the current time gives exactly where the tournament is now (unless another
station changed it meanwhile). `run_app` paints the first frame from this cache with `CachedClock`
and hands the display to the real `ClockSession` as soon as the database is open, a moment later.

Only the core (stdlib) and QtCore are imported here: that is the point.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from clockapp.core.chips import ChipSet, Denomination
from clockapp.core.clock import ClockState, ClockView, view
from clockapp.core.errors import DomainError
from clockapp.core.structure import structure_from_dict, structure_to_dict
from clockapp.ui.clock.session import TICK_MARGIN_MS, ms_to_next_change

CACHE_VERSION = 1


@dataclass(frozen=True)
class CachedTournament:
    """The tournament's id and name."""

    id: int
    name: str


@dataclass(frozen=True)
class CachedStats:
    """The field and money numbers (same names as the services' TournamentStats)."""

    entries: int
    players_left: int
    chips_in_play: int
    average_stack: int
    prize_pool_cents: int = 0
    payouts: tuple[tuple[int, int], ...] = ()
    players_to_money: int | None = None


@dataclass(frozen=True)
class CachedSettings:
    """The display settings (same names as the services' TournamentSettings)."""

    starting_stack: int
    currency: str
    muted: bool
    announce: bool


@dataclass(frozen=True)
class CachedSnapshot:
    """A ClockSnapshot read back from the cache (the same attributes the display reads)."""

    db_key: str
    tournament: CachedTournament
    structure: Any
    state: ClockState
    chip_set: ChipSet
    stats: CachedStats
    settings: CachedSettings


def db_key(db: str | None) -> str:
    """Which database a cache belongs to: the --db argument as given ('' for the default).

    >>> db_key(None) == db_key("")
    True
    """
    return db or ""


def cache_file(folder: Path, db: str | None) -> Path:
    """The cache file for one database in `folder`.

    >>> cache_file(Path("/data"), None).name
    'last-clock-00000000.json'
    """
    # zlib's CRC is plenty to tell a few databases apart, and cheaper to import than hashlib.
    digest = zlib.crc32(db_key(db).encode())
    return folder / f"last-clock-{digest:08x}.json"


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _parse_time(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


def snapshot_to_dict(snapshot: Any, db: str | None) -> dict[str, Any]:
    """A snapshot (from the services) as plain JSON data."""
    state: ClockState = snapshot.state
    stats = snapshot.stats
    settings = snapshot.settings
    return {
        "version": CACHE_VERSION,
        "db": db_key(db),
        "tournament": {"id": snapshot.tournament.id, "name": snapshot.tournament.name},
        "structure": structure_to_dict(snapshot.structure),
        "state": {
            "index": state.index,
            "running": state.running,
            "ends_at": _time(state.ends_at),
            "remaining_ms": state.remaining_ms,
            "hard_end": _time(state.hard_end),
            "started": state.started,
            "entered_at": _time(state.entered_at),
        },
        "chips": [[d.value, d.color, d.hex] for d in snapshot.chip_set.denominations],
        "stats": {
            "entries": stats.entries,
            "players_left": stats.players_left,
            "chips_in_play": stats.chips_in_play,
            "average_stack": stats.average_stack,
            "prize_pool_cents": stats.prize_pool_cents,
            "payouts": [list(p) for p in stats.payouts],
            "players_to_money": stats.players_to_money,
        },
        "settings": {
            "starting_stack": settings.starting_stack,
            "currency": settings.currency,
            "muted": settings.muted,
            "announce": settings.announce,
        },
    }


def snapshot_from_dict(data: dict[str, Any]) -> CachedSnapshot:
    """The snapshot stored by `snapshot_to_dict` (raises KeyError/ValueError when malformed)."""
    if data.get("version") != CACHE_VERSION:
        raise ValueError("cache from another version")
    state = data["state"]
    stats = data["stats"]
    return CachedSnapshot(
        db_key=str(data["db"]),
        tournament=CachedTournament(int(data["tournament"]["id"]), str(data["tournament"]["name"])),
        structure=structure_from_dict(data["structure"]),
        state=ClockState(
            index=int(state["index"]),
            running=bool(state["running"]),
            ends_at=_parse_time(state["ends_at"]),
            remaining_ms=state["remaining_ms"],
            hard_end=_parse_time(state["hard_end"]),
            started=bool(state["started"]),
            entered_at=_parse_time(state["entered_at"]),
        ),
        chip_set=ChipSet(tuple(Denomination(int(v), str(c), str(h)) for v, c, h in data["chips"])),
        stats=CachedStats(
            entries=int(stats["entries"]),
            players_left=int(stats["players_left"]),
            chips_in_play=int(stats["chips_in_play"]),
            average_stack=int(stats["average_stack"]),
            prize_pool_cents=int(stats["prize_pool_cents"]),
            payouts=tuple((int(p), int(c)) for p, c in stats["payouts"]),
            players_to_money=stats["players_to_money"],
        ),
        settings=CachedSettings(**data["settings"]),
    )


def save_cache(path: Path, snapshot: Any, db: str | None) -> None:
    """Write the cache atomically (a crash never leaves half a file)."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(snapshot_to_dict(snapshot, db)), encoding="utf-8")
    tmp.replace(path)


def load_cache(path: Path, db: str | None) -> CachedSnapshot | None:
    """The cached snapshot for this database, or None (missing, damaged, or another database)."""
    try:
        snapshot = snapshot_from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, DomainError):
        return None
    return snapshot if snapshot.db_key == db_key(db) else None


class CachedClock(QObject):
    """Serves the display from a cached snapshot until the real session takes over.

    It has the attributes and signals `ClockDisplay` uses (`snapshot`, `now`, `current_view`,
    `ticked`, `snapshot_changed`) and repaints on the same whole-second schedule.
    """

    ticked = Signal(object)
    snapshot_changed = Signal(object)

    def __init__(
        self, snapshot: CachedSnapshot, now: Callable[[], datetime], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.snapshot = snapshot
        self._now = now
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self.tick)

    def now(self) -> datetime:
        """The current time."""
        return self._now()

    def current_view(self) -> ClockView:
        """The clock as it reads now."""
        return view(self.snapshot.state, self.snapshot.structure, self.now())

    def tick(self) -> ClockView:
        """Publish the view and arm the next repaint."""
        clock_view = self.current_view()
        self.ticked.emit(clock_view)
        self._timer.start(ms_to_next_change(clock_view, self.now()) + TICK_MARGIN_MS)
        return clock_view

    def stop(self) -> None:
        """The real session has taken over."""
        self._timer.stop()
