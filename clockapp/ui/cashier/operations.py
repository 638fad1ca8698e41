"""The cashier's actions: one service call each, a message saying what happened, and undo.

Every function here calls the service through `CashierContext.call` or `CashierContext.submit`:
on the station's worker, so the window never waits on the database and a second press while the
first is pending does nothing; a refusal becomes a red message and changes nothing. When the
call answers, it records how to reverse it with a new record (the reversal runs on the worker
too): a void row for money, an undo row for a
bust, the previous payout structure. Voids and drawer counts are not undoable: a void is itself
the correction, and a count is a fact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from clockapp.core.icm import DealMethod
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.entries import EntryKind
from clockapp.core.money.field import BustInput
from clockapp.core.money.records import LedgerEntry
from clockapp.core.money.till import DealInfo
from clockapp.core.payouts import PayoutStructure, ordinal
from clockapp.core.satellite import Satellite, satellite_wall_text
from clockapp.formats import chips as format_chips
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.bounties.views import BountyView
from clockapp.services.cashier.sales import DrawerInfo, EntryReceipt
from clockapp.services.changes import Outcome
from clockapp.services.payouts import PayoutView
from clockapp.services.results import BustReport
from clockapp.services.seating.sale_seat import IfFull
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.entry_dialog import KIND_TITLE
from clockapp.ui.operations import Control

#: The ledger reason an undo writes (kept in English: it is stored with the rows).
UNDO_REASON = "undone at the cashier"

#: What the status line says while each kind of sale is recorded.
KIND_RECORDING = {
    EntryKind.BUY_IN: N_("{name}: buy-in being recorded…"),
    EntryKind.REBUY: N_("{name}: rebuy being recorded…"),
    EntryKind.ADD_ON: N_("{name}: add-on being recorded…"),
    EntryKind.RE_ENTRY: N_("{name}: re-entry being recorded…"),
}
#: The receipt in words for each kind of sale: (paid exactly, paid with change).
KIND_RECEIPT = {
    EntryKind.BUY_IN: (
        N_("{name}: buy-in {total} paid; hand over T{chips} in chips."),
        N_("{name}: buy-in {total} paid; change {change}; hand over T{chips} in chips."),
    ),
    EntryKind.REBUY: (
        N_("{name}: rebuy {total} paid; hand over T{chips} in chips."),
        N_("{name}: rebuy {total} paid; change {change}; hand over T{chips} in chips."),
    ),
    EntryKind.ADD_ON: (
        N_("{name}: add-on {total} paid; hand over T{chips} in chips."),
        N_("{name}: add-on {total} paid; change {change}; hand over T{chips} in chips."),
    ),
    EntryKind.RE_ENTRY: (
        N_("{name}: re-entry {total} paid; hand over T{chips} in chips."),
        N_("{name}: re-entry {total} paid; change {change}; hand over T{chips} in chips."),
    ),
}
#: The undo history's name for each kind of sale.
KIND_UNDO_TEXT = {
    EntryKind.BUY_IN: N_("Buy-in {name}"),
    EntryKind.REBUY: N_("Rebuy {name}"),
    EntryKind.ADD_ON: N_("Add-on {name}"),
    EntryKind.RE_ENTRY: N_("Re-entry {name}"),
}


def _void_rows(
    ctx: CashierContext,
    row_ids: Sequence[int],
    reason: str,
    *,
    undo_bust_of: int | None = None,
    close_table: int | None = None,
) -> Outcome[Any]:
    """Undo one earlier action: one service call voids its rows (and the bust it recorded, and
    closes the table it opened while still empty). On the worker."""
    services, tid, rows = ctx.services, ctx.tid, tuple(row_ids)
    return services.cashier.void_action(
        tid, rows, reason, undo_bust_of=undo_bust_of, close_table=close_table
    )


def _voidable(ctx: CashierContext, row_ids: list[int]) -> Callable[[], str]:
    """The undo's check: why the service would refuse to void these rows now ('' if not).

    `row_ids` is read when asked, so a redo's new rows are the ones checked.
    """
    services, tid = ctx.services, ctx.tid
    return lambda: services.corrections.void_refusal(tid, row_ids)


# ------------------------------------------------------------------------------ entries
def sell(
    ctx: CashierContext,
    kind: EntryKind,
    *,
    player_id: int,
    registration_id: int | None,
    name: str,
    tendered: int | None = None,
    with_add_on: bool = False,
    stack: int | None = None,
    busted_at_table: bool = False,
    if_full: IfFull = IfFull.NO_SEAT,
    on_sold: Callable[[EntryReceipt], object] | None = None,
) -> bool:
    """Sell an entry (buy-in, rebuy, add-on, re-entry) on the station's worker.

    Returns False when the same sale to the same player is still pending (a second press sells
    nothing). When the sale answers, the message says what was sold, Undo is offered and
    `on_sold(receipt)` is called; a refusal is shown in words instead.

    `busted_at_table` says the player, shown in play, busted at the table: the bust is recorded
    with the rebuy or re-entry (without it the service refuses a player not recorded as out).
    `if_full` says what a buy-in, re-entry or rebuy does when no seat is free (the desk asked
    first).
    """
    cashier, tid = ctx.services.cashier, ctx.tid

    def operation(tendered: int | None) -> Outcome[EntryReceipt]:
        # One call each: the sale, the bust recorded with it and the seat (drawn for a new
        # entry, given back after a rebuy) commit together in the service's one transaction.
        if kind is EntryKind.BUY_IN:
            return cashier.buy_in(
                tid,
                player_id,
                with_add_on=with_add_on,
                tendered=tendered,
                seat=True,
                if_full=if_full,
            )
        assert registration_id is not None
        if kind is EntryKind.REBUY:
            return cashier.rebuy(
                tid,
                registration_id,
                stack=stack,
                busted_at_table=busted_at_table,
                tendered=tendered,
                if_full=if_full,
            )
        if kind is EntryKind.ADD_ON:
            return cashier.add_on(tid, registration_id, tendered=tendered)
        return cashier.re_enter(
            tid,
            registration_id,
            with_add_on=with_add_on,
            busted_at_table=busted_at_table,
            tendered=tendered,
            seat=True,
            if_full=if_full,
        )

    def sold(receipt: EntryReceipt) -> None:
        _show_sale(ctx, kind, receipt, lambda: operation(None))
        if on_sold is not None:
            on_sold(receipt)

    return ctx.submit(
        lambda: operation(tendered),
        sold,
        key=("sell", kind, player_id),
        busy=_(KIND_RECORDING[kind]).format(name=name),
    )


def _show_sale(
    ctx: CashierContext,
    kind: EntryKind,
    receipt: EntryReceipt,
    again: Callable[[], Outcome[EntryReceipt]],
) -> None:
    """What a sale that answered shows (the receipt in words), and the Undo it offers."""
    exact, with_change = KIND_RECEIPT[kind]
    text = _(exact if receipt.change_due is None else with_change).format(
        name=receipt.registration.name,
        total=format_cents(receipt.total),
        change=format_cents(receipt.change_due or 0),
        chips=format_chips(receipt.chips),
    )
    if receipt.opened_table is not None:
        text += " " + _("Table {table} opened for the player.").format(table=receipt.opened_table)
    note = receipt.seat
    if note is not None and note.seat is None:
        ctx.refuse(f"{text} {note.sentence}")  # sold, but the cashier must see: no seat
    elif note is not None and note.changed:
        ctx.message.show_info(f"{text} {note.sentence}.")
    else:
        ctx.message.show_info(text)
    rows = [row.id for row in receipt.rows]
    # A bust recorded with the sale (R on a player shown in play) is part of what Undo takes back.
    bust_of = [receipt.registration.id if receipt.recorded_bust else None]
    # So is a table opened for the player: Undo closes it again while nobody sits there.
    opened = [receipt.opened_table]

    # Undo, redo and the check all run on the worker, one at a time: the row ids they share
    # are only ever read and written there.
    def undo() -> Outcome[Any]:
        return _void_rows(
            ctx,
            rows,
            f"{KIND_TITLE[kind].lower()} {UNDO_REASON}",
            undo_bust_of=bust_of[0],
            close_table=opened[0],
        )

    def redo() -> Outcome[EntryReceipt]:
        redone = again()
        rows[:] = [row.id for row in redone.value.rows]
        bust_of[0] = redone.value.registration.id if redone.value.recorded_bust else None
        opened[0] = redone.value.opened_table
        return redone

    ctx.history.record(
        _(KIND_UNDO_TEXT[kind]).format(name=receipt.registration.name),
        undo,
        redo,
        _voidable(ctx, rows),
    )


# ------------------------------------------------------------------------------ corrections
def void(
    ctx: CashierContext, entry: LedgerEntry, reason: str, *, control: Control | None = None
) -> bool:
    """Void a ledger row with a reason (a new reversing row; the history keeps both), on the
    worker. False when a void of that row is still pending (a second press does nothing)."""
    services, tid = ctx.services, ctx.tid
    return ctx.call(
        lambda: services.cashier.void(tid, entry.id, reason),
        _("Row #{row} ({kind}, {amount}) voided: {reason}").format(
            row=entry.id, kind=entry.kind.value, amount=format_cents(entry.amount), reason=reason
        ),
        key=("void", entry.id),
        control=control,
        busy=_("Voiding row #{row}…").format(row=entry.id),
    )


def refund(
    ctx: CashierContext, entry: LedgerEntry, reason: str, *, control: Control | None = None
) -> bool:
    """Hand an entry's money back (a refund row), on the worker (as `void`)."""
    services, tid = ctx.services, ctx.tid
    return ctx.call(
        lambda: services.cashier.refund(tid, entry.id, reason),
        _("Row #{row} refunded: {amount} back to {name}.").format(
            row=entry.id, amount=format_cents(entry.amount), name=entry.name
        ),
        key=("refund", entry.id),
        control=control,
        busy=_("Refunding row #{row}…").format(row=entry.id),
    )


