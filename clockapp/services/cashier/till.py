"""The cashier's till inside one write transaction: lock it, load it, write what an action changed.

A money action (`clockapp.services.cashier.action.money_action`) starts with `lock_till`: on
SQLite its transaction began with the write lock, on PostgreSQL the tournament's row is locked
until commit, so two stations cannot both read the same balances and both pay. It takes its time
(`now`) only then, inside the lock. The rules are pure (`clockapp.core.money`): they read the till
and return the change they make; this module writes each change through the persistence queries
and puts it into the till, so the till mirrors what the transaction wrote: `append_row` checks a
new ledger row against the core rules before inserting it, `save_settled` writes the
registrations `settle` updates, `update_registration` one registration's fields, `record_busts`
one hand's busts.

The services over it: `clockapp.services.cashier.service` (entries, voids, drawer),
`clockapp.services.payouts` (table, prizes, deals) and `.results` (busts, results).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from clockapp.core import clock as clock_engine
from clockapp.core.busts import BustError, Standings
from clockapp.core.money.balances import check_append
from clockapp.core.money.entries import ClockPosition, EntryPrice
from clockapp.core.money.field import (
    BustInput,
    RegistrationUpdate,
    check_busts,
    chips_in_play,
    current_stack,
    lives,
    settle,
    standing_busts,
    standing_entry_rows,
)
from clockapp.core.money.ledger import DealShare, LedgerRow, RowKind
from clockapp.core.money.sales_line import position_at
from clockapp.core.money.till import Bust, Reg, RowMeta, Till
from clockapp.core.money.till import display_name as _display
from clockapp.core.registration import RegistrationStatus
from clockapp.core.seating import Seat
from clockapp.persistence.locks import lock_tournament
from clockapp.persistence.models import (
    BustRow,
    LedgerRecord,
    PlayerRow,
    RegistrationRow,
)
from clockapp.persistence.queries import busts as busts_q
from clockapp.persistence.queries import cashier_config, ledger, registrations
from clockapp.persistence.session import WRITING, Session
from clockapp.services.cashier.cache import LedgerCache, read_till
from clockapp.services.cashier.knockouts import record_knockout, return_draw
from clockapp.services.changes import Revision
from clockapp.services.setup import get_row, load_clock, load_structure, setup_row


def lock_till(session: Session, tournament_id: int) -> tuple[object, ...]:
    """Serialise money actions on one tournament: lock it, then get or create its config row.

    The tournament's row is locked first (`lock_tournament`; on SQLite the transaction already
    holds the write lock), so two stations never both read the same balances and both pay. The
    config row is created race-free (INSERT ... ON CONFLICT DO NOTHING, then read) when the
    tournament has none yet. Take the action's time after this call, inside the lock, so rows
    written one after the other carry times in the same order.

    Returns the rows read on the way (the tournament and its config): a caller that keeps them
    referenced for the transaction lets the session find them again without a query (its
    identity map holds them weakly).
    """
    tournament = lock_tournament(session, tournament_id)
    if tournament is None:
        tournament = get_row(session, tournament_id)  # a clear error for an unknown tournament
    row = cashier_config.config_row(session, tournament_id)
    if row is None:
        stack = setup_row(session, tournament_id).starting_stack
        row = cashier_config.ensure_config_row(session, tournament_id, stack)
    return tournament, row


def load_till(session: Session, tournament_id: int, cache: LedgerCache | None = None) -> Till:
    """Load everything the cashier reasons about, for one tournament.

    In a read session the cache's till is used while the revision has not moved; in a write
    transaction the database is read (the transaction may have written already: see
    `snapshot` for the start of an action).
    """
    if cache is not None and not session.info.get(WRITING):
        return cache.till(session, tournament_id)
    return read_till(session, tournament_id, cache)


def chips_on_the_tables(till: Till) -> int:
    """The chips in play: those handed out with the standing entries, plus or minus what each
    chip race's rounding added or took away at a colour-up (a table raced again counts once)."""
    return chips_in_play(till) + till.chips_raced


