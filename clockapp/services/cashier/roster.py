"""The tournament's list at the cashier: pre-registration (one by one or a pasted list), check-in,
registration without payment, withdrawal (and its undo)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from clockapp.core.money.actions import check_in
from clockapp.core.money.change import NO_CHANGE, TillChange, applied, settled
from clockapp.core.money.field import RegistrationUpdate
from clockapp.core.money.records import CashierError, RegistrationInfo, registration_info
from clockapp.core.money.till import Till
from clockapp.core.registration import RegistrationStatus
from clockapp.i18n import gettext as _
from clockapp.persistence.queries import waiting as waiting_q
from clockapp.persistence.session import Session
from clockapp.services.backups import backup_before_import
from clockapp.services.cashier.action import Done, Finish, Ruling, money_action, ruled
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.enrol import (
    enrolled,
    enrolled_id,
    find_active,
    import_names,
    name_lines,
    pre_registered,
)
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext
from clockapp.services.ending import window
from clockapp.services.players import live_player


@dataclass(frozen=True)
class Withdrawal:
    """A player taken off the tournament's list, and what `RosterActions.reinstate` puts back.

    Attributes:
        registration: The registration, withdrawn.
        was: Its status before: pre-registered or checked in.
        waiting_place: The player's place on the waiting list, left with the withdrawal (1 =
            first in line; None: not waiting).
    """

    registration: RegistrationInfo
    was: RegistrationStatus
    waiting_place: int | None


class RosterActions:
    """Who is on the list: each action is one transaction (`money_action`)."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache) -> None:
        self._ctx = ctx
        self._cache = cache

    def pre_register(
        self, tournament_id: int, player_ids: Iterable[int]
    ) -> Outcome[tuple[RegistrationInfo, ...]]:
        """Put players on the tournament's list before the day (players already on it are kept)."""

        def rule(
            session: Session, till: Till, now: datetime
        ) -> Ruling[tuple[RegistrationInfo, ...]]:
            window(session, till, now).check()
            players = [live_player(session, player_id) for player_id in player_ids]
            change = NO_CHANGE
            for player in players:
                change = change.then(pre_registered(applied(till, change), player, now))

            def finish(
                _session: Session, after: Till, _written: Sequence[TillChange], _now: datetime
            ) -> Done[tuple[RegistrationInfo, ...]]:
                result = tuple(
                    registration_info(after, reg)
                    for reg in (find_active(after, player.id or 0) for player in players)
                    if reg is not None
                )
                return Done(result, Change.ENTRIES, f"pre-registered {len(result)}")

            return Ruling((change,), finish)

        return money_action(self._ctx, self._cache, tournament_id, rule)

    def import_pre_registrations(
        self, tournament_id: int, text: str
    ) -> Outcome[tuple[RegistrationInfo, ...]]:
        """Pre-register a list of names (one a line, or a CSV with a 'name' column), at once.

        The list is read with the csv module (a quoted name keeps its commas) and planned as
        `preview_pre_registrations` shows it; then, in one transaction, the new players are
        added and every player named is put on the list. The result holds the registration of
        every player named, in list order (players already on the list included).
        """
        lines = name_lines(text)
        backup_before_import(self._ctx, tournament_id)

        def rule(
            session: Session, till: Till, now: datetime
        ) -> Ruling[tuple[RegistrationInfo, ...]]:
            window(session, till, now).check()
            return import_names(session, till, now, lines)

        return money_action(self._ctx, self._cache, tournament_id, rule)

    def check_in(self, tournament_id: int, registration_id: int) -> Outcome[RegistrationInfo]:
        """Mark a pre-registered player as arrived."""

        def rule(session: Session, till: Till, now: datetime) -> Ruling[RegistrationInfo]:
            reg = till.registration(registration_id)
            if reg.checked_in_at is None:
                window(session, till, now).check()
            change = TillChange(registrations=(check_in(reg, now),))
            settle_change = settled(applied(till, change))[0]
            return Ruling((change.then(settle_change),), self._registered("checked in"))

        return money_action(self._ctx, self._cache, tournament_id, rule)

    def register(self, tournament_id: int, player_id: int) -> Outcome[RegistrationInfo]:
        """Check a player in without payment yet (pre-registered players are checked in)."""

        def rule(session: Session, till: Till, now: datetime) -> Ruling[RegistrationInfo]:
            player = live_player(session, player_id)
            window(session, till, now).check()
            change = enrolled(till, player, find_active(till, player.id or 0), now)
            return Ruling((change,), self._registered("registered"))

        return money_action(self._ctx, self._cache, tournament_id, rule)

    @staticmethod
    def _registered(done: str) -> Finish[RegistrationInfo]:
        """The finish of a check-in: the registration as written."""

        def finish(
            _session: Session, after: Till, written: Sequence[TillChange], _now: datetime
        ) -> Done[RegistrationInfo]:
            info = registration_info(after, after.registration(enrolled_id(written[0])))
            return Done(info, Change.ENTRIES, f"{done} {info.name}")

        return finish

    def withdraw(self, tournament_id: int, registration_id: int) -> Outcome[Withdrawal]:
        """Take a player who has not bought in off the list (they may register again later),
        and off the waiting list in the same transaction: a seat freed is offered to those
        still waiting.

        Raises:
            CashierError: The player has money on the ledger (void or refund it instead).
        """

        def rule(session: Session, till: Till, now: datetime) -> Ruling[Withdrawal]:
            reg = till.registration(registration_id)
            name = till.name(registration_id)
            if reg.entries > 0 or any(r.player_id == registration_id for r in till.rows):
                raise CashierError(
                    _(
                        "{name} has money on the ledger; void or refund the buy-in instead of "
                        "withdrawing."
                    ).format(name=name)
                )
            line = [w.player_id for w in waiting_q.waiters(session, tournament_id)]
            place = line.index(reg.player_id) + 1 if reg.player_id in line else None
            if place is not None:
                waiting_q.leave(session, tournament_id, reg.player_id, now)
            withdrawn = RegistrationUpdate(
                replace(reg, status=RegistrationStatus.WITHDRAWN),
                {"status": RegistrationStatus.WITHDRAWN},
            )
            summary = f"withdrew {name}" + ("; off the waiting list" if place else "")
            withdrawal = Withdrawal(registration_info(till, withdrawn.reg), reg.status, place)
            done = Done(withdrawal, Change.ENTRIES | Change.SEATING, summary)
            return ruled(done, TillChange(registrations=(withdrawn,)))

        return money_action(self._ctx, self._cache, tournament_id, rule)

    def reinstate(self, tournament_id: int, withdrawal: Withdrawal) -> Outcome[RegistrationInfo]:
        """Undo a withdrawal: the player is back on the list as they were (pre-registered or
        checked in) and, when the withdrawal took them off the waiting list, back at their place
        there, in one transaction.

        Raises:
            RegistrationClosed: Registration has closed since (nobody joins the list now).
        """
        player_id = withdrawal.registration.player_id

        def rule(session: Session, till: Till, now: datetime) -> Ruling[RegistrationInfo]:
            player = live_player(session, player_id)
            window(session, till, now).check()
            if withdrawal.was is RegistrationStatus.PRE_REGISTERED:
                change = pre_registered(till, player, now)
            else:
                change = enrolled(till, player, find_active(till, player_id), now)

            def finish(
                session: Session, after: Till, _written: Sequence[TillChange], _now: datetime
            ) -> Done[RegistrationInfo]:
                reg = find_active(after, player_id)
                assert reg is not None  # on the list: added, or there already
                info = registration_info(after, reg)
                summary = f"{info.name} back on the list"
                waiting = {w.player_id for w in waiting_q.waiters(session, tournament_id)}
                # Back at the place the withdrawal closed, unless they joined the line again.
                if withdrawal.waiting_place is not None and player_id not in waiting:
                    waiting_q.rejoin(session, tournament_id, player_id)
                    summary += " and the waiting list"
                return Done(info, Change.ENTRIES | Change.SEATING, summary)

            return Ruling((change,), finish)

        return money_action(self._ctx, self._cache, tournament_id, rule)