def count_drawer(
    ctx: CashierContext, counted: int, note: str, *, control: Control | None = None
) -> bool:
    """Record a count of the cash drawer, on the worker; False while a count is pending."""
    services, tid = ctx.services, ctx.tid

    def counted_shown(info: DrawerInfo) -> None:
        ctx.message.show_info(
            _("Drawer counted {counted} against {expected} expected: {status}.").format(
                counted=format_cents(info.counted),
                expected=format_cents(info.expected),
                status=info.count.status,
            )
        )

    return ctx.call(
        lambda: services.cashier.count_drawer(tid, counted, note=note),
        on_done=counted_shown,
        key="count drawer",
        control=control,
        busy=_("Recording the count…"),
    )


# ------------------------------------------------------------------------------ busts
def describe_busts(report: BustReport) -> str:
    """'Ann finished 9th. Bob finished 3rd: $120.00 due. 5 left, 2 to the money.'"""
    parts = []
    for due in report.busted:
        place = ordinal(due.place) if due.place is not None else _("out")
        if due.prize:
            parts.append(
                _("{name} finished {place}: {prize} due.").format(
                    name=due.name, place=place, prize=format_cents(due.prize)
                )
            )
        else:
            parts.append(_("{name} finished {place}.").format(name=due.name, place=place))
    left = report.players_left
    if report.players_to_money:
        parts.append(
            ngettext(
                "{count} left, {to_money} to the money.",
                "{count} left, {to_money} to the money.",
                left,
            ).format(count=left, to_money=report.players_to_money)
        )
    elif report.players_to_money == 0:
        parts.append(
            ngettext(
                "{count} left, all in the money.", "{count} left, all in the money.", left
            ).format(count=left)
        )
    else:
        parts.append(ngettext("{count} left.", "{count} left.", left).format(count=left))
    return " ".join(parts)


