"""Registration: whether it is open now, and the director closing or reopening it.

The rule itself is pure (`clockapp.core.registration`); this module reads its facts and stores
the director's choice. Closing or reopening is one action: one transaction, one change record,
and the wall and the cashier desk follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from clockapp.core.money.change import TillChange
from clockapp.core.money.till import Till
from clockapp.core.registration import RegistrationMode, RegistrationWindow
from clockapp.persistence.queries import clock as clock_rows
from clockapp.persistence.queries.clock import REGISTRATION_STEP
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, Ruling, money_action
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import load_till
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext
from clockapp.services.ending import sync_finish, window
from clockapp.services.setup import get_row

#: What the director's choice changes: who may enter (the desk) and the wall's line.
REGISTRATION_CHANGES = Change.TOURNAMENT | Change.ENTRIES

_SUMMARY = {
    RegistrationMode.AUTO: "registration follows the rules again",
    RegistrationMode.CLOSED: "registration closed by the director",
    RegistrationMode.OPEN: "registration reopened by the director",
}


@dataclass(frozen=True)
class RegistrationChange:
    """The director's choice before and after, and the window it gives.

    Attributes:
        before: The choice it replaced (an undo puts it back).
        mode: The choice now.
        window: Whether registration is open now, and the wall's line.
    """

    before: RegistrationMode
    mode: RegistrationMode
    window: RegistrationWindow


class RegistrationService:
    """Whether registration is open; the director closes and reopens it."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache if cache is not None else LedgerCache()  # `Services` shares one

    def window(self, tournament_id: int) -> RegistrationWindow:
        """Whether registration is open now, why not, and the wall's line."""
        now = self._ctx.now()
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            return window(session, till, now)

    def mode(self, tournament_id: int) -> RegistrationMode:
        """The director's choice."""
        with self._ctx.reading() as session:
            return RegistrationMode.parse(get_row(session, tournament_id).registration)

    def close(self, tournament_id: int, step: str = "") -> Outcome[RegistrationChange]:
        """Close registration now (buy-ins and re-entries that follow registration).

        `step` is the name the director's Undo gives it ("" for none): it is then kept with
        the clock's presses, so the Undo offers it again after a restart.
        """
        return self.set_mode(tournament_id, RegistrationMode.CLOSED, step=step)

    def reopen(self, tournament_id: int, step: str = "") -> Outcome[RegistrationChange]:
        """Reopen registration: back to the rules when they would have it open now, else held
        open past the late registration level and the first bust until the director closes it
        again (never in a finished tournament). `step` as for `close`."""
        return self.set_mode(tournament_id, None, step=step)

    def set_mode(
        self,
        tournament_id: int,
        mode: RegistrationMode | None,
        *,
        step: str = "",
        undoing: bool = False,
        redoing: bool = False,
    ) -> Outcome[RegistrationChange]:
        """Store the director's choice (an undo sets the one it replaced); None reopens.

        `step` keeps the choice for this station's Undo (see `close`); `undoing` marks the
        station's newest kept step undone, `redoing` (with `step`) its next undone one done
        again, in the same transaction.

        Raises:
            RegistrationClosed: Reopening a finished tournament.
        """
        wanted = mode

        def rule(session: Session, till: Till, now: datetime) -> Ruling[RegistrationChange]:
            before = RegistrationMode.parse(till.registration_mode)
            chosen = wanted
            if chosen is None:
                auto = replace(till, registration_mode=RegistrationMode.AUTO.value)
                chosen = RegistrationMode.AUTO if window(session, auto, now).open else None
                chosen = chosen or RegistrationMode.OPEN
            chosen = RegistrationMode(chosen)
            if chosen is RegistrationMode.OPEN and till.finished_at is not None:
                window(session, till, now).check()  # says the tournament is over
            change = TillChange(registration_mode=chosen.value)

            def finish(
                session: Session, after: Till, _written: Sequence[TillChange], now: datetime
            ) -> Done[RegistrationChange]:
                # Closing it can leave no way back for the busted: one player left has won.
                what = REGISTRATION_CHANGES | sync_finish(session, after, now)
                after = replace(after, finished_at=get_row(session, tournament_id).finished_at)
                station = self._ctx.station
                if undoing:
                    clock_rows.undo_last_step(session, tournament_id, station)
                elif step and redoing:
                    clock_rows.redo_step(session, tournament_id, station, chosen.value, now)
                elif step:
                    states = (before.value, chosen.value)
                    clock_rows.add_step(
                        session, tournament_id, station, step, states, now, REGISTRATION_STEP
                    )
                result = RegistrationChange(before, chosen, window(session, after, now))
                return Done(result, what, _SUMMARY[chosen])

            return Ruling((change,), finish)

        return money_action(self._ctx, self._cache, tournament_id, rule)
