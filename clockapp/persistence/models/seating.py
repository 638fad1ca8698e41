"""Tables of the seating: the room's tables, who sits where, the move log, and the rules.

A seat belongs to a registration (one player in one tournament). A seat row whose registration
is no longer in play (busted, withdrawn, or re-entered since the seat was drawn) is stale: the
seating service ignores it when reading and deletes it in its next write, so undoing a bust
before anything else moved gives the player the old seat back.

The move log is append-only in spirit: a move is never deleted, only acknowledged (the display
stops showing it) or marked undone (a move the director took back: a hand move, or every move
of a balancing, table break or final-table redraw, which a redo marks made again).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import UniqueConstraint, text
from sqlmodel import Column, Field, SQLModel, Text

from clockapp.core.seating import Seat, Seating, Table
from clockapp.core.seating.shootout_state import ExitCause, Shootout, ShootoutExit, ShootoutRound
from clockapp.persistence.types import UTCDateTime


class GameTableRow(SQLModel, table=True):
    """One table of a tournament's room (a broken table keeps its row, out of play).

    `closed_seats` lists the closed seat numbers separated by spaces ("5 10"); `gives` counts the
    players the table has given to balance others (the balancing planner spreads that load).
    `button_set_at` is when the director said where the button is, `seats_changed_at` when a
    player last sat down at or left the table. The button is kept until the director changes it
    or an event moves it (it no longer goes stale with time or seat changes).
    """

    __tablename__ = "game_table"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    number: int
    name: str = Field(default="", max_length=60)
    seat_count: int = 10
    closed_seats: str = Field(default="", max_length=100)
    button: int | None = None  # the button's seat for the next hand, None when unknown
    in_play: bool = True
    gives: int = 0
    button_set_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )
    seats_changed_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )


class SeatRow(SQLModel, table=True):
    """Where a registration sits. `entries` is the registration's entry count when seated: a
    re-entry (a new entry) draws a new seat, a rebuy keeps the old one."""

    __tablename__ = "seat"
    __table_args__ = (UniqueConstraint("tournament_id", "table_number", "seat_number"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    registration_id: int = Field(foreign_key="registration.id", unique=True, ondelete="CASCADE")
    table_number: int
    seat_number: int
    fixed: bool = False
    entries: int = 1
    seated_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class MoveCountRow(SQLModel, table=True):
    """How many times a registration has been moved to balance or break tables."""

    __tablename__ = "seat_move_count"

    registration_id: int = Field(
        foreign_key="registration.id", primary_key=True, ondelete="CASCADE"
    )
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    moves: int = 0


class SeatMoveRow(SQLModel, table=True):
    """One player moved: the seats, the reason, and whether the display still shows it.

    `action` numbers the service call that made the move (the change revision), so the moves of
    one balancing or one break read together.
    """

    __tablename__ = "seat_move"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    registration_id: int = Field(foreign_key="registration.id", index=True, ondelete="CASCADE")
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    kind: str = Field(max_length=20)  # clockapp.core.seating.MoveKind
    reason: str = Field(default="", max_length=500)
    deal_in: str = Field(default="now", max_length=40)  # clockapp.core.seating.DealIn
    action: int = 0
    acknowledged: bool = False
    undone: bool = False
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class SeatActionRow(SQLModel, table=True):
    """What one balancing, table break or final-table redraw did to the tables, to undo it.

    `action` is the number its moves share (`SeatMoveRow.action`). `tables_before` and
    `tables_after` are JSON objects keyed by table number, with the state of each table the
    action changed ({"in_play", "closed", "button"}): the undo puts the "before" back (a broken
    table reopens, the final table's seats and button return), the redo the "after".
    `rules_before` and `rules_after` are the final table and its size in the seating rules
    ({"final_table", "final_table_size"}) when the action saved new ones (the redraw's size);
    None: it left the rules alone.
    """

    __tablename__ = "seat_action"
    __table_args__ = (UniqueConstraint("tournament_id", "action"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    action: int
    what: str = Field(default="", max_length=40)  # "balanced", "broke tables", ...
    tables_before: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    tables_after: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    rules_before: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    rules_after: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    undone: bool = False
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))


class SeatingConfigRow(SQLModel, table=True):
    """A tournament's balancing policy and break rules (one row per tournament).

    Every seating action writes this row first, so two stations cannot balance the same room at
    the same moment (the second waits for the first and then plans on its result).
    """

    __tablename__ = "seating_config"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True, ondelete="CASCADE")
    within: int = 1
    wide_within: int | None = None
    wide_from_tables: int = 3
    break_order: str = Field(default="", max_length=500)  # table numbers, "4 2"
    final_table: int | None = None
    final_table_size: int | None = None
    # The shootout the tournament's template plans, before it is drawn
    # (`clockapp.core.event_templates.ShootoutPlan`; `plan_through` None: no plan). Kept on this
    # row, which every room read loads anyway.
    plan_first_round_minutes: int | None = None
    plan_later_minutes: int | None = None
    plan_through: int | None = None
    revision: int = 0  # bumped by every seating write (serialises stations)
    # No longer read: a button answer used to go stale after this long; it is now kept until the
    # director changes it. The column stays so older databases need no migration.
    button_max_age_seconds: int = Field(
        default=120, sa_column_kwargs={"server_default": text("120")}
    )


class HandForHandRow(SQLModel, table=True):
    """Hand-for-hand play in progress (no row: not playing hand-for-hand).

    `tables` and `finished` list table numbers separated by spaces. Players out in the hand are
    recorded at the cashier, which ranks them by the chips they started it with: `bust_hand` is
    the cashier's hand number of the open hand's first bust, so the busts entered after it, at
    any table, join that hand until the next hand is dealt (None: nobody out in it yet).
    """

    __tablename__ = "hand_for_hand"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True, ondelete="CASCADE")
    hand: int = 1
    tables: str = Field(default="", max_length=500)
    finished: str = Field(default="", max_length=500)
    bust_hand: int | None = None


class ShootoutRow(SQLModel, table=True):
    """A shootout in progress or finished, stored whole as JSON (rounds, seats, exits).

    `round_started_at` is when the current round was drawn: with a time limit, each table's time
    runs from there.
    """

    __tablename__ = "shootout"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True, ondelete="CASCADE")
    state_json: str = Field(sa_column=Column(Text, nullable=False))
    updated_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    round_started_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )


# ------------------------------------------------------------------ the shootout as JSON
# Kept next to the row that stores it (`clockapp.persistence.codec` holds the other domains').


def _seating_data(seating: Seating) -> dict[str, Any]:
    return {
        "tables": [
            {
                "number": t.number,
                "seat_count": t.seat_count,
                "name": t.name,
                "closed": sorted(t.closed_seats),
                "button": t.button,
            }
            for t in seating.tables
        ],
        "seats": [[p, s.table, s.number] for p, s in sorted(seating.seats.items())],
        "fixed": sorted(seating.fixed),
    }


def _seating_from(data: Mapping[str, Any]) -> Seating:
    tables = tuple(
        Table(
            t["number"],
            seat_count=t["seat_count"],
            name=t["name"],
            closed_seats=frozenset(t["closed"]),
            button=t["button"],
        )
        for t in data["tables"]
    )
    seats = {p: Seat(table, number) for p, table, number in data["seats"]}
    return Seating(tables, seats, frozenset(data["fixed"]))


def shootout_to_json(shootout: Shootout) -> str:
    """A shootout as JSON text (every round, seat and exit).

    >>> import random
    >>> from clockapp.core.seating.shootout import start_shootout
    >>> s = start_shootout([1, 2, 3, 4], [Table(1, seat_count=4)], random.Random(1))
    >>> shootout_from_json(shootout_to_json(s)) == s
    True
    """
    data = {
        "entrants": sorted(shootout.entrants),
        "time_limit_minutes": shootout.time_limit_minutes,
        "round_limits": list(shootout.round_limits),
        "advance": list(shootout.advance),
        "rounds": [
            {
                "number": r.number,
                "seating": _seating_data(r.seating),
                "winners": [[t, p] for t, p in sorted(r.winners.items())],
                "stacks": [[p, c] for p, c in sorted(r.stacks.items())],
                "through": [[t, list(ps)] for t, ps in sorted(r.through.items())],
            }
            for r in shootout.rounds
        ],
        "eliminations": [
            {
                "players": list(e.players),
                "round": e.round,
                "table": e.table,
                "cause": str(e.cause),
                "chips": e.chips,
            }
            for e in shootout.exits
        ],
    }
    return json.dumps(data)


def shootout_from_json(text: str) -> Shootout:
    """The shootout stored by `shootout_to_json`."""
    data = json.loads(text)
    rounds = tuple(
        ShootoutRound(
            r["number"],
            _seating_from(r["seating"]),
            {t: p for t, p in r["winners"]},
            {p: c for p, c in r["stacks"]},
            {t: tuple(ps) for t, ps in r.get("through", [])},
        )
        for r in data["rounds"]
    )
    exits = tuple(
        ShootoutExit(
            tuple(e["players"]), e["round"], e["table"], ExitCause(e["cause"]), e.get("chips")
        )
        for e in data["eliminations"]
    )
    return Shootout(
        frozenset(data["entrants"]),
        rounds,
        exits,
        data["time_limit_minutes"],
        tuple(data.get("round_limits", ())),  # stored before rounds had their own limits
        tuple(data.get("advance", ())),  # stored before tables could send several on
    )
