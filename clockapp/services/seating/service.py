"""`SeatingService`: the room's layout, seats, hand moves, balancing, breaking, the final table."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from clockapp.core.balancing import (
    BalancePolicy,
    BreakRules,
    NeedButton,
    break_costs,
    break_order,
    busts_until_break,
    plan_balance,
    plan_breaks,
)
from clockapp.core.seating import (
    DealIn,
    MoveKind,
    Seat,
    Seating,
    SeatingError,
    Table,
    close_seat,
    draw_seat,
    draw_seats,
    move_player,
    open_seat,
    seat_player,
    set_button,
    set_fixed,
)
from clockapp.persistence.models import GameTableRow, HandForHandRow, SeatingConfigRow, SeatMoveRow
from clockapp.services.changes import Change, Outcome
from clockapp.services.ending import refuse_if_finished
from clockapp.services.seating.hfh import HandForHandActions
from clockapp.services.seating.rounds import ShootoutActions
from clockapp.services.seating.store import (
    Plan,
    Room,
    apply_plan,
    balance_status,
    check_not_shootout,
    config_of,
    hfh_of,
    load_room,
    log_moves,
    move_info,
    names_of,
    order_text,
    store_room,
    table_infos,
)
from clockapp.services.seating.views import (
    BalanceResult,
    MoveInfo,
    NewSeat,
    RoomView,
    SeatingConfig,
    TableInfo,
    WaitingPlayer,
)
from clockapp.services.setup import get_row

#: The most tables `add_tables` creates in one call.
MAX_TABLES = 200


class SeatingService(HandForHandActions, ShootoutActions):
    """Use cases of the tables window. Each call is one transaction."""

    # ---------------------------------------------------------------- reading
    def room(self, tournament_id: int) -> RoomView:
        """The room: every table and seat, players waiting for a seat, the balance."""
        with self._ctx.reading() as session:
            room = load_room(session, tournament_id, self._ctx.now())
            config = room.settings
            status, out = balance_status(room.seating, config.policy)
            final: tuple[int, int] | None = None
            costs: tuple[tuple[int, int], ...] = ()
            try:
                until = busts_until_break(room.seating, config.rules)
                order = break_order(room.seating, config.rules)
                if order:
                    host = room.seating.table(order[-1])
                    final = (host.number, config.rules.final_table_size or host.open_seat_count)
                if len(order) > 2:  # with two left, the final table forms instead
                    costs = tuple(break_costs(room.seating, config.rules).items())
            except SeatingError:
                until = None  # the chosen final table has broken: the status says enough
            seated = room.seating.players
            waiting = tuple(
                WaitingPlayer(rid, room.name(rid))
                for rid in sorted(room.registrations)
                if rid not in seated
            )
            shootout_on = room.shootout is not None and room.shootout.champion is None
            return RoomView(
                tournament_id,
                table_infos(room),
                waiting,
                config,
                status,
                out,
                None if shootout_on else until,
                hfh_of(session.get(HandForHandRow, tournament_id)),
                shootout_on,
                final,
                () if shootout_on else costs,
            )

    def seating(self, tournament_id: int) -> Seating:
        """The core room (players are registration ids; buttons as the director last gave them)."""
        with self._ctx.reading() as session:
            return load_room(session, tournament_id, self._ctx.now()).seating

    def config(self, tournament_id: int) -> SeatingConfig:
        """The balance policy and break rules."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return config_of(session.get(SeatingConfigRow, tournament_id))

    def moves(self, tournament_id: int) -> tuple[MoveInfo, ...]:
        """Every move logged, oldest first."""
        return self._moves(tournament_id, pending_only=False)

    def pending_moves(self, tournament_id: int) -> tuple[MoveInfo, ...]:
        """The moves the display shows until the director acknowledges them, oldest first."""
        return self._moves(tournament_id, pending_only=True)

    def _moves(self, tournament_id: int, *, pending_only: bool) -> tuple[MoveInfo, ...]:
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            query = select(SeatMoveRow).where(col(SeatMoveRow.tournament_id) == tournament_id)
            if pending_only:
                query = query.where(col(SeatMoveRow.acknowledged).is_(False)).where(
                    col(SeatMoveRow.undone).is_(False)
                )
            rows = session.exec(query.order_by(col(SeatMoveRow.id))).all()
            ids = {r.registration_id for r in rows}
            names = names_of(session, ids)
            return tuple(move_info(r, names) for r in rows)

    # ---------------------------------------------------------------- the room's layout
    def add_tables(
        self, tournament_id: int, count: int = 1, seat_count: int = 10
    ) -> Outcome[tuple[int, ...]]:
        """Add `count` tables of `seat_count` seats, numbered after the highest table in play.

        Raises:
            SeatingError: A count below 1 or above `MAX_TABLES`, or a seat count the core refuses.
        """
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_TABLES:
            raise SeatingError(f"Add 1 to {MAX_TABLES} tables at a time (got {count!r}).")
        Table(1, seat_count=seat_count)  # the core's message for a bad seat count

        def act(session: Session, room: Room, _now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(room, "adding tables")
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

        return self._write(tournament_id, act)

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
                cleaned = " ".join(name.split())
                if len(cleaned) > 60:
                    raise SeatingError(f"Table {number}: a name can be at most 60 characters.")
                new = replace(new, name=cleaned)
            if seat_count is not None and seat_count != table.seat_count:
                if seat_count < table.seat_count:
                    check_not_shootout(room, "removing seats")
                taken = sorted(s for s in room.seating.players_at(number) if s > seat_count)
                if taken:
                    raise SeatingError(
                        f"{table.label}: seat {taken[0]} is taken; move the player before "
                        f"cutting the table to {seat_count} seats."
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

        return self._write(tournament_id, act)

    def remove_table(self, tournament_id: int, number: int) -> Outcome[int]:
        """Take an empty table out of play.

        Raises:
            SeatingError: Players still sit there, or the table is not in play.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(room, "removing a table")
            count = room.seating.count(number)
            if count:
                raise SeatingError(
                    f"Table {number} still has {count} player{'s' if count > 1 else ''}: "
                    "break it or move them first."
                )
            after = Seating(
                tuple(t for t in room.seating.tables if t.number != number),
                room.seating.seats,
                room.seating.fixed,
            )
            store_room(session, room, after, now)
            return number, Change.SEATING, f"removed table {number}"

        return self._write(tournament_id, act)

    def set_rules(
        self,
        tournament_id: int,
        *,
        policy: BalancePolicy | None = None,
        rules: BreakRules | None = None,
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
                        f"{host.label} has only {host.open_seat_count} open seats; the final "
                        f"table is set to {size} players."
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

        return self._write(tournament_id, act)

    def set_policy(self, tournament_id: int, policy: BalancePolicy) -> Outcome[SeatingConfig]:
        """Choose when tables count as out of balance."""
        return self.set_rules(tournament_id, policy=policy)

    def set_break_rules(self, tournament_id: int, rules: BreakRules) -> Outcome[SeatingConfig]:
        """Choose the break order, the final table and its size.

        Raises:
            SeatingError: The final table is not in play, or it has fewer open seats than the
                final table size.
        """
        return self.set_rules(tournament_id, rules=rules)

    # ---------------------------------------------------------------- seats
    def draw_seats(
        self, tournament_id: int, *, redraw: bool = False
    ) -> Outcome[tuple[NewSeat, ...]]:
        """Seat every player in play who has no seat, by random draw (seat cards for everyone).

        Tables fill evenly (counts differ by at most one), team members spread over the tables.
        With `redraw`, everyone except the players with a fixed seat gives up the seat first and
        the whole field draws again (registration has closed).

        Raises:
            SeatingError: No tables, or more players than free open seats.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(room, "a draw")
            if not room.seating.tables:
                raise SeatingError("No tables are set up: add tables before drawing seats.")
            seating = room.seating
            if redraw:
                seats = {p: s for p, s in seating.seats.items() if p in seating.fixed}
                seating = Seating(seating.tables, seats, seating.fixed)
            players = [rid for rid in sorted(room.registrations) if seating.seat_of(rid) is None]
            if not players:
                raise SeatingError("Every player in play already has a seat.")
            drawn = draw_seats(seating, players, self._rng(), teams=room.teams)
            store_room(session, room, drawn.seating, now)
            result = tuple(
                NewSeat(
                    rid,
                    room.name(rid),
                    seat,
                    DealIn.NOW,
                    f"Drew {seat}",
                )
                for rid, seat in sorted(drawn.seats.items(), key=lambda item: item[1])
            )
            verb = "redrew" if redraw else "drew"
            return result, Change.SEATING, f"{verb} seats for {len(players)} players"

        return self._write(tournament_id, act)

    def seat_new_entry(self, tournament_id: int, registration_id: int) -> Outcome[NewSeat]:
        """Draw a seat for one late entry or re-entry (the cashier calls this after the buy-in).

        The player draws among the shortest tables, then a random empty seat; `NewSeat.deal_in`
        says whether the player waits for the button (never dealt in between the small blind and
        the button).

        Raises:
            SeatingError: The player is not in play, already seated, or no open seat is free.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            refuse_if_finished(session, tournament_id)  # nobody takes a seat after the end
            check_not_shootout(room, "a late seat")
            room.in_play(registration_id)
            late = draw_seat(room.seating, registration_id, self._rng(), teams=room.teams)
            store_room(session, room, late.seating, now)
            name = room.name(registration_id)
            seat = NewSeat(registration_id, name, late.seat, late.deal_in, late.reason)
            return seat, Change.SEATING, f"{name} drew {late.seat}"

        return self._write(tournament_id, act)

    def seat_player(
        self,
        tournament_id: int,
        registration_id: int,
        table: int,
        seat: int,
        *,
        fixed: bool = False,
    ) -> Outcome[NewSeat]:
        """Seat a player who has no seat in a chosen seat (the host's own; `fixed` keeps it).

        Raises:
            SeatingError: The player is not in play or already seated, or the seat is missing,
                closed or taken.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(room, "seating a player by hand")
            room.in_play(registration_id)
            done = seat_player(room.seating, registration_id, Seat(table, seat), fixed=fixed)
            store_room(session, room, done.seating, now)
            name = room.name(registration_id)
            info = NewSeat(registration_id, name, done.seat, done.deal_in, done.reason)
            return info, Change.SEATING, f"{name} seated at {done.seat}"

        return self._write(tournament_id, act)

    def move_player(
        self, tournament_id: int, registration_id: int, table: int, seat: int, reason: str = ""
    ) -> Outcome[MoveInfo]:
        """Move a player by hand to an empty open seat (drag and drop); logged and announced.

        Raises:
            SeatingError: The player is out or not seated, or the seat is missing, closed or taken.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(room, "moving a player by hand")
            name = room.name(registration_id)
            if registration_id not in room.registrations:
                raise SeatingError(f"{name} is out of the tournament: there is nobody to move.")
            if room.seating.seat_of(registration_id) is None:
                raise SeatingError(f"{name} has no seat yet: draw or choose a seat instead.")
            moved = move_player(room.seating, registration_id, Seat(table, seat), reason.strip())
            store_room(session, room, moved.seating, now)
            (info,) = log_moves(session, room, (moved.move,), now)
            return info, Change.SEATING, f"moved {name}: {moved.move.announcement}"

        return self._write(tournament_id, act)

    def undo_move(self, tournament_id: int, move_id: int) -> Outcome[MoveInfo]:
        """Take back a move made by hand: the player returns to the seat left (the undo of a drag).

        Raises:
            SeatingError: The move is not a hand move, was undone already, the player is no longer
                in its seat, or the old seat has been taken since.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            row = session.get(SeatMoveRow, move_id)
            if row is None or row.tournament_id != tournament_id:
                raise SeatingError(f"Move #{move_id} is not in this tournament.")
            info = room.move_info(row)
            if info.kind is not MoveKind.MANUAL:
                raise SeatingError(
                    f"Only moves made by hand can be undone ({info.name}'s move was {info.kind})."
                )
            if row.undone:
                raise SeatingError(f"{info.name}'s move {info.announcement} is already undone.")
            if room.seating.seat_of(info.registration_id) != info.to_seat:
                raise SeatingError(
                    f"{info.name} is no longer at {info.to_seat}: the move cannot be undone."
                )
            back = move_player(room.seating, info.registration_id, info.from_seat, "Undo")
            store_room(session, room, back.seating, now)
            row.undone = True
            row.acknowledged = True
            session.add(row)
            session.flush()
            return (
                room.move_info(row),
                Change.SEATING,
                f"undid the move of {info.name}",
            )

        return self._write(tournament_id, act)

    def set_fixed(
        self, tournament_id: int, registration_id: int, fixed: bool = True
    ) -> Outcome[bool]:
        """Fix a player's seat (balancing never moves the player) or free it again."""

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            room.in_play(registration_id)
            store_room(session, room, set_fixed(room.seating, registration_id, fixed), now)
            name = room.name(registration_id)
            return fixed, Change.SEATING, f"{'fixed' if fixed else 'freed'} the seat of {name}"

        return self._write(tournament_id, act)

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

        return self._write(tournament_id, act)

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

        return self._write(tournament_id, act)

    # ---------------------------------------------------------------- balancing and breaking
    def balance(self, tournament_id: int) -> Outcome[BalanceResult]:
        """Break the tables that break, form the final table when it is time, then balance.

        Call it after each elimination or whenever the director asks. When a button is needed,
        the result's `need_button` says which table: nothing is moved for balancing until the
        director answers (`set_button`) and balance is called again.

        Raises:
            SeatingError: A shootout is under way, or the chosen final table is not in play.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(room, "balancing")
            config = room.settings
            breaks = plan_breaks(
                room.seating,
                self._rng(),
                rules=config.rules,
                stats=room.stats(),
                teams=room.teams,
            )
            moves = list(breaks.moves)
            seating, stats = breaks.seating, breaks.stats
            plan = plan_balance(seating, config.policy, stats, teams=room.teams)
            need: NeedButton | None = None
            warnings: tuple[str, ...] = ()
            if isinstance(plan, NeedButton):
                need = plan
            else:
                moves.extend(plan.moves)
                seating = plan.seating  # the buttons stay: moving players does not move them
                stats, warnings = plan.stats, plan.warnings
            plan_done = Plan(
                seating, stats, tuple(moves), breaks.broken, breaks.final_table, need, warnings
            )
            return apply_plan(session, room, now, plan_done, "balanced")

        return self._write(tournament_id, act)

    def break_tables(self, tournament_id: int) -> Outcome[BalanceResult]:
        """Break the next tables in the break order now that the players fit at fewer tables.

        Raises:
            SeatingError: No table breaks yet (the message says how many more must go out).
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(room, "breaking tables")
            rules = room.settings.rules
            plan = plan_breaks(
                room.seating, self._rng(), rules=rules, stats=room.stats(), teams=room.teams
            )
            if not plan.broken:
                until = busts_until_break(room.seating, rules)
                if until is None:
                    raise SeatingError("Only one table is in play: there is no table to break.")
                raise SeatingError(
                    f"No table breaks yet: {until} more player{'s' if until != 1 else ''} must "
                    "go out before the players fit at one table fewer."
                )
            done = Plan(plan.seating, plan.stats, plan.moves, plan.broken, plan.final_table)
            return apply_plan(session, room, now, done, "broke tables")

        return self._write(tournament_id, act)

    def form_final_table(
        self, tournament_id: int, size: int | None = None
    ) -> Outcome[BalanceResult]:
        """Form the final table with a redraw for seats once every player fits at it.

        Args:
            tournament_id: The tournament.
            size: How many players the final table seats (kept for later); by default the
                configured size, else the open seats of the final table.

        Raises:
            SeatingError: Only one table is in play, or the players do not fit yet.
        """

        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            check_not_shootout(room, "forming the final table")
            rules = room.settings.rules
            if size is not None:
                rules = BreakRules(rules.order, rules.final_table, size)
            if len(room.seating.tables) < 2:
                raise SeatingError(
                    "Only one table is in play: the players are already at the final table."
                )
            plan = plan_breaks(
                room.seating, self._rng(), rules=rules, stats=room.stats(), teams=room.teams
            )
            if plan.final_table is None:
                host = room.seating.table(break_order(room.seating, rules)[-1])
                seats = rules.final_table_size or host.open_seat_count
                extra = room.seating.player_count - seats
                raise SeatingError(
                    f"{room.seating.player_count} players do not fit at a final table of {seats}: "
                    f"{extra} more must go out first."
                )
            if size is not None:
                row = session.get(SeatingConfigRow, tournament_id)
                assert row is not None
                row.final_table_size = size
                session.add(row)
            done = Plan(plan.seating, plan.stats, plan.moves, plan.broken, plan.final_table)
            return apply_plan(session, room, now, done, "formed the final table")

        return self._write(tournament_id, act)

    def acknowledge_move(self, tournament_id: int, move_id: int) -> Outcome[MoveInfo]:
        """The player has moved: the display stops showing the move.

        Raises:
            SeatingError: The move is not in this tournament.
        """

        def act(session: Session, room: Room, _now: datetime) -> tuple[Any, Change, str]:
            row = session.get(SeatMoveRow, move_id)
            if row is None or row.tournament_id != tournament_id:
                raise SeatingError(f"Move #{move_id} is not in this tournament.")
            row.acknowledged = True
            session.add(row)
            session.flush()
            info = room.move_info(row)
            return info, Change.SEATING, f"acknowledged {info.name}: {info.announcement}"

        return self._write(tournament_id, act)

    def acknowledge_all(self, tournament_id: int) -> Outcome[int]:
        """Acknowledge every pending move; returns how many there were."""

        def act(session: Session, _room: Room, _now: datetime) -> tuple[Any, Change, str]:
            rows = session.exec(
                select(SeatMoveRow)
                .where(col(SeatMoveRow.tournament_id) == tournament_id)
                .where(col(SeatMoveRow.acknowledged).is_(False))
            ).all()
            for row in rows:
                row.acknowledged = True
                session.add(row)
            return len(rows), Change.SEATING, f"acknowledged {len(rows)} moves"

        return self._write(tournament_id, act)
