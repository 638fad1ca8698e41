"""The last clock shown, kept in a small JSON file so the next start paints the clock at once.

Opening the database means importing SQLAlchemy, SQLModel and Alembic and checking migrations,
which alone takes longer than showing a window. The clock persists absolute times, so the last
snapshot plus the current time gives exactly where the tournament is now (unless another station
changed it meanwhile). The launcher paints the first frame from this file with
`ClockSession.before_open` (the one clock engine, `clockapp.core.clock`), and the station's
session, on the database, takes the display over a moment later.

`CachedClock` is what the file holds, read back: a frozen record with the core's own
`Structure`, `ClockState` and `ChipSet`, the figures and settings the display shows, and the
host's look as its fitted palette and title (`CachedLook`), so an event with its own colours
starts in them. `ShownClock` is the little a clock session needs of any snapshot to tick (the
tournament, the structure, the clock's state): the services' `ClockSnapshot` and `CachedClock`
both are one. Nothing here imports Qt or the services (the first frame does not wait for
SQLAlchemy).
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from clockapp.core.chips import ChipSet, Denomination
from clockapp.core.clock import ClockState
from clockapp.core.look import Palette
from clockapp.core.structure import Structure, structure_from_dict, structure_to_dict
from clockapp.errors import DomainError

if TYPE_CHECKING:
    from clockapp.core.house import Look
    from clockapp.services.clock import ClockSnapshot
    from clockapp.services.results.views import WallBounty

#: Bumped whenever the file's shape changes: an older file is ignored (one cold start).
CACHE_VERSION = 4
#: The figures around the clock (the services' TournamentStats) and the display settings.
STATS = (
    "entries",
    "players_left",
    "chips_in_play",
    "average_stack",
    "prize_pool_cents",
    "payouts",
    "players_to_money",
    "seats",
    "satellite",
)
SETTINGS = ("starting_stack", "currency", "muted", "announce")


class Tournament(Protocol):
    """Which tournament a snapshot is of."""

    @property
    def id(self) -> int:
        """The tournament's id."""
        ...

    @property
    def name(self) -> str:
        """Its name."""
        ...


class ShownClock(Protocol):
    """What a clock session needs of a snapshot to tick: the engine's inputs and whose they are.

    The services' `ClockSnapshot` is one, and so is the start-up cache's `CachedClock`.
    """

    @property
    def tournament(self) -> Tournament:
        """The tournament shown."""
        ...

    @property
    def structure(self) -> Structure:
        """Its levels and breaks."""
        ...

    @property
    def state(self) -> ClockState:
        """Where its clock stands."""
        ...


@dataclass(frozen=True)
class CachedTournament:
    """The tournament of a cached clock."""

    id: int
    name: str


@dataclass(frozen=True)
class CachedBounty:
    """The wall's bounty block as cached (the fields of the services' `WallBounty`)."""

    format: str
    leader: tuple[str, int] | None
    heads: int
    last_draw: tuple[str, int] | None
    envelopes_left: int
    stage: str


@dataclass(frozen=True)
class CachedStats:
    """The figures around the clock as cached (the fields of the services' `TournamentStats`)."""

    entries: int
    players_left: int
    chips_in_play: int
    average_stack: int
    prize_pool_cents: int
    payouts: tuple[tuple[int, int], ...]  # (place, cents)
    players_to_money: int | None
    deal: tuple[tuple[str, int], ...] = ()  # (name, cents)
    bounty: CachedBounty | None = None
    seats: int = 0  # a satellite's seats (0: not a satellite)
    satellite: str = ""  # what they are seats in


@dataclass(frozen=True)
class CachedSettings:
    """The display's settings as cached (the services' `TournamentSettings`)."""

    starting_stack: int
    currency: str
    muted: bool
    announce: bool


@dataclass(frozen=True)
class CachedLook:
    """The host's look as the cache keeps it: the palette (fitted when the look was stored) and
    the event's name. Not the logo (an image, often large): it comes with the database, a moment
    later. What the wall reads of a look (`clockapp.ui.wall.house_view`)."""

    title: str
    fitted: Palette
    logo: str = ""

    def palette(self) -> Palette:
        """The palette the wall draws with."""
        return self.fitted


@dataclass(frozen=True)
class CachedHouse:
    """The host's part as the wall reads it: the look only (the slides come with the database)."""

    look: CachedLook


@dataclass(frozen=True)
class CachedClock:
    """The last clock shown, read back from the cache: a `ShownClock` the display can draw."""

    db_key: str
    tournament: CachedTournament
    structure: Structure
    state: ClockState
    chip_set: ChipSet
    stats: CachedStats
    settings: CachedSettings
    house: CachedHouse | None = None


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


def snapshot_to_dict(snapshot: ClockSnapshot, db: str | None) -> dict[str, Any]:
    """A snapshot (the services' ClockSnapshot) as plain JSON data."""
    state = snapshot.state
    chips = snapshot.chip_set
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
        "chips": [[d.value, d.color, d.hex] for d in chips.denominations],
        "owned": None if chips.owned is None else list(chips.owned),
        "stats": {
            **{name: getattr(snapshot.stats, name) for name in STATS},
            "deal": list(snapshot.stats.deal),
            "bounty": bounty_to_dict(snapshot.stats.bounty),
        },
        "settings": {name: getattr(snapshot.settings, name) for name in SETTINGS},
        "look": _look_to_dict(snapshot.house.look),
    }


