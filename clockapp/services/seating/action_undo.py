"""Undo and redo of a balancing, a table break or the final-table redraw, as one action.

Every player the action moved goes back to the seat left, a table it broke reopens (with its
closed seats and its button), the final table gets its seats and button back; all in one
transaction, or nothing when any of them has busted, moved again or lost the old seat since.
The final-table size the redraw saved in the rules goes back too, and under hand-for-hand a
reopened table plays the current hand.
Several actions (a balancing that stopped for a button answer and went on) are undone together,
newest first, and redone together, oldest first. The moves stay in the log: an undo marks them
undone (the display drops them), a redo marks them made again and shows them until acknowledged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from clockapp.core.seating import MoveKind, Seat, Seating, SeatingError, Table
from clockapp.core.seating.hand_for_hand import HandForHand
from clockapp.core.seating.planning import MoveStats
from clockapp.i18n import gettext as _
from clockapp.persistence.models import HandForHandRow, SeatingConfigRow, SeatMoveRow
from clockapp.persistence.queries import seating as seating_rows
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.seating.action import SeatingWork
from clockapp.services.seating.room import Room, check_not_shootout, core_table, hfh_of
from clockapp.services.seating.room_changes import (
    FinalRules,
    TableState,
    states_from_json,
    store_hfh,
    store_room,
    store_stats,
)
from clockapp.services.seating.room_view import BalanceResult, MoveInfo

#: What the director calls each action in a refusal, by the summary its record keeps.
_NOUNS = {
    "balanced": "balancing",
    "broke tables": "table break",
    "formed the final table": "final-table redraw",
}


def _noun(what: str) -> str:
    return _NOUNS.get(what, "seating action")


class ActionUndoActions:
    """Taking back (and making again) balancings, table breaks and the final-table redraw."""

    def __init__(self, work: SeatingWork) -> None:
        self._work = work

    def undo_actions(self, tournament_id: int, actions: Sequence[int]) -> Outcome[BalanceResult]:
        """Undo balancing, break or final-table actions (`BalanceResult.action`), newest first.

        Raises:
            SeatingError: An action is not recorded or already undone, a player it moved has
                busted or moved since, or a seat to go back to is taken or gone.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(
                room,
                _(
                    "A shootout is under way: undoing a balancing is not possible (tables "
                    "play down to one winner without balancing)."
                ),
            )
            _check_some(actions)
            moves: list[MoveInfo] = []
            for number in sorted(set(actions), reverse=True):
                moves.extend(_step(session, room, now, number, undo=True))
            count = len(moves)
            summary = f"undid a seating action: {count} player{'s' if count != 1 else ''} back"
            return BalanceResult(tuple(moves)), Change.SEATING, summary

        return self._work.write(tournament_id, act)

    def redo_actions(self, tournament_id: int, actions: Sequence[int]) -> Outcome[BalanceResult]:
        """Make undone balancing, break or final-table actions again, oldest first.

        Raises:
            SeatingError: An action is not recorded or not undone, a player it moved has busted
                or moved since, or a seat it moved someone to is taken or gone.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(
                room,
                _(
                    "A shootout is under way: redoing a balancing is not possible (tables "
                    "play down to one winner without balancing)."
                ),
            )
            _check_some(actions)
            moves: list[MoveInfo] = []
            for number in sorted(set(actions)):
                moves.extend(_step(session, room, now, number, undo=False))
            count = len(moves)
            summary = f"redid a seating action: {count} move{'s' if count != 1 else ''}"
            return BalanceResult(tuple(moves)), Change.SEATING, summary

        return self._work.write(tournament_id, act)


def _check_some(actions: Sequence[int]) -> None:
    if not actions:
        raise SeatingError(
            _("No balancing, table break or final table was named: nothing to undo.")
        )


def _step(
    session: Session, room: Room, now: datetime, number: int, *, undo: bool
) -> list[MoveInfo]:
    """Undo (or redo) one recorded action on the room, in the caller's transaction."""
    record = seating_rows.seat_action(session, room.tournament_id, number)
    if record is None:
        raise SeatingError(
            _(
                "That seating action is not recorded for undo (it was made before undo was "
                "kept, or in another tournament): move the players by hand instead."
            )
        )
    noun = _noun(record.what)
    if undo and record.undone:
        raise SeatingError(_("The {noun} is already undone.").format(noun=noun))
    if not undo and not record.undone:
        raise SeatingError(
            _("The {noun} is not undone: there is nothing to redo.").format(noun=noun)
        )
    rows = list(seating_rows.action_moves(session, room.tournament_id, number))
    before = states_from_json(record.tables_before)
    after = states_from_json(record.tables_after)
    verb = "undone" if undo else "made again"
    trips: list[tuple[int, Seat, Seat]] = []
    for row in rows:
        info = room.move_info(row)
        leave, take = (info.to_seat, info.from_seat) if undo else (info.from_seat, info.to_seat)
        if info.registration_id not in room.registrations:
            raise SeatingError(
                _(
                    "{name} has busted since the {noun}: it cannot be {verb}. Move the others by "
                    "hand."
                ).format(name=info.name, noun=noun, verb=verb)
            )
        now_at = room.seating.seat_of(info.registration_id)
        if now_at != leave:
            where = "has no seat" if now_at is None else f"is at {now_at}"
            raise SeatingError(
                _(
                    "{name} has moved since the {noun} (now {where}, not {leave}): it cannot be "
                    "{verb}. Move the players by hand."
                ).format(name=info.name, noun=noun, where=where, leave=leave, verb=verb)
            )
        trips.append((info.registration_id, leave, take))
    expect, target = (after, before) if undo else (before, after)
    # A redraw deals the final table a new button; a balancing or a break only asked where the
    # receiving tables' buttons were, which stays true when the players go back.
    buttons = record.what == "formed the final table"
    seating = _replay(room, trips, expect, target, f"the {noun} cannot be {verb}", buttons)
    store_room(session, room, seating, now)
    store_stats(session, room, _stats(room, rows, -1 if undo else 1))
    _hand_for_hand_tables(session, room.tournament_id, expect, target)
    if record.rules_before is not None and record.rules_after is not None:
        rules_expect, rules_target = (
            (record.rules_after, record.rules_before)
            if undo
            else (record.rules_before, record.rules_after)
        )
        _put_rules(session, room, FinalRules.from_json(rules_expect), rules_target)
    for row in rows:
        row.undone = undo
        row.acknowledged = undo  # made again: the display shows the move until acknowledged
        session.add(row)
    record.undone = undo
    session.add(record)
    session.flush()
    return [room.move_info(row) for row in rows]


