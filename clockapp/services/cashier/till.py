"""The cashier's model of one tournament's money (its "till"), used inside a service transaction.

`load_till` reads the entry rules, ledger, registrations, eliminations and deals of a tournament;
`append_row` checks a new ledger row against the core rules (`clockapp.core.money.ledger`)
before it is inserted; `settle` recomputes every registration's counters, status and finishing
place from the ledger and the eliminations, so they never drift from the records;
`money_view` computes the payout table, the standings with prizes and what each player is due.

Concurrency: each money action starts with `lock_till` (through `locked_till`): on SQLite its
transaction began with the write lock, on PostgreSQL it locks the tournament's row until commit, so
two stations cannot both read the same balances and both pay. The action takes its time (`now`)
only then, inside the lock.

The services over it: `clockapp.services.cashier.service` (entries, voids, drawer),
`clockapp.services.payouts` (table, prizes, deals) and `.results` (eliminations, results).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from clockapp.core import clock as clock_engine
from clockapp.core.eliminations import Standings
from clockapp.core.icm import DealMethod
from clockapp.core.money.entries import (
    AddOnRule,
    ClockPosition,
    EntryPrice,
    EntryRules,
    RebuyRule,
    ReEntryRule,
    RegistrationRule,
)
from clockapp.core.money.field import BustInput, check_busts, current_stack, lives, settle
from clockapp.core.money.ledger import DealShare, LedgerRow, RowKind, check_append
from clockapp.core.money.records import CashierConfig, RegistrationStatus
from clockapp.core.money.till import (
    BUST_FIELDS,
    REG_FIELDS,
    Bust,
    DealInfo,
    Reg,
    RowMeta,
    Till,
)
from clockapp.core.money.till import display_name as _display
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.persistence.locks import lock_tournament
from clockapp.persistence.models import (
    CashierConfigRow,
    DealRow,
    EliminationRow,
    LedgerRecord,
    PlayerRow,
    RegistrationRow,
    SeatRow,
    TournamentRow,
)
from clockapp.persistence.upsert import get_or_create
from clockapp.services.changes import Changes
from clockapp.services.context import WRITING, latest_revision
from clockapp.services.setup import get_row, load_clock, load_structure, setup_row


# ------------------------------------------------------------------------------ config rows
def _price(prize: int, fee: int, bounty: int) -> EntryPrice:
    return EntryPrice(prize_pool=prize, house_fee=fee, bounty=bounty)


def _price_columns(price: EntryPrice) -> tuple[int, int, int]:
    """The (prize, fee, bounty) columns that `_price` reads back."""
    return price.prize_pool, price.house_fee, price.bounty


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split())


def config_from_row(row: CashierConfigRow | None, starting_stack: int) -> CashierConfig:
    """The config stored in `row` (the defaults when the tournament has none yet)."""
    if row is None:
        return CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000), chips=starting_stack)))
    registration = RegistrationRule(
        _price(row.buy_in_prize, row.buy_in_fee, row.buy_in_bounty),
        chips=starting_stack,
        late_until_level=row.late_until_level,
        deadline=row.deadline,
        max_entrants=row.max_entrants,
    )
    rebuy = (
        RebuyRule(
            _price(row.rebuy_prize, row.rebuy_fee, row.rebuy_bounty),
            chips=row.rebuy_chips,
            last_level=row.rebuy_last_level,
            max_per_player=row.rebuy_max,
            stack_at_or_below=row.rebuy_stack_threshold,
        )
        if row.rebuy_on
        else None
    )
    add_on = (
        AddOnRule(
            _price(row.add_on_prize, row.add_on_fee, row.add_on_bounty),
            chips=row.add_on_chips,
            at_break_after_level=row.add_on_break_level,
            with_buy_in=row.add_on_with_buy_in,
            max_per_player=row.add_on_max,
        )
        if row.add_on_on
        else None
    )
    re_entry = (
        ReEntryRule(
            _price(row.re_entry_prize, row.re_entry_fee, row.re_entry_bounty),
            chips=row.re_entry_chips,
            last_level=row.re_entry_last_level,
            max_per_player=row.re_entry_max,
        )
        if row.re_entry_on
        else None
    )
    payouts = PayoutStructure(
        mode=PayoutMode(row.payout_mode),
        percentages=_ints(row.payout_percentages),
        amounts=_ints(row.payout_amounts),
        rounding_unit=row.rounding_unit,
        minimum_cash=row.minimum_cash,
        guarantee=row.guarantee,
        paid_share_bp=row.paid_share_bp,
        locked_entries=row.locked_entries,
    )
    return CashierConfig(
        EntryRules(registration, rebuy, add_on, re_entry), payouts, row.opening_float
    )


def store_config(row: CashierConfigRow, config: CashierConfig) -> None:
    """Copy `config` onto its row (the starting stack goes to the set-up row, see the caller)."""
    reg = config.rules.registration
    row.buy_in_prize, row.buy_in_fee, row.buy_in_bounty = _price_columns(reg.price)
    row.late_until_level = reg.late_until_level
    row.deadline = reg.deadline
    row.max_entrants = reg.max_entrants
    rebuy = config.rules.rebuy
    row.rebuy_on = rebuy is not None
    if rebuy is not None:
        row.rebuy_prize, row.rebuy_fee, row.rebuy_bounty = _price_columns(rebuy.price)
        row.rebuy_chips = rebuy.chips
        row.rebuy_last_level = rebuy.last_level
        row.rebuy_max = rebuy.max_per_player
        row.rebuy_stack_threshold = rebuy.stack_at_or_below
    add_on = config.rules.add_on
    row.add_on_on = add_on is not None
    if add_on is not None:
        row.add_on_prize, row.add_on_fee, row.add_on_bounty = _price_columns(add_on.price)
        row.add_on_chips = add_on.chips
        row.add_on_break_level = add_on.at_break_after_level
        row.add_on_with_buy_in = add_on.with_buy_in
        row.add_on_max = add_on.max_per_player
    re_entry = config.rules.re_entry
    row.re_entry_on = re_entry is not None
    if re_entry is not None:
        row.re_entry_prize, row.re_entry_fee, row.re_entry_bounty = _price_columns(re_entry.price)
        row.re_entry_chips = re_entry.chips
        row.re_entry_last_level = re_entry.last_level
        row.re_entry_max = re_entry.max_per_player
    payouts = config.payouts
    row.payout_mode = payouts.mode.value
    row.payout_percentages = " ".join(str(v) for v in payouts.percentages)
    row.payout_amounts = " ".join(str(v) for v in payouts.amounts)
    row.rounding_unit = payouts.rounding_unit
    row.minimum_cash = payouts.minimum_cash
    row.guarantee = payouts.guarantee
    row.paid_share_bp = payouts.paid_share_bp
    row.locked_entries = payouts.locked_entries
    row.opening_float = config.opening_float


def lock_till(session: Session, tournament_id: int) -> CashierConfigRow:
    """Serialise money actions on one tournament: lock it, then get or create its config row.

    The tournament's row is locked first (`lock_tournament`; on SQLite the transaction already
    holds the write lock), so two stations never both read the same balances and both pay. The
    config row is created race-free (INSERT ... ON CONFLICT DO NOTHING, then read) when the
    tournament has none yet. Take the action's time after this call, inside the lock, so rows
    written one after the other carry times in the same order.
    """
    return _lock(session, tournament_id)[1]


def _lock(session: Session, tournament_id: int) -> tuple[TournamentRow, CashierConfigRow]:
    """`lock_till`, returning the tournament's row too."""
    tournament = lock_tournament(session, tournament_id)
    if tournament is None:
        tournament = get_row(session, tournament_id)  # a clear error for an unknown tournament
    row = session.get(CashierConfigRow, tournament_id)
    if row is None:
        stack = setup_row(session, tournament_id).starting_stack
        fresh = CashierConfigRow(tournament_id=tournament_id)
        store_config(fresh, config_from_row(None, stack))
        row = get_or_create(session, fresh)
    return tournament, row


