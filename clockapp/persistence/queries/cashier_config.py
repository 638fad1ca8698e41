"""A tournament's cashier config row: entry rules and payout choices, read and written.

`config_from_row` and `store_config` map the row to the core `CashierConfig` and back; the
starting stack lives on the set-up row (the caller passes it and saves it).
"""

from __future__ import annotations

from sqlmodel import Session

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import (
    AddOnRule,
    EntryRules,
    RebuyRule,
    ReEntryRule,
    RegistrationRule,
)
from clockapp.core.money.records import CashierConfig
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.persistence.models import CashierConfigRow
from clockapp.persistence.upsert import get_or_create


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
        table=row.payout_table,
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
    row.payout_table = payouts.table
    row.opening_float = config.opening_float


def config_row(session: Session, tournament_id: int) -> CashierConfigRow | None:
    """The tournament's config row (None when it has none yet)."""
    return session.get(CashierConfigRow, tournament_id)


def ensure_config_row(
    session: Session, tournament_id: int, starting_stack: int
) -> CashierConfigRow:
    """The tournament's config row, created with the defaults when missing.

    Created race-free (INSERT ... ON CONFLICT DO NOTHING, then read): two stations may both find
    none.
    """
    row = session.get(CashierConfigRow, tournament_id)
    if row is None:
        fresh = CashierConfigRow(tournament_id=tournament_id)
        store_config(fresh, config_from_row(None, starting_stack))
        row = get_or_create(session, fresh)
    return row


def save_config(session: Session, row: CashierConfigRow, config: CashierConfig) -> None:
    """Copy `config` onto its row and write it."""
    store_config(row, config)
    session.add(row)