def snapshot_from_dict(data: dict[str, Any]) -> CachedClock:
    """The snapshot stored by `snapshot_to_dict`: the core's types for the structure, the clock
    and the chips; raises (ValueError, KeyError, a DomainError...) when the data is malformed."""
    if data.get("version") != CACHE_VERSION:
        raise ValueError("cache from another version")
    structure = structure_from_dict(data["structure"])
    state = data["state"]
    clock = ClockState(
        index=state["index"],
        running=state["running"],
        ends_at=_parse_time(state["ends_at"]),
        remaining_ms=state["remaining_ms"],
        hard_end=_parse_time(state["hard_end"]),
        started=state["started"],
        entered_at=_parse_time(state["entered_at"]),
    )
    if clock.index >= len(structure.levels):
        raise ValueError("the clock's item is not in the structure")
    owned = data["owned"]
    stats = data["stats"]
    settings = data["settings"]
    to_money = stats["players_to_money"]
    return CachedClock(
        db_key=str(data["db"]),
        tournament=CachedTournament(int(data["tournament"]["id"]), str(data["tournament"]["name"])),
        structure=structure,
        state=clock,
        chip_set=ChipSet(
            tuple(Denomination(int(v), str(c), str(h)) for v, c, h in data["chips"]),
            None if owned is None else tuple(int(n) for n in owned),
        ),
        stats=CachedStats(
            entries=int(stats["entries"]),
            players_left=int(stats["players_left"]),
            chips_in_play=int(stats["chips_in_play"]),
            average_stack=int(stats["average_stack"]),
            prize_pool_cents=int(stats["prize_pool_cents"]),
            payouts=tuple((int(place), int(cents)) for place, cents in stats["payouts"]),
            players_to_money=None if to_money is None else int(to_money),
            deal=tuple((str(n), int(cents)) for n, cents in stats.get("deal", ())),
            bounty=bounty_from_dict(stats.get("bounty")),
            seats=int(stats["seats"]),
            satellite=str(stats["satellite"]),
        ),
        settings=CachedSettings(
            starting_stack=int(settings["starting_stack"]),
            currency=str(settings["currency"]),
            muted=bool(settings["muted"]),
            announce=bool(settings["announce"]),
        ),
        house=_house_from_dict(data.get("look")),
    )


def _look_to_dict(look: Look | None) -> dict[str, Any] | None:
    """The host's look (`Look`) as plain data: its title and fitted palette; None without one."""
    if look is None:
        return None
    palette = look.palette()
    return {
        "title": look.title,
        "palette": {"name": palette.name, "dark": palette.dark, "colours": dict(palette.colours)},
    }


def _house_from_dict(data: Any) -> CachedHouse | None:
    """The host's part as the wall reads it (the look only: the slides come with the database),
    None when not stored; a palette that is not one raises (`LookError`)."""
    if data is None:
        return None
    palette = data["palette"]
    colours = {str(role): str(colour) for role, colour in palette["colours"].items()}
    fitted = Palette(str(palette["name"]), bool(palette["dark"]), colours)
    return CachedHouse(CachedLook(str(data["title"]), fitted))


def bounty_to_dict(bounty: WallBounty | CachedBounty | None) -> dict[str, Any] | None:
    """The wall's bounty block (`WallBounty`) as plain data, None without bounty money."""
    if bounty is None:
        return None
    return {
        "format": bounty.format,
        "leader": None if bounty.leader is None else list(bounty.leader),
        "heads": bounty.heads,
        "last_draw": None if bounty.last_draw is None else list(bounty.last_draw),
        "envelopes_left": bounty.envelopes_left,
        "stage": bounty.stage,
    }


def bounty_from_dict(data: Any) -> CachedBounty | None:
    """The bounty block stored by `bounty_to_dict` (what the wall reads of it)."""
    if data is None:
        return None
    leader, last = data["leader"], data["last_draw"]
    return CachedBounty(
        format=str(data["format"]),
        leader=None if leader is None else (str(leader[0]), int(leader[1])),
        heads=int(data["heads"]),
        last_draw=None if last is None else (str(last[0]), int(last[1])),
        envelopes_left=int(data["envelopes_left"]),
        stage=str(data["stage"]),
    )


def save_cache(path: Path, snapshot: ClockSnapshot, db: str | None) -> None:
    """Write the cache atomically (a crash never leaves half a file)."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(snapshot_to_dict(snapshot, db)), encoding="utf-8")
    tmp.replace(path)


def load_cache(path: Path, db: str | None) -> CachedClock | None:
    """The cached snapshot for this database, or None (missing, damaged, or another database)."""
    try:
        snapshot = snapshot_from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError, DomainError):
        return None
    return snapshot if snapshot.db_key == db_key(db) else None
