"""Payout structures: presets by field size, custom tables, rounding, minimum cash, guarantee, lock.

`payout_table(prize_pool, entries, structure)` answers "what does each place pay?" in cents, and the
amounts always add up exactly to the prize pool (or to the guarantee, when the house covers an
overlay). Percentages are basis points (1/100 of a percent, 10,000 = 100%) so nothing is a float.

The presets, by entries:

* 1 entry: the winner takes all.
* 2-6: two places, 65% / 35%.
* 7-10: three places, 50% / 30% / 20%.
* 11 and more: about the top 12.5% (`paid_share_bp`), at least three places, on a harmonic
  curve (place i is worth 1/i) so first pays twice second and the steps shrink smoothly; three
  places keep 50/30/20.

>>> table = payout_table(100_000, entries=8)
>>> table.amounts
(50000, 30000, 20000)
>>> payout_table(103_700, 9, PayoutStructure(rounding_unit=500)).amounts
(52200, 31000, 20500)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from clockapp.core.errors import DomainError, ValidationError
from clockapp.core.money.amounts import allocate, format_cents

#: 100% in basis points.
WHOLE = 10_000


class PayoutError(DomainError):
    """A payout structure that cannot pay this prize pool (does not add up, too many places...)."""


class PayoutMode(StrEnum):
    """How the places are priced."""

    PRESET = "preset"
    PERCENTAGES = "percentages"
    AMOUNTS = "amounts"


def ordinal(place: int) -> str:
    """'1st', '2nd', '3rd', '4th', ... '11th', '21st'.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"


def format_percent(basis_points: int) -> str:
    """Basis points as a percentage without useless zeros.

    >>> format_percent(5000), format_percent(1250), format_percent(3333)
    ('50%', '12.5%', '33.33%')
    """
    whole, frac = divmod(basis_points, 100)
    return f"{whole}%" if frac == 0 else f"{whole}.{frac:02d}".rstrip("0") + "%"


def parse_percentages(text: str) -> tuple[int, ...]:
    """Read a typed list of percentages ("50/30/20", "50%, 30%, 20%", "33.34 33.33 33.33").

    Returns:
        Basis points, place 1 first (not checked to add up; `PayoutStructure` does that).

    Raises:
        ValidationError: Empty, or an item that is not a percentage with at most 2 decimals.

    >>> parse_percentages("50/30/20")
    (5000, 3000, 2000)
    >>> parse_percentages("40%, 25.5%, x")
    Traceback (most recent call last):
    ...
    clockapp.errors.ValidationError: Percentage 3 ('x') is not a number such as 25 or 12.5.
    """
    items = [item for item in re.split(r"[\s/,;]+", text.strip()) if item]
    if not items:
        raise ValidationError("Type the percentages, place 1 first (for example 50/30/20).")
    result = []
    for index, item in enumerate(items, start=1):
        match = re.fullmatch(r"([0-9]+)(?:\.([0-9]{0,2}))?%?", item)
        if match is None:
            raise ValidationError(
                f"Percentage {index} ({item!r}) is not a number such as 25 or 12.5."
            )
        result.append(int(match[1]) * 100 + int((match[2] or "").ljust(2, "0")))
    return tuple(result)


