"""What the rules add to one entry sold at the desk (`sale_extras`): pure, no I/O.

The cashier's dialog shows these before the money is taken: the add-on sold in the same payment
as a buy-in or re-entry, whether the player's stack must be asked (a rebuy allowed only at or
below a stack), and whether the player is still in play, so the sale records the bust at the
table first.

>>> from clockapp.core.money.entries import EntryPrice
>>> from clockapp.core.money.entry_rules import AddOnRule, EntryRules, RegistrationRule
>>> price = EntryPrice(prize_pool=2000, house_fee=500)
>>> rules = EntryRules(
...     RegistrationRule(price, chips=10_000),
...     add_on=AddOnRule(EntryPrice(prize_pool=1000), chips=5_000, with_buy_in=True),
... )
>>> extras = sale_extras(rules, EntryKind.BUY_IN, None)
>>> extras.add_on.chips, extras.ask_stack, extras.at_table
(5000, False, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.core.money.entries import EntryKind, EntryOffer
from clockapp.core.money.entry_rules import EntryRules
from clockapp.core.money.records import RegistrationInfo
from clockapp.core.registration import RegistrationStatus


@dataclass(frozen=True)
class SaleExtras:
    """What comes with one entry sale.

    Attributes:
        add_on: The add-on sold in the same payment (a buy-in or re-entry under an add-on rule
            sold with the buy-in), or None.
        ask_stack: The player is playing and a rebuy is allowed only at or below a stack: the
            cashier asks how many chips they have now.
        at_table: The player is still in play: the rebuy or re-entry records the bust at the
            table first.
    """

    add_on: EntryOffer | None
    ask_stack: bool
    at_table: bool


def sale_extras(
    rules: EntryRules, kind: EntryKind, registration: RegistrationInfo | None
) -> SaleExtras:
    """What `rules` add to selling `kind` to the player of `registration` (None: not registered)."""
    add_on_rule = rules.add_on
    add_on = None
    if (
        kind in (EntryKind.BUY_IN, EntryKind.RE_ENTRY)
        and add_on_rule is not None
        and add_on_rule.with_buy_in
    ):
        add_on = EntryOffer(EntryKind.ADD_ON, add_on_rule.price, add_on_rule.chips)
    ask_stack = (
        kind is EntryKind.REBUY
        and registration is not None
        and registration.status is RegistrationStatus.PLAYING
        and rules.rebuy is not None
        and rules.rebuy.stack_at_or_below > 0
    )
    at_table = (
        kind in (EntryKind.REBUY, EntryKind.RE_ENTRY)
        and registration is not None
        and registration.in_play
    )
    return SaleExtras(add_on, ask_stack, at_table)
