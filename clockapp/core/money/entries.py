"""Tournament kinds, entry prices, the clock and the player as the entry rules see them.

The rules themselves are in `clockapp.core.money.entry_rules` (what a tournament allows) and
`clockapp.core.money.entry_checks` (who may buy in, rebuy, add on or re-enter now).

Everything here is pure: the caller says where the clock is (`EntryContext`, with `now` injected)
and what a player has bought so far (`PlayerEntries`); a `check_*` function answers with what the
player may buy (`EntryOffer`: the kind, the price and its split, the chips) or raises `EntryRefused`
with a sentence a tournament director can read out to the player.

Conventions:
    * Play levels are numbered from 1; level 0 means the clock has not started. A break belongs to
      the level it follows (`ClockPosition(level=4, on_break=True)` is the break after level 4).
    * A "last level" (late registration, rebuys, re-entry) is inclusive and includes the break
      that follows it: with `last_level=6` the window closes when level 7 starts. That is how most
      rooms run it: the last rebuys and the add-on are sold at the same break.
    * The cap on entrants counts distinct players; re-entries reuse a seat that was freed and do
      not count against it.

>>> from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
>>> rules = EntryRules(RegistrationRule(EntryPrice(prize_pool=2000, house_fee=500), chips=10_000))
>>> sorted(rules.kinds), rules.label
([<TournamentKind.FREEZE_OUT: 'freeze-out'>], 'Freeze-out')
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from clockapp import formats
from clockapp.core.money.amounts import check_cents, format_cents
from clockapp.core.registration import RegistrationMode
from clockapp.errors import DomainError, ValidationError
from clockapp.i18n import gettext as _

#: The largest count the rules accept (chips, levels, entrants): far beyond any tournament, and
#: well inside the database's 64-bit columns.
MAX_COUNT = 10**12


class EntryRefused(DomainError):
    """A player may not make this entry now; the message says exactly why."""


class TournamentKind(StrEnum):
    """The ways of paying in that a tournament offers; a tournament may combine several."""

    FREEZE_OUT = "freeze-out"
    REBUY = "rebuy"
    ADD_ON = "add-on"
    RE_ENTRY = "re-entry"


class EntryKind(StrEnum):
    """What a single payment buys. The values match the ledger's row kinds."""

    BUY_IN = "buy-in"
    REBUY = "rebuy"
    ADD_ON = "add-on"
    RE_ENTRY = "re-entry"


def check_count(value: object, name: str, *, minimum: int = 0) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(
            _("{name} must be a whole number, not {value!r}.").format(name=name, value=value)
        )
    if value < minimum:
        raise ValidationError(
            _("{name} must be at least {minimum}, not {value}.").format(
                name=name, minimum=minimum, value=value
            )
        )
    if value > MAX_COUNT:
        raise ValidationError(
            _("{name} must be at most {MAX_COUNT}, not {value}.").format(
                name=name, MAX_COUNT=formats.number(MAX_COUNT), value=formats.number(value)
            )
        )


def check_aware(value: datetime, name: str) -> None:
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValidationError(
            _("{name} must carry a time zone (got {time}).").format(
                name=name, time=value.isoformat()
            )
        )


@dataclass(frozen=True)
class EntryPrice:
    """What one entry costs and where each cent goes, all in cents.

    The split is stored with every entry (see `clockapp.core.money.ledger.LedgerRow.split`) so
    that a later change of prices never rewrites what an earlier player paid.

    Attributes:
        prize_pool: The part that goes into the prize pool.
        house_fee: The part the house keeps.
        bounty: The part set aside as the bounty on this player's head.

    >>> price = EntryPrice.from_total(3000, house_fee=500, bounty=500)
    >>> price.prize_pool, price.total
    (2000, 3000)
    """

    prize_pool: int
    house_fee: int = 0
    bounty: int = 0

    def __post_init__(self) -> None:
        check_cents(self.prize_pool, "Prize-pool part of the price")
        check_cents(self.house_fee, "House fee")
        check_cents(self.bounty, "Bounty")
        check_cents(self.total, "Price")

    @property
    def total(self) -> int:
        """The amount the player hands over, in cents."""
        return self.prize_pool + self.house_fee + self.bounty

    @classmethod
    def from_total(cls, total: int, *, house_fee: int = 0, bounty: int = 0) -> EntryPrice:
        """Build a price from what the player pays; the prize pool gets what fee and bounty leave.

        Raises:
            ValidationError: The fee and bounty together are more than the total.

        >>> EntryPrice.from_total(1000, house_fee=1500)
        Traceback (most recent call last):
        ...
        clockapp.errors.ValidationError: The house fee ($15.00) and bounty ($0.00) are more than the price ($10.00).
        """  # noqa: E501 - a doctest's expected output cannot be wrapped
        check_cents(total, "Price")
        check_cents(house_fee, "House fee")
        check_cents(bounty, "Bounty")
        if house_fee + bounty > total:
            raise ValidationError(
                _(
                    "The house fee ({amount}) and bounty ({amount2}) are more "
                    "than the price ({amount3})."
                ).format(
                    amount=format_cents(house_fee),
                    amount2=format_cents(bounty),
                    amount3=format_cents(total),
                )
            )
        return cls(prize_pool=total - house_fee - bounty, house_fee=house_fee, bounty=bounty)


