"""Published payout tables, stored as data: each with its name and where its numbers come from.

A host who runs a home game expects the table the home-game world publishes, not a formula of
ours. Each table is a list of brackets (a range of entries and the percentage each paid place
gets, in basis points). The host picks one in the payout settings; `DEFAULT_TABLE` is the
home-game table.

Where the numbers come from (no table was typed from memory):

* BARGE's Unified Payout Schedule, 2-24 entries, as quoted in the mb2-doc book
  (github.com/ctm/mb2-doc, `src/barge/payouts.md`, which follows the 2024 update: 5-8 entries
  pay 65/35). The copy we could read stops at 24 entries.
* vegaspoker247.com "Tourney Payout Structures" (vegaspoker247.com/tourney_payout_structures.php):
  the schedule for buy-ins over $5 is complete up to 100 entries in our copy; its schedule for
  buy-ins of $5 or less is complete to 2,000 entries except the 66-100 column, whose
  percentages add up to 99.1% as published (so it is not used).

The home-game table is BARGE's to 24 entries and, where BARGE's copy stops, vegaspoker247's
over-$5 brackets (its 28-45 bracket from 25 entries), then its $5-or-less brackets above 100.
The percentages are the published ones; only the bracket edge at 25 is ours, so that 25-27
entries do not fall back to three places after BARGE's four.

>>> table = payout_table_named(DEFAULT_TABLE)
>>> table.percentages(2), table.percentages(20)
((10000,), (4200, 2600, 1800, 1400))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from clockapp import formats
from clockapp.core.money.amounts import allocate
from clockapp.errors import DomainError, ValidationError
from clockapp.i18n import gettext as _

#: 100% in basis points.
WHOLE = 10_000


class PayoutTableError(DomainError):
    """A published table that cannot price this field (the field is larger than it covers)."""


def _run(percent_bp: int, count: int) -> tuple[int, ...]:
    """`count` places at the same percentage (published as '10th-13th 1.40%')."""
    return (percent_bp,) * count


@dataclass(frozen=True)
class Bracket:
    """The places paid for fields of `low` to `high` entries, in basis points, place 1 first."""

    low: int
    high: int
    percentages: tuple[int, ...]

    def __post_init__(self) -> None:
        if not 1 <= self.low <= self.high:
            raise ValidationError(
                _("Bracket {low}-{high}: not a range of entries.").format(
                    low=self.low, high=self.high
                )
            )
        if sum(self.percentages) != WHOLE:
            raise ValidationError(
                _(
                    "Bracket {low}-{high}: the percentages add up to {sum} basis points, not "
                    "{WHOLE}."
                ).format(low=self.low, high=self.high, sum=sum(self.percentages), WHOLE=WHOLE)
            )
        if any(b > a for a, b in zip(self.percentages, self.percentages[1:], strict=False)):
            raise ValidationError(
                _("Bracket {low}-{high}: a place pays more than above.").format(
                    low=self.low, high=self.high
                )
            )
        if len(self.percentages) > self.low:
            raise ValidationError(
                _(
                    "Bracket {low}-{high}: pays {count} places, more than its smallest field "
                    "of {low}."
                ).format(low=self.low, high=self.high, count=len(self.percentages))
            )


@dataclass(frozen=True)
class PublishedTable:
    """A payout table as published: key, name, source, and its brackets in order of entries.

    Attributes:
        key: Stored with the tournament ("barge-home").
        name: What the payout settings list.
        source: Where the numbers come from, shown under the choice.
        brackets: Consecutive ranges of entries from 1, each with its percentages.
    """

    key: str
    name: str
    source: str
    brackets: tuple[Bracket, ...]

    def __post_init__(self) -> None:
        expected = 1
        for bracket in self.brackets:
            if bracket.low != expected:
                raise ValidationError(
                    _("Table {key!r}: the bracket after {value} entries starts at {low}.").format(
                        key=self.key, value=expected - 1, low=bracket.low
                    )
                )
            expected = bracket.high + 1

    @property
    def largest_field(self) -> int:
        """The most entries the table prices."""
        return self.brackets[-1].high

    def percentages(self, entries: int) -> tuple[int, ...]:
        """The percentages (basis points) for a field of `entries`; () for no field.

        Raises:
            PayoutTableError: The field is larger than the table covers.

        >>> payout_table_named("vegaspoker247-over-5").percentages(30)
        (4000, 2400, 1600, 1200, 800)
        """
        if entries <= 0:
            return ()
        for bracket in self.brackets:
            if bracket.low <= entries <= bracket.high:
                return bracket.percentages
        raise PayoutTableError(
            _(
                "The {name} table covers fields up to {largest_field} entries, not "
                "{entries}; choose another table or custom percentages."
            ).format(
                name=self.name,
                largest_field=formats.number(self.largest_field),
                entries=formats.number(entries),
            )
        )


# ---------------------------------------------------------------------------- the published data
# vegaspoker247, buy-in over $5: the columns readable in our copy (1-100 entries).
_VEGAS_OVER_5 = (
    Bracket(1, 8, (10000,)),
    Bracket(9, 27, (5000, 3000, 2000)),
    Bracket(28, 45, (4000, 2400, 1600, 1200, 800)),
    Bracket(46, 100, (3000, 2000, 1200, 1000, 800, 650, 550, 450, 350)),
)
# vegaspoker247, buy-in of $5 or less: its columns above 100 entries.
_VEGAS_5_OR_LESS_LARGE = (
    Bracket(
        101,
        150,
        (3000, 2000, 1190, 800, 650, 500, 350, 260, 170, *_run(140, 4), *_run(104, 5)),
    ),
    Bracket(
        151,
        200,
        (
            2750,
            1750,
            1160,
            800,
            600,
            450,
            350,
            260,
            170,
            *_run(140, 4),
            *_run(104, 5),
            *_run(70, 9),
        ),
    ),
    Bracket(
        201,
        300,
        (
            2500,
            1540,
            1050,
            700,
            550,
            450,
            350,
            255,
            170,
            *_run(130, 4),
            *_run(95, 5),
            *_run(70, 9),
            *_run(45, 18),
        ),
    ),
    Bracket(
        301,
        2000,
        (
            2300,
            1400,
            950,
            650,
            540,
            440,
            340,
            245,
            160,
            *_run(130, 4),
            *_run(95, 5),
            *_run(60, 9),
            *_run(45, 18),
            *_run(35, 18),
        ),
    ),
)

BARGE_HOME = PublishedTable(
    key="barge-home",
    name="Home game (BARGE unified schedule)",
    source=(
        "BARGE Unified Payout Schedule (2024) for 1-24 entries; above 24, where our copy of "
        "BARGE stops, vegaspoker247.com's published brackets (over-$5 schedule to 100 "
        "entries, $5-or-less schedule above)."
    ),
    brackets=(
        Bracket(1, 4, (10000,)),
        Bracket(5, 8, (6500, 3500)),
        Bracket(9, 15, (5000, 3000, 2000)),
        Bracket(16, 24, (4200, 2600, 1800, 1400)),
        Bracket(25, 45, _VEGAS_OVER_5[2].percentages),
        _VEGAS_OVER_5[3],
        *_VEGAS_5_OR_LESS_LARGE,
    ),
)

VEGAS_OVER_5 = PublishedTable(
    key="vegaspoker247-over-5",
    name="vegaspoker247 (buy-in over $5)",
    source=(
        "vegaspoker247.com Tourney Payout Structures, buy-in over $5, to 100 entries; above "
        "100, the same site's $5-or-less brackets (the over-$5 columns above 100 were not "
        "readable in our copy)."
    ),
    brackets=(*_VEGAS_OVER_5, *_VEGAS_5_OR_LESS_LARGE),
)

#: The old clockapp curve (about 12.5% of the field, place i worth 1/i). Not a published table:
#: kept so a tournament started with it keeps paying the same, and for hosts who prefer it.
CLOCKAPP_CURVE = "clockapp-curve"
CLOCKAPP_CURVE_NAME = "clockapp curve (share of the field, 1st = 2 × 2nd)"

#: The published tables, in the order the settings list them.
PUBLISHED_TABLES: tuple[PublishedTable, ...] = (BARGE_HOME, VEGAS_OVER_5)
DEFAULT_TABLE = BARGE_HOME.key


def payout_table_named(key: str) -> PublishedTable:
    """The published table stored as `key`.

    Raises:
        ValidationError: No table has that key.
    """
    for table in PUBLISHED_TABLES:
        if table.key == key:
            return table
    known = ", ".join(t.key for t in PUBLISHED_TABLES)
    raise ValidationError(
        _("No payout table is called {key!r} (known: {known}, {CLOCKAPP_CURVE}).").format(
            key=key, known=known, CLOCKAPP_CURVE=CLOCKAPP_CURVE
        )
    )


def table_choices() -> tuple[tuple[str, str, str], ...]:
    """(key, name, source) for every table the host can pick, the default first.

    >>> [key for key, _name, _source in table_choices()]
    ['barge-home', 'vegaspoker247-over-5', 'clockapp-curve']
    """
    published = tuple((t.key, t.name, t.source) for t in PUBLISHED_TABLES)
    curve = (
        CLOCKAPP_CURVE,
        CLOCKAPP_CURVE_NAME,
        "clockapp's own formula (no published source): the share of the field set below, "
        "at least three places from 11 entries, place i worth 1/i.",
    )
    return (*published, curve)


# ---------------------------------------------------------------------------- fewer places
def renormalise(percentages: Sequence[int], places: int) -> tuple[int, ...]:
    """Pay only the first `places` places, in proportion to their percentages, adding to 100%.

    What MTT Tournament Director does when a table pays more places than there are players: the
    places that cannot be paid give their share to the others, each in proportion.

    >>> renormalise((5000, 3000, 2000), 2)
    (6250, 3750)
    >>> renormalise((4200, 2600, 1800, 1400), 3), renormalise((5000, 3000, 2000), 5)
    ((4884, 3023, 2093), (5000, 3000, 2000))
    """
    if places < 1:
        raise ValidationError(_("At least one place is paid, not {places}.").format(places=places))
    kept = tuple(percentages[:places])
    if len(kept) == len(percentages) and sum(kept) == WHOLE:
        return kept
    return allocate(WHOLE, kept)


def renormalised_shares(percentages: Sequence[int], places: int) -> tuple[Fraction, ...]:
    """The exact shares of the pool for the first `places` places (they sum to 1).

    >>> [str(s) for s in renormalised_shares((5000, 3000, 2000), 2)]
    ['5/8', '3/8']
    """
    kept = percentages[:places]
    total = sum(kept)
    return tuple(Fraction(bp, total) for bp in kept)


# ---------------------------------------------------------------------------- the clockapp curve
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
        raise ValidationError(
            _("The number of paid places cannot be negative ({places}).").format(places=places)
        )
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
