"""What paying out checks and records before a prize, bounty or deal row: the guarantee's
overlay (once), the amount against what is owed, and why nothing is owed."""

from __future__ import annotations

from datetime import datetime

from clockapp.core.money.amounts import format_cents, format_money
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


def check_amount(amount: int | None, owed: int, kind: RowKind, name: str, currency: str) -> int:
    """The cents to pay: all that is owed (None), or `amount` when it is a part of it."""
    if amount is None:
        return owed
    bounty = kind is RowKind.BOUNTY
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        message = (
            _("Bounty for {name}: the amount must be above 0 cents, not {amount!r}.")
            if bounty
            else _("Prize for {name}: the amount must be above 0 cents, not {amount!r}.")
        )
        raise ValidationError(message.format(name=name, amount=amount))
    if amount > owed:
        message = (
            _("{name} is owed {owed} in bounties; paying {paying} would be more than is owed.")
            if bounty
            else _("{name} is owed {owed} in prizes; paying {paying} would be more than is owed.")
        )
        raise LedgerError(
            message.format(
                name=name, owed=format_money(owed, currency), paying=format_money(amount, currency)
            )
        )
    return amount


def nothing_owed(due: PrizeDue, kind: RowKind, currency: str) -> str:
    """Why nothing is paid to `due` (of `kind`), in a sentence."""
    if kind is RowKind.BOUNTY:
        if due.bounties == 0:
            return _("{name} has no bounties credited.").format(name=due.name)
        return _("{name}'s bounties ({amount}) are already paid.").format(
            name=due.name, amount=format_money(due.bounties, currency)
        )
    if due.prize == 0:
        if due.place is None:
            return _("{name} is still playing; a prize is paid once they finish.").format(
                name=due.name
            )
        return _("{name} finished {place}, out of the money; no prize is owed.").format(
            name=due.name, place=ordinal(due.place)
        )
    return _("{name}'s prize ({amount}) is already paid.").format(
        name=due.name, amount=format_money(due.prize, currency)
    )