# ------------------------------------------------------------------------------ the till

_REG_COLUMNS = tuple(col(getattr(RegistrationRow, name)) for name in REG_FIELDS)


def reg_from_row(row: RegistrationRow) -> Reg:
    """The plain record of an ORM registration (one just inserted)."""
    return Reg(*(getattr(row, name) for name in REG_FIELDS))


_BUST_COLUMNS = tuple(col(getattr(EliminationRow, name)) for name in BUST_FIELDS)


def add_bust(session: Session, till: Till, row: EliminationRow) -> Bust:
    """Insert an elimination record and put it into the till."""
    session.add(row)
    session.flush()
    bust = Bust(*(getattr(row, name) for name in BUST_FIELDS))
    till.eliminations.append(bust)
    return bust


def display_name(player: PlayerRow) -> str:
    """The player's name, with the nickname in quotes when there is one."""
    return _display(player.name, player.nickname)


#: The ledger columns read into core rows (a plain select: ORM objects cost more and are
#: never edited anyway).
_LEDGER_COLUMNS = (
    col(LedgerRecord.id),
    col(LedgerRecord.kind),
    col(LedgerRecord.amount),
    col(LedgerRecord.registration_id),
    col(LedgerRecord.prize_part),
    col(LedgerRecord.fee_part),
    col(LedgerRecord.bounty_part),
    col(LedgerRecord.target_id),
    col(LedgerRecord.reason),
    col(LedgerRecord.shares_json),
    col(LedgerRecord.chips),
    col(LedgerRecord.created_at),
    col(LedgerRecord.station),
)


