"""`PayoutService`: the payout table and its lock, paying prizes and bounties, ICM and deals;
one transaction per action (`money_action`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from clockapp.core.icm import DealMethod, IcmResult, icm_equities
from clockapp.core.money.amounts import check_cents, format_cents
from clockapp.core.money.change import TillChange, append, applied
from clockapp.core.money.field import count_gap_refusal
from clockapp.core.money.ledger import DealShare, LedgerError, RowKind
from clockapp.core.money.records import CashierConfig, LedgerEntry, PrizeDue, ledger_entry
from clockapp.core.money.till import DealInfo, Till
from clockapp.core.money.view import MoneyView, check_not_overpaid, money_view
from clockapp.core.payouts import PayoutStructure, fit_to_field
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, Ruling, money_action
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import chips_on_the_tables, load_till
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext
from clockapp.services.ending import sync_finish
from clockapp.services.payouts.deals import DealProposal, propose
from clockapp.services.payouts.paying import PAY_CHANGES, check_amount, nothing_owed, overlay
from clockapp.services.payouts.view import PayoutFit, PayoutPreview, PayoutView, payout_view
from clockapp.services.setup import get_row, setup_row


def deal_of(_till: Till, view: MoneyView) -> DealInfo | None:
    """The standing deal (the money view's; `LedgerCache.derived_from_view` keeps it)."""
    return view.deal


class PayoutService:
    """Use cases on the payout table, prizes, bounties and deals."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache if cache is not None else LedgerCache()  # `Services` shares one

    # ---------------------------------------------------------------- the table
    def table(self, tournament_id: int) -> PayoutView:
        """The payout table for the field as it is now."""
        with self._ctx.reading() as session:
            return self._cache.derived_from_view(session, tournament_id, payout_view)

    def preview(self, tournament_id: int, structure: PayoutStructure) -> PayoutView:
        """What `structure` would pay for the field now (nothing saved)."""
        return self.previewer(tournament_id).view(structure)

    def previewer(self, tournament_id: int) -> PayoutPreview:
        """The field now, to preview payout structures against without reading it again."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return PayoutPreview(load_till(session, tournament_id, self._cache))

    def fit(self, tournament_id: int) -> PayoutFit | None:
        """A locked table renormalised over the places the field can pay (nothing saved).

        None when the table needs no change: it pays no more places than there are entries,
        or it is not locked, so the field is already paid from it refitted by itself
        (`PayoutView.refit`). The director confirms `after.structure`, which `set_structure`
        then saves.
        """
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            till = load_till(session, tournament_id, self._cache)
            if not till.config.payouts.locked:
                return None
            before = payout_view(till)
            fitted = fit_to_field(till.config.payouts, before.entries)
            if fitted is None:
                return None
            till = replace(
                till, config=CashierConfig(till.config.rules, fitted, till.config.opening_float)
            )
            return PayoutFit(before, payout_view(till))

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
        """Freeze the table's shape at the current field (amounts still follow the pool); a
        custom table locked is paid as typed, never refitted to the field."""
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
        def rule(_session: Session, till: Till, _now: datetime) -> Ruling[PayoutView]:
            structure = make(till)
            config = CashierConfig(till.config.rules, structure, till.config.opening_float)
            change = TillChange(config=config)
            view = money_view(applied(till, change))
            if strict and view.table is None and view.balances.entries > 0:
                raise ValidationError(view.problem)
            check_not_overpaid(view)

            def finish(
                _session: Session, after: Till, _written: Sequence[TillChange], _at: datetime
            ) -> Done[PayoutView]:
                # The view of the till the rule checked, unless the config read back otherwise.
                shown = view if after.config == config else money_view(after)
                return Done(payout_view(after, shown), Change.PAYOUTS, summary)

            return Ruling((change,), finish)

        return money_action(self._ctx, self._cache, tournament_id, rule)

    # ---------------------------------------------------------------- paying
    def pay_prize(
        self,
        tournament_id: int,
        registration_id: int,
        amount: int | None = None,
    ) -> Outcome[LedgerEntry]:
        """Pay a player's prize (all that is owed, or `amount` cents of it).

        Raises:
            LedgerError: Nothing is owed (still playing, out of the money, already paid) or
                the amount is more than is owed.
        """
        return self._pay(tournament_id, registration_id, amount, RowKind.PAYOUT)

    def pay_bounties(
        self,
        tournament_id: int,
        registration_id: int,
        amount: int | None = None,
    ) -> Outcome[LedgerEntry]:
        """Pay the bounties a player has collected (all that is owed, or `amount` cents)."""
        return self._pay(tournament_id, registration_id, amount, RowKind.BOUNTY)

    def _pay(
        self,
        tournament_id: int,
        registration_id: int,
        amount: int | None,
        kind: RowKind,
    ) -> Outcome[LedgerEntry]:
        if amount is not None:
            if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
                raise ValidationError(
                    _("The amount must be above 0 cents, not {amount!r}.").format(amount=amount)
                )
            check_cents(amount, "The amount paid")

        def rule(session: Session, till: Till, now: datetime) -> Ruling[LedgerEntry]:
            till.registration(registration_id)
            change, covered, view = overlay(till, now, self._ctx.station)
            if view.table is None:
                raise LedgerError(
                    _("There is no payout table to pay from: {problem}").format(
                        problem=view.problem
                    )
                )
            due = view.dues[registration_id]
            currency = setup_row(session, till.tournament_id).currency
            owed = due.prize_owed if kind is RowKind.PAYOUT else due.bounties_owed
            if owed == 0:
                raise LedgerError(nothing_owed(due, kind, currency))
            paid = check_amount(amount, owed, kind, due.name, currency)
            payment = append(
                covered,
                now,
                kind=kind,
                amount=paid,
                registration_id=registration_id,
                station=self._ctx.station,
            )
            summary = f"paid {due.name} {format_cents(paid)} ({kind.value})"

            def finish(
                _session: Session, after: Till, written: Sequence[TillChange], _now: datetime
            ) -> Done[LedgerEntry]:
                entry = ledger_entry(after, written[-1].rows[-1].row.row_id)
                return Done(entry, PAY_CHANGES, summary)

            return Ruling((change.then(payment),), finish)

        return money_action(self._ctx, self._cache, tournament_id, rule)

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
            return propose(till, money_view(till), stacks, method, unit, reserve)

    def record_deal(
        self,
        tournament_id: int,
        stacks: Mapping[int, int],
        *,
        method: DealMethod = DealMethod.ICM,
        unit: int = 1,
        reserve: int = 0,
        accept_difference: int | None = None,
    ) -> Outcome[DealInfo]:
        """Record the agreed deal: a deal row on the ledger; prizes then follow the shares.

        The same inputs give the same shares as `propose_deal` (the ICM estimate is seeded).
        The stacks must add up to the chips in play, as the hard end's counts must: a stack
        typed with an extra zero would hand most of the money to one player.

        Args:
            accept_difference: The director saw that the stacks differ from the chips in play
                by this many (stacks minus in play) and confirms them anyway.

        Raises:
            ValidationError: A stack missing or of 0 chips, a player not in play, or stacks
                that do not add up to the chips in play and that difference not confirmed.
        """

        def rule(_session: Session, till: Till, now: datetime) -> Ruling[DealInfo]:
            change, covered, view = overlay(till, now, self._ctx.station)
            proposal = propose(covered, view, stacks, method, unit, reserve)
            refusal = count_gap_refusal(
                sum(proposal.result.stacks), chips_on_the_tables(covered), accept_difference
            )
            if refusal is not None:
                raise ValidationError(refusal)
            deal = proposal.result
            dealt = append(
                covered,
                now,
                kind=RowKind.DEAL,
                amount=deal.dealt,
                reason=deal.description,
                shares=[
                    DealShare(rid, amount)
                    for rid, amount in zip(proposal.registration_ids, deal.amounts, strict=True)
                ],
                station=self._ctx.station,
            )
            row_id = dealt.rows[0].row.row_id
            info = DealInfo(
                id=0,  # numbered by the database
                ledger_row_id=row_id,
                method=deal.method,
                description=deal.description[:500],
                registration_ids=tuple(proposal.registration_ids),
                stacks=tuple(deal.stacks),
                amounts=tuple(deal.amounts),
                prizes=tuple(deal.prizes),
                reserved=deal.reserved,
                exact=deal.exact,
                created_at=now,
            )
            change = change.then(dealt).then(TillChange(deals=(info,)))
            check_not_overpaid(money_view(applied(till, change)))

            def finish(
                session: Session, after: Till, written: Sequence[TillChange], now: datetime
            ) -> Done[DealInfo]:
                recorded = written[0].deals[0]
                return Done(
                    recorded,
                    PAY_CHANGES | sync_finish(session, after, now),
                    f"deal recorded: {deal.description}",
                )

            return Ruling((change,), finish)

        return money_action(self._ctx, self._cache, tournament_id, rule)

    def deal(self, tournament_id: int) -> DealInfo | None:
        """The recorded deal still standing (None when none, or when its row was voided)."""
        with self._ctx.reading() as session:
            # The deal alone: not the payout table and standings `money_view` works out too.
            return self._cache.derived_from_view(session, tournament_id, deal_of)
