"""Payout structures: published tables by field size, custom tables, rounding, minimum cash,
guarantee, lock.

`payout_table(prize_pool, entries, structure)` answers "what does each place pay?" in cents, and the
amounts always add up exactly to the prize pool (or to the guarantee, when the house covers an
overlay). Percentages are basis points (1/100 of a percent, 10,000 = 100%) so nothing is a float.

The preset mode follows a published table chosen by the host (`structure.table`, see
`clockapp.core.payout_tables`): by default BARGE's unified home-game schedule, so 2-4 entries pay
the winner only, 5-8 pay 65/35, 9-15 pay 50/30/20 and 16-24 pay 42/26/18/14. The older clockapp
curve (`CLOCKAPP_CURVE`) is still there for tournaments started with it.

A custom table that pays more places than there are entries cannot pay the field as it stands;
`field_table` refits it by itself over the places that can be paid (`fit_to_field`), as MTT
Tournament Director does, unless the director locked it as typed.

>>> payout_table(100_000, entries=8).amounts
(65000, 35000)
>>> payout_table(100_000, entries=20).amounts
(42000, 26000, 18000, 14000)
>>> payout_table(103_700, 9, PayoutStructure(rounding_unit=500)).amounts
(52200, 31000, 20500)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from clockapp.core.money.amounts import allocate, format_cents, format_money
from clockapp.core.payout_tables import (
    CLOCKAPP_CURVE,
    DEFAULT_TABLE,
    payout_table_named,
    preset_places,
    preset_shares,
    renormalise,
    renormalised_shares,
)
from clockapp.core.payout_text import format_percent, ordinal, parse_percentages
from clockapp.errors import DomainError, ValidationError
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _

__all__ = [  # the curve's helpers moved to payout_tables; they are still read from here
    "CLOCKAPP_CURVE",
    "DEFAULT_TABLE",
    "PayoutError",
    "PayoutMode",
    "PayoutStructure",
    "PayoutTable",
    "field_table",
    "fit_to_field",
    "format_percent",
    "ordinal",
    "parse_percentages",
    "payout_table",
    "preset_places",
    "preset_shares",
]

#: 100% in basis points.
WHOLE = 10_000


class PayoutError(DomainError):
    """A payout structure that cannot pay this prize pool (does not add up, too many places...)."""


class PayoutMode(StrEnum):
    """How the places are priced."""

    PRESET = "preset"
    PERCENTAGES = "percentages"
    AMOUNTS = "amounts"


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
        paid_share_bp: For PRESET on the clockapp curve with 11+ entries: the share of the field
            paid, in basis points.
        locked_entries: For PRESET: when set, the places and percentages stay those of a field of
            this size (the table stops moving); amounts still follow the prize pool.
        table: For PRESET: the key of the published table (`clockapp.core.payout_tables`), or
            `CLOCKAPP_CURVE`.

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
    table: str = DEFAULT_TABLE

    def __post_init__(self) -> None:
        if self.table != CLOCKAPP_CURVE:
            payout_table_named(self.table)  # a readable error for an unknown key
        for value, name in (
            (self.rounding_unit, "The rounding unit"),
            (self.minimum_cash, "The minimum cash"),
            (self.guarantee, "The guarantee"),
            (self.paid_share_bp, "The share of the field paid"),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValidationError(
                    _("{name} must be a whole number, 0 or more, not {value!r}.").format(
                        name=name, value=value
                    )
                )
        if self.rounding_unit < 1:
            raise ValidationError(_("The rounding unit must be at least 1 cent."))
        if self.minimum_cash % self.rounding_unit:
            raise PayoutError(
                _(
                    "The minimum cash ({amount}) must be a multiple of the rounding "
                    "unit ({amount2})."
                ).format(
                    amount=format_cents(self.minimum_cash),
                    amount2=format_cents(self.rounding_unit),
                )
            )
        if not 1 <= self.paid_share_bp <= WHOLE:
            raise ValidationError(
                _(
                    "The share of the field paid must be between 0.01% and 100%, not {percent}."
                ).format(percent=format_percent(self.paid_share_bp))
            )
        if self.locked_entries is not None and self.locked_entries < 1:
            raise ValidationError(_("A payout table is locked for a field of at least 1 entry."))
        if self.mode is PayoutMode.PERCENTAGES:
            self._check_percentages()
        elif self.percentages:
            raise ValidationError(_("Percentages are only used by the custom-percentages mode."))
        if self.mode is PayoutMode.AMOUNTS:
            self._check_amounts()
        elif self.amounts:
            raise ValidationError(_("Amounts are only used by the custom-amounts mode."))

    def _check_percentages(self) -> None:
        if not self.percentages:
            raise PayoutError(_("The payout table has no places; give at least one percentage."))
        for place, value in enumerate(self.percentages, start=1):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise PayoutError(
                    _("Place {place} must pay a percentage above 0, not {value!r}.").format(
                        place=place, value=value
                    )
                )
        total = sum(self.percentages)
        if total != WHOLE:
            gap = abs(WHOLE - total)
            if total < WHOLE:
                text = _("The percentages add up to {total}, not 100% ({gap} missing).")
            else:
                text = _("The percentages add up to {total}, not 100% ({gap} too much).")
            raise PayoutError(text.format(total=format_percent(total), gap=format_percent(gap)))
        for place in range(1, len(self.percentages)):
            if self.percentages[place] > self.percentages[place - 1]:
                raise PayoutError(
                    _(
                        "Place {value} ({percent}) pays more than place {place} ({percent2})."
                    ).format(
                        value=place + 1,
                        percent=format_percent(self.percentages[place]),
                        place=place,
                        percent2=format_percent(self.percentages[place - 1]),
                    )
                )

    def _check_amounts(self) -> None:
        if not self.amounts:
            raise PayoutError(_("The payout table has no places; give at least one amount."))
        for place, value in enumerate(self.amounts, start=1):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise PayoutError(
                    _("Place {place} must pay an amount above 0, not {value!r}.").format(
                        place=place, value=value
                    )
                )
        for place in range(1, len(self.amounts)):
            if self.amounts[place] > self.amounts[place - 1]:
                raise PayoutError(
                    _("Place {value} ({amount}) pays more than place {place} ({amount2}).").format(
                        value=place + 1,
                        amount=format_cents(self.amounts[place]),
                        place=place,
                        amount2=format_cents(self.amounts[place - 1]),
                    )
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
            raise ValidationError(_("A payout table is locked for a field of at least 1 entry."))
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
        typed_places: The places the custom table pays as typed, when it was refitted to a
            smaller field (`field_table`); 0 when it is paid as typed.
    """

    amounts: tuple[int, ...]
    collected: int
    overlay: int = 0
    locked: bool = False
    typed_places: int = 0

    @property
    def refitted(self) -> bool:
        """Whether this table was refitted to the field (it pays fewer places than typed)."""
        return self.typed_places > 0

    def __post_init__(self) -> None:
        if sum(self.amounts) != self.prize_pool:
            raise PayoutError(
                _("The payout table adds up to {amount}, not the prize pool of {amount2}.").format(
                    amount=format_cents(sum(self.amounts)),
                    amount2=format_cents(self.prize_pool),
                )
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

        >>> payout_table(10_000, 12).prize_for(3), payout_table(10_000, 12).prize_for(4)
        (2000, 0)
        """
        if place < 1:
            raise ValidationError(_("Places are numbered from 1, not {place}.").format(place=place))
        return self.amounts[place - 1] if place <= len(self.amounts) else 0

    def ladder(self, *, symbol: str = "$") -> tuple[tuple[str, str], ...]:
        """('1st', '$500.00') pairs for the wall display.

        >>> payout_table(10_000, 6).ladder()
        (('1st', '$65.00'), ('2nd', '$35.00'))
        """
        return tuple(
            (ordinal(place), format_money(amount, symbol))
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
    for value, message in (
        (prize_pool, N_("The prize pool must be a whole number, 0 or more, not {value!r}.")),
        (entries, N_("The number of entries must be a whole number, 0 or more, not {value!r}.")),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValidationError(_(message).format(value=value))
    pool = max(prize_pool, structure.guarantee)
    overlay = pool - prize_pool
    if structure.mode is PayoutMode.AMOUNTS:
        amounts = structure.amounts
        _check_places(len(amounts), entries)
        if sum(amounts) != pool:
            gap = pool - sum(amounts)
            if gap > 0:
                text = _(
                    "The payout table adds up to {total} but the prize pool is {pool} "
                    "({gap} short)."
                )
            else:
                text = _(
                    "The payout table adds up to {total} but the prize pool is {pool} ({gap} over)."
                )
            raise PayoutError(
                text.format(
                    total=format_cents(sum(amounts)),
                    pool=format_cents(pool),
                    gap=format_cents(abs(gap)),
                )
            )
        low = [p for p, a in enumerate(amounts, start=1) if a < structure.minimum_cash]
        if low:
            raise PayoutError(
                _("Place {low} pays {amount}, less than the minimum cash of {amount2}.").format(
                    low=low[0],
                    amount=format_cents(amounts[low[0] - 1]),
                    amount2=format_cents(structure.minimum_cash),
                )
            )
        return PayoutTable(amounts, prize_pool, overlay, structure.locked)

    unit, minimum = structure.rounding_unit, structure.minimum_cash
    distributable = pool - pool % unit
    if structure.mode is PayoutMode.PRESET:
        field = structure.locked_entries if structure.locked_entries is not None else entries
        curve = structure.table == CLOCKAPP_CURVE
        published: tuple[int, ...] = ()
        if curve:
            places = preset_places(field, paid_share_bp=structure.paid_share_bp)
        else:
            published = payout_table_named(structure.table).percentages(field)
            places = len(published)
        if structure.locked_entries is not None:
            # A table locked at a larger field cannot pay more places than there are entries.
            places = min(places, entries)
        if minimum and places * minimum > distributable:
            # The preset shrinks instead: pay fewer places, each at least the minimum cash.
            places = min(places, max(1, distributable // minimum))
            if places * minimum > distributable:
                minimum = 0  # the whole pool is below the minimum cash: the winner takes it
        # Fewer places than the table's: the places kept share the pool in proportion.
        shares = preset_shares(places) if curve else renormalised_shares(published, places)
    else:
        shares = tuple(Fraction(bp, WHOLE) for bp in structure.percentages)
        places = len(shares)
        _check_places(places, entries)
        if minimum and places * minimum > distributable:
            raise PayoutError(
                _(
                    "A minimum cash of {amount} for {places} places needs "
                    "{amount2}, but the prize pool is {amount3}."
                ).format(
                    amount=format_cents(minimum),
                    places=places,
                    amount2=format_cents(places * minimum),
                    amount3=format_cents(pool),
                )
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
        # More places than entries: at least two places unless there is no entry at all.
        if entries == 0:
            text = ngettext(
                "The payout table pays {places} place but there are no entries yet.",
                "The payout table pays {places} places but there are no entries yet.",
                places,
            )
        else:
            text = ngettext(
                "The payout table pays {places} places but there is only {entries} entry.",
                "The payout table pays {places} places but there are only {entries} entries.",
                entries,
            )
        raise PayoutError(text.format(places=places, entries=entries))


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


def field_table(
    prize_pool: int, entries: int, structure: PayoutStructure | None = None
) -> PayoutTable:
    """The table the field is paid from: `payout_table`, with a custom table that pays more
    places than there are entries refitted to them first (`fit_to_field`).

    A custom table locked (`PayoutStructure.lock`) is paid as typed, never refitted: it cannot
    pay the field until enough entries come, and `payout_table`'s error says so.

    >>> custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000))
    >>> table = field_table(4000, 2, custom)
    >>> table.amounts, table.typed_places, table.refitted
    ((2500, 1500), 3, True)
    >>> field_table(4000, 3, custom).refitted
    False
    """
    structure = structure if structure is not None else PayoutStructure()
    fitted = None if structure.locked else fit_to_field(structure, entries)
    if fitted is None:
        return payout_table(prize_pool, entries, structure)
    typed = len(structure.percentages or structure.amounts)
    return replace(payout_table(prize_pool, entries, fitted), typed_places=typed)


def fit_to_field(structure: PayoutStructure, entries: int) -> PayoutStructure | None:
    """The custom table renormalised over the places `entries` can pay; None when it fits.

    A custom table of 50/30/20 with two entries cannot pay third place: its 20% goes to the
    two paid places in proportion (62.5/37.5), as MTT Tournament Director does. Custom amounts
    keep their total, shared the same way. `field_table` pays the field from it by itself.

    >>> custom = PayoutStructure(PayoutMode.PERCENTAGES, percentages=(5000, 3000, 2000))
    >>> fit_to_field(custom, 2).percentages
    (6250, 3750)
    >>> fit_to_field(custom, 3) is None
    True
    """
    if entries < 1:
        return None
    if structure.mode is PayoutMode.PERCENTAGES and len(structure.percentages) > entries:
        return replace(structure, percentages=renormalise(structure.percentages, entries))
    if structure.mode is PayoutMode.AMOUNTS and len(structure.amounts) > entries:
        kept = structure.amounts[:entries]
        return replace(structure, amounts=allocate(sum(structure.amounts), kept))
    return None