def core_row(record: Any) -> LedgerRow:
    """The core ledger row of a stored record (an ORM object or a row of `_LEDGER_COLUMNS`)."""
    assert record.id is not None
    split = None
    if record.prize_part is not None:
        split = EntryPrice(record.prize_part, record.fee_part or 0, record.bounty_part or 0)
    shares: tuple[DealShare, ...] = ()
    if record.shares_json:
        shares = tuple(
            DealShare(int(rid), int(amount)) for rid, amount in json.loads(record.shares_json)
        )
    return LedgerRow(
        record.id,
        RowKind(record.kind),
        record.amount,
        player_id=record.registration_id,
        split=split,
        target=record.target_id,
        reason=record.reason,
        shares=shares,
    )


class LedgerCache:
    """The tills already read, per tournament, so an action reads the till once or not at all.

    One cache serves every money service (`Services` hands the same one to the cashier, payouts
    and results). Two layers:

    - The whole till as last read, keyed by the database's revision (the newest change row):
      every committed action appends a change row in its own transaction, so while the revision
      is the same nothing the till holds has changed, and a read costs one indexed statement and
      a copy. Each caller gets its own copy to change; the cache keeps one nobody changes. Only a
      read session, or a write transaction that has just taken the lock and written nothing yet
      (`locked_till`), uses it: a transaction that has already written reads the database.
    - Below it, when the revision moved, the core ledger rows already read: only the new rows
      are read. Safe because ledger rows are never updated or deleted (database triggers refuse
      it) and a tournament's rows are inserted only under its till lock, so they commit in the
      order of their ids: whatever was read once stays true, and anything new has a larger id. A
      database swapped or restored underneath is noticed (the count of rows up to the last id
      read differs) and the cache starts over.

    Only what was read from the database is kept: rows written by a transaction that then fails
    never enter it. A restored backup cannot bring a revision back either: the restore records a
    change numbered above every revision seen before it (`services.backups`).
    """

    def __init__(self) -> None:
        self._rows: dict[int, tuple[tuple[LedgerRow, ...], dict[int, RowMeta]]] = {}
        self._tills: dict[int, tuple[int, Till]] = {}

    def till(self, session: Session, tournament_id: int) -> Till:
        """The tournament's till: a copy of the one kept when the revision has not moved."""
        revision = latest_revision(session)
        kept = self._tills.get(tournament_id)
        if kept is not None and kept[0] == revision:
            return kept[1].copy()
        till = read_till(session, tournament_id, self)
        till.revision = revision
        self._tills[tournament_id] = (revision, till.copy())
        return till

    def keep(self, till: Till, changes: Changes) -> None:
        """Keep the till an action has just committed, as the state at the action's revision.

        Call it after the commit, as the action's last step (the till is kept as it is, not
        copied), for an action that keeps its till in step with every row it writes (entries,
        voids, refunds, busts). It is kept only when the action's change row
        directly follows the revision the till was read at: nothing else committed in between.
        """
        if till.revision is None or changes.revision != till.revision + 1:
            return
        # The action is over and hands its till over: no copy (the next reader gets one).
        till.held = ()
        till.revision = changes.revision
        self._tills[till.tournament_id] = (changes.revision, till)

    def load(
        self, session: Session, tournament_id: int
    ) -> tuple[list[LedgerRow], dict[int, RowMeta]]:
        """The tournament's ledger rows (core) and their history details, oldest first."""
        rows, meta = self._rows.get(tournament_id, ((), {}))
        if rows:
            last = rows[-1].row_id
            count = session.execute(
                sa_select(func.count())
                .select_from(LedgerRecord)
                .where(col(LedgerRecord.tournament_id) == tournament_id)
                .where(col(LedgerRecord.id) <= last)
            ).scalar_one()
            if count != len(rows):
                rows, meta = (), {}
        fresh = _read_ledger(session, tournament_id, rows[-1].row_id if rows else 0)
        if fresh:
            meta = {**meta, **{r.id: RowMeta(r.chips, r.created_at, r.station) for r in fresh}}
            rows = (*rows, *(core_row(r) for r in fresh))
        self._rows[tournament_id] = (rows, meta)
        return list(rows), dict(meta)