def record_busts(ctx: CashierContext, busts: Sequence[BustInput]) -> bool:
    """Record the players busted on one hand on the station's worker; their seats free in the
    same transaction.

    Returns False when the same hand is still pending (a second press records nothing). When it
    answers, the message describes the busts and Undo is offered; a refusal is shown in words.
    """
    results, tid = ctx.services.results, ctx.tid
    inputs = list(busts)

    def operation() -> Outcome[BustReport]:
        return results.bust_players(tid, inputs, follow_seating=True, report_balance=True)

    players = sorted(bust.registration_id for bust in inputs)
    return ctx.submit(
        operation,
        lambda report: _show_busts(ctx, inputs, report, operation),
        key=("bust", tuple(players)),
        busy=_("Recording the bust…"),
    )


def _show_busts(
    ctx: CashierContext,
    inputs: list[BustInput],
    report: BustReport,
    operation: Callable[[], Outcome[BustReport]],
) -> None:
    """What a hand's busts that answered show, and the Undo they offer."""
    results, tid = ctx.services.results, ctx.tid
    if report.balance:  # the move the bust calls for, in the same strip, as a warning
        ctx.message.show_warning(f"{describe_busts(report)} {report.balance}")
    else:
        ctx.message.show_info(describe_busts(report))
    # The records this hand wrote: Undo reverses those, never a bust recorded since elsewhere.
    recorded = list(report.bust_ids)

    def undo() -> Outcome[Any]:  # the whole hand at once, the seats given back with it
        players = [bust.registration_id for bust in reversed(inputs)]
        ids = list(reversed(recorded))
        return results.undo_hand(tid, players, UNDO_REASON, bust_ids=ids)

    def redo() -> Outcome[BustReport]:  # on the worker, as the check that reads `recorded`
        again = operation()
        recorded[:] = again.value.bust_ids
        return again

    def check() -> str:
        players = [bust.registration_id for bust in inputs]
        return ctx.services.corrections.undo_bust_refusal(tid, players, bust_ids=recorded)

    names = ", ".join(due.name for due in report.busted)
    ctx.history.record(_("Bust {names}").format(names=names), undo, redo, check)


