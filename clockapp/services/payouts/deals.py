"""Deals at the final table: the proposal shown to the players and the deal as recorded.

Split from `clockapp.services.payouts` (which records deals in its `PayoutService`) to keep each
module short; the recorded deal is `clockapp.core.money.till.DealInfo`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from clockapp.core.icm import DealMethod, DealResult, propose_deal
from clockapp.core.money.amounts import check_cents
from clockapp.core.money.till import Till
from clockapp.core.money.view import MoneyView
from clockapp.core.registration import RegistrationStatus
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _


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


def stack_list(till: Till, stacks: Mapping[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The players in a deal (all those still in) and their stacks, checked."""
    in_play = [
        rid for rid, reg in till.registrations.items() if reg.status == RegistrationStatus.PLAYING
    ]
    missing = [till.name(rid) for rid in in_play if rid not in stacks]
    extra = [rid for rid in stacks if rid not in in_play]
    if extra:
        names = ", ".join(
            till.name(rid) if rid in till.registrations else f"#{rid}" for rid in extra
        )
        raise ValidationError(
            _("Only players still in can share a deal; not {names}.").format(names=names)
        )
    if missing:
        raise ValidationError(
            _("A deal is shared by every player still in; add {names}.").format(
                names=", ".join(missing)
            )
        )
    if len(in_play) < 2:
        raise ValidationError(_("A deal needs at least two players still in."))
    ids = tuple(rid for rid in stacks)
    return ids, tuple(stacks[rid] for rid in ids)


def propose(
    till: Till,
    view: MoneyView,
    stacks: Mapping[int, int],
    method: DealMethod,
    unit: int,
    reserve: int,
) -> DealProposal:
    """Share the unpaid prizes among every player still in (nothing recorded)."""
    check_cents(reserve, _("The amount left to play for"))
    if view.table is None:
        raise ValidationError(
            _("No payout table to deal from: {problem}").format(problem=view.problem)
        )
    if view.deal is not None:
        raise ValidationError(_("A deal is already recorded; void its ledger row to make another."))
    if till.bounty.satellite is not None:
        # Its prizes are seats, given when play stops: a share of cash would leave seats unwon.
        raise ValidationError(
            _(
                "A satellite pays seats, not a prize ladder: play on until the seats are won "
                "(the cash left over follows the satellite's rule)."
            )
        )
    ids, chips = stack_list(till, stacks)
    unpaid = view.table.amounts[: len(ids)]
    result = propose_deal(chips, unpaid, method=method, unit=unit, reserve=reserve)
    return DealProposal(ids, tuple(till.name(rid) for rid in ids), result)