@dataclass(frozen=True)
class ClockPosition:
    """Where the clock is, as far as entry rules care.

    Attributes:
        level: The current play level, from 1; 0 before the clock starts.
        on_break: True during the break that follows `level`.
    """

    level: int = 0
    on_break: bool = False

    def __post_init__(self) -> None:
        check_count(self.level, "Level")
        if self.on_break and self.level == 0:
            raise ValidationError(_("A break comes after a level; level 0 cannot be on a break."))

    def describe(self) -> str:
        """Say where the clock is, for messages.

        >>> ClockPosition(0).describe(), ClockPosition(3).describe()
        ('before the start', 'level 3')
        >>> ClockPosition(3, on_break=True).describe()
        'the break after level 3'
        """
        if self.level == 0:
            return "before the start"
        if self.on_break:
            return f"the break after level {self.level}"
        return f"level {self.level}"


def at_or_before(position: ClockPosition, last_level: int) -> bool:
    """Whether `position` is at or before `last_level` (its following break included)."""
    return position.level <= last_level


@dataclass(frozen=True)
class EntryContext:
    """The moment an entry is asked for.

    Attributes:
        position: Where the clock is.
        now: The current time, tz-aware (injected; core never reads the system clock).
        entrants: How many distinct players are registered so far.
        anyone_busted: Whether any player is out (with no late registration level, the first
            bust closes registration: `clockapp.core.registration`).
        registration: The director's choice: follow the rules, closed, or held open.
        finished: The tournament is over: nothing at all may be bought.
    """

    position: ClockPosition
    now: datetime
    entrants: int = 0
    anyone_busted: bool = False
    registration: RegistrationMode = RegistrationMode.AUTO
    finished: bool = False

    def __post_init__(self) -> None:
        check_aware(self.now, "now")
        check_count(self.entrants, "Entrants")


class PlayerState(StrEnum):
    """Where a player stands, as the entry rules see it: said outright, never guessed from chips.

    A player in play whose chip count nobody gave is still in play: only a recorded bust (or a
    bust the cashier records with the rebuy, saying so) makes them busted.
    """

    NOT_ENTERED = "not entered"  # no standing buy-in (pre-registered, checked in, or not listed)
    PLAYING = "playing"  # bought in and not out
    BUSTED = "busted"  # out; may rebuy or re-enter where the rules allow


@dataclass(frozen=True)
class PlayerEntries:
    """What the rules need to know about one player.

    Attributes:
        name: The player's name, used in messages.
        registered: Whether the player has bought in (a first buy-in is recorded).
        stack: The player's chips now, when counted; None when nobody counted them.
        rebuys: Rebuys bought so far.
        add_ons: Add-ons bought so far.
        re_entries: Re-entries bought so far.
        state: Not entered, playing or busted. Left out, it follows `registered` and `stack`
            (a registered player with a stack of 0 is busted); the cashier always gives it.

    >>> PlayerEntries("Ann", state=PlayerState.PLAYING, stack=None).registered
    True
    >>> PlayerEntries("Ann", registered=True, stack=0).state
    <PlayerState.BUSTED: 'busted'>
    """

    name: str
    registered: bool = False
    stack: int | None = 0
    rebuys: int = 0
    add_ons: int = 0
    re_entries: int = 0
    state: PlayerState | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValidationError(_("A player needs a name."))
        if self.stack is not None:
            check_count(self.stack, f"{self.name}'s stack")
        check_count(self.rebuys, f"{self.name}'s rebuys")
        check_count(self.add_ons, f"{self.name}'s add-ons")
        check_count(self.re_entries, f"{self.name}'s re-entries")
        state = self.state
        if state is None:
            if not self.registered:
                state = PlayerState.NOT_ENTERED
            else:
                state = PlayerState.BUSTED if not self.stack else PlayerState.PLAYING
            object.__setattr__(self, "state", state)
        else:
            object.__setattr__(self, "registered", state is not PlayerState.NOT_ENTERED)
        if state is PlayerState.BUSTED and self.stack:
            raise ValidationError(
                _("{name} is busted, so cannot have {stack} chips.").format(
                    name=self.name, stack=formats.number(self.stack)
                )
            )

    @property
    def status(self) -> PlayerState:
        """The player's state (`state`, filled in)."""
        assert self.state is not None
        return self.state


@dataclass(frozen=True)
class EntryOffer:
    """What a player may buy now: the kind, the price (with its split) and the chips.

    The caller records `price` with the entry as it is now, so later price edits do not change it.
    """

    kind: EntryKind
    price: EntryPrice
    chips: int


@dataclass(frozen=True)
class EntryOption:
    """One button of the cashier: an offer when allowed, otherwise the reason it is refused."""

    kind: EntryKind
    offer: EntryOffer | None
    refusal: str = ""

    @property
    def allowed(self) -> bool:
        """Whether the entry may be sold now."""
        return self.offer is not None
