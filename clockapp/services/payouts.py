"""Payouts: the payout table and its lock, paying prizes and bounties, ICM and chip-chop deals.

The table is computed from the ledger's prize pool and the number of entries on every read
(`clockapp.core.payouts.payout_table`), so it grows with each entry until the director locks its
shape. Paying is a ledger row; the amount is checked against what that player is owed (their
finish's prize, or their deal share), so nobody is paid twice or more than due. When a guarantee
is above the money collected, the first payment records the overlay the house adds.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from clockapp.core.errors import ValidationError
from clockapp.core.icm import DealMethod, DealResult, IcmResult, icm_equities, propose_deal
from clockapp.core.ledger import DealShare, LedgerError, RowKind
from clockapp.core.money import check_cents, format_cents
from clockapp.core.payouts import PayoutStructure, PayoutTable, ordinal
from clockapp.persistence.models import DealRow
from clockapp.persistence.models.cashier import STATUS_PLAYING
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.ending import sync_finish
from clockapp.services.setup import get_row
from clockapp.services.till import (
    CashierConfig,
    LedgerCache,
    LedgerEntry,
    MoneyView,
    PrizeDue,
    Till,
    append_row,
    check_not_overpaid,
    ledger_entry,
    load_till,
    lock_till,
    locked_till,
    money_view,
    store_config,
)

PAY_CHANGES = Change.LEDGER | Change.PAYOUTS


@dataclass(frozen=True)
class PayoutView:
    """The payout picture for the screens.

    Attributes:
        structure: The director's payout choices.
        table: What each place pays (None when the structure cannot pay this field; see
            `problem`).
        problem: Why there is no table ("" when there is one).
        entries: Entries in the field (buy-ins and re-entries).
        players_left: Players still in.
        collected: Prize money collected from the entries, in cents.
        prize_pool: What the table pays: collected plus any overlay the guarantee needs.
        ladder: (place, cents) for every paid place, place 1 first.
        players_to_money: Busts still needed before everyone left is paid (None without a table).
        locked: Whether the table's shape is locked.
    """

    structure: PayoutStructure
    table: PayoutTable | None
    problem: str
    entries: int
    players_left: int
    collected: int
    prize_pool: int
    ladder: tuple[tuple[int, int], ...]
    players_to_money: int | None
    locked: bool

    @property
    def places_paid(self) -> int:
        """How many places are paid."""
        return len(self.ladder)

    def labelled(self, *, symbol: str = "$") -> tuple[tuple[str, str], ...]:
        """('1st', '$500.00') pairs for a display."""
        return tuple(
            (ordinal(place), format_cents(cents, symbol=symbol)) for place, cents in self.ladder
        )


@dataclass(frozen=True)
class DealProposal:
    """A deal as proposed (nothing recorded yet).

    Attributes:
        registration_ids: The players in the deal (every player still in), in the order given.
        names: Their names.
        result: The core proposal: each player's amount, the reserve, exact or estimated.
    """

    registration_ids: tuple[int, ...]
    names: tuple[str, ...]
    result: DealResult


@dataclass(frozen=True)
class DealInfo:
    """A recorded deal."""

    id: int
    ledger_row_id: int
    method: DealMethod
    description: str
    registration_ids: tuple[int, ...]
    stacks: tuple[int, ...]
    amounts: tuple[int, ...]
    prizes: tuple[int, ...]
    reserved: int
    exact: bool
    created_at: datetime


def payout_view(till: Till, view: MoneyView | None = None) -> PayoutView:
    """The payout view of a till (computing its money view when not given)."""
    view = view if view is not None else money_view(till)
    totals = view.balances
    collected = totals.prize_pool - totals.overlay
    table = view.table
    ladder = tuple(enumerate(table.amounts, start=1)) if table is not None else ()
    players_left = view.standings.players_left
    return PayoutView(
        structure=till.config.payouts,
        table=table,
        problem=view.problem,
        entries=totals.entries,
        players_left=players_left,
        collected=collected,
        prize_pool=table.prize_pool if table is not None else collected,
        ladder=ladder,
        players_to_money=max(0, players_left - len(ladder)) if table is not None else None,
        locked=till.config.payouts.locked,
    )


def _deal_info(row: DealRow) -> DealInfo:
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


def ensure_overlay(session: Session, till: Till, now: datetime, station: str) -> MoneyView:
    """Record the overlay the guarantee needs (once), so paying out never exceeds the ledger."""
    view = money_view(till)
    if view.table is not None and view.table.overlay > view.balances.overlay:
        gap = view.table.overlay - view.balances.overlay
        append_row(
            session,
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
        view = money_view(till)
    return view


def _check_amount(amount: int | None, owed: int, what: str, plural: str, name: str) -> int:
    """The cents to pay: all that is owed (None), or `amount` when it is a part of it.

    `what` names one ("Bounty") and `plural` several ("bounties"): English plurals are not
    always an added s.
    """
    if amount is None:
        return owed
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise ValidationError(
            f"{what} for {name}: the amount must be above 0 cents, not {amount!r}."
        )
    if amount > owed:
        raise LedgerError(
            f"{name} is owed {format_cents(owed)} in {plural}; paying "
            f"{format_cents(amount)} would be more than is owed."
        )
    return amount


def _stack_list(till: Till, stacks: Mapping[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The players in a deal (all those still in) and their stacks, checked."""
    in_play = [rid for rid, reg in till.registrations.items() if reg.status == STATUS_PLAYING]
    missing = [till.name(rid) for rid in in_play if rid not in stacks]
    extra = [rid for rid in stacks if rid not in in_play]
    if extra:
        names = ", ".join(
            till.name(rid) if rid in till.registrations else f"#{rid}" for rid in extra
        )
        raise ValidationError(f"Only players still in can share a deal; not {names}.")
    if missing:
        raise ValidationError(
            f"A deal is shared by every player still in; add {', '.join(missing)}."
        )
    if len(in_play) < 2:
        raise ValidationError("A deal needs at least two players still in.")
    ids = tuple(rid for rid in stacks)
    return ids, tuple(stacks[rid] for rid in ids)


