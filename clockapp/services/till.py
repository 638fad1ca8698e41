"""The cashier's model of one tournament's money (its "till"), used inside a service transaction.

`load_till` reads the entry rules, ledger, registrations, eliminations and deals of a tournament;
`append_row` checks a new ledger row against the core rules (`clockapp.core.ledger`) before it is
inserted; `settle` recomputes every registration's counters, status and finishing place from the
ledger and the eliminations, so they never drift from the records; `money_view` computes the
payout table, the standings with prizes and what each player is due.

Concurrency: each money action starts with `lock_till` (through `locked_till`): on SQLite its
transaction began with the write lock, on PostgreSQL it locks the tournament's row until commit, so
two stations cannot both read the same balances and both pay. The action takes its time (`now`)
only then, inside the lock.

The services over it: `clockapp.services.cashier` (entries, voids, drawer), `.payouts` (table,
prizes, deals) and `.results` (eliminations, results).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from enum import StrEnum
from operator import attrgetter
from typing import Any

from sqlalchemy import func, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from clockapp.core import clock as clock_engine
from clockapp.core.eliminations import BustEvent, EliminationError, Finish, Standings, standings
from clockapp.core.entries import (
    AddOnRule,
    ClockPosition,
    EntryPrice,
    EntryRules,
    RebuyRule,
    ReEntryRule,
    RegistrationRule,
)
from clockapp.core.errors import DomainError, ValidationError
from clockapp.core.ledger import (
    DealShare,
    LedgerBalances,
    LedgerError,
    LedgerRow,
    RowKind,
    balances,
    check_append,
    voided_rows,
)
from clockapp.core.money import check_cents, format_cents
from clockapp.core.payouts import PayoutMode, PayoutStructure, PayoutTable, ordinal, payout_table
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
from clockapp.persistence.models.cashier import (
    STATUS_BUSTED,
    STATUS_CHECKED_IN,
    STATUS_PLAYING,
    STATUS_PRE_REGISTERED,
    STATUS_WITHDRAWN,
)
from clockapp.persistence.upsert import get_or_create
from clockapp.services.changes import Changes
from clockapp.services.context import WRITING, latest_revision
from clockapp.services.setup import get_row, load_clock, load_structure, setup_row


class CashierError(DomainError):
    """A cashier action that cannot be done (unknown registration, amount tendered too low...)."""


class RegistrationStatus(StrEnum):
    """Where a registered player stands."""

    PRE_REGISTERED = STATUS_PRE_REGISTERED  # on the list, not arrived
    CHECKED_IN = STATUS_CHECKED_IN  # arrived, not paid
    PLAYING = STATUS_PLAYING  # bought in and still has chips
    BUSTED = STATUS_BUSTED  # out (may rebuy or re-enter where the rules allow)
    WITHDRAWN = STATUS_WITHDRAWN  # taken off the list before buying in


# ------------------------------------------------------------------------------ value types
@dataclass(frozen=True)
class CashierConfig:
    """A tournament's entry rules and payout choices.

    Attributes:
        rules: Buy-in price and stack, late registration, cap, rebuy, add-on and re-entry rules.
            The buy-in stack is the tournament's starting stack (saving it updates the set-up).
        payouts: Preset or custom payout table, rounding unit, minimum cash, guarantee, lock.
        opening_float: Cash put in the drawer before the first entry, in cents.

    >>> config = CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000, 500), 10_000)))
    >>> config.rules.label, config.rules.registration.price.total
    ('Freeze-out', 2500)
    """

    rules: EntryRules
    payouts: PayoutStructure = field(default_factory=PayoutStructure)
    opening_float: int = 0

    def __post_init__(self) -> None:
        check_cents(self.opening_float, "The opening float")
        payouts = self.payouts
        check_cents(payouts.guarantee, "The guarantee")
        check_cents(payouts.minimum_cash, "The minimum cash")
        check_cents(payouts.rounding_unit, "The rounding unit", minimum=1)
        for place, amount in enumerate(payouts.amounts, start=1):
            check_cents(amount, f"The prize for place {place}")


@dataclass(frozen=True)
class RegistrationInfo:
    """One player in the tournament, as the cashier window and seating see it.

    Attributes:
        id: The registration id (what seating seats).
        player_id: The player in the player database.
        name: The player's name (with the nickname in quotes when set).
        status: Pre-registered, checked in, playing, busted or withdrawn.
        entries: The buy-in plus re-entries still standing.
        rebuys: Rebuys still standing.
        add_ons: Add-ons still standing.
        place: Finishing place (best place covered when tied), None while still in.
        tied: How many players share the places from `place`.
        busted_by_id: The registration credited with the knockout.
        bust_hand: The hand number of the bust (the same number: the same hand).
        bust_chips: Chips at the start of the bust hand.
    """

    id: int
    tournament_id: int
    player_id: int
    name: str
    status: RegistrationStatus
    entries: int
    rebuys: int
    add_ons: int
    place: int | None
    tied: int
    busted_by_id: int | None
    bust_hand: int | None
    bust_chips: int | None
    created_at: datetime
    checked_in_at: datetime | None
    busted_at: datetime | None

    @property
    def bought_in(self) -> bool:
        """Whether the player has a standing entry."""
        return self.entries > 0

    @property
    def in_play(self) -> bool:
        """Whether the player is in the field with chips."""
        return self.status is RegistrationStatus.PLAYING


@dataclass(frozen=True)
class LedgerEntry:
    """One ledger row for the history view.

    Attributes:
        id: The row's number (increasing in the order rows were written).
        kind: What it records.
        amount: Cents (the kind says which way they move).
        registration_id: The player paying or paid.
        name: That player's name ("" for rows about no one).
        split: For entries and refunds: prize pool, fee and bounty parts.
        chips: Chips handed over with an entry.
        target_id: The row a void reverses or a refund refunds.
        reason: Why (voids, refunds, overlays).
        voided_by: The void row that reversed this row, if any.
    """

    id: int
    kind: RowKind
    amount: int
    registration_id: int | None
    name: str
    split: EntryPrice | None
    chips: int | None
    target_id: int | None
    reason: str
    created_at: datetime
    station: str
    voided_by: int | None = None

    @property
    def voided(self) -> bool:
        """Whether a later void reversed this row."""
        return self.voided_by is not None


@dataclass(frozen=True)
class PrizeDue:
    """What one player is due and has been paid, in cents.

    Attributes:
        registration_id: The player.
        name: Their name.
        place: Their finish (None while in and no deal).
        tied: Players sharing the places from `place`.
        prize: Prize due for the finish, or the deal share (plus what was left to play for, once
            they win).
        bounties: Bounties credited (knockouts, and the winner's own bounty).
        knockouts: Players they busted.
        prize_paid: Prize rows paid to them.
        bounties_paid: Bounty rows paid to them.
        in_deal: Whether the prize comes from a recorded deal.
    """

    registration_id: int
    name: str
    place: int | None
    tied: int
    prize: int
    bounties: int
    knockouts: int
    prize_paid: int
    bounties_paid: int
    in_deal: bool = False

    @property
    def prize_owed(self) -> int:
        """Prize still to pay (never below 0)."""
        return max(0, self.prize - self.prize_paid)

    @property
    def bounties_owed(self) -> int:
        """Bounties still to pay (never below 0)."""
        return max(0, self.bounties - self.bounties_paid)

    @property
    def owed(self) -> int:
        """Everything still to pay this player."""
        return self.prize_owed + self.bounties_owed


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
@dataclass(frozen=True)
class RowMeta:
    """What the ledger history shows of a row beyond the core's money facts."""

    chips: int | None
    created_at: datetime
    station: str


@dataclass
class Reg:
    """A registration row as the till reasons about it (plain data; `save_registrations` writes
    back only what changed, which is much cheaper than loading ORM objects for a whole field)."""

    id: int
    tournament_id: int
    player_id: int
    status: str
    created_at: datetime
    checked_in_at: datetime | None
    entries: int
    rebuys: int
    add_ons: int
    place: int | None
    tied: int
    busted_by_id: int | None
    bust_hand: int | None
    bust_chips: int | None
    busted_at: datetime | None

    def copy(self) -> Reg:
        """A copy (the fields are plain values; faster than `copy.copy` for a whole field)."""
        new = object.__new__(Reg)
        new.__dict__.update(self.__dict__)
        return new

    def values(self) -> tuple[object, ...]:
        """Every field, in order (to tell what changed)."""
        result: tuple[object, ...] = _reg_values(self)
        return result


_REG_FIELDS = tuple(f.name for f in fields(Reg))
_reg_values = attrgetter(*_REG_FIELDS)
_REG_COLUMNS = tuple(col(getattr(RegistrationRow, name)) for name in _REG_FIELDS)


def reg_from_row(row: RegistrationRow) -> Reg:
    """The plain record of an ORM registration (one just inserted)."""
    return Reg(*(getattr(row, name) for name in _REG_FIELDS))


@dataclass(frozen=True)
class Bust:
    """An elimination record as read (the table is only ever appended to)."""

    id: int
    registration_id: int
    hand: int
    chips_at_hand_start: int
    busted_by_id: int | None
    bounty: int
    entry_number: int
    undoes_id: int | None
    reason: str
    created_at: datetime
    station: str
    table_number: int | None = None  # where the player sat when busted
    seat_number: int | None = None


_BUST_FIELDS = tuple(f.name for f in fields(Bust))
_BUST_COLUMNS = tuple(col(getattr(EliminationRow, name)) for name in _BUST_FIELDS)


def add_bust(session: Session, till: Till, row: EliminationRow) -> Bust:
    """Insert an elimination record and put it into the till."""
    session.add(row)
    session.flush()
    bust = Bust(*(getattr(row, name) for name in _BUST_FIELDS))
    till.eliminations.append(bust)
    return bust


@dataclass
class Till:
    """A tournament's money state, loaded inside one transaction (mutable, never leaves it)."""

    tournament_id: int
    config: CashierConfig
    rows: list[LedgerRow]
    meta: dict[int, RowMeta]  # by ledger row id
    registrations: dict[int, Reg]
    names: dict[int, str]
    eliminations: list[Bust]
    deals: dict[int, DealRow]  # by ledger row id
    saved: dict[int, tuple[object, ...]] = field(default_factory=dict)  # as in the database
    held: tuple[object, ...] = ()  # rows kept alive for the transaction (see `locked_till`)
    revision: int | None = None  # the revision it was read at, through the cache
    # The tournament row's end and registration choice (`services.ending` keeps them in step).
    finished_at: datetime | None = None
    registration_mode: str = "auto"

    def copy(self) -> Till:
        """A till that shares nothing changeable with this one (registrations are copied)."""
        return Till(
            self.tournament_id,
            self.config,
            list(self.rows),
            dict(self.meta),
            {rid: reg.copy() for rid, reg in self.registrations.items()},
            dict(self.names),
            list(self.eliminations),
            dict(self.deals),
            dict(self.saved),
            revision=self.revision,
            finished_at=self.finished_at,
            registration_mode=self.registration_mode,
        )

    def registration(self, registration_id: int) -> Reg:
        """A registration of this tournament, or a clear error."""
        row = self.registrations.get(registration_id)
        if row is None:
            raise CashierError(
                f"Registration #{registration_id} is not in this tournament (withdrawn or "
                "never registered?)."
            )
        return row

    def name(self, registration_id: int | None) -> str:
        """The player's name for messages ("" for no registration)."""
        if registration_id is None:
            return ""
        return self.names.get(registration_id, f"Registration #{registration_id}")

    def balances(self) -> LedgerBalances:
        """The ledger's balances."""
        return balances(self.rows)


def display_name(player: PlayerRow) -> str:
    """The player's name, with the nickname in quotes when there is one."""
    return _display(player.name, player.nickname)


def _display(name: str, nickname: str) -> str:
    return f'{name} "{nickname}"' if nickname else name


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
        .where(col(RegistrationRow.status) != STATUS_WITHDRAWN)
        .order_by(col(RegistrationRow.id))
    ).all()
    registrations: dict[int, Reg] = {}
    names: dict[int, str] = {}
    for values in found:
        reg = Reg(*values[: len(_REG_FIELDS)])
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
        deal.ledger_row_id: deal
        for deal in session.exec(
            select(DealRow).where(col(DealRow.tournament_id) == tournament_id)
        ).all()
    }
    tournament = get_row(session, tournament_id)
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
        finished_at=tournament.finished_at,
        registration_mode=tournament.registration,
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


