"""What paying out checks and records before a prize, bounty or deal row: the guarantee's
overlay (once), the amount against what is owed, and why nothing is owed."""

from __future__ import annotations

from datetime import datetime

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.change import NO_CHANGE, TillChange, append, applied
from clockapp.core.money.ledger import LedgerError, RowKind
from clockapp.core.money.records import PrizeDue
from clockapp.core.money.till import Till
from clockapp.core.money.view import MoneyView, money_view
from clockapp.core.payouts import ordinal
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.services.changes import Change

PAY_CHANGES = Change.LEDGER | Change.PAYOUTS


def overlay(till: Till, now: datetime, station: str) -> tuple[TillChange, Till, MoneyView]:
    """The overlay the guarantee needs (recorded once), so paying out never exceeds the ledger:
    its change (nothing when none is needed), the till with it and that till's money view."""
    view = money_view(till)
    if view.table is None or view.table.overlay <= view.balances.overlay:
        return NO_CHANGE, till, view
    gap = view.table.overlay - view.balances.overlay
    change = append(
        till,
        now,
        kind=RowKind.OVERLAY,
        amount=gap,
        reason=(
            f"guarantee of {format_cents(till.config.payouts.guarantee)}: the house covers "
            "the overlay"
        ),
        station=station,
    )
    covered = applied(till, change)
    return change, covered, money_view(covered)


def check_amount(amount: int | None, owed: int, what: str, plural: str, name: str) -> int:
    """The cents to pay: all that is owed (None), or `amount` when it is a part of it.

    `what` names one ("Bounty") and `plural` several ("bounties"): English plurals are not
    always an added s.
    """
    if amount is None:
        return owed
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise ValidationError(
            _("{what} for {name}: the amount must be above 0 cents, not {amount!r}.").format(
                what=what, name=name, amount=amount
            )
        )
    if amount > owed:
        raise LedgerError(
            _(
                "{name} is owed {amount} in {plural}; paying {amount2} would be more than is owed."
            ).format(
                name=name, amount=format_cents(owed), plural=plural, amount2=format_cents(amount)
            )
        )
    return amount


def nothing_owed(due: PrizeDue, kind: RowKind) -> str:
    if kind is RowKind.BOUNTY:
        if due.bounties == 0:
            return f"{due.name} has no bounties credited."
        return f"{due.name}'s bounties ({format_cents(due.bounties)}) are already paid."
    if due.prize == 0:
        if due.place is None:
            return f"{due.name} is still playing; a prize is paid once they finish."
        return f"{due.name} finished {ordinal(due.place)}, out of the money; no prize is owed."
    return f"{due.name}'s prize ({format_cents(due.prize)}) is already paid."
