"""`SeatingService`: the tables window's use cases in one class, and the room's reads.

The actions come in groups, one module each: `layout` (tables, seats closed, buttons, rules),
`seats` (draws, late seats, hand moves), `balance` (breaking, balancing, the final table),
`hfh` (hand-for-hand play) and `rounds` (shootouts). Every group shares `SeatingBase`'s unit of
work (`store`).
"""

from __future__ import annotations

from clockapp.core.seating import Seating, SeatingError
from clockapp.core.seating.balancing import break_costs, break_order, busts_until_break
from clockapp.persistence.models import HandForHandRow, SeatingConfigRow
from clockapp.persistence.queries import seating as seating_rows
from clockapp.services.seating.balance import BalanceActions
from clockapp.services.seating.hfh import HandForHandActions
from clockapp.services.seating.layout import MAX_TABLES, LayoutActions
from clockapp.services.seating.rounds import ShootoutActions
from clockapp.services.seating.seats import SeatActions
from clockapp.services.seating.store import (
    balance_status,
    config_of,
    hfh_of,
    load_room,
    move_info,
    names_of,
    table_infos,
)
from clockapp.services.seating.views import MoveInfo, RoomView, SeatingConfig, WaitingPlayer
from clockapp.services.setup import get_row

__all__ = ["MAX_TABLES", "SeatingService"]


class SeatingService(
    LayoutActions, SeatActions, BalanceActions, HandForHandActions, ShootoutActions
):
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
            rows = seating_rows.seat_moves(session, tournament_id, pending_only=pending_only)
            ids = {r.registration_id for r in rows}
            names = names_of(session, ids)
            return tuple(move_info(r, names) for r in rows)
