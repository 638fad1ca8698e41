"""The chips a tournament plays with: denominations and their colors, and the host's chip set.

A `ChipSet` is validated as a whole (values unique, smallest first, owned counts 0 or more), and
bad input raises a `ChipError` whose message names the chip.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from clockapp import formats
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _


class ChipError(ValidationError):
    """A chip set, a stack or a chip count that cannot be accepted."""


#: The standard casino colors by value (name, hex). Blue has no standard value: it is offered as a
#: custom color, together with a few others for denominations outside the standard list.
STANDARD_COLORS: dict[int, tuple[str, str]] = {
    1: ("white", "#F5F5F5"),
    5: ("red", "#C62828"),
    25: ("green", "#2E7D32"),
    100: ("black", "#212121"),
    500: ("purple", "#6A1B9A"),
    1000: ("orange", "#EF6C00"),
    5000: ("grey", "#9E9E9E"),
}

#: Colors offered for denominations without a standard color, in the order they are handed out.
CUSTOM_COLORS: tuple[tuple[str, str], ...] = (
    ("blue", "#1565C0"),
    ("yellow", "#F9A825"),
    ("pink", "#D81B60"),
    ("brown", "#6D4C41"),
    ("light blue", "#4FC3F7"),
    ("burgundy", "#7B1E3A"),
    ("lime", "#9CCC65"),
    ("teal", "#00897B"),
)

_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
#: The most a chip can be worth (a larger number is a typing slip, not a chip).
MAX_CHIP_VALUE = 10**9


@dataclass(frozen=True)
class Denomination:
    """One chip value with its color.

    Attributes:
        value: What the chip is worth, in tournament chips (T5, T25, ...).
        color: The color's name, as a director says it ("green").
        hex: The color for the screen, "#RRGGBB".

    >>> Denomination(25, "green", "#2E7D32").label
    'T25 green'
    """

    value: int
    color: str
    hex: str

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value <= 0:
            raise ChipError(
                _("Chip value {value!r}: a chip must be worth a whole number above 0.").format(
                    value=self.value
                )
            )
        if self.value > MAX_CHIP_VALUE:
            raise ChipError(
                _("Chip value {value}: a chip is worth at most T{MAX_CHIP_VALUE}.").format(
                    value=formats.number(self.value), MAX_CHIP_VALUE=formats.number(MAX_CHIP_VALUE)
                )
            )
        if not self.color.strip():
            raise ChipError(
                _("Chip T{value}: give the chip a color name.").format(value=self.value)
            )
        if len(self.hex) != 7 or self.hex[0] != "#" or not set(self.hex[1:]) <= _HEX_DIGITS:
            raise ChipError(
                _("Chip T{value}: color {hex!r} is not a #RRGGBB color.").format(
                    value=self.value, hex=self.hex
                )
            )

    @property
    def label(self) -> str:
        """`T25 green`: how the chip is named on screens and reports."""
        return f"T{formats.number(self.value)} {self.color}"

    @classmethod
    def standard(cls, value: int, custom_index: int = 0) -> Denomination:
        """The chip with its standard casino color, or a custom color when the value has none.

        >>> Denomination.standard(100).color, Denomination.standard(10).color
        ('black', 'blue')
        """
        if value in STANDARD_COLORS:
            name, hex_ = STANDARD_COLORS[value]
        else:
            name, hex_ = CUSTOM_COLORS[custom_index % len(CUSTOM_COLORS)]
        return cls(value, name, hex_)


@dataclass(frozen=True)
class ChipSet:
    """The denominations a tournament plays with and, optionally, how many of each the host owns.

    Attributes:
        denominations: The chips, sorted by value (smallest first), values unique.
        owned: How many chips of each denomination the host owns, in the same order; None when
            the director has not counted them (no shortfall report is made then).

    >>> ChipSet.standard((25, 5, 100), owned=(100, 200, 50)).owned_of(5)
    200
    """

    denominations: tuple[Denomination, ...]
    owned: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not self.denominations:
            raise ChipError(_("Chip set: add at least one denomination."))
        values = [d.value for d in self.denominations]
        if len(set(values)) != len(values):
            duplicate = next(v for v in values if values.count(v) > 1)
            raise ChipError(
                _("Chip set: T{duplicate} is listed twice.").format(
                    duplicate=formats.number(duplicate)
                )
            )
        if values != sorted(values):
            raise ChipError(_("Chip set: list the denominations from the smallest to the largest."))
        if self.owned is not None:
            if len(self.owned) != len(self.denominations):
                raise ChipError(
                    _("Chip set: {count} counts given for {count2} denominations.").format(
                        count=len(self.owned), count2=len(self.denominations)
                    )
                )
            for denomination, count in zip(self.denominations, self.owned, strict=True):
                if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                    raise ChipError(
                        _(
                            "Chip set: the number of {label} chips owned must be 0 or more (got "
                            "{count!r})."
                        ).format(label=denomination.label, count=count)
                    )

    @classmethod
    def standard(cls, values: Iterable[int], owned: Sequence[int] | None = None) -> ChipSet:
        """A chip set in standard colors (custom colors for non-standard values), sorted.

        Args:
            values: The chip values, in any order.
            owned: How many of each the host owns, in the same order as `values`.

        >>> [d.label for d in ChipSet.standard((100, 5, 25)).denominations]
        ['T5 red', 'T25 green', 'T100 black']
        """
        values = list(values)
        for value in values:
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ChipError(
                    _("Chip value {value!r}: a chip must be worth a whole number above 0.").format(
                        value=value
                    )
                )
            if value > MAX_CHIP_VALUE:
                raise ChipError(
                    _("Chip value {value}: a chip is worth at most T{MAX_CHIP_VALUE}.").format(
                        value=formats.number(value), MAX_CHIP_VALUE=formats.number(MAX_CHIP_VALUE)
                    )
                )
        if owned is not None and len(owned) != len(values):
            raise ChipError(
                _("Chip set: {count} counts given for {count2} denominations.").format(
                    count=len(owned), count2=len(values)
                )
            )
        order = sorted(range(len(values)), key=lambda i: values[i])
        custom = 0
        denominations = []
        for i in order:
            denominations.append(Denomination.standard(values[i], custom))
            if values[i] not in STANDARD_COLORS:
                custom += 1
        counts = None if owned is None else tuple(owned[i] for i in order)
        return cls(tuple(denominations), counts)

    @property
    def values(self) -> tuple[int, ...]:
        """The chip values, smallest first."""
        return tuple(d.value for d in self.denominations)

    def denomination(self, value: int) -> Denomination:
        """The denomination worth `value`; raises ChipError when the set has none."""
        for d in self.denominations:
            if d.value == value:
                return d
        raise ChipError(
            _("Chip set has no T{value} chip (it has {chip_values_text}).").format(
                value=formats.number(value), chip_values_text=chip_values_text(self.values)
            )
        )

    def owned_of(self, value: int) -> int | None:
        """How many chips worth `value` the host owns (None when not counted)."""
        if self.owned is None:
            return None
        for d, count in zip(self.denominations, self.owned, strict=True):
            if d.value == value:
                return count
        raise ChipError(
            _("Chip set has no T{value} chip (it has {chip_values_text}).").format(
                value=formats.number(value), chip_values_text=chip_values_text(self.values)
            )
        )

    def with_owned(self, owned: Sequence[int] | None) -> ChipSet:
        """The same chips with new owned counts (smallest denomination first)."""
        return ChipSet(self.denominations, None if owned is None else tuple(owned))


def chip_values_text(values: Iterable[int]) -> str:
    return ", ".join(f"T{formats.number(v)}" for v in values)
