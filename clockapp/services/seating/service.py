"""`SeatingService`: the one object the tables window holds, over its parts; the room's reads.

The actions come in groups, one part (and module) each: `table_setup` (tables, seats closed,
buttons, rules), `seats_and_moves` (draws, late seats, hand moves), `balance` (balancing after
busts), `table_breaks` (break a table), `final_table`, `hand_for_hand` and `shootout`. Each part
is given the one unit of work (`SeatingWork`, in `action`: the context, the random source, one
transaction per action) in its constructor; the service hands out the parts' methods under the
names the window calls.
"""

from __future__ import annotations

import random

from clockapp.core.seating import Seating, SeatingError
from clockapp.core.seating.table_breaks import (
    busts_until_table_break,
    table_break_costs,
    table_break_order,
)
from clockapp.persistence.models import SeatingConfigRow
from clockapp.persistence.queries import seating as seating_rows
from clockapp.persistence.session import one_to_one
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.changes import Revision
from clockapp.services.context import ServiceContext, revision_of
from clockapp.services.seating.action import SeatingWork
from clockapp.services.seating.action_undo import ActionUndoActions
from clockapp.services.seating.balance import BalanceActions
from clockapp.services.seating.cashier_seats import balance_notice_in_session
from clockapp.services.seating.final_table import FinalTableActions
from clockapp.services.seating.hand_for_hand import HandForHandActions
from clockapp.services.seating.room import (
    config_of,
    hand_for_hand_now,
    load_room,
    move_info,
    names_of,
    room_seating,
)
from clockapp.services.seating.room_status import balance_status, table_infos
from clockapp.services.seating.room_view import MoveInfo, RoomView, SeatingConfig, WaitingPlayer
from clockapp.services.seating.sale_seat import TableToOpen, table_to_open
from clockapp.services.seating.seats_and_moves import SeatActions
from clockapp.services.seating.shootout import ShootoutActions
from clockapp.services.seating.table_breaks import TableBreakActions
from clockapp.services.seating.table_setup import MAX_TABLES, LayoutActions
from clockapp.services.setup import get_row

__all__ = ["MAX_TABLES", "SeatingService"]


