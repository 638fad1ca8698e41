"""Tables of a tournament's set-up and clock: structure, chips, settings, clock state, templates."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint, false
from sqlmodel import Column, Field, SQLModel, Text

from clockapp.persistence.types import BigInt, UTCDateTime


class SetupRow(SQLModel, table=True):
    """A tournament's structure, chip set and display settings (one row per tournament).

    The structure and chip set are value objects, stored whole as JSON (the core's own format):
    every edit replaces them in one transaction, so a half-saved structure cannot exist.
    """

    __tablename__ = "tournament_setup"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True, ondelete="CASCADE")
    structure_json: str = Field(sa_column=Column(Text, nullable=False))
    chips_json: str = Field(sa_column=Column(Text, nullable=False))
    starting_stack: int = Field(sa_type=BigInt)
    # The stacks checked against the chips owned when the structure was suggested
    # (`clockapp.core.money.handout.PlannedStacks` as JSON); the cashier hands them out.
    stacks_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    entries: int = 0  # counted by hand until the cashier records entries
    players_left: int = 0
    muted: bool = False
    announce: bool = True
    currency: str = Field(default="$", max_length=8)


class ClockRow(SQLModel, table=True):
    """The clock's persisted facts (`clockapp.core.clock.ClockState`): absolute times, no ticks."""

    __tablename__ = "clock_state"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True, ondelete="CASCADE")
    item_index: int = 0
    running: bool = False
    started: bool = False
    ends_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    remaining_ms: int | None = None
    hard_end: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    entered_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )


class ClockStepRow(SQLModel, table=True):
    """A clock action the director's Undo offers (`clockapp.core.clock.ClockStep`), kept so the
    undo history comes back after a restart.

    `kind` says what the step changed: "clock" (`before` and `after` are the clock states, JSON,
    `codec.clock_state_to_json`) or "registration" (the director's registration choices,
    `clockapp.core.registration.RegistrationMode` values). An undo
    marks its step `undone` and a redo marks it done again, so the Redo is offered after a
    restart too; a new press forgets the undone steps (it starts a new line of presses). The
    done steps always come before the undone ones. Steps are kept per station: each station's
    Undo offers its own presses.
    """

    __tablename__ = "clock_step"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    station: str = Field(max_length=100)
    name: str = Field(max_length=80)
    kind: str = Field(default="clock", max_length=20, sa_column_kwargs={"server_default": "clock"})
    before: str = Field(sa_column=Column(Text, nullable=False))
    after: str = Field(sa_column=Column(Text, nullable=False))
    undone: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class ClockEventClaimRow(SQLModel, table=True):
    """A sound or announcement already played: each (item, kind) plays once, ever."""

    __tablename__ = "clock_event_claim"
    __table_args__ = (UniqueConstraint("tournament_id", "item_index", "kind"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    item_index: int
    kind: str = Field(max_length=40)
    claimed_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class TemplateRow(SQLModel, table=True):
    """A named structure the director saved to reuse in later tournaments."""

    __tablename__ = "structure_template"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200, unique=True)
    structure_json: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