def _read_ledger(session: Session, tournament_id: int, after: int) -> Sequence[Any]:
    return session.execute(
        sa_select(*_LEDGER_COLUMNS)
        .where(col(LedgerRecord.tournament_id) == tournament_id)
        .where(col(LedgerRecord.id) > after)
        .order_by(col(LedgerRecord.id))
    ).all()


def load_till(session: Session, tournament_id: int, cache: LedgerCache | None = None) -> Till:
    """Load everything the cashier reasons about, for one tournament.

    In a read session the cache's till is used while the revision has not moved; in a write
    transaction the database is read (the transaction may have written already: see
    `locked_till` for the start of an action).
    """
    if cache is not None and not session.info.get(WRITING):
        return cache.till(session, tournament_id)
    return read_till(session, tournament_id, cache)


def read_till(session: Session, tournament_id: int, cache: LedgerCache | None = None) -> Till:
    """Read the till from the database (only the ledger rows `cache` has not seen)."""
    stack = setup_row(session, tournament_id).starting_stack
    config = config_from_row(session.get(CashierConfigRow, tournament_id), stack)
    rows, meta = (cache if cache is not None else LedgerCache()).load(session, tournament_id)
    found = session.execute(
        sa_select(*_REG_COLUMNS, col(PlayerRow.name), col(PlayerRow.nickname))
        .join(PlayerRow, col(PlayerRow.id) == col(RegistrationRow.player_id))
        .where(col(RegistrationRow.tournament_id) == tournament_id)
        .where(col(RegistrationRow.status) != RegistrationStatus.WITHDRAWN)
        .order_by(col(RegistrationRow.id))
    ).all()
    registrations: dict[int, Reg] = {}
    names: dict[int, str] = {}
    for values in found:
        reg = Reg(*values[: len(REG_FIELDS)])
        registrations[reg.id] = reg
        names[reg.id] = _display(values[-2], values[-1])
    eliminations = [
        Bust(*values)
        for values in session.execute(
            sa_select(*_BUST_COLUMNS)
            .where(col(EliminationRow.tournament_id) == tournament_id)
            .order_by(col(EliminationRow.id))
        ).all()
    ]
    deals = {
        deal.ledger_row_id: deal_info(deal)
        for deal in session.exec(
            select(DealRow).where(col(DealRow.tournament_id) == tournament_id)
        ).all()
    }
    return Till(
        tournament_id,
        config,
        rows,
        meta,
        registrations,
        names,
        eliminations,
        deals,
        {rid: reg.values() for rid, reg in registrations.items()},
    )


def locked_till(session: Session, tournament_id: int, cache: LedgerCache | None = None) -> Till:
    """Lock the tournament's till for this transaction (`lock_till`), then load it (`load_till`).

    The start of every money action: the lock comes first, so the till read is the one written.
    Nothing is written yet, so the cache's till serves when the revision has not moved. The rows
    read on the way stay referenced by the till for the whole transaction, so the session finds
    them again without a query (its identity map holds them weakly).
    """
    held = (*_lock(session, tournament_id), setup_row(session, tournament_id))
    if cache is not None:
        till = cache.till(session, tournament_id)
    else:
        till = read_till(session, tournament_id)
    till.held = held
    return till


def add_registration(till: Till, row: RegistrationRow, name: str) -> Reg:
    """Put a registration just inserted (and flushed) into the till."""
    reg = reg_from_row(row)
    till.registrations[reg.id] = reg
    till.saved[reg.id] = reg.values()
    till.names[reg.id] = name
    return reg


def save_settled(session: Session, till: Till) -> Standings:
    """Settle the till (`clockapp.core.money.field.settle`) and write back what changed.

    Raises:
        EliminationError: The busts no longer make a valid finishing order.
    """
    result = settle(till)
    save_registrations(session, till)
    return result