def undo_bust(
    ctx: CashierContext,
    registration_id: int,
    name: str,
    reason: str,
    bust_id: int | None = None,
    *,
    control: Control | None = None,
) -> bool:
    """Put a busted player back in play (an undo record keeps the history), on the worker; with
    `bust_id`, only while that record is still the player's last bust. False while the same is
    pending."""
    results, tid = ctx.services.results, ctx.tid

    def shown(report: BustReport) -> None:
        seats = "".join(f" {note.sentence}." for note in report.seats)
        left = report.players_left
        ctx.message.show_info(
            ngettext(
                "{name} is back in play ({reason}). {count} left.",
                "{name} is back in play ({reason}). {count} left.",
                left,
            ).format(name=name, reason=reason, count=left)
            + seats
        )

    return ctx.call(
        lambda: results.undo_bust(tid, registration_id, reason, bust_id),
        on_done=shown,
        key=("undo bust", registration_id),
        control=control,
        busy=_("Putting {name} back in play…").format(name=name),
    )


# ------------------------------------------------------------------------------ paying
def pay(
    ctx: CashierContext,
    registration_id: int,
    name: str,
    amount: int | None,
    *,
    bounty: bool,
    control: Control | None = None,
) -> bool:
    """Pay a prize (or bounties): all that is owed, or `amount` cents of it, on the worker.
    False while a payment to the same player is pending (a second press pays nothing)."""
    payouts, tid = ctx.services.payouts, ctx.tid
    method: Callable[[int, int, int | None], Outcome[LedgerEntry]] = (
        payouts.pay_bounties if bounty else payouts.pay_prize
    )
    what = "bounties" if bounty else "prize"

    def paid(entry: LedgerEntry) -> None:
        amount = format_cents(entry.amount)
        ctx.message.show_info(
            _("Paid {name} {amount} (bounties).").format(name=name, amount=amount)
            if bounty
            else _("Paid {name} {amount} (prize).").format(name=name, amount=amount)
        )
        rows = [entry.id]

        def undo() -> Outcome[Any]:
            return _void_rows(ctx, rows, f"payment {UNDO_REASON}")

        def redo() -> Outcome[LedgerEntry]:
            again = method(tid, registration_id, entry.amount)
            rows[:] = [again.value.id]
            return again

        ctx.history.record(
            _("Pay {name} {amount}").format(name=name, amount=amount),
            undo,
            redo,
            _voidable(ctx, rows),
        )

    return ctx.call(
        lambda: method(tid, registration_id, amount),
        on_done=paid,
        key=("pay", what, registration_id),
        control=control,
        busy=_("Paying {name}…").format(name=name),
    )