def save_registrations(session: Session, till: Till) -> None:
    """Write back the registrations whose fields changed since they were read."""
    for rid, reg in till.registrations.items():
        now = reg.values()
        before = till.saved.get(rid)
        if now == before:
            continue
        changed = {
            name: value
            for name, value, old in zip(_REG_FIELDS, now, before or (None,) * len(now), strict=True)
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


def _entry(till: Till, row: LedgerRow, voided_by: int | None) -> LedgerEntry:
    meta = till.meta[row.row_id]
    return LedgerEntry(
        id=row.row_id,
        kind=row.kind,
        amount=row.amount,
        registration_id=row.player_id,
        name=till.name(row.player_id),
        split=row.split,
        chips=meta.chips,
        target_id=row.target,
        reason=row.reason,
        created_at=meta.created_at,
        station=meta.station,
        voided_by=voided_by,
    )


def ledger_entries(till: Till) -> tuple[LedgerEntry, ...]:
    """Every ledger row of the till, oldest first, with who voided what."""
    voided = voided_rows(till.rows)
    return tuple(_entry(till, row, voided.get(row.row_id)) for row in till.rows)


def ledger_entry(till: Till, row_id: int) -> LedgerEntry:
    """One ledger row of the till (a row just written is voided by nothing yet)."""
    row = next(r for r in reversed(till.rows) if r.row_id == row_id)
    voided_by = next(
        (r.row_id for r in till.rows if r.kind is RowKind.VOID and r.target == row_id), None
    )
    return _entry(till, row, voided_by)


# ------------------------------------------------------------------------------ standing facts
def _standing_entry_rows(till: Till) -> list[LedgerRow]:
    """Entry rows neither voided nor fully refunded, in order."""
    voided = set(voided_rows(till.rows))
    refunded: dict[int, int] = {}
    for row in till.rows:
        if row.kind is RowKind.REFUND and row.row_id not in voided and row.target is not None:
            refunded[row.target] = refunded.get(row.target, 0) + row.amount
    return [
        row
        for row in till.rows
        if row.kind.is_entry
        and row.row_id not in voided
        and refunded.get(row.row_id, 0) < row.amount
    ]


def chips_in_play(till: Till) -> int:
    """Chips handed over with every standing entry (buy-ins, re-entries, rebuys, add-ons)."""
    return sum(till.meta[row.row_id].chips or 0 for row in _standing_entry_rows(till))


def standing_busts(till: Till) -> list[Bust]:
    """Eliminations not undone, in the order they were recorded."""
    undone = {e.undoes_id for e in till.eliminations if e.undoes_id is not None}
    return [e for e in till.eliminations if e.undoes_id is None and e.id not in undone]


def lives(till: Till) -> dict[int, dict[int, int]]:
    """Each player's stacks still standing: for every registration, the ledger row that gave a
    stack (buy-in, re-entry or rebuy; not voided or refunded) mapped to the bounty on that stack
    (its own bounty part plus that of the add-ons bought while it lasted), oldest first.

    A bust names the row of the stack that was lost (`Bust.entry_number`), so voiding any entry
    later cannot make a bust point at another stack or credit one bounty twice.
    """
    result: dict[int, dict[int, int]] = {}
    current: dict[int, int] = {}
    for row in _standing_entry_rows(till):
        if row.player_id is None:
            continue
        assert row.split is not None
        stacks = result.setdefault(row.player_id, {})
        if row.kind is RowKind.ADD_ON:
            if row.player_id in current:
                stacks[current[row.player_id]] += row.split.bounty
            continue
        current[row.player_id] = row.row_id
        stacks[row.row_id] = row.split.bounty
    return result


def current_stack(stacks: dict[int, int]) -> int | None:
    """The ledger row of the stack a player plays with now (the newest), None without one."""
    return next(reversed(stacks), None)


def bounty_on(till: Till, registration_id: int) -> int:
    """The bounty on a player now: that of the stack they play with (see `lives`)."""
    stacks = lives(till).get(registration_id, {})
    row = current_stack(stacks)
    return stacks[row] if row is not None else 0


def field_ids(till: Till) -> list[int]:
    """Registrations that bought in (the field standings rank), in registration order."""
    return [rid for rid, reg in till.registrations.items() if reg.entries > 0]


def final_busts(till: Till) -> list[Bust]:
    """The bust that put each busted player out for good, ordered by hand and recording."""
    last: dict[int, Bust] = {}
    for bust in standing_busts(till):
        last[bust.registration_id] = bust
    result = [
        bust
        for rid, bust in last.items()
        if rid in till.registrations and till.registrations[rid].status == STATUS_BUSTED
    ]
    return sorted(result, key=lambda b: (b.hand, b.id or 0))


def compute_standings(till: Till, prizes: Sequence[int] = ()) -> Standings:
    """Finishing places from the final busts (core TDA rules); raises EliminationError."""
    field = field_ids(till)
    players = set(field)
    events = [
        BustEvent(
            b.registration_id,
            hand=b.hand,
            chips_at_hand_start=b.chips_at_hand_start,
            # A buster whose own entry was voided since is no longer in the field: the knockout
            # stays on record but is credited to nobody.
            busted_by=b.busted_by_id if b.busted_by_id in players else None,
        )
        for b in final_busts(till)
    ]
    return standings(field, events, prizes, names=till.names)


def settle(session: Session, till: Till) -> Standings:
    """Recompute every registration's counters, status and finish from the records; save them.

    Raises:
        EliminationError: The busts no longer make a valid finishing order.
    """
    counts: dict[int, list[int]] = {rid: [0, 0, 0] for rid in till.registrations}
    for row in _standing_entry_rows(till):
        if row.player_id not in counts:
            continue
        slot = {RowKind.BUY_IN: 0, RowKind.RE_ENTRY: 0, RowKind.REBUY: 1, RowKind.ADD_ON: 2}
        counts[row.player_id][slot[row.kind]] += 1
    last_bust: dict[int, Bust] = {}
    for standing in standing_busts(till):
        last_bust[standing.registration_id] = standing
    stacks = lives(till)
    for rid, reg in till.registrations.items():
        entries, rebuys, add_ons = counts[rid]
        latest = last_bust.get(rid)
        if entries == 0:
            status = STATUS_CHECKED_IN if reg.checked_in_at else STATUS_PRE_REGISTERED
        elif latest is not None and latest.entry_number == current_stack(stacks.get(rid, {})):
            # Out with the stack they still hold on the ledger; a rebuy or re-entry since
            # gave a newer stack and puts them back in.
            status = STATUS_BUSTED
        else:
            status = STATUS_PLAYING
        _assign(reg, entries=entries, rebuys=rebuys, add_ons=add_ons, status=status)
    result = compute_standings(till)
    finishes = {f.player_id: f for f in result.finishes}
    someone_out = any(reg.status == STATUS_BUSTED for reg in till.registrations.values())
    for rid, reg in till.registrations.items():
        finish: Finish | None = finishes.get(rid)
        if finish is not None and finish.hand is None and not someone_out:
            finish = None  # a lone entrant has not won anything yet
        bust = last_bust.get(rid) if reg.status == STATUS_BUSTED else None
        _assign(
            reg,
            place=finish.place if finish is not None else None,
            tied=finish.tied if finish is not None else 1,
            busted_by_id=bust.busted_by_id if bust is not None else None,
            bust_hand=bust.hand if bust is not None else None,
            bust_chips=bust.chips_at_hand_start if bust is not None else None,
            busted_at=bust.created_at if bust is not None else None,
        )
    save_registrations(session, till)
    return result


def _assign(reg: Reg, **values: object) -> None:
    for name, value in values.items():
        setattr(reg, name, value)


@dataclass(frozen=True)
class BustInput:
    """One player busted on a hand, as the director records it.

    Attributes:
        registration_id: Who busted.
        chips_at_hand_start: Their chips when the hand began (ranks busts on the same hand;
            equal stacks share the places). None for a bust alone on its hand.
        busted_by: The registration credited with the knockout (None: not recorded).
    """

    registration_id: int
    chips_at_hand_start: int | None = None
    busted_by: int | None = None


def record_busts(
    session: Session,
    till: Till,
    busts: Sequence[BustInput],
    now: datetime,
    *,
    station: str = "",
    reason: str = "",
) -> None:
    """Record the busts of one hand (in the caller's transaction) and settle; raises on error."""
    if not busts:
        raise ValidationError("Say which player busted.")
    if len(busts) > 1 and any(b.chips_at_hand_start is None for b in busts):
        raise ValidationError(
            "Several players busted on one hand: give the chips each started the hand with "
            "(more chips, better place; equal stacks share the places)."
        )
    hand = max((e.hand for e in till.eliminations), default=0) + 1
    seen: set[int] = set()
    for bust in busts:
        reg = till.registration(bust.registration_id)
        who = till.name(bust.registration_id)
        if bust.registration_id in seen:
            raise EliminationError(f"{who} is recorded twice as busted on this hand.")
        seen.add(bust.registration_id)
        if reg.entries == 0:
            raise EliminationError(f"{who} has not bought in, so cannot be busted.")
        if reg.status == STATUS_BUSTED:
            place = f", {ordinal(reg.place)}" if reg.place else ""
            raise EliminationError(f"{who} is already out (hand {reg.bust_hand}{place}).")
        if bust.busted_by is not None:
            buster = till.registrations.get(bust.busted_by)
            if buster is None:
                raise EliminationError(
                    f"Registration #{bust.busted_by}, credited with busting {who}, is not in "
                    "this tournament."
                )
            if buster.status != STATUS_PLAYING or bust.busted_by in seen:
                raise EliminationError(
                    f"{till.name(bust.busted_by)}, credited with busting {who}, is not in play; "
                    "the knockout goes to a player still in."
                )
        chips = bust.chips_at_hand_start if bust.chips_at_hand_start is not None else 1
        if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
            raise ValidationError(
                f"{who}: the chips at the start of the hand must be a whole number above 0, "
                f"not {chips!r}."
            )
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
    settle(session, till)


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


def last_bust_seat(till: Till, registration_id: int) -> tuple[int, int] | None:
    """Where the player sat when last busted (the newest bust recorded, undone or not)."""
    for bust in reversed(till.eliminations):
        if bust.registration_id == registration_id and bust.undoes_id is None:
            if bust.table_number is None or bust.seat_number is None:
                return None
            return bust.table_number, bust.seat_number
    return None


# ------------------------------------------------------------------------------ money view
@dataclass(frozen=True)
class MoneyView:
    """The payout picture of a till: the table, the standings with prizes, what each is due."""

    balances: LedgerBalances
    table: PayoutTable | None
    problem: str
    standings: Standings
    dues: dict[int, PrizeDue]
    deal: DealRow | None


def standing_deal(till: Till, totals: LedgerBalances) -> DealRow | None:
    """The last deal row not voided."""
    if not totals.deal:
        return None
    voided = set(voided_rows(till.rows))
    standing = [r for r in till.rows if r.kind is RowKind.DEAL and r.row_id not in voided]
    return till.deals.get(standing[-1].row_id) if standing else None


def money_view(till: Till) -> MoneyView:
    """Compute the payout table, standings with prizes, bounties and dues (no writes)."""
    totals = till.balances()
    collected = totals.prize_pool - totals.overlay
    table: PayoutTable | None
    try:
        table = payout_table(collected, totals.entries, till.config.payouts)
        problem = ""
    except DomainError as error:
        table, problem = None, str(error)
    prizes = table.amounts if table is not None else ()
    result = compute_standings(till, prizes)
    finishes = {f.player_id: f for f in result.finishes}
    someone_out = any(reg.status == STATUS_BUSTED for reg in till.registrations.values())
    deal = standing_deal(till, totals)
    deal_shares: dict[int, int] = {}
    if deal is not None:
        deal_shares = dict(
            zip(json.loads(deal.registrations_json), json.loads(deal.amounts_json), strict=True)
        )
    stacks = lives(till)
    bounties: dict[int, list[int]] = {}
    for bust in standing_busts(till):
        # A knockout earns the bounty on the stack lost, as long as that entry still stands
        # (a voided entry had no bounty to win).
        lost = stacks.get(bust.registration_id, {})
        if bust.busted_by_id is not None and bust.entry_number in lost:
            bounties.setdefault(bust.busted_by_id, []).append(lost[bust.entry_number])
    winner = result.remaining[0] if len(result.remaining) == 1 and someone_out else None
    own_bounty = {winner: bounty_on(till, winner)} if winner is not None else {}
    paid: dict[int, list[int]] = {}
    voided = set(voided_rows(till.rows))
    for row in till.rows:
        if row.row_id in voided or row.player_id is None:
            continue
        if row.kind in (RowKind.PAYOUT, RowKind.BOUNTY):
            slot = paid.setdefault(row.player_id, [0, 0])
            slot[0 if row.kind is RowKind.PAYOUT else 1] += row.amount
    dues: dict[int, PrizeDue] = {}
    for rid in till.registrations:
        finish = finishes.get(rid)
        if finish is not None and finish.hand is None and not someone_out:
            finish = None
        in_deal = rid in deal_shares
        if in_deal:
            prize = deal_shares[rid]
            if finish is not None and finish.place == 1 and deal is not None:
                prize += deal.reserved
        else:
            prize = finish.prize if finish is not None else 0
        kos = bounties.get(rid, [])
        prize_paid, bounties_paid = paid.get(rid, [0, 0])
        dues[rid] = PrizeDue(
            registration_id=rid,
            name=till.name(rid),
            place=finish.place if finish is not None else None,
            tied=finish.tied if finish is not None else 1,
            prize=prize,
            bounties=sum(kos) + own_bounty.get(rid, 0),
            knockouts=len(kos),
            prize_paid=prize_paid,
            bounties_paid=bounties_paid,
            in_deal=in_deal,
        )
    return MoneyView(totals, table, problem, result, dues, deal)


def guard_payments(till: Till) -> None:
    """`check_not_overpaid` after an action, computed only when something was ever paid."""
    if any(row.kind in (RowKind.PAYOUT, RowKind.BOUNTY) for row in till.rows):
        check_not_overpaid(money_view(till))


def check_not_overpaid(view: MoneyView) -> None:
    """Refuse a change that would leave a player paid more than they are now due."""
    for due in view.dues.values():
        if due.prize_paid > due.prize:
            raise LedgerError(
                f"{due.name} was already paid {format_cents(due.prize_paid)} in prizes but would "
                f"now be due {format_cents(due.prize)}; void that payout first."
            )
        if due.bounties_paid > due.bounties:
            raise LedgerError(
                f"{due.name} was already paid {format_cents(due.bounties_paid)} in bounties but "
                f"would now be credited {format_cents(due.bounties)}; void that bounty payment "
                "first."
            )


# ------------------------------------------------------------------------------ helpers
def registration_info(till: Till, reg: Reg) -> RegistrationInfo:
    """The frozen view of a registration."""
    assert reg.id is not None
    return RegistrationInfo(
        id=reg.id,
        tournament_id=reg.tournament_id,
        player_id=reg.player_id,
        name=till.name(reg.id),
        status=RegistrationStatus(reg.status),
        entries=reg.entries,
        rebuys=reg.rebuys,
        add_ons=reg.add_ons,
        place=reg.place,
        tied=reg.tied,
        busted_by_id=reg.busted_by_id,
        bust_hand=reg.bust_hand,
        bust_chips=reg.bust_chips,
        created_at=reg.created_at,
        checked_in_at=reg.checked_in_at,
        busted_at=reg.busted_at,
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