def preset_places(entries: int, *, paid_share_bp: int = 1250) -> int:
    """How many places the preset pays for a field of `entries`.

    >>> [preset_places(n) for n in (0, 1, 2, 6, 7, 10, 11, 40, 100, 1000)]
    [0, 1, 2, 2, 3, 3, 3, 5, 13, 125]
    """
    if entries <= 1:
        return max(entries, 0)
    if entries <= 6:
        return 2
    if entries <= 10:
        return 3
    # Round half up, in integers: entries * share / 10,000.
    return max(3, (2 * entries * paid_share_bp + WHOLE) // (2 * WHOLE))


def preset_shares(places: int) -> tuple[Fraction, ...]:
    """The preset's share of the pool for each of `places` paid places (they sum to 1).

    >>> [str(s) for s in preset_shares(3)]
    ['1/2', '3/10', '1/5']
    >>> shares = preset_shares(10)
    >>> shares[0] == 2 * shares[1], sum(shares)
    (True, Fraction(1, 1))
    """
    if places < 0:
        raise ValidationError(f"The number of paid places cannot be negative ({places}).")
    fixed = {
        0: (),
        1: (Fraction(1),),
        2: (Fraction(65, 100), Fraction(35, 100)),
        3: (Fraction(50, 100), Fraction(30, 100), Fraction(20, 100)),
    }
    if places in fixed:
        return fixed[places]
    weights = [Fraction(1, place) for place in range(1, places + 1)]
    total = sum(weights, Fraction(0))
    return tuple(weight / total for weight in weights)


@dataclass(frozen=True)
class PayoutStructure:
    """How a tournament pays: the director's choices, independent of the prize pool.

    Attributes:
        mode: Preset by field size, custom percentages, or custom amounts.
        percentages: For PERCENTAGES: basis points per place, place 1 first, adding up to 10,000.
        amounts: For AMOUNTS: cents per place, place 1 first; they must add up to the prize pool.
        rounding_unit: Pay multiples of this many cents (500 = whole $5); the cents that do not
            make a whole unit go to first place.
        minimum_cash: No paid place pays less than this (cents; a multiple of the unit). The
            places below it are raised and the places above pay for it.
        guarantee: The prize pool is at least this (cents); the house covers the overlay.
        paid_share_bp: For PRESET with 11+ entries: the share of the field paid, in basis points.
        locked_entries: For PRESET: when set, the places and percentages stay those of a field of
            this size (the table stops moving); amounts still follow the prize pool.

    >>> PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 1500))
    Traceback (most recent call last):
    ...
    clockapp.core.payouts.PayoutError: The percentages add up to 95%, not 100% (5% missing).
    """

    mode: PayoutMode = PayoutMode.PRESET
    percentages: tuple[int, ...] = ()
    amounts: tuple[int, ...] = ()
    rounding_unit: int = 1
    minimum_cash: int = 0
    guarantee: int = 0
    paid_share_bp: int = 1250
    locked_entries: int | None = None

    def __post_init__(self) -> None:
        for value, name in (
            (self.rounding_unit, "The rounding unit"),
            (self.minimum_cash, "The minimum cash"),
            (self.guarantee, "The guarantee"),
            (self.paid_share_bp, "The share of the field paid"),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValidationError(f"{name} must be a whole number, 0 or more, not {value!r}.")
        if self.rounding_unit < 1:
            raise ValidationError("The rounding unit must be at least 1 cent.")
        if self.minimum_cash % self.rounding_unit:
            raise PayoutError(
                f"The minimum cash ({format_cents(self.minimum_cash)}) must be a multiple of the "
                f"rounding unit ({format_cents(self.rounding_unit)})."
            )
        if not 1 <= self.paid_share_bp <= WHOLE:
            raise ValidationError(
                f"The share of the field paid must be between 0.01% and 100%, "
                f"not {format_percent(self.paid_share_bp)}."
            )
        if self.locked_entries is not None and self.locked_entries < 1:
            raise ValidationError("A payout table is locked for a field of at least 1 entry.")
        if self.mode is PayoutMode.PERCENTAGES:
            self._check_percentages()
        elif self.percentages:
            raise ValidationError("Percentages are only used by the custom-percentages mode.")
        if self.mode is PayoutMode.AMOUNTS:
            self._check_amounts()
        elif self.amounts:
            raise ValidationError("Amounts are only used by the custom-amounts mode.")

    def _check_percentages(self) -> None:
        if not self.percentages:
            raise PayoutError("The payout table has no places; give at least one percentage.")
        for place, value in enumerate(self.percentages, start=1):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise PayoutError(f"Place {place} must pay a percentage above 0, not {value!r}.")
        total = sum(self.percentages)
        if total != WHOLE:
            gap = abs(WHOLE - total)
            word = "missing" if total < WHOLE else "too much"
            raise PayoutError(
                f"The percentages add up to {format_percent(total)}, not 100% "
                f"({format_percent(gap)} {word})."
            )
        for place in range(1, len(self.percentages)):
            if self.percentages[place] > self.percentages[place - 1]:
                raise PayoutError(
                    f"Place {place + 1} ({format_percent(self.percentages[place])}) pays more "
                    f"than place {place} ({format_percent(self.percentages[place - 1])})."
                )

    def _check_amounts(self) -> None:
        if not self.amounts:
            raise PayoutError("The payout table has no places; give at least one amount.")
        for place, value in enumerate(self.amounts, start=1):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise PayoutError(f"Place {place} must pay an amount above 0, not {value!r}.")
        for place in range(1, len(self.amounts)):
            if self.amounts[place] > self.amounts[place - 1]:
                raise PayoutError(
                    f"Place {place + 1} ({format_cents(self.amounts[place])}) pays more than "
                    f"place {place} ({format_cents(self.amounts[place - 1])})."
                )

    @property
    def locked(self) -> bool:
        """Whether the table's shape is locked."""
        return self.locked_entries is not None

    def lock(self, entries: int) -> PayoutStructure:
        """The same structure, locked at a field of `entries` (typically near the money).

        >>> PayoutStructure().lock(40).locked
        True
        """
        if entries < 1:
            raise ValidationError("A payout table is locked for a field of at least 1 entry.")
        return replace(self, locked_entries=entries)

    def unlock(self) -> PayoutStructure:
        """The same structure, following the field again."""
        return replace(self, locked_entries=None)


@dataclass(frozen=True)
class PayoutTable:
    """What each place pays, in cents, place 1 first.

    Attributes:
        amounts: The prize for each paid place; they add up to `prize_pool` exactly.
        collected: The prize money collected from entries.
        overlay: What the house adds to reach the guarantee.
        locked: Whether the structure was locked when this table was made.
    """

    amounts: tuple[int, ...]
    collected: int
    overlay: int = 0
    locked: bool = False

    def __post_init__(self) -> None:
        if sum(self.amounts) != self.prize_pool:
            raise PayoutError(
                f"The payout table adds up to {format_cents(sum(self.amounts))}, not the prize "
                f"pool of {format_cents(self.prize_pool)}."
            )

    @property
    def prize_pool(self) -> int:
        """The money paid out over all places: collected plus overlay."""
        return self.collected + self.overlay

    @property
    def places_paid(self) -> int:
        """How many places are paid."""
        return len(self.amounts)

    def prize_for(self, place: int) -> int:
        """The prize for `place` (from 1); 0 when the place is not paid.

        >>> payout_table(10_000, 8).prize_for(3), payout_table(10_000, 8).prize_for(4)
        (2000, 0)
        """
        if place < 1:
            raise ValidationError(f"Places are numbered from 1, not {place}.")
        return self.amounts[place - 1] if place <= len(self.amounts) else 0

    def ladder(self, *, symbol: str = "$") -> tuple[tuple[str, str], ...]:
        """('1st', '$500.00') pairs for the wall display.

        >>> payout_table(10_000, 3).ladder()
        (('1st', '$65.00'), ('2nd', '$35.00'))
        """
        return tuple(
            (ordinal(place), format_cents(amount, symbol=symbol))
            for place, amount in enumerate(self.amounts, start=1)
        )


def payout_table(
    prize_pool: int, entries: int, structure: PayoutStructure | None = None
) -> PayoutTable:
    """Price every paid place for this prize pool and field.

    Args:
        prize_pool: Prize money collected, in cents (the ledger's prize pool without overlay).
        entries: The size of the field (buy-ins plus re-entries).
        structure: The director's choices; the default preset when None.

    Returns:
        The table; its amounts add up exactly to max(prize_pool, guarantee) and never increase
        from one place to the next.

    Raises:
        PayoutError: The table pays more places than there are entries, custom amounts that do
            not add up to the prize pool, or a minimum cash the pool cannot pay.

    >>> payout_table(100_000, 60, PayoutStructure(guarantee=150_000)).overlay
    50000
    >>> payout_table(100_000, 8, PayoutStructure(PayoutMode.AMOUNTS, amounts=(60_000, 30_000)))
    Traceback (most recent call last):
    ...
    clockapp.core.payouts.PayoutError: The payout table adds up to $900.00 but the prize pool is $1,000.00 ($100.00 short).
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    structure = structure if structure is not None else PayoutStructure()
    for value, name in ((prize_pool, "The prize pool"), (entries, "The number of entries")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValidationError(f"{name} must be a whole number, 0 or more, not {value!r}.")
    pool = max(prize_pool, structure.guarantee)
    overlay = pool - prize_pool
    if structure.mode is PayoutMode.AMOUNTS:
        amounts = structure.amounts
        _check_places(len(amounts), entries)
        if sum(amounts) != pool:
            gap = pool - sum(amounts)
            raise PayoutError(
                f"The payout table adds up to {format_cents(sum(amounts))} but the prize pool is "
                f"{format_cents(pool)} ({format_cents(abs(gap))} {'short' if gap > 0 else 'over'})."
            )
        low = [p for p, a in enumerate(amounts, start=1) if a < structure.minimum_cash]
        if low:
            raise PayoutError(
                f"Place {low[0]} pays {format_cents(amounts[low[0] - 1])}, less than the minimum "
                f"cash of {format_cents(structure.minimum_cash)}."
            )
        return PayoutTable(amounts, prize_pool, overlay, structure.locked)

    unit, minimum = structure.rounding_unit, structure.minimum_cash
    distributable = pool - pool % unit
    if structure.mode is PayoutMode.PRESET:
        field = structure.locked_entries if structure.locked_entries is not None else entries
        places = preset_places(field, paid_share_bp=structure.paid_share_bp)
        if structure.locked_entries is not None:
            # A table locked at a larger field cannot pay more places than there are entries.
            places = min(places, entries)
        if minimum and places * minimum > distributable:
            # The preset shrinks instead: pay fewer places, each at least the minimum cash.
            places = min(places, max(1, distributable // minimum))
            if places * minimum > distributable:
                minimum = 0  # the whole pool is below the minimum cash: the winner takes it
        shares = preset_shares(places)
    else:
        shares = tuple(Fraction(bp, WHOLE) for bp in structure.percentages)
        places = len(shares)
        _check_places(places, entries)
        if minimum and places * minimum > distributable:
            raise PayoutError(
                f"A minimum cash of {format_cents(minimum)} for {places} places needs "
                f"{format_cents(places * minimum)}, but the prize pool is {format_cents(pool)}."
            )
    if pool == 0:
        return PayoutTable((), prize_pool, 0, structure.locked)
    if places == 0 or distributable == 0:
        # No field yet (a guarantee alone), or less than one rounding unit: one prize.
        return PayoutTable((pool,), prize_pool, overlay, structure.locked)
    weights = _with_minimum(shares, distributable, minimum)
    amounts = allocate(pool, weights, unit=unit, leftover_to=0)
    # A unit bigger than the lower places' shares leaves them at 0: they are not paid.
    while len(amounts) > 1 and amounts[-1] == 0:
        amounts = amounts[:-1]
    return PayoutTable(amounts, prize_pool, overlay, structure.locked)


def _check_places(places: int, entries: int) -> None:
    if places > entries:
        field = {0: "are no entries yet", 1: "is only 1 entry"}.get(
            entries, f"are only {entries} entries"
        )
        raise PayoutError(f"The payout table pays {places} places but there {field}.")


def _with_minimum(
    shares: tuple[Fraction, ...], distributable: int, minimum: int
) -> tuple[Fraction, ...]:
    """Each place's exact amount in cents, with the places below the minimum cash raised to it.

    The raised places are the lowest ones (shares never increase down the table); the money for
    them comes from the other places in proportion to their shares, repeated until every place
    pays at least the minimum. The result adds up to `distributable`.
    """
    fixed = 0  # how many of the lowest places are held at the minimum
    while True:
        free = shares[: len(shares) - fixed]
        free_total = sum(free, Fraction(0))
        remaining = distributable - minimum * fixed
        exact = [share * remaining / free_total for share in free]
        below = sum(1 for amount in exact if amount < minimum)
        if below == 0:
            return (*exact, *(Fraction(minimum),) * fixed)
        fixed += below