def save_registrations(session: Session, till: Till) -> None:
    """Write back the registrations whose fields changed since they were read."""
    for rid, reg in till.registrations.items():
        now = reg.values()
        before = till.saved.get(rid)
        if now == before:
            continue
        changed = {
            name: value
            for name, value, old in zip(REG_FIELDS, now, before or (None,) * len(now), strict=True)
            if value != old and name != "id"
        }
        session.execute(
            update(RegistrationRow)
            .where(col(RegistrationRow.id) == rid)
            .values(**changed)
            .execution_options(synchronize_session=False)
        )
        till.saved[rid] = now


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
    check_append(
        till.rows,
        LedgerRow(
            provisional,
            kind,
            amount,
            player_id=registration_id,
            split=split,
            target=target,
            reason=reason.strip(),
            shares=tuple(shares),
        ),
    )
    record = LedgerRecord(
        tournament_id=till.tournament_id,
        kind=kind.value,
        amount=amount,
        registration_id=registration_id,
        prize_part=split.prize_pool if split is not None else None,
        fee_part=split.house_fee if split is not None else None,
        bounty_part=split.bounty if split is not None else None,
        chips=chips,
        target_id=target,
        reason=reason.strip()[:500],
        shares_json=json.dumps([[s.player_id, s.amount] for s in shares]) if shares else "",
        created_at=now,
        station=station[:100],
    )
    session.add(record)
    session.flush()
    assert record.id is not None
    till.rows.append(core_row(record))
    till.meta[record.id] = RowMeta(chips, now, record.station)
    return record


def record_busts(
    session: Session,
    till: Till,
    busts: Sequence[BustInput],
    now: datetime,
    *,
    station: str = "",
    reason: str = "",
) -> None:
    """Record the busts of one hand (in the caller's transaction) and settle; raises on error.

    The busts are checked first (`clockapp.core.money.field.check_busts`): nothing is written
    when one is refused.
    """
    hand = check_busts(till, busts)
    stacks = lives(till)
    seats = seats_of(session, [b.registration_id for b in busts])
    for bust in busts:
        held = stacks.get(bust.registration_id, {})
        stack_row = current_stack(held)
        assert stack_row is not None  # bought in, checked above
        row = EliminationRow(
            tournament_id=till.tournament_id,
            registration_id=bust.registration_id,
            hand=hand,
            chips_at_hand_start=bust.chips_at_hand_start or 1,
            busted_by_id=bust.busted_by,
            bounty=held[stack_row],
            entry_number=stack_row,
            table_number=seats.get(bust.registration_id, (None, None))[0],
            seat_number=seats.get(bust.registration_id, (None, None))[1],
            reason=reason[:500],
            created_at=now,
            station=station[:100],
        )
        add_bust(session, till, row)
    session.flush()
    save_settled(session, till)


def seats_of(session: Session, registration_ids: Sequence[int]) -> dict[int, tuple[int, int]]:
    """The (table, seat) each registration's seat row holds, for those that have one.

    Read when a bust is recorded, before the bust frees the seat: the elimination keeps it, so a
    rebuy or an undone bust can give the seat back.
    """
    if not registration_ids:
        return {}
    rows = session.execute(
        sa_select(
            col(SeatRow.registration_id), col(SeatRow.table_number), col(SeatRow.seat_number)
        ).where(col(SeatRow.registration_id).in_(list(registration_ids)))
    ).all()
    return {rid: (table, seat) for rid, table, seat in rows}


def deal_info(row: DealRow) -> DealInfo:
    """The core record of a stored deal."""
    assert row.id is not None
    return DealInfo(
        id=row.id,
        ledger_row_id=row.ledger_row_id,
        method=DealMethod(row.method),
        description=row.description,
        registration_ids=tuple(json.loads(row.registrations_json)),
        stacks=tuple(json.loads(row.stacks_json)),
        amounts=tuple(json.loads(row.amounts_json)),
        prizes=tuple(json.loads(row.prizes_json)),
        reserved=row.reserved,
        exact=row.exact,
        created_at=row.created_at,
    )


def clock_position(session: Session, tournament_id: int, now: datetime) -> ClockPosition:
    """Where the tournament clock is at `now`, as the entry rules count levels."""
    state = load_clock(session, tournament_id)
    if not state.started:
        return ClockPosition(0)
    structure = load_structure(session, tournament_id)
    shown = clock_engine.view(state, structure, now)
    level = sum(1 for item in structure.levels[: shown.index + 1] if not item.is_break)
    return ClockPosition(level, on_break=shown.is_break and level > 0)