def _hand_for_hand_tables(
    session: Session,
    tournament_id: int,
    expect: dict[int, TableState],
    target: dict[int, TableState],
) -> None:
    """Under hand-for-hand, a table put back in play plays the current hand (the next hand
    waits for it) and a table taken out of play has finished it, as a break does.

    Every table in play plays each hand: the players who go back to a reopened table are dealt
    in there, so leaving it marked finished would let the next hand start without them. The
    undo is not refused, because the bubble is when a wrong break is most likely to need
    taking back.
    """
    row = session.get(HandForHandRow, tournament_id)
    hfh = hfh_of(row)
    if row is None or hfh is None:
        return
    reopened = {n for n, s in target.items() if s.in_play and not expect[n].in_play}
    closed = {n for n, s in target.items() if not s.in_play and expect[n].in_play}
    if not reopened and not closed:
        return
    tables = hfh.tables | reopened
    finished = (hfh.finished - reopened) | (closed & tables)
    store_hfh(session, row, HandForHand(hfh.hand, tables, finished))


def _put_rules(session: Session, room: Room, expect: FinalRules, target: str) -> None:
    """Set the final-table rules to `target` (JSON) unless the director changed them since
    the action (they are not `expect`): what was chosen after it stays."""
    row = session.get(SeatingConfigRow, room.tournament_id)
    if row is None or FinalRules.of(row) != expect:
        return
    rules = FinalRules.from_json(target)
    row.final_table, row.final_table_size = rules.final_table, rules.final_table_size
    session.add(row)


