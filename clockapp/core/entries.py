"""Tournament kinds, entry prices and the rules for who may buy in, rebuy, add on or re-enter.

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

>>> rules = EntryRules(RegistrationRule(EntryPrice(prize_pool=2000, house_fee=500), chips=10_000))
>>> sorted(rules.kinds), rules.label
([<TournamentKind.FREEZE_OUT: 'freeze-out'>], 'Freeze-out')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from clockapp.core.errors import DomainError, ValidationError
from clockapp.core.money import check_cents, format_cents
from clockapp.core.registration import (
    RegistrationFacts,
    RegistrationMode,
    check_not_finished,
    registration_window,
)

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


def _check_count(value: object, name: str, *, minimum: int = 0) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(f"{name} must be a whole number, not {value!r}.")
    if value < minimum:
        raise ValidationError(f"{name} must be at least {minimum}, not {value}.")
    if value > MAX_COUNT:
        raise ValidationError(f"{name} must be at most {MAX_COUNT:,}, not {value:,}.")


def _check_aware(value: datetime, name: str) -> None:
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValidationError(f"{name} must carry a time zone (got {value.isoformat()}).")


@dataclass(frozen=True)
class EntryPrice:
    """What one entry costs and where each cent goes, all in cents.

    The split is stored with every entry (see `clockapp.core.ledger.LedgerRow.split`) so that a
    later change of prices never rewrites what an earlier player paid.

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
                f"The house fee ({format_cents(house_fee)}) and bounty ({format_cents(bounty)}) "
                f"are more than the price ({format_cents(total)})."
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
        _check_count(self.level, "Level")
        if self.on_break and self.level == 0:
            raise ValidationError("A break comes after a level; level 0 cannot be on a break.")

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


def _within(position: ClockPosition, last_level: int) -> bool:
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
        _check_aware(self.now, "now")
        _check_count(self.entrants, "Entrants")


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
            raise ValidationError("A player needs a name.")
        if self.stack is not None:
            _check_count(self.stack, f"{self.name}'s stack")
        _check_count(self.rebuys, f"{self.name}'s rebuys")
        _check_count(self.add_ons, f"{self.name}'s add-ons")
        _check_count(self.re_entries, f"{self.name}'s re-entries")
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
            raise ValidationError(f"{self.name} is busted, so cannot have {self.stack:,} chips.")

    @property
    def status(self) -> PlayerState:
        """The player's state (`state`, filled in)."""
        assert self.state is not None
        return self.state

    def still_in(self) -> str:
        """Why a player in play may not buy what only a busted player may (for messages)."""
        if self.stack:
            return f"{self.name} still has {self.stack:,} chips"
        return f"{self.name} is still in play (no bust is recorded)"


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
        _check_count(self.chips, "Starting stack", minimum=1)
        if self.late_until_level is not None:
            _check_count(self.late_until_level, "Late registration level")
        if self.deadline is not None:
            _check_aware(self.deadline, "Registration deadline")
        if self.max_entrants is not None:
            _check_count(self.max_entrants, "Cap on entrants", minimum=1)


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
        _check_count(self.chips, "Rebuy chips", minimum=1)
        _check_count(self.last_level, "Last rebuy level", minimum=1)
        if self.max_per_player is not None:
            _check_count(self.max_per_player, "Rebuys per player", minimum=1)
        _check_count(self.stack_at_or_below, "Rebuy stack limit")


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
        _check_count(self.chips, "Add-on chips", minimum=1)
        if self.at_break_after_level is not None:
            _check_count(self.at_break_after_level, "Add-on break level", minimum=1)
        elif not self.with_buy_in:
            raise ValidationError(
                "The add-on needs a window: a break (after which level?) or with the buy-in."
            )
        _check_count(self.max_per_player, "Add-ons per player", minimum=1)


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
        _check_count(self.chips, "Re-entry chips", minimum=1)
        if self.last_level is not None:
            _check_count(self.last_level, "Last re-entry level", minimum=1)
        if self.max_per_player is not None:
            _check_count(self.max_per_player, "Re-entries per player", minimum=1)


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


def _registration_window(
    rule: RegistrationRule,
    ctx: EntryContext,
    what: str,
    last_level: int | None,
    *,
    first_bust_closes: bool = True,
) -> None:
    """Refuse when registration (or a window that follows it) is closed (see
    `clockapp.core.registration`)."""
    facts = RegistrationFacts(
        ctx.position,
        ctx.now,
        late_until_level=rule.late_until_level,
        deadline=rule.deadline,
        anyone_busted=ctx.anyone_busted,
        mode=ctx.registration,
        finished=ctx.finished,
    )
    window = registration_window(
        facts, what=what, last_level=last_level, first_bust_closes=first_bust_closes
    )
    if not window.open:
        raise EntryRefused(window.reason)


