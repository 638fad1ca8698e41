"""The room's layout: tables added, changed and removed, seats closed and opened, the button,
and the balance and break rules."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from clockapp.core.seating import Seating, SeatingError, Table, close_seat, open_seat, set_button
from clockapp.core.seating.balancing import BalancePolicy
from clockapp.core.seating.table_breaks import TableBreakRules
from clockapp.core.text import NAME_MAX, clean_text
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.persistence.models import GameTableRow, SeatingConfigRow
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.seating.action import SeatingWork
from clockapp.services.seating.room import Room, check_not_shootout, config_of, order_text
from clockapp.services.seating.room_changes import store_room
from clockapp.services.seating.room_status import table_infos
from clockapp.services.seating.room_view import SeatingConfig, TableInfo

#: The most tables `add_tables` creates in one call.
MAX_TABLES = 200


class LayoutActions:
    """Setting up the room: tables, seats, buttons, balance policy and break rules."""

    def __init__(self, work: SeatingWork) -> None:
        self._work = work

    def add_tables(
        self, tournament_id: int, count: int = 1, seat_count: int = 10
    ) -> Outcome[tuple[int, ...]]:
        """Add `count` tables of `seat_count` seats, numbered after the highest table in play.

        Raises:
            SeatingError: A count below 1 or above `MAX_TABLES`, or a seat count the core refuses.
        """
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_TABLES:
            raise SeatingError(
                _("Add 1 to {max_tables} tables at a time (got {count!r}).").format(
                    max_tables=MAX_TABLES, count=count
                )
            )
        Table(1, seat_count=seat_count)  # the core's message for a bad seat count

        def act(session: Session, room: Room, _now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(
                room,
                _(
                    "A shootout is under way: adding tables is not possible (tables play "
                    "down to one winner without balancing)."
                ),
            )
            start = max((t.number for t in room.seating.tables), default=0) + 1
            numbers = tuple(range(start, start + count))
            for number in numbers:
                row = room.tables.get(number)
                if row is None:
                    row = GameTableRow(tournament_id=tournament_id, number=number)
                    room.tables[number] = row
                row.seat_count, row.closed_seats, row.button = seat_count, "", None
                row.in_play, row.gives, row.name = True, 0, ""
                row.button_set_at, row.seats_changed_at = None, None
                session.add(row)
            session.flush()
            room.seating = Seating(
                (*room.seating.tables, *(Table(n, seat_count=seat_count) for n in numbers)),
                room.seating.seats,
                room.seating.fixed,
            )
            plural = "s" if count > 1 else ""
            return numbers, Change.SEATING, f"added {count} table{plural} of {seat_count}"

        return self._work.write(tournament_id, act)

    def update_table(
        self,
        tournament_id: int,
        number: int,
        *,
        name: str | None = None,
        seat_count: int | None = None,
    ) -> Outcome[TableInfo]:
        """Rename a table or change its number of seats.

        Raises:
            SeatingError: The table is not in play, or a player sits in a seat the new count
                removes (a button there is forgotten).
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            table = room.seating.table(number)
            new = table
            if name is not None:
                cleaned = clean_text(
                    name, _("Table {number}: the name").format(number=number), NAME_MAX
                )
                new = replace(new, name=cleaned)
            if seat_count is not None and seat_count != table.seat_count:
                if seat_count < table.seat_count:
                    check_not_shootout(
                        room,
                        _(
                            "A shootout is under way: removing seats is not possible (tables play "
                            "down to one winner without balancing)."
                        ),
                    )
                taken = sorted(s for s in room.seating.players_at(number) if s > seat_count)
                if taken:
                    raise SeatingError(
                        _(
                            "{label}: seat {taken} is taken; move the player before cutting the "
                            "table to "
                            "{seat_count} seats."
                        ).format(label=table.label, taken=taken[0], seat_count=seat_count)
                    )
                if table.button is not None and table.button > seat_count:
                    table = replace(table, button=None)  # a dead button on a seat that goes
                closed = frozenset(s for s in table.closed_seats if s <= seat_count)
                new = Table(
                    number,
                    seat_count=seat_count,
                    name=new.name,
                    closed_seats=closed,
                    button=table.button,
                )
            tables = tuple(new if t.number == number else t for t in room.seating.tables)
            store_room(session, room, Seating(tables, room.seating.seats, room.seating.fixed), now)
            info = next(t for t in table_infos(room) if t.number == number)
            return info, Change.SEATING, f"changed {new.label}"

        return self._work.write(tournament_id, act)

    def remove_table(self, tournament_id: int, number: int) -> Outcome[int]:
        """Take an empty table out of play.

        Raises:
            SeatingError: Players still sit there, or the table is not in play.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(
                room,
                _(
                    "A shootout is under way: removing a table is not possible (tables play "
                    "down to one winner without balancing)."
                ),
            )
            count = room.seating.count(number)
            if count:
                raise SeatingError(
                    ngettext(
                        "Table {number} still has {count} player: break it or move them first.",
                        "Table {number} still has {count} players: break it or move them first.",
                        count,
                    ).format(number=number, count=count)
                )
            after = Seating(
                tuple(t for t in room.seating.tables if t.number != number),
                room.seating.seats,
                room.seating.fixed,
            )
            store_room(session, room, after, now)
            return number, Change.SEATING, f"removed table {number}"

        return self._work.write(tournament_id, act)

    def set_rules(
        self,
        tournament_id: int,
        *,
        policy: BalancePolicy | None = None,
        rules: TableBreakRules | None = None,
    ) -> Outcome[SeatingConfig]:
        """Choose, in one action, the balance policy and the break rules (break order, final
        table and its size); None keeps a setting.

        Raises:
            SeatingError: The final table is not in play, or it has fewer open seats than the
                final table size.
        """

        def act(session: Session, room: Room, _now: datetime) -> tuple[Any, Change, str]:
            row = session.get(SeatingConfigRow, tournament_id)
            assert row is not None  # `lock_room` made it
            current = config_of(row)
            wanted = SeatingConfig(policy or current.policy, rules or current.rules)
            chosen = wanted.rules
            if chosen.final_table is not None:
                host = room.seating.table(chosen.final_table)
                size = chosen.final_table_size
                if size is not None and size > host.open_seat_count:
                    raise SeatingError(
                        _(
                            "{label} has only {open_seat_count} open seats; the final table is "
                            "set to "
                            "{size} players."
                        ).format(label=host.label, open_seat_count=host.open_seat_count, size=size)
                    )
            row.within, row.wide_within = wanted.policy.within, wanted.policy.wide_within
            row.wide_from_tables = wanted.policy.wide_from_tables
            row.break_order = order_text(chosen.order)
            row.final_table, row.final_table_size = chosen.final_table, chosen.final_table_size
            session.add(row)
            parts = []
            if policy is not None:
                parts.append(f"balance policy: {policy}")
            if rules is not None:
                parts.append("break order and final table")
            return config_of(row), Change.SEATING, "; ".join(parts) or "seating rules"

        return self._work.write(tournament_id, act)

    def set_policy(self, tournament_id: int, policy: BalancePolicy) -> Outcome[SeatingConfig]:
        """Choose when tables count as out of balance."""
        return self.set_rules(tournament_id, policy=policy)

    def set_break_rules(self, tournament_id: int, rules: TableBreakRules) -> Outcome[SeatingConfig]:
        """Choose the break order, the final table and its size.

        Raises:
            SeatingError: The final table is not in play, or it has fewer open seats than the
                final table size.
        """
        return self.set_rules(tournament_id, rules=rules)

    def close_seat(self, tournament_id: int, table: int, seat: int) -> Outcome[int]:
        """Close a seat nobody sits in (a broken chair, the dealer's elbow room).

        Raises:
            SeatingError: The seat is taken, holds the button, or is the table's last but one.
        """
        return self._seat_flag(tournament_id, table, seat, close=True)

    def open_seat(self, tournament_id: int, table: int, seat: int) -> Outcome[int]:
        """Open a closed seat again."""
        return self._seat_flag(tournament_id, table, seat, close=False)

    def _seat_flag(self, tournament_id: int, table: int, seat: int, *, close: bool) -> Outcome[int]:
        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            change = close_seat if close else open_seat
            store_room(session, room, change(room.seating, table, seat), now)
            verb = "closed" if close else "opened"
            return seat, Change.SEATING, f"{verb} table {table}, seat {seat}"

        return self._work.write(tournament_id, act)

    def set_button(self, tournament_id: int, table: int, seat: int | None) -> Outcome[int | None]:
        """Say where the button is for the next hand at a table (None: unknown).

        Raises:
            SeatingError: The seat is empty, closed, or not at the table.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            store_room(session, room, set_button(room.seating, table, seat), now)
            row = room.tables[table]
            # The same seat said again is a fresh answer too: its time starts now.
            row.button_set_at = None if seat is None else now
            session.add(row)
            where = "unknown" if seat is None else f"seat {seat}"
            return seat, Change.SEATING, f"button at table {table}: {where}"

        return self._work.write(tournament_id, act)