def _propose(
    till: Till,
    view: MoneyView,
    stacks: Mapping[int, int],
    method: DealMethod,
    unit: int,
    reserve: int,
) -> DealProposal:
    check_cents(reserve, "The amount left to play for")
    if view.table is None:
        raise ValidationError(f"No payout table to deal from: {view.problem}")
    if view.deal is not None:
        raise ValidationError("A deal is already recorded; void its ledger row to make another.")
    ids, chips = _stack_list(till, stacks)
    unpaid = view.table.amounts[: len(ids)]
    result = propose_deal(chips, unpaid, method=method, unit=unit, reserve=reserve)
    return DealProposal(ids, tuple(till.name(rid) for rid in ids), result)


class PayoutService:
    """Use cases on the payout table, prizes, bounties and deals."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache if cache is not None else LedgerCache()  # `Services` shares one

    # ---------------------------------------------------------------- the table
    def table(self, tournament_id: int) -> PayoutView:
        """The payout table for the field as it is now."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return payout_view(load_till(session, tournament_id, self._cache))

    def preview(self, tournament_id: int, structure: PayoutStructure) -> PayoutView:
        """What `structure` would pay for the field now (nothing saved)."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            till = load_till(session, tournament_id, self._cache)
            till.config = CashierConfig(till.config.rules, structure, till.config.opening_float)
            return payout_view(till)

    def set_structure(self, tournament_id: int, structure: PayoutStructure) -> Outcome[PayoutView]:
        """Choose the payout structure (preset or custom, rounding, minimum cash, guarantee).

        Raises:
            DomainError: The structure cannot pay this field, or would leave a player paid more
                than due.
        """
        return self._change(
            tournament_id, lambda till: structure, "payout structure changed", strict=True
        )

    def lock(self, tournament_id: int) -> Outcome[PayoutView]:
        """Freeze the table's shape at the current field (amounts still follow the pool)."""
        return self._change(
            tournament_id,
            lambda till: till.config.payouts.lock(max(1, till.balances().entries)),
            "payout table locked",
        )

    def unlock(self, tournament_id: int) -> Outcome[PayoutView]:
        """Let the table follow the field again."""
        return self._change(
            tournament_id, lambda till: till.config.payouts.unlock(), "payout table unlocked"
        )

    def _change(
        self,
        tournament_id: int,
        make: Callable[[Till], PayoutStructure],
        summary: str,
        *,
        strict: bool = False,
    ) -> Outcome[PayoutView]:
        with self._ctx.transaction() as session:
            row = lock_till(session, tournament_id)
            now = self._ctx.now()  # inside the lock: times follow the order
            till = load_till(session, tournament_id, self._cache)
            structure = make(till)
            till.config = CashierConfig(till.config.rules, structure, till.config.opening_float)
            view = money_view(till)
            if strict and view.table is None and view.balances.entries > 0:
                raise ValidationError(view.problem)
            check_not_overpaid(view)
            store_config(row, till.config)
            session.add(row)
            changes = record_change(session, tournament_id, Change.PAYOUTS, summary, now)
            result = payout_view(till, view)
        return Outcome(result, changes)

    # ---------------------------------------------------------------- paying
    def pay_prize(
        self,
        tournament_id: int,
        registration_id: int,
        amount: int | None = None,
        *,
        station: str = "",
    ) -> Outcome[LedgerEntry]:
        """Pay a player's prize (all that is owed, or `amount` cents of it).

        Raises:
            LedgerError: Nothing is owed (still playing, out of the money, already paid) or
                the amount is more than is owed.
        """
        return self._pay(tournament_id, registration_id, amount, RowKind.PAYOUT, station)

    def pay_bounties(
        self,
        tournament_id: int,
        registration_id: int,
        amount: int | None = None,
        *,
        station: str = "",
    ) -> Outcome[LedgerEntry]:
        """Pay the bounties a player has collected (all that is owed, or `amount` cents)."""
        return self._pay(tournament_id, registration_id, amount, RowKind.BOUNTY, station)

    def _pay(
        self,
        tournament_id: int,
        registration_id: int,
        amount: int | None,
        kind: RowKind,
        station: str,
    ) -> Outcome[LedgerEntry]:
        if amount is not None:
            if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
                raise ValidationError(f"The amount must be above 0 cents, not {amount!r}.")
            check_cents(amount, "The amount paid")
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
            till.registration(registration_id)
            view = ensure_overlay(session, till, now, station)
            if view.table is None:
                raise LedgerError(f"There is no payout table to pay from: {view.problem}")
            due = view.dues[registration_id]
            what, plural = ("Prize", "prizes") if kind is RowKind.PAYOUT else ("Bounty", "bounties")
            owed = due.prize_owed if kind is RowKind.PAYOUT else due.bounties_owed
            if owed == 0:
                raise LedgerError(_nothing_owed(due, kind))
            paid = _check_amount(amount, owed, what, plural, due.name)
            record = append_row(
                session,
                till,
                now,
                kind=kind,
                amount=paid,
                registration_id=registration_id,
                station=station,
            )
            entry = ledger_entry(till, record.id or 0)
            changes = record_change(
                session,
                tournament_id,
                PAY_CHANGES,
                f"paid {due.name} {format_cents(paid)} ({kind.value})",
                now,
            )
        return Outcome(entry, changes)

    def owed(self, tournament_id: int, registration_id: int) -> PrizeDue:
        """What one player is due and was paid."""
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            till.registration(registration_id)
            return money_view(till).dues[registration_id]

    # ---------------------------------------------------------------- ICM and deals
    @staticmethod
    def icm(stacks: Sequence[int], prizes: Sequence[int]) -> IcmResult:
        """Malmuth-Harville equities (exact up to 20 players, else an estimate with its margin)."""
        return icm_equities(stacks, prizes)

    def propose_deal(
        self,
        tournament_id: int,
        stacks: Mapping[int, int],
        *,
        method: DealMethod = DealMethod.ICM,
        unit: int = 1,
        reserve: int = 0,
    ) -> DealProposal:
        """Propose a deal of the unpaid prizes among every player still in (nothing recorded).

        Args:
            tournament_id: The tournament.
            stacks: Chips of each player still in, by registration id.
            method: ICM, chip chop (lowest prize first), by chips only or even split.
            unit: Round shares to this many cents.
            reserve: Money left to play for (taken off first prize, goes to the winner).
        """
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            return _propose(till, money_view(till), stacks, method, unit, reserve)

    def record_deal(
        self,
        tournament_id: int,
        stacks: Mapping[int, int],
        *,
        method: DealMethod = DealMethod.ICM,
        unit: int = 1,
        reserve: int = 0,
        station: str = "",
    ) -> Outcome[DealInfo]:
        """Record the agreed deal: a deal row on the ledger; prizes then follow the shares.

        The same inputs give the same shares as `propose_deal` (the ICM estimate is seeded).
        """
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
            view = ensure_overlay(session, till, now, station)
            proposal = _propose(till, view, stacks, method, unit, reserve)
            deal = proposal.result
            record = append_row(
                session,
                till,
                now,
                kind=RowKind.DEAL,
                amount=deal.dealt,
                reason=deal.description,
                shares=[
                    DealShare(rid, amount)
                    for rid, amount in zip(proposal.registration_ids, deal.amounts, strict=True)
                ],
                station=station,
            )
            assert record.id is not None
            row = DealRow(
                tournament_id=tournament_id,
                ledger_row_id=record.id,
                method=deal.method.value,
                description=deal.description[:500],
                registrations_json=json.dumps(list(proposal.registration_ids)),
                stacks_json=json.dumps(list(deal.stacks)),
                amounts_json=json.dumps(list(deal.amounts)),
                prizes_json=json.dumps(list(deal.prizes)),
                reserved=deal.reserved,
                exact=deal.exact,
                created_at=now,
            )
            session.add(row)
            session.flush()
            till.deals[record.id] = row
            check_not_overpaid(money_view(till))
            info = _deal_info(row)
            what = PAY_CHANGES | sync_finish(session, till, now)
            changes = record_change(
                session, tournament_id, what, f"deal recorded: {deal.description}", now
            )
        return Outcome(info, changes)

    def deal(self, tournament_id: int) -> DealInfo | None:
        """The recorded deal still standing (None when none, or when its row was voided)."""
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            view = money_view(till)
            return _deal_info(view.deal) if view.deal is not None else None


def _nothing_owed(due: PrizeDue, kind: RowKind) -> str:
    if kind is RowKind.BOUNTY:
        if due.bounties == 0:
            return f"{due.name} has no bounties credited."
        return f"{due.name}'s bounties ({format_cents(due.bounties)}) are already paid."
    if due.prize == 0:
        if due.place is None:
            return f"{due.name} is still playing; a prize is paid once they finish."
        return f"{due.name} finished {ordinal(due.place)}, out of the money; no prize is owed."
    return f"{due.name}'s prize ({format_cents(due.prize)}) is already paid."