def check_buy_in(rules: EntryRules, player: PlayerEntries, ctx: EntryContext) -> EntryOffer:
    """May this player register (make the first buy-in) now?

    Raises:
        EntryRefused: Already registered, late registration or the deadline passed, or the
            field is full.

    >>> from datetime import UTC
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), 5000, max_entrants=2))
    >>> ctx = EntryContext(ClockPosition(0), datetime(2025, 1, 1, 19, tzinfo=UTC), entrants=2)
    >>> check_buy_in(rules, PlayerEntries("Ann"), ctx)
    Traceback (most recent call last):
    ...
    clockapp.core.entries.EntryRefused: The field is full: 2 of 2 entrants are registered.
    """
    if ctx.finished:
        _registration_window(rules.registration, ctx, "Registration", None)
    if player.registered:
        raise EntryRefused(
            f"{player.name} is already registered."
            + (" A busted player may re-enter instead." if rules.re_entry is not None else "")
        )
    reg = rules.registration
    _registration_window(reg, ctx, "Registration", reg.late_until_level)
    if reg.max_entrants is not None and ctx.entrants >= reg.max_entrants:
        raise EntryRefused(
            f"The field is full: {ctx.entrants} of {reg.max_entrants} entrants are registered."
        )
    return EntryOffer(EntryKind.BUY_IN, reg.price, reg.chips)


def _check_finished(ctx: EntryContext) -> None:
    try:
        check_not_finished(ctx.finished)
    except DomainError as error:
        raise EntryRefused(str(error)) from None


def check_rebuy(rules: EntryRules, player: PlayerEntries, ctx: EntryContext) -> EntryOffer:
    """May this player rebuy now?

    Raises:
        EntryRefused: No rebuys in this tournament, not registered, the clock has not started,
            the rebuy period is over, the player has too many chips, or has used every rebuy.

    >>> from datetime import UTC
    >>> buy_in = RegistrationRule(EntryPrice(2000), 5000)
    >>> rules = EntryRules(buy_in, rebuy=RebuyRule(EntryPrice(2000), 5000, last_level=4,
    ...                                              max_per_player=2))
    >>> ctx = EntryContext(ClockPosition(3), datetime(2025, 1, 1, 20, tzinfo=UTC))
    >>> check_rebuy(rules, PlayerEntries("Ann", registered=True, stack=0), ctx).chips
    5000
    >>> check_rebuy(rules, PlayerEntries("Ann", registered=True, stack=0, rebuys=2), ctx)
    Traceback (most recent call last):
    ...
    clockapp.core.entries.EntryRefused: Ann has used all 2 rebuys allowed per player.
    """
    rule = rules.rebuy
    if rule is None:
        raise EntryRefused(f"This tournament ({rules.label}) has no rebuys.")
    if not player.registered:
        raise EntryRefused(f"{player.name} is not registered; a first entry is a buy-in.")
    if ctx.position.level == 0:
        raise EntryRefused("Rebuys start when the clock starts; this is still before the start.")
    if not _within(ctx.position, rule.last_level):
        raise EntryRefused(
            f"Rebuys ended after level {rule.last_level} (now {ctx.position.describe()})."
        )
    if player.status is PlayerState.PLAYING:
        if rule.stack_at_or_below == 0:
            raise EntryRefused(f"{player.still_in()}; only a busted player may rebuy.")
        if player.stack is None:
            raise EntryRefused(
                f"{player.name} is still in play: give the chips they have now (a rebuy is "
                f"allowed at or below {rule.stack_at_or_below:,} chips)."
            )
        if player.stack > rule.stack_at_or_below:
            raise EntryRefused(
                f"{player.name} has {player.stack:,} chips; a rebuy is allowed only at or below "
                f"{rule.stack_at_or_below:,} chips."
            )
    if rule.max_per_player is not None and player.rebuys >= rule.max_per_player:
        raise EntryRefused(
            f"{player.name} has used all {rule.max_per_player} "
            f"rebuy{'s' if rule.max_per_player != 1 else ''} allowed per player."
        )
    _check_finished(ctx)  # last: a closed window or a limit says more
    return EntryOffer(EntryKind.REBUY, rule.price, rule.chips)


