"""A new tournament planned in one go: what the host knows turns into its structure and rules.

`NightPlan` holds what a host fills in before the doors open (the buy-in, rebuys and add-on with
their prices and chips, the starting stack, the chips owned, the level length and how long the
night should last); `plan_night` suggests the structure from it (the rebuy and add-on chips that
were set, not a starting stack each), and builds the entry rules and the preset payouts that go
with it. Nothing here stores anything: the service writes the result in one transaction.

>>> from clockapp.core.chips import ChipSet
>>> chips = ChipSet.standard((25, 100, 500, 1000), owned=(300, 300, 200, 100))
>>> plan = NightPlan("Friday", 2000, 500, starting_stack=10_000, chips=chips, players=18,
...                  rebuys=6, rebuy_price=2000, rebuy_chips=8000, rebuy_until_level=4,
...                  add_on_price=1000, add_on_chips=6000)
>>> planned = plan_night(plan)
>>> planned.config.rules.label, planned.config.rules.rebuy.chips
('Rebuy + add-on', 8000)
>>> planned.suggested.rebuy_breakdown.total, planned.suggested.addon_breakdown.total
(8000, 6000)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from clockapp.core.chips import ChipSet
from clockapp.core.generator import SuggestedStructure, suggest_structure
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import AddOnRule, EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.handout import PlannedStacks
from clockapp.core.money.records import CashierConfig
from clockapp.core.money.rules_fit import breaks_after, check_rules_fit
from clockapp.core.payouts import PayoutStructure
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _


@dataclass(frozen=True)
class NightPlan:
    """What the host knows about the night before it starts.

    Attributes:
        name: The tournament's name.
        buy_in_pool: The part of a buy-in that goes to the prize pool (cents).
        buy_in_fee: The house's part of a buy-in (cents).
        starting_stack: The chips of a buy-in.
        chips: The chip set, with the counts owned when the host counted them.
        players: Players expected.
        rebuys: Rebuys expected in total (0: no rebuys).
        rebuy_price: What one rebuy costs, all to the prize pool (cents).
        rebuy_chips: The chips of one rebuy.
        rebuy_until_level: Rebuys are sold through this level and the break after it; it also
            closes late registration. None: the level before the first break.
        add_on_price: What one add-on costs, all to the prize pool (cents); 0: no add-on.
        add_on_chips: The chips of one add-on.
        add_on_after_level: The add-on is sold at the break after this level. None: the first
            break at or after the end of rebuys.
        level_minutes: The length of every level.
        night_minutes: How long the night should last, breaks included.
    """

    name: str
    buy_in_pool: int
    buy_in_fee: int
    starting_stack: int
    chips: ChipSet
    players: int = 20
    rebuys: int = 0
    rebuy_price: int = 0
    rebuy_chips: int = 0
    rebuy_until_level: int | None = None
    add_on_price: int = 0
    add_on_chips: int = 0
    add_on_after_level: int | None = None
    level_minutes: int = 20
    night_minutes: int = 300

    def __post_init__(self) -> None:
        if self.rebuys and (self.rebuy_price <= 0 or self.rebuy_chips <= 0):
            raise ValidationError(_("Rebuys need a price and the chips they give."))
        if self.add_on_price and self.add_on_chips <= 0:
            raise ValidationError(_("The add-on needs the chips it gives."))

    @property
    def has_add_on(self) -> bool:
        """Whether an add-on is sold."""
        return self.add_on_price > 0


@dataclass(frozen=True)
class PlannedNight:
    """A plan's structure (with its stack breakdown and chip needs) and its cashier rules."""

    suggested: SuggestedStructure
    config: CashierConfig

    @property
    def stacks(self) -> PlannedStacks:
        """The stacks the cashier hands out: those checked against the chips owned."""
        return planned_stacks(self.suggested, self.config.rules)


