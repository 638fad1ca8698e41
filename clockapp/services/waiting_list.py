"""The waiting list of a capped field (`WaitingListService`): join (only a full field: a seat
free for the player is sold, not waited for), leave, back at one's place (a leave undone), and
who is offered a seat now.

Each action is one transaction with the tournament locked; a refusal writes nothing. A player
offered a seat is seated by the cashier's usual buy-in, which takes them off the list; while
players wait, a buy-in for someone else is refused when it would take a seat offered to them
(`clockapp.core.waiting_list.check_seat_offered`).
"""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.core.waiting_list import (
    Waiter,
    WaitingListError,
    check_join,
    check_not_listed,
    free_seats,
    offered,
    waiting_line,
)
from clockapp.i18n import gettext as _
from clockapp.persistence.queries import waiting as waiting_q
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.setup import get_row, lock_row


@dataclass(frozen=True)
class WaitingView:
    """The waiting list now.

    Attributes:
        waiters: Who waits, first in line first.
        offered: The first of them, one per free seat: they may buy in now.
        entrants: Players with an entry standing.
        cap: The cap on entrants (None: no cap).
        line: The wall's line ("WAITING: Ann (a seat is free) · Bob"; "" when nobody waits).
    """

    waiters: tuple[Waiter, ...]
    offered: tuple[Waiter, ...]
    entrants: int
    cap: int | None
    line: str

    @property
    def free_seats(self) -> int:
        """Seats free under the cap."""
        return free_seats(self.entrants, self.cap)


def waiting_line_now(session: Session, tournament_id: int) -> str:
    """The wall's line of the waiting list ("" when nobody waits: the field is not read then)."""
    waiters = tuple(waiting_q.waiters(session, tournament_id))
    if not waiters:
        return ""
    entrants, cap = waiting_q.field(session, tournament_id)
    return waiting_line(waiters, entrants, cap)


def waiting_view(session: Session, tournament_id: int) -> WaitingView:
    """The waiting list as the caller's session reads it."""
    waiters = tuple(waiting_q.waiters(session, tournament_id))
    entrants, cap = waiting_q.field(session, tournament_id)
    return WaitingView(
        waiters,
        offered(waiters, entrants, cap),
        entrants,
        cap,
        waiting_line(waiters, entrants, cap),
    )


class WaitingListService:
    """Join and leave the waiting list; read it."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def join(self, tournament_id: int, player_id: int) -> Outcome[WaitingView]:
        """Put a player at the end of the waiting list.

        Raises:
            WaitingListError: Registered already (sell the buy-in), waiting already, or the
                field has a seat for them now (no cap, or not full).
        """
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            facts = waiting_q.join_facts(session, tournament_id, player_id)
            check_join(facts)
            waiting_q.insert(session, tournament_id, player_id, now, self._ctx.station)
            view = waiting_view(session, tournament_id)
            summary = f"{facts.name} joins the waiting list (number {len(view.waiters)})"
            changes = record_change(session, tournament_id, Change.ENTRIES, summary, now)
        return Outcome(view, changes)

    def leave(self, tournament_id: int, player_id: int) -> Outcome[WaitingView]:
        """Take a player off the waiting list.

        Raises:
            WaitingListError: The player is not on it.
        """
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            name = waiting_q.join_facts(session, tournament_id, player_id).name
            if waiting_q.leave(session, tournament_id, player_id, now) == 0:
                raise WaitingListError(_("{name} is not on the waiting list.").format(name=name))
            summary = f"{name} leaves the waiting list"
            changes = record_change(session, tournament_id, Change.ENTRIES, summary, now)
            view = waiting_view(session, tournament_id)
        return Outcome(view, changes)

    def rejoin(self, tournament_id: int, player_id: int) -> Outcome[WaitingView]:
        """Put a player who left the waiting list back at their place (undoing `leave`).

        Raises:
            WaitingListError: Registered or waiting already, or never on the list.
        """
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            facts = waiting_q.join_facts(session, tournament_id, player_id)
            check_not_listed(facts)
            if waiting_q.rejoin(session, tournament_id, player_id) == 0:
                raise WaitingListError(
                    _("{name} has not been on the waiting list.").format(name=facts.name)
                )
            view = waiting_view(session, tournament_id)
            place = next(i for i, w in enumerate(view.waiters, 1) if w.player_id == player_id)
            summary = f"{facts.name} is back on the waiting list (number {place})"
            changes = record_change(session, tournament_id, Change.ENTRIES, summary, now)
        return Outcome(view, changes)

    def view(self, tournament_id: int) -> WaitingView:
        """The waiting list now."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return waiting_view(session, tournament_id)
