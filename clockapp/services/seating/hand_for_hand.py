"""Hand-for-hand play near the money: start, each table's hand, the next hand, stop, the offer.

While it is on, busts entered before the next hand is dealt are one hand at the cashier (see
`clockapp.services.seating.hand_for_hand_busts`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from clockapp.core.seating import SeatingError, advance_button
from clockapp.core.seating.hand_for_hand import (
    HandForHand,
    bubble_offer,
    finish_hand,
    start_hand_for_hand,
)
from clockapp.core.seating.hand_for_hand import next_hand as core_next_hand
from clockapp.i18n import gettext as _
from clockapp.persistence.models import HandForHandRow
from clockapp.persistence.session import Session
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import load_till
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext
from clockapp.services.payouts import payout_view
from clockapp.services.seating.action import SeatingWork
from clockapp.services.seating.room import Room, hand_for_hand_now, hfh_of
from clockapp.services.seating.room_changes import store_hfh, store_room
from clockapp.services.setup import get_row

#: Hand-for-hand on or off: the seating, and the wall (its snapshot says hand-for-hand is on;
#: the clock alone would re-read only the clock row).
HFH_CHANGES = Change.SEATING | Change.CLOCK | Change.TOURNAMENT


class HandForHandActions:
    """Hand-for-hand play near the money."""

    def __init__(
        self, ctx: ServiceContext, work: SeatingWork, tills: LedgerCache | None = None
    ) -> None:
        self._ctx = ctx
        self._work = work
        self._tills = tills

    def hand_for_hand(self, tournament_id: int) -> HandForHand | None:
        """Hand-for-hand play, or None when it is off."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return hand_for_hand_now(session, tournament_id)

    def hand_for_hand_offer(self, tournament_id: int) -> str | None:
        """The notice offering hand-for-hand on the bubble (None: not the bubble, or on)."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            if hand_for_hand_now(session, tournament_id) is not None:
                return None
            if self._tills is not None:
                view = self._tills.derived_from_view(session, tournament_id, payout_view)
            else:
                view = payout_view(load_till(session, tournament_id))
            if view.table is None:
                return None
            return bubble_offer(view.players_left, view.places_paid, False, seats=bool(view.seats))

    def open_hand_busts(self, tournament_id: int) -> tuple[str, ...]:
        """Who is out in the open hand-for-hand hand so far (one hand at the cashier), by name."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            row = session.get(HandForHandRow, tournament_id)
            if row is None or row.bust_hand is None:
                return ()
            till = load_till(session, tournament_id, self._tills)
            undone = {e.undoes_id for e in till.busts if e.undoes_id is not None}
            return tuple(
                till.name(e.registration_id)
                for e in till.busts
                if e.hand == row.bust_hand and e.undoes_id is None and e.id not in undone
            )

    def start_hand_for_hand(self, tournament_id: int) -> Outcome[HandForHand]:
        """Start hand-for-hand play (near the money): hand 1 at every table.

        Raises:
            SeatingError: Hand-for-hand play is already on, or no table is in play.
        """

        def act(session: Session, room: Room, _now: datetime) -> tuple[Any, Change, str]:
            if session.get(HandForHandRow, tournament_id) is not None:
                raise SeatingError(_("Hand-for-hand play is already on."))
            if not room.seating.tables:
                raise SeatingError(_("No table is in play: there is no hand to play."))
            hfh = start_hand_for_hand(room.seating)
            store_hfh(session, HandForHandRow(tournament_id=tournament_id), hfh)
            return hfh, HFH_CHANGES, "hand-for-hand on"

        return self._work.write(tournament_id, act)

    def finish_hand(
        self, tournament_id: int, table: int, finished: bool = True
    ) -> Outcome[HandForHand]:
        """Mark a table's hand as finished (or, `finished=False`, as still playing)."""
        return self._hfh_step(
            tournament_id,
            lambda hfh, _room: finish_hand(hfh, table, finished),
            f"table {table} {'finished' if finished else 'plays'} the hand",
        )

    def next_hand(self, tournament_id: int) -> Outcome[HandForHand]:
        """Every table has finished: deal the next hand (known buttons move on one player).

        This closes the hand: busts entered until now were one hand at the cashier; the next
        bust starts a new one.

        Raises:
            SeatingError: A table has not finished the hand.
        """
        return self._hfh_step(tournament_id, None, "next hand")

    def _hfh_step(
        self,
        tournament_id: int,
        step: Callable[[HandForHand, Room], HandForHand] | None,
        summary: str,
    ) -> Outcome[HandForHand]:
        def act(session: Session, room: Room, now: datetime) -> tuple[Any, Change, str]:
            row = session.get(HandForHandRow, tournament_id)
            hfh = hfh_of(row)
            if row is None or hfh is None:
                raise SeatingError(_("Hand-for-hand play is off: start it first."))
            if step is not None:
                after = step(hfh, room)
            else:
                after = core_next_hand(hfh, room.seating)
                seating = room.seating
                for table in seating.tables:
                    if table.button is not None and seating.count(table.number) >= 2:
                        seating = advance_button(seating, table.number)
                store_room(session, room, seating, now)
                row.bust_hand = None  # the hand is closed: the next bust starts a new one
            store_hfh(session, row, after)
            return after, Change.SEATING, summary

        return self._work.write(tournament_id, act)

    def stop_hand_for_hand(self, tournament_id: int) -> Outcome[bool]:
        """End hand-for-hand play (the bubble has burst)."""

        def act(session: Session, _room: Room, _now: datetime) -> tuple[Any, Change, str]:
            row = session.get(HandForHandRow, tournament_id)
            if row is None:
                raise SeatingError(_("Hand-for-hand play is already off."))
            session.delete(row)
            return True, HFH_CHANGES, "hand-for-hand off"

        return self._work.write(tournament_id, act)