def planned_stacks(suggested: SuggestedStructure, rules: EntryRules | None = None) -> PlannedStacks:
    """The stacks of a suggestion the cashier hands out (the rebuy and add-on ones only when
    `rules` sell them, or when no rules are given).

    >>> from clockapp.core.generator import suggest_structure
    >>> s = suggest_structure(10, 1000, 20, 240, (25, 100, 500))
    >>> planned_stacks(s).starting == s.breakdown
    True
    """
    rebuy = suggested.rebuy_breakdown if rules is None or rules.rebuy is not None else None
    add_on = suggested.addon_breakdown if rules is None or rules.add_on is not None else None
    return PlannedStacks(suggested.breakdown, rebuy=rebuy, add_on=add_on)


def _first_break_at_or_after(breaks: tuple[int, ...], level: int) -> int | None:
    return next((b for b in breaks if b >= level), None)


def plan_night(plan: NightPlan) -> PlannedNight:
    """Suggest the structure for `plan` and the entry rules and payouts that go with it.

    Registration stays open as long as rebuys are sold (through the level before the first
    break without rebuys); payouts follow the preset by field size.

    Raises:
        GeneratorError: The generator cannot work with these inputs.
        CashierError: The add-on's break is not in the suggested structure.
    """
    expected_add_ons = plan.players if plan.has_add_on else 0
    suggested = suggest_structure(
        players=plan.players,
        starting_stack=plan.starting_stack,
        level_minutes=plan.level_minutes,
        duration_minutes=plan.night_minutes,
        chips=plan.chips,
        rebuys=plan.rebuys,
        addons=expected_add_ons,
        addon_stack=plan.add_on_chips if plan.has_add_on else None,
        rebuy_stack=plan.rebuy_chips if plan.rebuys else None,
        name=plan.name,
    )
    structure = suggested.structure
    breaks = breaks_after(structure)
    first_break = breaks[0] if breaks else max(1, structure.level_count // 3)
    late_until = plan.rebuy_until_level or first_break
    rebuy = None
    if plan.rebuys:
        rebuy = RebuyRule(EntryPrice(plan.rebuy_price), plan.rebuy_chips, last_level=late_until)
    add_on = None
    if plan.has_add_on:
        after = plan.add_on_after_level or _first_break_at_or_after(breaks, late_until)
        with_buy_in = after is None
        add_on = AddOnRule(
            EntryPrice(plan.add_on_price),
            plan.add_on_chips,
            at_break_after_level=after,
            with_buy_in=with_buy_in,
        )
    registration = RegistrationRule(
        EntryPrice(plan.buy_in_pool, plan.buy_in_fee),
        chips=plan.starting_stack,
        late_until_level=late_until,
    )
    rules = EntryRules(registration, rebuy=rebuy, add_on=add_on)
    check_rules_fit(rules, structure)
    return PlannedNight(suggested, CashierConfig(rules, PayoutStructure()))


def plan_from(
    name: str, rules: EntryRules, chips: ChipSet, level_minutes: int, night_minutes: int
) -> NightPlan:
    """A plan with another tournament's rules and chips (the defaults of the next one).

    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000, 500), chips=10_000))
    >>> plan_from("Next", rules, ChipSet.standard((25, 100)), 20, 240).buy_in_fee
    500
    """
    plan = NightPlan(
        name,
        rules.registration.price.prize_pool,
        rules.registration.price.house_fee,
        starting_stack=rules.registration.chips,
        chips=chips,
        level_minutes=level_minutes,
        night_minutes=night_minutes,
    )
    if rules.rebuy is not None:
        plan = replace(
            plan,
            rebuys=max(1, plan.players // 3),
            rebuy_price=rules.rebuy.price.total,
            rebuy_chips=rules.rebuy.chips,
            rebuy_until_level=rules.rebuy.last_level,
        )
    if rules.add_on is not None:
        plan = replace(
            plan,
            add_on_price=rules.add_on.price.total,
            add_on_chips=rules.add_on.chips,
            add_on_after_level=rules.add_on.at_break_after_level,
        )
    return plan