class SeatingService:
    """Use cases of the tables window, from its parts. Each call is one transaction."""

    def __init__(
        self,
        ctx: ServiceContext,
        rng: random.Random | None = None,
        tills: LedgerCache | None = None,
    ) -> None:
        """Build the parts over one unit of work.

        Args:
            ctx: The engine and the time source.
            rng: The random source for draws (tests pass a seeded one); by default every draw
                gets a fresh generator seeded from `secrets`.
            tills: The money services' cache of the tills (the bubble's offer reads one).
        """
        self._ctx = ctx
        self._moves_read: dict[tuple[int, bool], tuple[Revision, tuple[MoveInfo, ...]]] = {}
        work = SeatingWork(ctx, rng)
        self.layout = LayoutActions(work)
        self.seats = SeatActions(work)
        self.balancing = BalanceActions(work, tills)
        self.table_breaks = TableBreakActions(work)
        self.final_table = FinalTableActions(work)
        self.action_undo = ActionUndoActions(work)
        self.hfh = HandForHandActions(ctx, work, tills)
        self.rounds = ShootoutActions(ctx, work)
        # Tables, seats closed, buttons, rules.
        self.add_tables = self.layout.add_tables
        self.update_table = self.layout.update_table
        self.remove_table = self.layout.remove_table
        self.set_rules = self.layout.set_rules
        self.set_policy = self.layout.set_policy
        self.set_break_rules = self.layout.set_break_rules
        self.close_seat = self.layout.close_seat
        self.open_seat = self.layout.open_seat
        self.set_button = self.layout.set_button
        # Draws, late seats, hand moves.
        self.draw_seats = self.seats.draw_seats
        self.seat_new_entry = self.seats.seat_new_entry
        self.seat_player = self.seats.seat_player
        self.move_player = self.seats.move_player
        self.undo_move = self.seats.undo_move
        self.set_fixed = self.seats.set_fixed
        self.acknowledge_move = self.seats.acknowledge_move
        self.acknowledge_all = self.seats.acknowledge_all
        # Balancing, breaking a table, the final table.
        self.balance = self.balancing.balance
        self.break_tables = self.table_breaks.break_tables
        self.form_final_table = self.final_table.form_final_table
        self.undo_actions = self.action_undo.undo_actions
        self.redo_actions = self.action_undo.redo_actions
        # Hand-for-hand play.
        self.hand_for_hand = self.hfh.hand_for_hand
        self.hand_for_hand_offer = self.hfh.hand_for_hand_offer
        self.open_hand_busts = self.hfh.open_hand_busts
        self.start_hand_for_hand = self.hfh.start_hand_for_hand
        self.finish_hand = self.hfh.finish_hand
        self.next_hand = self.hfh.next_hand
        self.stop_hand_for_hand = self.hfh.stop_hand_for_hand
        # Shootouts.
        self.shootout = self.rounds.shootout
        self.start_shootout = self.rounds.start_shootout
        self.shootout_bust = self.rounds.shootout_bust
        self.shootout_hand_busts = self.rounds.shootout_hand_busts
        self.shootout_time_limit = self.rounds.shootout_time_limit
        self.advance_shootout = self.rounds.advance_shootout
        self.on_player_busted = self.rounds.on_player_busted

    # ---------------------------------------------------------------- reading
    def room(self, tournament_id: int) -> RoomView:
        """The room: every table and seat, players waiting for a seat, the balance."""
        with self._ctx.reading() as session:
            room = load_room(session, tournament_id, self._ctx.now())
            config = room.settings
            status, out = balance_status(
                room.seating, config.policy, room.stats(), teams=room.teams
            )
            final: tuple[int, int] | None = None
            costs: tuple[tuple[int, int], ...] = ()
            try:
                until = busts_until_table_break(room.seating, config.rules)
                order = table_break_order(room.seating, config.rules)
                if order:
                    host = room.seating.table(order[-1])
                    final = (host.number, config.rules.final_table_size or host.open_seat_count)
                if len(order) > 2:  # with two left, the final table forms instead
                    costs = tuple(table_break_costs(room.seating, config.rules).items())
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
                hand_for_hand_now(session, tournament_id),
                shootout_on,
                final,
                () if shootout_on else costs,
                seating_rows.shootout_plan(session, tournament_id),
            )

    def table_to_open(self, tournament_id: int, leaving: int | None = None) -> TableToOpen | None:
        """The table a sale would open for its player now (None while a seat is free, or when
        the room has no tables); `leaving`: a re-entering player, whose seat is given up."""
        with self._ctx.reading() as session:
            return table_to_open(session, tournament_id, leaving)

    def seating(self, tournament_id: int) -> Seating:
        """The core room (players are registration ids; buttons as the director last gave them)."""
        with self._ctx.reading() as session:
            return load_room(session, tournament_id, self._ctx.now()).seating

    def seated(self, tournament_id: int) -> Seating:
        """The tables in play and who sits where, as `seating` has them, read in three
        statements: nothing followed or checked beyond the seats (the bust dialog's tables)."""
        with self._ctx.reading() as session:
            return room_seating(session, tournament_id)

    def balance_notice(self, tournament_id: int) -> str | None:
        """The move the room needs when it is out of balance, in plain words, with each table's
        count ("Tables out of balance: move a player from table 1 (9) to table 2 (7)."); None
        in balance or during a shootout."""
        with self._ctx.reading() as session:
            return balance_notice_in_session(session, tournament_id)

    def config(self, tournament_id: int) -> SeatingConfig:
        """The balance policy and break rules."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return config_of(one_to_one(session, SeatingConfigRow, tournament_id))

    def moves(self, tournament_id: int) -> tuple[MoveInfo, ...]:
        """Every move logged, oldest first."""
        return self._moves(tournament_id, pending_only=False)

    def pending_moves(self, tournament_id: int) -> tuple[MoveInfo, ...]:
        """The moves the display shows until the director acknowledges them, oldest first."""
        return self._moves(tournament_id, pending_only=True)

    def _moves(self, tournament_id: int, *, pending_only: bool) -> tuple[MoveInfo, ...]:
        # The tables window and the wall both ask after each change: the moves read at a
        # revision serve every later ask at that revision (a revision moves with every change).
        with self._ctx.reading() as session:
            revision = revision_of(session, tournament_id)
            if revision.tournament == 0:
                get_row(session, tournament_id)  # a clear error for an unknown tournament
            key = (tournament_id, pending_only)
            kept = self._moves_read.get(key)
            if kept is not None and kept[0] == revision:
                return kept[1]
            rows = seating_rows.seat_moves(session, tournament_id, pending_only=pending_only)
            ids = {r.registration_id for r in rows}
            names = names_of(session, ids)
            moves = tuple(move_info(r, names) for r in rows)
            self._moves_read[key] = (revision, moves)
            return moves
