"""The last clock shown, kept in a small JSON file so the next start paints the clock at once.

Opening the database means importing SQLAlchemy, SQLModel and Alembic and checking migrations,
which takes several times longer than showing a window. The clock persists absolute times, so the
last snapshot plus the current time gives exactly where the tournament is now (unless another
station changed it meanwhile). `run_app` paints the first frame from this cache with
`cached_clock.CachedClock` and hands the display to the real `ClockSession` as soon as the
database is open, a moment later.

This module imports neither Qt nor the core engine nor dataclasses (the first frame cannot wait
for them): the snapshot read back is made of plain objects with the attributes the display reads,
and the clock is read by `frame.frame_view`. Writing takes the services' snapshot as it is.
"""

from __future__ import annotations

import json
import zlib
from datetime import datetime
from pathlib import Path
from typing import Any

from clockapp.ui.clock.frame import FrameItem, FrameState, item_to_dict

#: Bumped whenever the file's shape changes: an older file is ignored (one cold start).
CACHE_VERSION = 2


class _Record:
    """Plain attributes read back from the cache (cheaper to define than a dataclass)."""

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Record) and self.__dict__ == other.__dict__

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.__dict__!r})"


class CachedTournament(_Record):
    """The tournament's `id` and `name`."""

    id: int
    name: str


class CachedChip(_Record):
    """A chip's `value` and `label` (`T25 green`)."""

    value: int
    label: str


class CachedChipSet(_Record):
    """The chips (`denominations`), as the display names them in color-up notices."""

    denominations: tuple[CachedChip, ...]


class CachedStats(_Record):
    """The field and money numbers (same names as the services' TournamentStats)."""

    entries: int
    players_left: int
    chips_in_play: int
    average_stack: int
    prize_pool_cents: int
    payouts: tuple[tuple[int, int], ...]
    players_to_money: int | None


class CachedSettings(_Record):
    """The display settings (same names as the services' TournamentSettings)."""

    starting_stack: int
    currency: str
    muted: bool
    announce: bool


class CachedSnapshot(_Record):
    """A ClockSnapshot read back from the cache: the attributes the display reads, and the clock
    (`state`, `items`, `planned_last_level`) for `frame.frame_view`."""

    db_key: str
    tournament: CachedTournament
    items: tuple[FrameItem, ...]
    planned_last_level: int | None
    state: FrameState
    chip_set: CachedChipSet
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
    state = snapshot.state
    stats = snapshot.stats
    settings = snapshot.settings
    return {
        "version": CACHE_VERSION,
        "db": db_key(db),
        "tournament": {"id": snapshot.tournament.id, "name": snapshot.tournament.name},
        "items": [item_to_dict(item) for item in snapshot.structure.levels],
        "planned_last_level": snapshot.structure.planned_last_level,
        "state": {
            "index": state.index,
            "running": state.running,
            "ends_at": _time(state.ends_at),
            "remaining_ms": state.remaining_ms,
            "hard_end": _time(state.hard_end),
            "started": state.started,
        },
        "chips": [[d.value, d.label] for d in snapshot.chip_set.denominations],
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
    items = tuple(FrameItem.from_dict(item) for item in data["items"])
    index = int(state["index"])
    if not 0 <= index < len(items):
        raise ValueError("the clock's item is not in the structure")
    planned = data["planned_last_level"]
    return CachedSnapshot(
        db_key=str(data["db"]),
        tournament=CachedTournament(
            id=int(data["tournament"]["id"]), name=str(data["tournament"]["name"])
        ),
        items=items,
        planned_last_level=None if planned is None else int(planned),
        state=FrameState(
            index=index,
            running=bool(state["running"]),
            ends_at=_parse_time(state["ends_at"]),
            remaining_ms=state["remaining_ms"],
            hard_end=_parse_time(state["hard_end"]),
            started=bool(state["started"]),
        ),
        chip_set=CachedChipSet(
            denominations=tuple(CachedChip(value=int(v), label=str(n)) for v, n in data["chips"])
        ),
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
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return snapshot if snapshot.db_key == db_key(db) else None