def check_add_on(
    rules: EntryRules,
    player: PlayerEntries,
    ctx: EntryContext,
    *,
    with_buy_in: bool = False,
) -> EntryOffer:
    """May this player buy the add-on now?

    Args:
        rules: The tournament's entry rules.
        player: The player asking.
        ctx: The moment.
        with_buy_in: The add-on is sold in the same payment as a buy-in or re-entry (which the
            caller checks separately with `check_buy_in` / `check_re_entry`).

    Raises:
        EntryRefused: No add-on in this tournament, outside its window, the player is busted or
            not registered (at a break), or has already bought the add-ons allowed.

    >>> from datetime import UTC
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), 5000),
    ...                    add_on=AddOnRule(EntryPrice(1000), 5000, at_break_after_level=4))
    >>> ctx = EntryContext(ClockPosition(4), datetime(2025, 1, 1, 21, tzinfo=UTC))
    >>> check_add_on(rules, PlayerEntries("Ann", registered=True, stack=900), ctx)
    Traceback (most recent call last):
    ...
    clockapp.core.entries.EntryRefused: The add-on is sold at the break after level 4 (now level 4).
    """
    rule = rules.add_on
    if rule is None:
        raise EntryRefused(f"This tournament ({rules.label}) has no add-on.")
    if player.add_ons >= rule.max_per_player:
        if rule.max_per_player == 1:
            raise EntryRefused(f"{player.name} already bought the add-on.")
        raise EntryRefused(
            f"{player.name} has bought all {rule.max_per_player} add-ons allowed per player."
        )
    if with_buy_in:
        if not rule.with_buy_in:
            raise EntryRefused(
                f"The add-on is sold at the break after level {rule.at_break_after_level}, "
                "not with the buy-in."
            )
        _check_finished(ctx)
        return EntryOffer(EntryKind.ADD_ON, rule.price, rule.chips)
    if rule.at_break_after_level is None:
        raise EntryRefused("The add-on is sold only with the buy-in, in the same payment.")
    at_break = ctx.position.on_break and ctx.position.level == rule.at_break_after_level
    if not at_break:
        raise EntryRefused(
            f"The add-on is sold at the break after level {rule.at_break_after_level} "
            f"(now {ctx.position.describe()})."
        )
    if not player.registered:
        raise EntryRefused(f"{player.name} is not registered; only players in may add on.")
    if player.status is PlayerState.BUSTED:
        raise EntryRefused(
            f"{player.name} has no chips; only a player still in may add on"
            + (" (rebuy first)." if rules.rebuy is not None else ".")
        )
    _check_finished(ctx)
    return EntryOffer(EntryKind.ADD_ON, rule.price, rule.chips)


def check_re_entry(rules: EntryRules, player: PlayerEntries, ctx: EntryContext) -> EntryOffer:
    """May this busted player re-enter now?

    Raises:
        EntryRefused: No re-entry in this tournament, not registered, still has chips, the
            re-entry window or the deadline passed, or every re-entry is used.

    >>> from datetime import UTC
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), 5000, late_until_level=6),
    ...                    re_entry=ReEntryRule(EntryPrice(2000), 5000))
    >>> ctx = EntryContext(ClockPosition(7), datetime(2025, 1, 1, 22, tzinfo=UTC))
    >>> check_re_entry(rules, PlayerEntries("Ann", registered=True), ctx)
    Traceback (most recent call last):
    ...
    clockapp.core.entries.EntryRefused: Re-entry closed after level 6 (now level 7).
    """
    rule = rules.re_entry
    if rule is None:
        raise EntryRefused(f"This tournament ({rules.label}) has no re-entry.")
    if not player.registered:
        raise EntryRefused(f"{player.name} is not registered; a first entry is a buy-in.")
    if player.status is PlayerState.PLAYING:
        raise EntryRefused(f"{player.still_in()}; only a busted player may re-enter.")
    # A re-entry follows a bust by its nature: the first bust does not close it (its level, the
    # deadline, the director or the end of the tournament do).
    # The end of the tournament is said last: a closed window or a limit says more.
    _registration_window(
        rules.registration,
        replace(ctx, finished=False),
        "Re-entry",
        rule.last_level,
        first_bust_closes=False,
    )
    if rule.max_per_player is not None and player.re_entries >= rule.max_per_player:
        raise EntryRefused(
            f"{player.name} has used all {rule.max_per_player} "
            f"re-entr{'ies' if rule.max_per_player != 1 else 'y'} allowed per player."
        )
    _check_finished(ctx)
    return EntryOffer(EntryKind.RE_ENTRY, rule.price, rule.chips)


def check_entry(
    kind: EntryKind, rules: EntryRules, player: PlayerEntries, ctx: EntryContext
) -> EntryOffer:
    """Dispatch to the check for `kind` (an add-on here is the one sold at a break).

    >>> from datetime import UTC
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), 5000))
    >>> ctx = EntryContext(ClockPosition(0), datetime(2025, 1, 1, 19, tzinfo=UTC))
    >>> check_entry(EntryKind.BUY_IN, rules, PlayerEntries("Ann"), ctx).price.total
    2000
    """
    if kind is EntryKind.BUY_IN:
        return check_buy_in(rules, player, ctx)
    if kind is EntryKind.REBUY:
        return check_rebuy(rules, player, ctx)
    if kind is EntryKind.ADD_ON:
        return check_add_on(rules, player, ctx)
    return check_re_entry(rules, player, ctx)


def entry_options(
    rules: EntryRules, player: PlayerEntries, ctx: EntryContext
) -> tuple[EntryOption, ...]:
    """Every entry kind, each with its offer or the reason it is refused (for the cashier buttons).

    >>> from datetime import UTC
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), 5000))
    >>> ctx = EntryContext(ClockPosition(0), datetime(2025, 1, 1, 19, tzinfo=UTC))
    >>> [(o.kind.value, o.allowed) for o in entry_options(rules, PlayerEntries("Ann"), ctx)]
    [('buy-in', True), ('rebuy', False), ('add-on', False), ('re-entry', False)]
    """
    options = []
    for kind in EntryKind:
        try:
            options.append(EntryOption(kind, check_entry(kind, rules, player, ctx)))
        except EntryRefused as refused:
            options.append(EntryOption(kind, None, str(refused)))
    return tuple(options)