# ------------------------------------------------------------------------------ payout table
def set_structure(
    ctx: CashierContext,
    structure: PayoutStructure,
    *,
    control: Control | None = None,
    on_done: Callable[[PayoutView], object] | None = None,
) -> bool:
    """Use a payout structure (undo puts the previous one back), on the worker; `on_done(view)`
    when it has. False while a change of the table is pending."""
    payouts, tid = ctx.services.payouts, ctx.tid
    before: list[PayoutStructure] = []

    def operation() -> Outcome[PayoutView]:
        before[:] = [payouts.table(tid).structure]  # read in the same turn on the worker
        return payouts.set_structure(tid, structure)

    def done(view: PayoutView) -> None:
        previous = before[0]
        ctx.history.record(
            _("Payout table"),
            lambda: payouts.set_structure(tid, previous),
            lambda: payouts.set_structure(tid, structure),
        )
        if on_done is not None:
            on_done(view)

    return ctx.call(
        operation,
        _("Payout table updated."),
        done,
        key="payout table",
        control=control,
        busy=_("Saving the payout table…"),
    )


def set_satellite(
    ctx: CashierContext, satellite: Satellite | None, *, control: Control | None = None
) -> bool:
    """Pay N equal seats (None: the payout table again); undo puts the previous seats back,
    on the worker. False while a change of the table is pending."""
    bounties, tid = ctx.services.bounties, ctx.tid
    before: list[Satellite | None] = []

    def operation() -> Outcome[BountyView]:
        before[:] = [bounties.view(tid).satellite]  # read in the same turn on the worker
        return bounties.set_satellite(tid, satellite)

    def done(_view: BountyView) -> None:
        previous = before[0]
        ctx.history.record(
            _("Satellite"),
            lambda: bounties.set_satellite(tid, previous),
            lambda: bounties.set_satellite(tid, satellite),
        )

    return ctx.call(
        operation,
        _("Satellite: {seats}.").format(seats=satellite_wall_text(satellite))
        if satellite is not None
        else _("Not a satellite: the payout table pays the places."),
        done,
        key="payout table",
        control=control,
        busy=_("Saving the satellite…"),
    )


def set_locked(ctx: CashierContext, locked: bool, *, control: Control | None = None) -> bool:
    """Lock the table's shape at the current field, or let it follow the field again, on the
    worker. False while a change of the table is pending."""
    payouts, tid = ctx.services.payouts, ctx.tid

    def lock() -> Outcome[PayoutView]:
        return payouts.lock(tid)

    def unlock() -> Outcome[PayoutView]:
        return payouts.unlock(tid)

    def done(_view: PayoutView) -> None:
        ctx.history.record(
            _("Lock payouts") if locked else _("Unlock payouts"),
            unlock if locked else lock,
            lock if locked else unlock,
        )

    return ctx.call(
        lock if locked else unlock,
        _("Payout table locked: the places stop moving.")
        if locked
        else _("Payout table unlocked: it follows the field again."),
        done,
        key="payout table",
        control=control,
        busy=_("Locking the payout table…") if locked else _("Unlocking the payout table…"),
    )


def record_deal(
    ctx: CashierContext,
    stacks: dict[int, int],
    method: DealMethod,
    unit: int,
    reserve: int,
    *,
    accept_difference: int | None = None,
    control: Control | None = None,
) -> bool:
    """Record the deal the players agreed to (a deal row on the ledger), on the worker. False
    while a deal is pending (a second press records nothing).

    `accept_difference`: the chips the counts differ from those in play by, which the cashier
    confirmed; any other difference is refused.
    """
    payouts, tid = ctx.services.payouts, ctx.tid

    def operation() -> Outcome[DealInfo]:
        return payouts.record_deal(
            tid,
            stacks,
            method=method,
            unit=unit,
            reserve=reserve,
            accept_difference=accept_difference,
        )

    def recorded(deal: DealInfo) -> None:
        ctx.message.show_info(_("Deal recorded: {deal}.").format(deal=deal.description))
        rows = [deal.ledger_row_id]

        def undo() -> Outcome[Any]:
            return _void_rows(ctx, rows, f"deal {UNDO_REASON}")

        def redo() -> Outcome[DealInfo]:
            again = operation()
            rows[:] = [again.value.ledger_row_id]
            return again

        ctx.history.record(_("Deal"), undo, redo, _voidable(ctx, rows))

    return ctx.call(
        operation, on_done=recorded, key="deal", control=control, busy=_("Recording the deal…")
    )
