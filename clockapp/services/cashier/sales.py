"""Selling entries: the receipt, the player's state as the entry rules see it, the sale itself.

Helpers of the cashier's money actions (`clockapp.services.cashier.service`), run inside their
transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from clockapp.core.money.actions import sale
from clockapp.core.money.amounts import check_cents, format_money
from clockapp.core.money.change import TillChange, applied
from clockapp.core.money.drawer import DrawerCount
from clockapp.core.money.entries import (
    EntryKind,
    EntryOffer,
    PlayerEntries,
    PlayerState,
)
from clockapp.core.money.entry_checks import check_add_on, check_buy_in, check_re_entry, check_rebuy
from clockapp.core.money.field import BustInput, RegistrationUpdate, last_bust_seat
from clockapp.core.money.handout import Handout, chip_warnings, handed_out, handout
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import (
    CashierError,
    LedgerEntry,
    PrizeDue,
    RegistrationInfo,
    ledger_entry,
    registration_info,
)
from clockapp.core.money.till import Reg, Till
from clockapp.core.registration import RegistrationStatus
from clockapp.core.seating import Seat
from clockapp.core.waiting_list import check_seat_offered
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.persistence.models import (
    DrawerCountRow,
    PlayerRow,
)
from clockapp.persistence.queries import waiting as waiting_q
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, Ruling
from clockapp.services.cashier.enrol import checked_in, enrolled_id, find_active
from clockapp.services.cashier.till import bust_change, display_name
from clockapp.services.changes import Change
from clockapp.services.ending import entry_context
from clockapp.services.players import live_player
from clockapp.services.seating.cashier_seats import seat_in_session
from clockapp.services.seating.sale_seat import IfFull, SeatNote, make_room
from clockapp.services.setup import load_chips, load_stacks, setup_row

ENTRY_CHANGES = Change.ENTRIES | Change.LEDGER | Change.PAYOUTS | Change.SEATING


@dataclass(frozen=True)
class EntryReceipt:
    """What one payment bought: the rows written, the chips to hand over, the change due.

    Attributes:
        registration: The player's registration after the payment.
        kind: The main entry (buy-in, rebuy, add-on or re-entry).
        rows: The ledger rows written (two for a buy-in with its add-on).
        total: Cents due for everything bought.
        chips: Chips bought in total.
        handouts: The chips to count out, one per entry bought.
        tendered: Cents handed over by the player, when given.
        change_due: Cents to give back (None when nothing tendered was entered).
        seat: Where the player sits after the sale, drawn or given back in the same
            transaction (None when no seat was asked for or the room has no tables).
        recorded_bust: The sale recorded the player's bust at the table first (a rebuy or
            re-entry sold to a player shown in play): undoing the sale undoes that bust too.
        opened_table: The table opened for the player in the sale's transaction, when no seat
            was free and the cashier chose to open one (None otherwise).
        bounty_note: What the entry's bounty share does, when the host's rule for entries sold
            after the first mystery envelope applies ("" otherwise).
        chip_warnings: The colours that run out before another sale like this one (chips
            owned minus those handed out so far), in plain words.
    """

    registration: RegistrationInfo
    kind: EntryKind
    rows: tuple[LedgerEntry, ...]
    total: int
    chips: int
    handouts: tuple[Handout, ...]
    tendered: int | None = None
    change_due: int | None = None
    seat: SeatNote | None = None
    recorded_bust: bool = False
    opened_table: int | None = None
    bounty_note: str = ""
    chip_warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class DrawerInfo:
    """A drawer count as recorded."""

    id: int
    counted: int
    expected: int
    note: str
    created_at: datetime
    station: str

    @property
    def count(self) -> DrawerCount:
        """The core comparison (difference and status)."""
        return DrawerCount(expected=self.expected, counted=self.counted)


def player_state(reg: Reg) -> PlayerState:
    """The player's state as the rules see it, from the registration's stored status."""
    if reg.entries == 0:
        return PlayerState.NOT_ENTERED
    return PlayerState.BUSTED if reg.status == RegistrationStatus.BUSTED else PlayerState.PLAYING


def player_entries(
    till: Till, reg: Reg, stack: int | None, state: PlayerState | None = None
) -> PlayerEntries:
    """What the rules know of a registered player: their stored state (or `state`, for a bust
    about to be recorded), and the chips counted now when given."""
    assert reg.id is not None
    state = state or player_state(reg)
    return PlayerEntries(
        till.name(reg.id),
        stack=None if state is PlayerState.BUSTED else stack,
        rebuys=reg.rebuys,
        add_ons=reg.add_ons,
        re_entries=max(0, reg.entries - 1),
        state=state,
    )


def buy_in_state(till: Till, player: PlayerRow) -> PlayerEntries:
    """What the rules know of a player asking to buy in (registered or not yet)."""
    reg = find_active(till, player.id or 0)
    if reg is None:
        return PlayerEntries(display_name(player), state=PlayerState.NOT_ENTERED)
    return player_entries(till, reg, None)


def check_tendered(tendered: int | None, total: int, currency: str) -> int | None:
    if tendered is None:
        return None
    check_cents(tendered, "Amount tendered")
    if tendered < total:
        raise CashierError(
            _("{tendered} tendered is less than the {due} due ({short} short).").format(
                tendered=format_money(tendered, currency),
                due=format_money(total, currency),
                short=format_money(total - tendered, currency),
            )
        )
    return tendered - total


def check_stack(stack: int | None) -> None:
    if stack is not None and (isinstance(stack, bool) or not isinstance(stack, int) or stack < 0):
        raise ValidationError(
            _("The player's chips must be a whole number, 0 or more, not {stack!r}.").format(
                stack=stack
            )
        )


def entry_handout(kind: EntryKind, chips: int, session: Session, tournament_id: int) -> Handout:
    """The chips to hand over: the stack planned with the structure when there is one."""
    return handout(
        kind, chips, load_chips(session, tournament_id), load_stacks(session, tournament_id)
    )


def chips_left_warnings(
    session: Session, till: Till, handouts: Sequence[Handout]
) -> tuple[str, ...]:
    """Before a colour runs out: the chips owned minus every entry's chips handed out so far
    (voided entries given back), against the chips of another sale like this one."""
    chip_set = load_chips(session, till.tournament_id)
    if chip_set.owned is None:
        return ()
    stacks = load_stacks(session, till.tournament_id)
    voided = {r.target for r in till.rows if r.kind is RowKind.VOID}
    given = []
    for row in till.rows:
        meta = till.meta.get(row.row_id)
        chips = meta.chips if meta is not None else None
        if not row.kind.is_entry or row.row_id in voided or not chips:
            continue
        given.append(handout(EntryKind(row.kind.value), chips, chip_set, stacks))
    return chip_warnings(chip_set, handed_out(given), handouts)


def seated(
    session: Session,
    receipt: EntryReceipt,
    now: datetime,
    back_to: Seat | None = None,
    if_full: IfFull = IfFull.NO_SEAT,
) -> EntryReceipt:
    """The receipt with the player seated in the sale's own transaction (`seat_in_session`).

    When the draw finds no free seat, `if_full` decides (`make_room`): the sale stands without
    a seat, is refused with everything it wrote rolled back (`NoFreeSeat`), or the next table
    opens and the player sits there. The room is read again only in that rare case.
    """
    reg = receipt.registration
    note = seat_in_session(session, reg.tournament_id, reg.id, now, back_to=back_to)
    if note is None or note.seat is not None or if_full is IfFull.NO_SEAT:
        return replace(receipt, seat=note)
    opened = make_room(session, reg.tournament_id, reg.name, if_full)
    if opened is None:  # a seat is free: the draw was refused for another reason
        return replace(receipt, seat=note)
    note = seat_in_session(session, reg.tournament_id, reg.id, now)
    return replace(receipt, seat=note, opened_table=opened.number)


def seat_summary(note: SeatNote | None, opened: int | None = None) -> str:
    """The seat for the change log ("" when nothing happened to it)."""
    table = f"; opened table {opened}" if opened is not None else ""
    if note is None or not note.changed:
        return table
    return f"{table}; {note.sentence}"


def due_order(due: PrizeDue) -> tuple[int, int]:
    return (due.place if due.place is not None else 0, due.registration_id)


def drawer_info(row: DrawerCountRow) -> DrawerInfo:
    assert row.id is not None
    return DrawerInfo(row.id, row.counted, row.expected, row.note, row.created_at, row.station)


def sold(
    session: Session,
    after: Till,
    written: TillChange,
    offers: Sequence[EntryOffer],
    tendered: int | None,
    change: int | None,
    bounty_note: str,
) -> EntryReceipt:
    """The receipt of a sale as `written` (its rows with the database's ids), from the till
    it left."""
    rid = enrolled_id(written)
    handouts = tuple(entry_handout(o.kind, o.chips, session, after.tournament_id) for o in offers)
    return EntryReceipt(
        registration=registration_info(after, after.registration(rid)),
        kind=offers[0].kind,
        rows=tuple(ledger_entry(after, new.row.row_id) for new in written.rows),
        total=sum(o.price.total for o in offers),
        chips=sum(o.chips for o in offers),
        handouts=handouts,
        tendered=tendered,
        change_due=change,
        bounty_note=bounty_note,
        chip_warnings=chips_left_warnings(session, after, handouts),
    )


def sell_buy_in(
    session: Session,
    till: Till,
    now: datetime,
    player_id: int,
    *,
    with_add_on: bool,
    tendered: int | None,
    station: str,
    seat: bool,
    if_full: IfFull = IfFull.NO_SEAT,
) -> Ruling[EntryReceipt]:
    """Check in and sell the buy-in (`CashierService.buy_in`), the seat drawn when asked (with
    a full room handled as `if_full` says, before anything is written)."""
    player = live_player(session, player_id)
    reg = find_active(till, player.id or 0)
    ctx = entry_context(session, till, now)
    state = buy_in_state(till, player)
    offers = [check_buy_in(till.config.rules, state, ctx)]
    # A seat freed under the cap is offered to the waiting list first (a field without a cap
    # has no waiting list to ask).
    cap = till.config.rules.registration.max_entrants
    if cap is not None:
        waiters = waiting_q.waiters(session, till.tournament_id)
        check_seat_offered(player.id or 0, waiters, ctx.entrants, cap)
    if with_add_on:
        offers.append(check_add_on(till.config.rules, state, ctx, with_buy_in=True))
    total = sum(o.price.total for o in offers)
    change = check_tendered(tendered, total, setup_row(session, till.tournament_id).currency)
    buyer = checked_in(till, player, reg, now)
    sale_change, note = sale(till, buyer, offers, now, station)

    def finish(
        session: Session, after: Till, written: Sequence[TillChange], now: datetime
    ) -> Done[EntryReceipt]:
        receipt = sold(session, after, written[-1], offers, tendered, change, note)
        summary = f"buy-in {receipt.registration.name}"
        if seat:
            receipt = seated(session, receipt, now, if_full=if_full)
            summary += seat_summary(receipt.seat, receipt.opened_table)
        return Done(receipt, ENTRY_CHANGES, summary)

    return Ruling((sale_change,), finish)


def sell_again(
    session: Session,
    till: Till,
    now: datetime,
    registration_id: int,
    kind: EntryKind,
    stack: int | None,
    *,
    tendered: int | None,
    station: str,
    with_add_on: bool,
    busted_at_table: bool,
    seat: bool,
    if_full: IfFull = IfFull.NO_SEAT,
) -> Ruling[EntryReceipt]:
    """Sell a rebuy, re-entry or add-on (`CashierService.rebuy`, `re_enter`, `add_on`).

    A bust the cashier says happened at the table is recorded first (a change of its own,
    written before the sale's: the ledger takes a rebuy only from a player recorded out); a
    rebuying player gets the seat the bust freed back when it is still free, else one drawn by
    the rules.
    """
    reg = till.registration(registration_id)
    # The state is the stored one; a bust the cashier records now is said outright.
    record_bust = busted_at_table and player_state(reg) is PlayerState.PLAYING
    state = player_entries(till, reg, stack, PlayerState.BUSTED if record_bust else None)
    ctx = entry_context(session, till, now)
    rules = till.config.rules
    if kind is EntryKind.REBUY:
        offers = [check_rebuy(rules, state, ctx)]
    elif kind is EntryKind.RE_ENTRY:
        offers = [check_re_entry(rules, state, ctx)]
    else:
        offers = [check_add_on(rules, state, ctx)]
    if with_add_on:
        offers.append(check_add_on(rules, state, ctx, with_buy_in=True))
    total = sum(o.price.total for o in offers)
    change = check_tendered(tendered, total, setup_row(session, till.tournament_id).currency)
    # A new entry draws a new seat once it is sold; a rebuy after a bust recorded before gets
    # that bust's seat back when it is free (one recorded now frees the seat the player holds,
    # which is his again). A full room is handled then, as `if_full` says (`seated`).
    changes: tuple[TillChange, ...] = ()
    out_till = till
    if record_bust:
        bust = bust_change(
            session,
            till,
            [BustInput(registration_id)],
            now,
            station=station,
            reason=f"busted at the table, recorded with the {kind.value}",
        )
        changes = (bust,)
        out_till = applied(till, bust)
    # Where a rebuying player sat when busted (before the bust freed the seat).
    out = player_state(out_till.registration(registration_id)) is PlayerState.BUSTED
    back = last_bust_seat(out_till, registration_id) if kind is EntryKind.REBUY and out else None
    unchanged = RegistrationUpdate(out_till.registration(registration_id), {})
    sale_change, note = sale(out_till, unchanged, offers, now, station)

    def finish(
        session: Session, after: Till, written: Sequence[TillChange], now: datetime
    ) -> Done[EntryReceipt]:
        receipt = sold(session, after, written[-1], offers, tendered, change, note)
        receipt = replace(receipt, recorded_bust=record_bust)
        summary = f"{kind.value} {receipt.registration.name}"
        if seat or back is not None:
            receipt = seated(session, receipt, now, Seat(*back) if back else None, if_full)
            summary += seat_summary(receipt.seat, receipt.opened_table)
        return Done(receipt, ENTRY_CHANGES, summary)

    return Ruling((*changes, sale_change), finish)
