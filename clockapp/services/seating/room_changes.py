"""The room's writes inside one transaction: a new `Seating` over the loaded rows, and its record.

`store_room` writes the tables and seats that changed (stale seats go); `store_stats` the move
counts; `log_moves` appends the moves; `apply_plan` stores a balancing, break or final-table
`Plan` in one go; `store_hfh` and `store_shootout_state` write hand-for-hand and the shootout.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from clockapp.core.seating import Move, MoveKind, Seat, Seating, Table
from clockapp.core.seating.balancing import NeedButton
from clockapp.core.seating.hand_for_hand import HandForHand
from clockapp.core.seating.planning import MoveStats
from clockapp.core.seating.shootout_state import Shootout
from clockapp.i18n import gettext as _
from clockapp.persistence.models import (
    HandForHandRow,
    MoveCountRow,
    SeatActionRow,
    SeatingConfigRow,
    SeatMoveRow,
    SeatRow,
    ShootoutRow,
)
from clockapp.persistence.models.seating import shootout_to_json
from clockapp.persistence.queries import seating as seating_rows
from clockapp.persistence.session import Session
from clockapp.services.changes import Change
from clockapp.services.seating.room import (
    Room,
    SeatRecord,
    hfh_of,
    move_info,
    numbers_text,
)
from clockapp.services.seating.room_view import BalanceResult, MoveInfo


def store_room(session: Session, room: Room, after: Seating, now: datetime) -> None:
    """Write the room `after` over the loaded one: tables, seats (stale ones go), fixed flags.

    Only what changed is written: a moved player's seat row is replaced (deleted first, so the
    seat it frees can be taken in the same transaction), the others are left alone.
    """
    seating_rows.delete_seats(session, room.stale)
    seats_changed = set(room.stale_tables)
    room.stale, room.stale_tables = [], set()
    before = room.seating
    after_tables = {t.number: t for t in after.tables}
    for number, table_row in room.tables.items():
        table = after_tables.get(number)
        if table is None:
            if table_row.in_play:
                table_row.in_play = False
                table_row.button, table_row.button_set_at = None, None
                session.add(table_row)
            continue
        dirty = False
        fields = (table.name, table.seat_count, numbers_text(table.closed_seats))
        now_fields = (table_row.name, table_row.seat_count, table_row.closed_seats)
        if fields != now_fields or not table_row.in_play:
            table_row.name, table_row.seat_count, table_row.closed_seats = fields
            table_row.in_play = True
            dirty = True
        loaded = room.core_tables.get(number)
        if table.button != (table_row.button if loaded is None else loaded.button):
            table_row.button = table.button
            table_row.button_set_at = None if table.button is None else now
            dirty = True
        had = before.players_at(number) if before.has_table(number) else {}
        if number in seats_changed or had != after.players_at(number):
            table_row.seats_changed_at = now
            dirty = True
        if dirty:
            session.add(table_row)
    room.core_tables = dict(after_tables)
    changed: list[int] = []
    gone: list[int] = []
    for rid, record in list(room.seats.items()):
        seat = after.seat_of(rid)
        if seat is None or seat != Seat(record.table, record.seat):
            gone.append(record.id)
            del room.seats[rid]
            if seat is not None:
                changed.append(rid)
        elif (rid in after.fixed) != record.fixed:
            fixed = rid in after.fixed
            seating_rows.set_seat_fixed(session, record.id, fixed)
            room.seats[rid] = replace(record, fixed=fixed)
    changed.extend(rid for rid in after.seats if rid not in room.seats and rid not in changed)
    seating_rows.delete_seats(session, gone)  # seats given up are free before anyone takes them
    rows = [
        SeatRow(
            tournament_id=room.tournament_id,
            registration_id=rid,
            table_number=after.seats[rid].table,
            seat_number=after.seats[rid].number,
            fixed=rid in after.fixed,
            entries=room.in_play(rid),
            seated_at=now,
        )
        for rid in sorted(changed)
    ]
    session.add_all(rows)
    session.flush()
    for row in rows:
        assert row.id is not None
        room.seats[row.registration_id] = SeatRecord(
            row.id, row.table_number, row.seat_number, row.fixed, row.entries
        )
    room.seating = after


def store_stats(session: Session, room: Room, stats: MoveStats) -> None:
    for rid, moves in stats.player_moves.items():
        stored = room.counts.get(rid)
        if stored == moves:
            continue
        if stored is None:
            session.add(
                MoveCountRow(registration_id=rid, tournament_id=room.tournament_id, moves=moves)
            )
        else:
            seating_rows.set_move_count(session, rid, moves)
        room.counts[rid] = moves
    for number, gives in stats.table_gives.items():
        table = room.tables.get(number)
        if table is not None and table.gives != gives:
            table.gives = gives
            session.add(table)


def log_moves(
    session: Session, room: Room, moves: Iterable[Move], now: datetime
) -> tuple[MoveInfo, ...]:
    rows = [
        SeatMoveRow(
            tournament_id=room.tournament_id,
            registration_id=m.player,
            from_table=m.from_seat.table,
            from_seat=m.from_seat.number,
            to_table=m.to_seat.table,
            to_seat=m.to_seat.number,
            kind=str(m.kind),
            reason=m.reason[:500],
            deal_in=str(m.deal_in),
            action=room.action,
            created_at=now,
        )
        for m in moves
    ]
    session.add_all(rows)
    session.flush()
    return tuple(move_info(row, room.names) for row in rows)


def store_hfh(session: Session, row: HandForHandRow, hfh: HandForHand) -> None:
    row.hand = hfh.hand
    row.tables = numbers_text(hfh.tables)
    row.finished = numbers_text(hfh.finished)
    session.add(row)


@dataclass(frozen=True)
class Plan:
    """What a balancing, break or final-table plan decided, ready to store."""

    seating: Seating
    stats: MoveStats
    moves: tuple[Move, ...]
    broken: tuple[int, ...] = ()
    final_table: int | None = None
    need: NeedButton | None = None
    warnings: tuple[str, ...] = ()
    held: tuple[int, ...] = ()


def apply_plan(
    session: Session,
    room: Room,
    now: datetime,
    plan: Plan,
    what: str,
    rules: tuple[FinalRules, FinalRules] | None = None,
) -> tuple[BalanceResult, Change, str]:
    """Store a plan's room, move counts and moves; the broken tables' hands are over.

    `rules` are the final-table rules before and after, when the action saved new ones: its
    undo puts them back.
    """
    changed = plan.seating is not room.seating
    before = room.seating
    if changed:
        store_room(session, room, plan.seating, now)
    store_stats(session, room, plan.stats)
    if plan.broken:
        hfh_row = session.get(HandForHandRow, room.tournament_id)
        hfh = hfh_of(hfh_row)
        if hfh_row is not None and hfh is not None:
            gone = hfh.tables & set(plan.broken)
            store_hfh(session, hfh_row, replace(hfh, finished=hfh.finished | gone))
    logged = log_moves(session, room, plan.moves, now)
    recorded = record_action(
        session, room, now, what, before, plan.seating, bool(plan.moves), rules
    )
    result = BalanceResult(
        logged,
        plan.need,
        plan.broken,
        plan.final_table,
        plan.warnings,
        room.action if recorded else None,
        plan.held,
    )
    count = len(plan.moves)
    summary = f"{what}: {count} move{'s' if count != 1 else ''}"
    if plan.need is not None:
        summary += f"; asked for the button at table {plan.need.table}"
    return result, Change.SEATING if changed else Change.NONE, summary


@dataclass(frozen=True)
class TableState:
    """What an undo of a seating action puts back of a table: in play or not, its closed seats
    and its button."""

    in_play: bool
    closed: frozenset[int] = frozenset()
    button: int | None = None


def table_states(seating: Seating, numbers: Iterable[int]) -> dict[int, TableState]:
    """The state of each table numbered, in `seating` (out of play when it is not there)."""
    tables = {t.number: t for t in seating.tables}
    return {n: _state_of(tables.get(n)) for n in numbers}


def _state_of(table: Table | None) -> TableState:
    if table is None:
        return TableState(False)
    return TableState(True, frozenset(table.closed_seats), table.button)


def states_to_json(states: dict[int, TableState]) -> str:
    return json.dumps(
        {
            str(n): {"in_play": s.in_play, "closed": sorted(s.closed), "button": s.button}
            for n, s in sorted(states.items())
        }
    )


def states_from_json(text: str) -> dict[int, TableState]:
    data = json.loads(text or "{}")
    return {
        int(n): TableState(bool(s["in_play"]), frozenset(s["closed"]), s["button"])
        for n, s in data.items()
    }


@dataclass(frozen=True)
class FinalRules:
    """The final table and its size as the seating rules keep them (None: not chosen)."""

    final_table: int | None
    final_table_size: int | None

    @classmethod
    def of(cls, row: SeatingConfigRow | None) -> FinalRules:
        if row is None:
            return cls(None, None)
        return cls(row.final_table, row.final_table_size)

    def to_json(self) -> str:
        return json.dumps(
            {"final_table": self.final_table, "final_table_size": self.final_table_size}
        )

    @classmethod
    def from_json(cls, text: str) -> FinalRules:
        data = json.loads(text)
        return cls(data["final_table"], data["final_table_size"])


def record_action(
    session: Session,
    room: Room,
    now: datetime,
    what: str,
    before: Seating,
    after: Seating,
    moved: bool,
    rules: tuple[FinalRules, FinalRules] | None = None,
) -> bool:
    """Keep what an undo of this balancing, break or final table needs: the tables it changed,
    before and after (the moves carry the room's action number), and the final-table `rules`
    (before, after) when the action saved new ones. False: it changed nothing."""
    numbers = {t.number for t in before.tables} | {t.number for t in after.tables}
    was, became = table_states(before, numbers), table_states(after, numbers)
    changed = {n for n in numbers if was[n] != became[n]}
    if rules is not None and rules[0] == rules[1]:
        rules = None
    if not moved and not changed and rules is None:
        return False
    session.add(
        SeatActionRow(
            tournament_id=room.tournament_id,
            action=room.action,
            what=what[:40],
            tables_before=states_to_json({n: was[n] for n in changed}),
            tables_after=states_to_json({n: became[n] for n in changed}),
            rules_before=None if rules is None else rules[0].to_json(),
            rules_after=None if rules is None else rules[1].to_json(),
            created_at=now,
        )
    )
    return True


def round_moves(before: Shootout, after: Shootout) -> tuple[Move, ...]:
    """The winners' walk from their old seats to the next round's, for the display."""
    old = before.current.seating
    new = after.current
    kind = MoveKind.FINAL_TABLE if new.is_final else MoveKind.BREAK
    reason = (
        _("Shootout final table: redraw for seats")
        if new.is_final
        else _("Shootout round {number}: table winners redraw for seats").format(number=new.number)
    )
    moves = []
    for player, seat in sorted(new.seating.seats.items()):
        was = old.seat_of(player)
        if was is not None:
            moves.append(Move(player, was, seat, kind, reason))
    return tuple(moves)


def store_shootout_state(
    session: Session, room: Room, now: datetime, *, new_round: bool = False
) -> None:
    """Write the room's shootout (its JSON); `new_round` starts the round's time limit now."""
    assert room.shootout is not None
    row = session.get(ShootoutRow, room.tournament_id)
    if row is None:
        row = ShootoutRow(tournament_id=room.tournament_id, state_json="", updated_at=now)
    row.state_json = shootout_to_json(room.shootout)
    row.updated_at = now
    if new_round:
        row.round_started_at = now
        room.round_started_at = now
    session.add(row)
    room.shootout_changed = False
