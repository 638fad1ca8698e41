"""What a tournament allows: its registration, rebuy, add-on and re-entry rules (`EntryRules`).

Conventions (levels, windows, the cap on entrants): see `clockapp.core.money.entries`.

>>> from clockapp.core.money.entries import EntryPrice
>>> rules = EntryRules(RegistrationRule(EntryPrice(prize_pool=2000, house_fee=500), chips=10_000))
>>> sorted(rules.kinds), rules.label
([<TournamentKind.FREEZE_OUT: 'freeze-out'>], 'Freeze-out')
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from clockapp.core.money.entries import (
    EntryPrice,
    TournamentKind,
    check_aware,
    check_count,
)
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _


@dataclass(frozen=True)
class RegistrationRule:
    """The first buy-in: its price, its chips, late registration and the cap on entrants.

    Attributes:
        price: The buy-in price and its split.
        chips: The starting stack.
        late_until_level: Registration stays open through this level and the break after it;
            0 closes it when the clock starts; None sets no limit by level.
        deadline: A tz-aware time after which nobody may register (None: no deadline).
        max_entrants: The most distinct players that may register (None: no cap).
    """

    price: EntryPrice
    chips: int
    late_until_level: int | None = None
    deadline: datetime | None = None
    max_entrants: int | None = None

    def __post_init__(self) -> None:
        check_count(self.chips, "Starting stack", minimum=1)
        if self.late_until_level is not None:
            check_count(self.late_until_level, "Late registration level")
        if self.deadline is not None:
            check_aware(self.deadline, "Registration deadline")
        if self.max_entrants is not None:
            check_count(self.max_entrants, "Cap on entrants", minimum=1)


@dataclass(frozen=True)
class RebuyRule:
    """Rebuys: a busted player, or one at or below a chosen stack, pays in again.

    Attributes:
        price: The rebuy price and its split.
        chips: The chips a rebuy gives.
        last_level: Rebuys are sold through this level and the break after it.
        max_per_player: The most rebuys one player may buy (None: unlimited).
        stack_at_or_below: A player with this many chips or fewer may rebuy; 0 means only a
            busted player may.
    """

    price: EntryPrice
    chips: int
    last_level: int
    max_per_player: int | None = None
    stack_at_or_below: int = 0

    def __post_init__(self) -> None:
        check_count(self.chips, "Rebuy chips", minimum=1)
        check_count(self.last_level, "Last rebuy level", minimum=1)
        if self.max_per_player is not None:
            check_count(self.max_per_player, "Rebuys per player", minimum=1)
        check_count(self.stack_at_or_below, "Rebuy stack limit")


@dataclass(frozen=True)
class AddOnRule:
    """Add-ons: extra chips sold at a chosen break, or together with the initial buy-in.

    Attributes:
        price: The add-on price and its split.
        chips: The chips an add-on gives.
        at_break_after_level: Sold during the break after this level (None: not at a break).
        with_buy_in: Sold together with the buy-in (or a re-entry), in the same payment.
        max_per_player: The most add-ons one player may buy.
    """

    price: EntryPrice
    chips: int
    at_break_after_level: int | None = None
    with_buy_in: bool = False
    max_per_player: int = 1

    def __post_init__(self) -> None:
        check_count(self.chips, "Add-on chips", minimum=1)
        if self.at_break_after_level is not None:
            check_count(self.at_break_after_level, "Add-on break level", minimum=1)
        elif not self.with_buy_in:
            raise ValidationError(
                _("The add-on needs a window: a break (after which level?) or with the buy-in.")
            )
        check_count(self.max_per_player, "Add-ons per player", minimum=1)


@dataclass(frozen=True)
class ReEntryRule:
    """Re-entry: a busted player buys a new entry (new stack, new seat).

    Attributes:
        price: The re-entry price and its split.
        chips: The chips a re-entry gives.
        last_level: Re-entry is sold through this level and the break after it; None follows
            late registration (its level and its deadline).
        max_per_player: The most re-entries one player may buy (None: unlimited).
    """

    price: EntryPrice
    chips: int
    last_level: int | None = None
    max_per_player: int | None = None

    def __post_init__(self) -> None:
        check_count(self.chips, "Re-entry chips", minimum=1)
        if self.last_level is not None:
            check_count(self.last_level, "Last re-entry level", minimum=1)
        if self.max_per_player is not None:
            check_count(self.max_per_player, "Re-entries per player", minimum=1)


@dataclass(frozen=True)
class EntryRules:
    """All the entry rules of one tournament; which are present decides its kind.

    Attributes:
        registration: The buy-in, late registration and cap.
        rebuy: Rebuy rules, or None for no rebuys.
        add_on: Add-on rules, or None for no add-on.
        re_entry: Re-entry rules, or None for no re-entry.

    >>> buy_in = RegistrationRule(EntryPrice(2000), chips=5000)
    >>> rules = EntryRules(buy_in, rebuy=RebuyRule(EntryPrice(2000), 5000, last_level=6),
    ...                    add_on=AddOnRule(EntryPrice(2000), 8000, at_break_after_level=6))
    >>> rules.label
    'Rebuy + add-on'
    """

    registration: RegistrationRule
    rebuy: RebuyRule | None = None
    add_on: AddOnRule | None = None
    re_entry: ReEntryRule | None = None

    @property
    def kinds(self) -> frozenset[TournamentKind]:
        """The kinds this tournament combines ({FREEZE_OUT} when it offers nothing extra)."""
        kinds = set()
        if self.rebuy is not None:
            kinds.add(TournamentKind.REBUY)
        if self.add_on is not None:
            kinds.add(TournamentKind.ADD_ON)
        if self.re_entry is not None:
            kinds.add(TournamentKind.RE_ENTRY)
        return frozenset(kinds or {TournamentKind.FREEZE_OUT})

    @property
    def label(self) -> str:
        """A short name for the kind ("Freeze-out", "Rebuy + add-on", "Re-entry")."""
        order = [
            TournamentKind.FREEZE_OUT,
            TournamentKind.RE_ENTRY,
            TournamentKind.REBUY,
            TournamentKind.ADD_ON,
        ]
        text = " + ".join(kind.value for kind in order if kind in self.kinds)
        return text[0].upper() + text[1:]