def _replay(
    room: Room,
    trips: Sequence[tuple[int, Seat, Seat]],
    expect: dict[int, TableState],
    target: dict[int, TableState],
    refusal: str,
    buttons: bool,
) -> Seating:
    """The room with the players moved (player, seat left, seat taken) and the tables set to
    `target`; refused in words when a table is not as `expect` says or a seat is not free.

    A table in play before and after keeps the button it has now unless `buttons` (the action
    drew them) and nobody changed it since; a table put back in play gets its own again.
    """
    seating = room.seating
    for number, state in expect.items():
        in_play = seating.has_table(number)
        if state.in_play and not in_play:
            raise SeatingError(
                _("Table {number} is no longer in play: {refusal}.").format(
                    number=number, refusal=refusal
                )
            )
        if not state.in_play and in_play:
            raise SeatingError(
                _("Table {number} is in play again: {refusal}.").format(
                    number=number, refusal=refusal
                )
            )
    movers = {player for player, _, _ in trips}
    seats = {p: s for p, s in seating.seats.items() if p not in movers}
    tables: dict[int, Table] = {t.number: t for t in seating.tables}
    for number, state in target.items():
        if not state.in_play:
            tables.pop(number, None)
            continue
        base = tables.get(number)
        button = state.button
        if base is None:
            row = room.tables.get(number)
            if row is None:
                raise SeatingError(
                    _("Table {number} is gone: {refusal}.").format(number=number, refusal=refusal)
                )
            base = core_table(row)
        elif not buttons or number not in expect or base.button != expect[number].button:
            button = base.button  # what the director said of this table stays true
        tables[number] = replace(base, closed_seats=state.closed, button=button)
    taken = {seat: player for player, seat in seats.items()}
    for player, seat in seats.items():
        table = tables.get(seat.table)
        if table is None or seat.number not in table.open_seats:
            raise SeatingError(
                _("{name} sits at {seat} since: {refusal}.").format(
                    name=room.name(player), seat=seat, refusal=refusal
                )
            )
    for player, _table, seat in trips:
        table = tables.get(seat.table)
        if table is None:
            raise SeatingError(
                _("Table {table} is not in play: {refusal}.").format(
                    table=seat.table, refusal=refusal
                )
            )
        if seat.number not in table.open_seats:
            raise SeatingError(
                _("{seat} is closed now: {refusal}.").format(seat=seat, refusal=refusal)
            )
        other = taken.get(seat)
        if other is not None:
            raise SeatingError(
                _("{seat} is taken by {name} since: {refusal}.").format(
                    seat=seat, name=room.name(other), refusal=refusal
                )
            )
        taken[seat] = player
        seats[player] = seat
    ordered = tuple(sorted(tables.values(), key=lambda t: t.number))
    return Seating(ordered, seats, seating.fixed)


def _stats(room: Room, rows: Sequence[SeatMoveRow], sign: int) -> MoveStats:
    """The move counts after taking back (`sign` -1) or making again (+1) the action's moves:
    the planner counts balancing and break moves per player, balancing moves per giving
    table."""
    players: dict[int, int] = {}
    gives: dict[int, int] = {}
    for row in rows:
        kind = MoveKind(row.kind)
        if kind in (MoveKind.BALANCE, MoveKind.BREAK):
            rid = row.registration_id
            players[rid] = players.get(rid, room.counts.get(rid, 0)) + sign
        if kind is MoveKind.BALANCE:
            table = room.tables.get(row.from_table)
            if table is not None:
                gives[row.from_table] = gives.get(row.from_table, table.gives) + sign
    return MoveStats(
        {rid: max(n, 0) for rid, n in players.items()},
        {n: max(g, 0) for n, g in gives.items()},
    )