def snapshot(
    session: Session, tournament_id: int, cache: LedgerCache | None
) -> tuple[Revision | None, Till]:
    """The till as the action starts (after `lock_till`), and the revision the cache read it at.

    Nothing is written yet, so the cache's till serves when the revision has not moved; the
    revision (None without a cache) lets the cache keep the till the action leaves
    (`LedgerCache.keep`).
    """
    if cache is None:
        return None, read_till(session, tournament_id)
    return cache.snapshot(session, tournament_id)


def display_name(player: PlayerRow) -> str:
    """The player's name, with the nickname in quotes when there is one."""
    return _display(player.name, player.nickname)


def add_registration(till: Till, row: RegistrationRow, name: str) -> Reg:
    """Put a registration just inserted (and flushed) into the till."""
    reg = registrations.reg_from_row(row)
    till.registrations[reg.id] = reg
    till.names[reg.id] = name
    return reg


def update_registration(session: Session, till: Till, registration_id: int, **fields: Any) -> Reg:
    """Write these fields of one registration, then put its new value into the till."""
    reg = replace(till.registration(registration_id), **fields)
    registrations.update_fields(session, registration_id, fields)
    till.registrations[registration_id] = reg
    return reg


def save_settled(session: Session, till: Till, *earlier: RegistrationUpdate) -> Standings:
    """Settle the till (`clockapp.core.money.field.settle`) and write the change it returns.

    `earlier` are updates already in the till and not yet written (a check-in): each is written
    with the settlement's update of the same registration, in one statement.

    Raises:
        BustError: The busts no longer make a valid finishing order.
    """
    settlement = settle(till)
    pending = {u.reg.id: dict(u.fields) for u in earlier if u.fields}
    for update in settlement.updates:
        pending[update.reg.id] = {**pending.get(update.reg.id, {}), **update.fields}
        till.registrations[update.reg.id] = update.reg
    for rid, fields in pending.items():
        registrations.update_fields(session, rid, fields)
    return settlement.standings


def append_row(
    session: Session,
    till: Till,
    now: datetime,
    *,
    kind: RowKind,
    amount: int,
    registration_id: int | None = None,
    split: EntryPrice | None = None,
    chips: int | None = None,
    target: int | None = None,
    reason: str = "",
    shares: Sequence[DealShare] = (),
    station: str = "",
) -> LedgerRecord:
    """Check a new ledger row against the core rules, then insert it. Raises LedgerError."""
    provisional = (till.rows[-1].row_id + 1) if till.rows else 1
    row = LedgerRow(
        provisional,
        kind,
        amount,
        player_id=registration_id,
        split=split,
        target=target,
        reason=reason.strip(),
        shares=tuple(shares),
    )
    check_append(till.rows, row)
    record = ledger.insert_row(
        session, till.tournament_id, row, chips=chips, now=now, station=station
    )
    assert record.id is not None
    till.rows.append(ledger.core_row(record))
    till.meta[record.id] = RowMeta(chips, now, record.station)
    return record


def add_bust(session: Session, till: Till, row: BustRow) -> Bust:
    """Insert a bust record and put it into the till."""
    bust = busts_q.insert_bust(session, row)
    till.busts.append(bust)
    return bust


