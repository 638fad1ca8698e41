"""Core value objects to and from the JSON stored in the tables."""

from __future__ import annotations

import functools
import json
from datetime import datetime
from typing import Any

from sqlalchemy.orm.attributes import flag_modified

from clockapp.core.chips import ChipSet, Denomination, StackBreakdown
from clockapp.core.clock import ClockState
from clockapp.core.money.handout import PlannedStacks
from clockapp.core.structure import Structure, structure_from_dict, structure_to_dict
from clockapp.persistence.models.clock import ClockRow


def chips_to_json(chips: ChipSet) -> str:
    """A chip set as JSON text."""
    data: dict[str, Any] = {
        "denominations": [
            {"value": d.value, "color": d.color, "hex": d.hex} for d in chips.denominations
        ],
        "owned": None if chips.owned is None else list(chips.owned),
    }
    return json.dumps(data)


#: Parsed values kept per stored text: a chip set or structure is frozen and changes only when
#: its text does, while every sale, clock tick and refresh reads it again.
PARSED_KEPT = 16


@functools.lru_cache(maxsize=PARSED_KEPT)
def chips_from_json(text: str) -> ChipSet:
    """The chip set stored by `chips_to_json` (parsed once per text: it is frozen)."""
    data = json.loads(text)
    owned = data.get("owned")
    return ChipSet(
        tuple(Denomination(d["value"], d["color"], d["hex"]) for d in data["denominations"]),
        None if owned is None else tuple(owned),
    )


def stacks_to_json(stacks: PlannedStacks | None) -> str | None:
    """The planned stacks as JSON: {"starting": [[value, count], ...], "rebuy": ..., ...}."""
    if stacks is None:
        return None

    def parts(b: StackBreakdown | None) -> list[list[int]] | None:
        return None if b is None else [[v, c] for v, c in b.parts]

    return json.dumps(
        {
            "starting": parts(stacks.starting),
            "rebuy": parts(stacks.rebuy),
            "add_on": parts(stacks.add_on),
        }
    )


def stacks_from_json(text: str | None) -> PlannedStacks | None:
    """The planned stacks stored by `stacks_to_json` (None when none were stored)."""
    if not text:
        return None
    data = json.loads(text)

    def parts(key: str) -> StackBreakdown | None:
        raw = data.get(key)
        return None if raw is None else StackBreakdown(tuple((int(v), int(c)) for v, c in raw))

    starting = parts("starting")
    if starting is None:
        return None
    return PlannedStacks(starting, rebuy=parts("rebuy"), add_on=parts("add_on"))


def structure_dump(structure: Structure) -> str:
    """A structure as JSON text (the core's export format, compact).

    Without indentation `json` uses its C encoder: a 100,000-level structure takes a tenth of the
    time to store.
    """
    return json.dumps(structure_to_dict(structure), separators=(",", ":"))


@functools.lru_cache(maxsize=PARSED_KEPT)
def structure_load(text: str) -> Structure:
    """The structure stored by `structure_dump` (parsed once per text: it is frozen).

    The database's own text is not a user's file: it is read without the size and depth limits
    of an import (`structure_from_json`), so a structure accepted once always loads again.
    """
    return structure_from_dict(json.loads(text))


def clock_state(row: ClockRow) -> ClockState:
    """The core clock state held by a row."""
    return ClockState(
        index=row.item_index,
        running=row.running,
        ends_at=row.ends_at,
        remaining_ms=row.remaining_ms,
        hard_end=row.hard_end,
        started=row.started,
        entered_at=row.entered_at,
    )


def store_clock_state(row: ClockRow, state: ClockState) -> None:
    """Copy a core clock state onto its row."""
    row.item_index = state.index
    row.running = state.running
    row.ends_at = state.ends_at
    row.remaining_ms = state.remaining_ms
    row.hard_end = state.hard_end
    row.started = state.started
    row.entered_at = state.entered_at
    # The whole state is written, not just the columns that differ from what this session read:
    # a clock row is only ever written as one consistent state.
    for name in CLOCK_COLUMNS:
        flag_modified(row, name)


def clock_state_to_json(state: ClockState) -> str:
    """A clock state as JSON (times in ISO 8601 with their UTC offset).

    >>> from datetime import UTC, datetime
    >>> state = ClockState(1, True, datetime(2026, 1, 2, 20, 0, tzinfo=UTC), started=True)
    >>> clock_state_from_json(clock_state_to_json(state)) == state
    True
    """
    return json.dumps(
        {
            "index": state.index,
            "running": state.running,
            "ends_at": _when(state.ends_at),
            "remaining_ms": state.remaining_ms,
            "hard_end": _when(state.hard_end),
            "started": state.started,
            "entered_at": _when(state.entered_at),
        },
        sort_keys=True,
    )


def clock_state_from_json(text: str) -> ClockState:
    """The clock state `clock_state_to_json` wrote."""
    data = json.loads(text)
    return ClockState(
        index=int(data["index"]),
        running=bool(data["running"]),
        ends_at=_moment(data["ends_at"]),
        remaining_ms=data["remaining_ms"],
        hard_end=_moment(data["hard_end"]),
        started=bool(data["started"]),
        entered_at=_moment(data["entered_at"]),
    )


def _when(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text is not None else None


CLOCK_COLUMNS = (
    "item_index",
    "running",
    "ends_at",
    "remaining_ms",
    "hard_end",
    "started",
    "entered_at",
)
