"""One player seated inside a sale's transaction, without loading or storing the whole room.

`cashier_seats.seat_in_session` seats a player just put in play; when no shootout is stored (the
usual night), it runs here: it reads the tables in play, the stored seats with their players'
state and the one player as plain rows (`persistence.queries.seat_draw`), lets the core decide
over the room those rows make (`clockapp.core.seating.draw_seat` or `seat_player`: the same rules
as every other draw), and writes one seat row, the stale rows' deletion and the tables whose
players changed. That is what `load_room` and `store_room` would do for this action, at a
fraction of the statements built and rows turned into objects, so a sale costs the same in a
full field as in an empty one. `follow_busts` does the same for a bust that frees its seat
(`cashier_seats.follow_in_session`).

A room with no free seat is the cashier's choice, made before the money is taken (`IfFull`):
sell without a seat, refuse so the cashier can ask (`NoFreeSeat`, which rolls the sale back), or
open the next table (`make_room`) and seat the player there, all in the sale's one transaction;
the room is looked at again only when the draw found no seat. Undoing that sale
closes the table again while nobody sits there (`close_if_empty`), in the undo's transaction.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from clockapp.core.seating import (
    DealIn,
    LateSeat,
    Seat,
    Seating,
    SeatingError,
    Table,
    draw_seat,
    seat_player,
)
from clockapp.i18n import gettext as _
from clockapp.persistence.queries import seat_draw
from clockapp.persistence.queries import seating as seating_rows
from clockapp.persistence.session import Session
from clockapp.services.seating.room import (
    SeatRecord,
    display_name,
    name_error,
    names_of,
    not_in_play,
    numbers,
    split_seats,
)
from clockapp.services.seating.room_view import NewSeat


@dataclass(frozen=True)
class SeatNote:
    """What an entry, a rebuy or an undone bust did to the player's seat.

    Attributes:
        seat: The player's seat now (None when none could be given).
        changed: Whether the player sat down now (False: kept the seat they had).
        refusal: Why no seat was given ("" when seated).

    >>> from clockapp.core.seating import DealIn, Seat
    >>> SeatNote(NewSeat(7, "Ann", Seat(1, 3), DealIn.NOW, "Back at Table 1, seat 3")).sentence
    'Back at Table 1, seat 3'
    >>> SeatNote(None, refusal="No seat drawn: every seat is taken.").sentence
    'No seat drawn: every seat is taken.'
    """

    seat: NewSeat | None
    changed: bool = True
    refusal: str = ""

    @property
    def sentence(self) -> str:
        """For the cashier and the dealer: where the player sits, or why nowhere."""
        if self.seat is None:
            return self.refusal
        return self.seat.reason or str(self.seat.seat)


class IfFull(StrEnum):
    """What a sale does when its player would find no free seat."""

    NO_SEAT = "no seat"  # sold anyway: the player waits, the tables window seats them later
    ASK = "ask"  # refused, nothing written: the cashier asks what to do and sells again
    OPEN_TABLE = "open a table"  # the next table opens and the player sits there


@dataclass(frozen=True)
class TableToOpen:
    """The table a sale opens when no seat is free: the next number, the room's largest table.

    >>> TableToOpen(3, 10).question
    'No seat is free: open table 3 (10 seats) and seat the player there?'
    """

    number: int
    seat_count: int

    @property
    def question(self) -> str:
        """What the cashier is asked before the money is taken."""
        return _(
            "No seat is free: open table {number} ({seat_count} seats) and seat the player there?"
        ).format(number=self.number, seat_count=self.seat_count)


class NoFreeSeat(SeatingError):
    """A sale asked to stop when no seat is free (`IfFull.ASK`): nothing was written.

    >>> print(NoFreeSeat("Ann", TableToOpen(3, 10)))
    No seat is free for Ann: nothing was sold. Open table 3 (10 seats) for them, or sell
    without a seat.
    """

    def __init__(self, name: str, table: TableToOpen) -> None:
        super().__init__(
            _(
                "No seat is free for {name}: nothing was sold. Open table "
                "{number} ({seat_count} seats) for them, or sell without a "
                "seat."
            ).format(name=name, number=table.number, seat_count=table.seat_count)
        )
        self.table = table


def table_to_open(
    session: Session, tournament_id: int, leaving: int | None = None
) -> TableToOpen | None:
    """The table a sale would open: None while an open seat is free, or when the room has no
    tables (seating is not used tonight) or a shootout stored (its own rules seat players).

    `leaving` is a player whose seat the sale gives up (a re-entry draws a new one), so it
    counts as free. Nothing is written: stale seats count as free, as the draw will find them.
    """
    tables = _tables(session, tournament_id)
    if not tables:
        return None
    rows = seat_draw.seats(session, tournament_id)
    in_play = {row[1]: row[6] for row in rows if row[7] and row[1] != leaving}
    standing, _stale, _changed = split_seats((row[:6] for row in rows), in_play, tables)
    # Asked before every sale: the shootout is looked for only in the rare full room.
    if _room(tables, standing).free_seat_count or seat_draw.has_shootout(session, tournament_id):
        return None
    return TableToOpen(max(t.number for t in tables) + 1, max(t.seat_count for t in tables))


def make_room(
    session: Session, tournament_id: int, name: str, if_full: IfFull
) -> TableToOpen | None:
    """After a sale's seat draw found no seat: when none is free, refuse (`IfFull.ASK`: the
    sale's transaction rolls back, so nothing is sold) or open the next table
    (`IfFull.OPEN_TABLE`); returns the table opened (None: a seat is free, or the sale stands
    without one).

    Raises:
        NoFreeSeat: No seat is free and the sale asked to stop.
    """
    if if_full is IfFull.NO_SEAT:
        return None
    table = table_to_open(session, tournament_id)
    if table is None:
        return None
    if if_full is IfFull.ASK:
        raise NoFreeSeat(name, table)
    seat_draw.open_table(session, tournament_id, table.number, table.seat_count)
    return table


def close_if_empty(session: Session, tournament_id: int, number: int, now: datetime) -> bool:
    """Take table `number` out of play when nobody in play sits there (the undo of a sale that
    opened it); returns whether it closed. Stale seats go first, as in every seating write, so
    the seat of the entry just voided does not hold the table. A shootout's tables are its own.
    """
    if seat_draw.has_shootout(session, tournament_id):
        return False
    tables = _tables(session, tournament_id)
    if all(t.number != number for t in tables):
        return False
    standing, changed = _drop_stale(session, seat_draw.seats(session, tournament_id), tables)
    seat_draw.seats_changed(session, tournament_id, changed, now)
    if any(s.table == number for s in standing.values()):
        return False
    seat_draw.close_table(session, tournament_id, number)
    return True


def seat_one(
    session: Session,
    tournament_id: int,
    registration_id: int,
    now: datetime,
    rng: random.Random,
    back_to: Seat | None,
) -> SeatNote | None:
    """Seat one player (no shootout stored): see `cashier_seats.seat_in_session` for the rules.

    Stale seat rows go first (a seat one held may be drawn), as every seating write does.

    Returns:
        None when the room has no tables; else the seat, or why none was given.
    """
    tables = _tables(session, tournament_id)
    if not tables:
        return None
    rows = seat_draw.seats(session, tournament_id)
    standing, changed = _drop_stale(session, rows, tables)
    player = seat_draw.player(session, tournament_id, registration_id)
    name = f"Registration #{registration_id}" if player is None else display_name(*player[2:4])
    kept = standing.get(registration_id)
    if kept is not None:
        seat_draw.seats_changed(session, tournament_id, changed, now)
        where = Seat(kept.table, kept.seat)
        return SeatNote(NewSeat(registration_id, name, where, DealIn.NOW, f"Keeps {where}"), False)
    try:
        if player is None or not player[1]:
            raise not_in_play(name)
        teams = {row[1]: row[8].strip() for row in rows if row[8].strip()}
        if player[4].strip():
            teams[registration_id] = player[4].strip()
        late = _decide(_room(tables, standing), registration_id, rng, back_to, teams)
    except SeatingError as error:
        seat_draw.seats_changed(session, tournament_id, changed, now)
        named = name_error(error, lambda ids: _names(session, ids, registration_id, name))
        return SeatNote(None, refusal=_("No seat drawn: {named}").format(named=named))
    seat = late.seat
    seat_draw.add_seat(
        session, tournament_id, registration_id, seat.table, seat.number, player[0], now
    )
    seat_draw.seats_changed(session, tournament_id, changed | {seat.table}, now)
    return SeatNote(NewSeat(registration_id, name, seat, late.deal_in, late.reason))


def follow_busts(session: Session, tournament_id: int, now: datetime) -> bool:
    """Free the seats of players no longer in play (no shootout stored; see
    `cashier_seats.follow_in_session`): their rows go and their tables are dated.

    Returns whether any went.
    """
    rows = seat_draw.seats(session, tournament_id)
    standing, changed = _drop_stale(session, rows, _tables(session, tournament_id))
    seat_draw.seats_changed(session, tournament_id, changed, now)
    return len(standing) != len(rows)


def _tables(session: Session, tournament_id: int) -> tuple[Table, ...]:
    return tuple(
        Table(number, seat_count=count, name=name, closed_seats=numbers(closed), button=button)
        for number, count, name, closed, button in seat_draw.tables_in_play(session, tournament_id)
    )


def _drop_stale(
    session: Session, rows: list[seat_draw.SeatFields], tables: tuple[Table, ...]
) -> tuple[dict[int, SeatRecord], set[int]]:
    """Delete the stale seat rows; returns the seats that stand and the tables in play whose
    players changed with it (to be dated with the action's other seat changes)."""
    in_play = {row[1]: row[6] for row in rows if row[7]}
    standing, stale, changed = split_seats((row[:6] for row in rows), in_play, tables)
    if stale:
        seating_rows.delete_seats(session, stale)
    return standing, changed


def _room(tables: tuple[Table, ...], standing: dict[int, SeatRecord]) -> Seating:
    return Seating(
        tables,
        {rid: Seat(s.table, s.seat) for rid, s in standing.items()},
        frozenset(rid for rid, s in standing.items() if s.fixed),
    )


def _decide(
    seating: Seating,
    registration_id: int,
    rng: random.Random,
    back_to: Seat | None,
    teams: dict[int, str],
) -> LateSeat:
    """The seat given back when still free, else one drawn by the rules (and why)."""
    if back_to is not None and back_to.number in _empty(seating, back_to.table):
        return seat_player(seating, registration_id, back_to, how="Back at")
    late = draw_seat(seating, registration_id, rng, teams=teams)
    if back_to is None:
        return late
    return LateSeat(
        late.seating,
        late.seat,
        late.deal_in,
        _("{back_to} is no longer free: {reason}").format(back_to=back_to, reason=late.reason),
    )


def _empty(seating: Seating, table: int) -> tuple[int, ...]:
    return seating.empty_seats(table) if seating.has_table(table) else ()


def _names(session: Session, ids: Iterable[int], rid: int, name: str) -> dict[int, str]:
    found = names_of(session, ids)
    found[rid] = name
    return found
