"""Shared reads and writes of a tournament's set-up rows, inside a caller's transaction."""

from __future__ import annotations

from datetime import datetime
from typing import TypeVar

from clockapp.core.chips import ChipSet
from clockapp.core.clock import ClockState
from clockapp.core.generator import suggest_structure
from clockapp.core.money.handout import PlannedStacks
from clockapp.core.structure import Structure
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.persistence.codec import (
    chips_from_json,
    chips_to_json,
    clock_state,
    stacks_from_json,
    store_clock_state,
    structure_dump,
    structure_load,
)
from clockapp.persistence.locks import lock_tournament
from clockapp.persistence.models import ClockRow, SetupRow, TournamentRow
from clockapp.persistence.session import Session


class TournamentNotFoundError(ValidationError):
    """The tournament asked for does not exist (deleted by another station?)."""


def get_row(session: Session, tournament_id: int) -> TournamentRow:
    """The tournament row, or a clear error."""
    row = session.get(TournamentRow, tournament_id)
    if row is None:
        raise TournamentNotFoundError(
            _("Tournament #{tournament_id} does not exist.").format(tournament_id=tournament_id)
        )
    return row


def lock_row(session: Session, tournament_id: int) -> TournamentRow:
    """Lock the tournament for the rest of this write transaction (see `persistence.locks`).

    Call it first in an action that reads the tournament's state and then writes it, and take the
    time (`ctx.now()`) after it: two stations' actions then apply one after the other, each to the
    state the other committed, in the order of their times.
    """
    row = lock_tournament(session, tournament_id)
    if row is None:
        raise TournamentNotFoundError(
            _("Tournament #{tournament_id} does not exist.").format(tournament_id=tournament_id)
        )
    return row


DEFAULT_CHIPS = (25, 100, 500, 1000, 5000)
DEFAULT_STACK = 10_000


def default_setup() -> tuple[Structure, ChipSet, int]:
    """What a new tournament starts with: a regular 20-minute structure for about 20 players."""
    chips = ChipSet.standard(DEFAULT_CHIPS)
    suggested = suggest_structure(
        players=20,
        starting_stack=DEFAULT_STACK,
        level_minutes=20,
        duration_minutes=300,
        chips=chips,
        name="Regular 20-minute levels",
    )
    return suggested.structure, chips, DEFAULT_STACK


def create_setup(session: Session, tournament_id: int) -> None:
    """Give a new tournament its set-up and a clock that has not started."""
    structure, chips, stack = default_setup()
    session.add(
        SetupRow(
            tournament_id=tournament_id,
            structure_json=structure_dump(structure),
            chips_json=chips_to_json(chips),
            starting_stack=stack,
        )
    )
    session.add(ClockRow(tournament_id=tournament_id))


def setup_row(session: Session, tournament_id: int) -> SetupRow:
    """The set-up row, created with the defaults when an older database lacks it.

    The session holds it until it ends: its identity map keeps rows only while something refers
    to them, and the helpers of one action or one refresh ask for it again and again.
    """
    row = session.get(SetupRow, tournament_id)
    if row is None:
        get_row(session, tournament_id)  # a clear error for an unknown tournament
        create_setup(session, tournament_id)
        session.flush()
        row = session.get(SetupRow, tournament_id)
        assert row is not None
    return _held(session, row)


def clock_row(session: Session, tournament_id: int) -> ClockRow:
    """The clock row (see `setup_row`; held by the session too)."""
    setup_row(session, tournament_id)
    row = session.get(ClockRow, tournament_id)
    assert row is not None
    return _held(session, row)


#: `Session.info` key of the rows a session holds (`setup_row`, `clock_row`).
_HELD = "clockapp.held"

R = TypeVar("R", SetupRow, ClockRow)


def _held(session: Session, row: R) -> R:
    held: dict[tuple[type, int], object] = session.info.setdefault(_HELD, {})
    held[type(row), row.tournament_id] = row
    return row


def load_structure(session: Session, tournament_id: int) -> Structure:
    """The tournament's structure."""
    return structure_load(setup_row(session, tournament_id).structure_json)


def save_structure(session: Session, tournament_id: int, structure: Structure) -> None:
    """Replace the tournament's structure."""
    row = setup_row(session, tournament_id)
    row.structure_json = structure_dump(structure)
    session.add(row)


def load_chips(session: Session, tournament_id: int) -> ChipSet:
    """The tournament's chip set."""
    return chips_from_json(setup_row(session, tournament_id).chips_json)


def load_stacks(session: Session, tournament_id: int) -> PlannedStacks | None:
    """The stacks the cashier hands out, as planned with the structure (None: none planned)."""
    return stacks_from_json(setup_row(session, tournament_id).stacks_json)


def load_clock(session: Session, tournament_id: int) -> ClockState:
    """The tournament's clock state."""
    return clock_state(clock_row(session, tournament_id))


def save_clock(session: Session, tournament_id: int, state: ClockState) -> None:
    """Store the tournament's clock state."""
    row = clock_row(session, tournament_id)
    store_clock_state(row, state)
    session.add(row)


def utc(value: datetime) -> datetime:
    """Refuse naive datetimes at the service boundary."""
    if value.tzinfo is None:
        raise ValueError("times given to services must be timezone-aware")
    return value