def record_busts(
    session: Session,
    till: Till,
    busts: Sequence[BustInput],
    now: datetime,
    *,
    station: str = "",
    reason: str = "",
    hand: int | None = None,
) -> None:
    """Record the busts of one hand (in the caller's transaction) and settle; raises on error.

    The busts are checked first (`clockapp.core.money.field.check_busts`): nothing is written
    when one is refused. `hand` joins the busts to a hand already recorded (hand-for-hand: the
    open hand); by default they are a new hand.
    """
    new_hand = check_busts(till, busts)
    if hand is None:
        hand = new_hand
    stacks = lives(till)
    seats = busts_q.seats_of(session, [b.registration_id for b in busts])
    level = clock_position(session, till.tournament_id, now).level
    left = sum(1 for reg in till.registrations.values() if reg.status == RegistrationStatus.PLAYING)
    for bust in busts:
        held = stacks.get(bust.registration_id, {})
        stack_row = current_stack(held)
        assert stack_row is not None  # bought in, checked above
        table, seat = seats.get(bust.registration_id, (None, None))
        row = BustRow(
            tournament_id=till.tournament_id,
            registration_id=bust.registration_id,
            hand=hand,
            chips_at_hand_start=bust.chips_at_hand_start or 1,
            busted_by_id=bust.busted_by,
            bounty=held[stack_row],
            entry_number=stack_row,
            table_number=table,
            seat_number=seat,
            reason=reason[:500],
            created_at=now,
            station=station[:100],
        )
        recorded = add_bust(session, till, row)
        record_knockout(
            session, till, bust, recorded, stacks, level=level, players_left=left, now=now
        )
    save_settled(session, till)


def clock_position(session: Session, tournament_id: int, now: datetime) -> ClockPosition:
    """Where the tournament clock is at `now`, as the entry rules count levels."""
    state = load_clock(session, tournament_id)
    if not state.started:
        return ClockPosition(0)
    structure = load_structure(session, tournament_id)
    shown = clock_engine.view(state, structure, now)
    return position_at(structure.levels, shown.index)


def undo_last_bust(
    session: Session,
    till: Till,
    registration_id: int,
    reason: str,
    now: datetime,
    station: str,
    bust_id: int | None = None,
) -> Seat | None:
    """Append the record undoing the player's last bust; returns the seat left at that bust.

    Raises:
        BustError: The player is not out, or (with `bust_id`) that record is no longer
            the player's last bust standing.
    """
    why = undo_refusal(till, registration_id, bust_id)
    if why:
        raise BustError(why)
    last = [b for b in standing_busts(till) if b.registration_id == registration_id][-1]
    row = BustRow(
        tournament_id=till.tournament_id,
        registration_id=registration_id,
        hand=last.hand,
        chips_at_hand_start=last.chips_at_hand_start,
        busted_by_id=last.busted_by_id,
        bounty=last.bounty,
        entry_number=last.entry_number,
        undoes_id=last.id,
        table_number=last.table_number,
        seat_number=last.seat_number,
        reason=(reason.strip() or "undo")[:500],
        created_at=now,
        station=station[:100],
    )
    return_draw(till, last, add_bust(session, till, row))
    if last.table_number is None or last.seat_number is None:
        return None
    return Seat(last.table_number, last.seat_number)


def undo_refusal(till: Till, registration_id: int, bust_id: int | None = None) -> str:
    """Why the player's last bust cannot be undone now ('' when it can): the player is not out,
    or `bust_id` (the bust an undo was recorded for) is no longer the last one standing, as
    when another station sold a rebuy and recorded a new bust since."""
    if registration_id not in till.registrations:
        return f"registration #{registration_id} is not in this tournament."
    name = till.name(registration_id)
    busts = [b for b in standing_busts(till) if b.registration_id == registration_id]
    standing = [b.id for b in busts]
    reg = till.registration(registration_id)
    if reg.status != RegistrationStatus.BUSTED and busts:
        # Out, then back in with an entry sold since: the bust stands under that entry.
        since = [
            row.kind.value
            for row in standing_entry_rows(till)
            if row.player_id == reg.player_id
            and till.meta[row.row_id].created_at >= busts[-1].created_at
        ]
        entry = since[-1] if since else "rebuy or re-entry"
        return (
            f"{name} is back in play with a {entry} sold after that bust: void the {entry} "
            "at the cashier first, then undo the bust."
        )
    if reg.status != RegistrationStatus.BUSTED or not standing:
        return f"{name} is not out; there is no bust to undo."
    if bust_id is not None and standing[-1] != bust_id:
        hand = next((f" on hand {b.hand}" for b in till.busts if b.id == bust_id), "")
        return (
            f"{name}'s bust{hand} is not the last bust standing: a newer one was recorded "
            "since, or it was undone."
        )
    return ""
