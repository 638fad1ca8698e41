"""Putting players on a tournament's list: check-in, pre-registration, imported name lists.

Helpers of the cashier's money actions (`clockapp.services.cashier.service`), run inside their
transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from clockapp.core.money.actions import check_in, new_registration
from clockapp.core.money.change import (
    NO_CHANGE,
    NewRegistration,
    TillChange,
    applied,
    next_registration_id,
    settled,
)
from clockapp.core.money.field import RegistrationUpdate
from clockapp.core.money.records import (
    CashierError,
    RegistrationInfo,
    registration_info,
)
from clockapp.core.money.till import Reg, Till
from clockapp.i18n import gettext as _
from clockapp.persistence.models import (
    PlayerRow,
)
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, Ruling
from clockapp.services.cashier.till import display_name
from clockapp.services.changes import Change
from clockapp.services.players import PlayerError
from clockapp.services.players.importing import (
    ImportAction,
    ImportPlan,
    NamedLine,
    apply_plan,
    parse_name_list,
    plan_import,
)


def find_active(till: Till, player_id: int) -> Reg | None:
    return next((r for r in till.registrations.values() if r.player_id == player_id), None)


def checked_in(
    till: Till, player: PlayerRow, reg: Reg | None, now: datetime
) -> RegistrationUpdate | NewRegistration:
    """The player's registration checked in now: added when `reg` is None (the change writes
    it with the settlement's update of it, in one statement)."""
    if reg is None:
        return new_registration(till, player.id or 0, display_name(player), now, checked_in=True)
    return check_in(reg, now)


def pre_registered(till: Till, player: PlayerRow, now: datetime) -> TillChange:
    """The change adding the player as pre-registered (nothing when already on the list)."""
    if find_active(till, player.id or 0) is not None:
        return NO_CHANGE
    added = new_registration(till, player.id or 0, display_name(player), now, checked_in=False)
    return TillChange(registered=(added,))


def enrolled(till: Till, player: PlayerRow, reg: Reg | None, now: datetime) -> TillChange:
    """The change checking the player in (added when `reg` is None), the field settled."""
    buyer = checked_in(till, player, reg, now)
    if isinstance(buyer, NewRegistration):
        change = TillChange(registered=(buyer,))
    else:
        change = TillChange(registrations=(buyer,))
    settle_change = settled(applied(till, change))[0]
    return change.then(settle_change)


def enrolled_id(written: TillChange) -> int:
    """The registration a written check-in or sale is for (its id from the database)."""
    if written.registered:
        return written.registered[0].reg.id
    return written.registrations[0].reg.id


def name_lines(text: str) -> tuple[NamedLine, ...]:
    """The lines of a pre-registration list; refused when it names nobody."""
    try:
        lines = parse_name_list(text)
    except PlayerError as error:
        raise CashierError(str(error)) from None
    if not any(line.details is not None for line in lines):
        raise CashierError(_("The list has no names (one name a line)."))
    return lines


def listed_skipped(till: Till, plan: ImportPlan) -> ImportPlan:
    """The plan with players already on the tournament's list skipped (nothing to do for them)."""
    listed = {reg.player_id for reg in till.registrations.values()}
    return ImportPlan(
        tuple(
            replace(line, action=ImportAction.SKIP, note="already on tonight's list")
            if line.action is ImportAction.MERGE and line.player_id in listed
            else line
            for line in plan.lines
        )
    )


def numbered(added: NewRegistration, registration_id: int) -> NewRegistration:
    """`added` with its provisional id (one change adding many numbers them in turn)."""
    return NewRegistration(replace(added.reg, id=registration_id), added.name)


def import_names(
    session: Session, till: Till, now: datetime, lines: Sequence[NamedLine]
) -> Ruling[tuple[RegistrationInfo, ...]]:
    """Put every player a name list names on the tournament's list, at once: the change adds
    the registrations of those not on it yet (written in one INSERT).

    The new players the list names are added to the player directory first (they need their
    ids; the directory is not the till): the refusals that follow roll them back with the
    rest.
    """
    plan = listed_skipped(till, plan_import(session, lines))
    # The till's registrations by player, looked up once (`find_active` looks through them
    # all for each player: a long list took the square of its length).
    active: dict[int, Reg] = {}
    for reg in till.registrations.values():
        active.setdefault(reg.player_id, reg)
    named: dict[int, PlayerRow] = {}
    for player in apply_plan(session, plan, lines, now):
        if player is not None and player.id is not None:
            named.setdefault(player.id, player)
    first = next_registration_id(till)
    missing = [player for pid, player in named.items() if pid not in active]
    added = tuple(
        numbered(
            new_registration(till, player.id or 0, display_name(player), now, checked_in=False),
            first + n,
        )
        for n, player in enumerate(missing)
    )
    created = plan.count(ImportAction.CREATE)
    what = Change.ENTRIES | (Change.PLAYERS if created else Change.NONE)

    def finish(
        _session: Session, after: Till, written: Sequence[TillChange], _now: datetime
    ) -> Done[tuple[RegistrationInfo, ...]]:
        listed = {**active, **{new.reg.player_id: new.reg for new in written[0].registered}}
        result = tuple(registration_info(after, listed[pid]) for pid in named)
        return Done(result, what, f"imported {len(result)} pre-registrations")

    return Ruling((TillChange(registered=added),), finish)
