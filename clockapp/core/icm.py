"""ICM (Malmuth-Harville) equities and final-table deals: ICM, chip chop, even split.

The Malmuth-Harville model: a player finishes first with probability stack / all chips; given the
players already placed, the next place goes to each remaining player in proportion to their stack.
A player's equity is the sum over places of (probability of that place) x (prize for it).

Exact computation walks the subsets of players already placed (a bitmask per subset, memoised
layer by layer), in `Fraction`s, so equities add up exactly to the prizes: for 10 players that is
1,023 subsets. It is used for up to 10 players, and beyond that whenever the prizes stop early
enough that the subsets to visit are no more than for 10 players. Up to 22 players the same model
runs over every subset in floats with numpy (`icm_compute.subset_equities`): its cost doubles with
each player while the estimate's barely grows, and about there the exact walk stops being the
quicker (`bench/bench_icm.py` times both). Beyond that the result is an estimate from a seeded
Monte Carlo simulation of finishing orders, and it says so, with its precision (`IcmResult.exact`
is False, `IcmResult.method` names the samples, the seed and the 95% margin).

A player with no chips has busted: he finishes below every player still in, so the players with
no chips share the lowest of the prizes (MTT Tournament Director's convention) and the players
still in play ICM for the prizes above; the equities still add up to the prizes, and the result
says so. A deal refuses a player with no chips: his bust is recorded first. With fewer
players than prizes, the players left share the top prizes (the others went to players already
out).

A deal (`propose_deal`) turns fair shares into cents that add up exactly to the money being dealt:
largest remainders in the rounding unit, the cents short of a whole unit included, so every share
is within one unit of the exact one.

>>> result = icm_equities([5000, 3000, 2000], [5000, 3000, 2000])
>>> result.exact, [round(float(e)) for e in result.equities], sum(result.equities)
(True, [3839, 3275, 2886], Fraction(10000, 1))
>>> propose_deal([5000, 3000, 2000], [5000, 3000, 2000]).amounts
(3839, 3275, 2886)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import comb, gcd

from clockapp import formats
from clockapp.core.icm_compute import estimate, subset_equities
from clockapp.core.money.amounts import allocate, format_cents
from clockapp.core.payout_text import ordinal
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _

#: Up to this many players the equities are always exact, in fractions.
EXACT_PLAYER_LIMIT = 10
#: Up to this many players the equities are exact over every subset (floats, numpy). Where the
#: exact walk stops being quicker than the estimate: `bench/bench_icm.py` times both on either
#: side of it, and an exact answer is worth a little more time than an estimate with a margin.
SUBSET_PLAYER_LIMIT = 22
#: Beyond the limit, exact computation is still used when it visits no more subsets than this
#: (the count for 10 players): e.g. 20 players with 3 prizes left visit only 211.
EXACT_SUBSET_BUDGET = 2**EXACT_PLAYER_LIMIT - 1
#: Simulated finishing orders for an estimate.
DEFAULT_SAMPLES = 100_000


class IcmError(ValidationError):
    """Stacks or prizes that ICM cannot work with (a player with no chips, more prizes than players)."""  # noqa: E501


class DealMethod(StrEnum):
    """How a final-table deal shares the money.

    CHIP_CHOP is the usual convention (MTT Tournament Director's, the casinos'): every player
    first gets the lowest prize still to be won, then the rest is shared by chips, so a short
    stack never gets less than the prize he has already locked up. CHIP_SHARE shares everything
    by chips (its stored value is the old "chip chop", which meant this).
    """

    ICM = "icm"
    CHIP_CHOP = "chip chop floor"
    CHIP_SHARE = "chip chop"
    EVEN = "even split"


@dataclass(frozen=True)
class IcmResult:
    """Each player's equity in cents (exact fractions), in the order the stacks were given.

    Attributes:
        equities: Expected prize per player; they add up exactly to the prizes.
        exact: True when computed exactly, False for a Monte Carlo estimate.
        samples: Simulated finishing orders behind an estimate (0 when exact).
        seed: The random seed of an estimate (None when exact); same inputs, same seed, same result.
        margin: An estimate's 95% margin in cents for each figure (0 when exact).
        notes: What the result assumed about the input (a player with no chips left out...).
    """

    equities: tuple[Fraction, ...]
    exact: bool
    samples: int = 0
    seed: int | None = None
    margin: int = 0
    notes: tuple[str, ...] = ()

    @property
    def method(self) -> str:
        """How the equities were found, for the deal screen.

        >>> icm_equities([1, 1], [10]).method
        'exact (Malmuth-Harville)'
        """
        if self.exact:
            return "exact (Malmuth-Harville)"
        return (
            f"estimate (Malmuth-Harville, {formats.number(self.samples)} simulated finishes, seed "
            f"{self.seed}; "
            f"each figure within {format_cents(self.margin)} at 95%)"
        )


@dataclass(frozen=True)
class _Field:
    """Checked input: the players with chips (their index in the input), their prizes, notes.

    `busted_share` is what each player with no chips gets: the lowest prizes, shared.
    """

    stacks: tuple[int, ...]
    in_play: tuple[int, ...]
    prizes: list[int]
    notes: tuple[str, ...]
    busted_share: Fraction = Fraction(0)

    def spread(self, values: Sequence[Fraction], count: int) -> tuple[Fraction, ...]:
        """`values` of the players in play, back in input order (the busted share for the rest)."""
        result = [self.busted_share] * count
        for index, value in zip(self.in_play, values, strict=True):
            result[index] = value
        return tuple(result)


def _validate(stacks: Sequence[int], prizes: Sequence[int], *, strict: bool = False) -> _Field:
    """Check stacks and prizes; players with no chips share the lowest prizes (refused when
    `strict`), as MTT Tournament Director counts them: out now, below everyone still in."""
    if not stacks:
        raise IcmError(_("ICM needs at least one player's stack."))
    notes: list[str] = []
    for index, stack in enumerate(stacks, start=1):
        if isinstance(stack, bool) or not isinstance(stack, int):
            raise IcmError(
                _("Player {index}'s stack must be a whole number of chips, not {stack!r}.").format(
                    index=index, stack=stack
                )
            )
        if stack < 0 or (stack == 0 and strict):
            raise IcmError(
                _(
                    "Player {index} has {stack} chips; a player with no chips is out (record "
                    "the bust first)."
                ).format(index=index, stack=stack)
            )
    for place, prize in enumerate(prizes, start=1):
        if isinstance(prize, bool) or not isinstance(prize, int) or prize < 0:
            raise IcmError(
                _("The prize for place {place} must be 0 or more cents, not {prize!r}.").format(
                    place=place, prize=prize
                )
            )
    in_play = tuple(i for i, stack in enumerate(stacks) if stack > 0)
    if not in_play:
        raise IcmError(_("No player has any chips: ICM needs at least one player still in."))
    busted = len(stacks) - len(in_play)
    share = Fraction(sum(prizes[len(in_play) : len(stacks)]), busted) if busted else Fraction(0)
    if busted:
        first, last = len(in_play) + 1, len(stacks)
        places = ordinal(first) if first == last else f"{ordinal(first)} to {ordinal(last)}"
        out = [str(i + 1) for i, stack in enumerate(stacks) if stack == 0]
        if busted == 1:
            who, takes = f"player {out[0]} is", f"he takes the prize for {places}"
        else:
            who = f"players {', '.join(out[:-1])} and {out[-1]} are"
            takes = f"they share the prizes for {places}"
        notes.append(
            f"No chips: {who} out below every player still in, so {takes} "
            f"({format_cents(round(share))}{'' if busted == 1 else ' each'})."
        )
    top = list(prizes[: len(in_play)])
    if len(prizes) > len(stacks):
        notes.append(
            f"{len(prizes)} prizes for {len(stacks)} players: the players left share the top "
            f"{len(stacks)} (the others went to players already out)."
        )
    return _Field(tuple(stacks[i] for i in in_play), in_play, top, tuple(notes), share)


def subsets_to_visit(players: int, paid_places: int) -> int:
    """How many subsets exact ICM walks: those of fewer than `paid_places` players.

    >>> subsets_to_visit(10, 10), subsets_to_visit(20, 3)
    (1023, 211)
    """
    return sum(comb(players, size) for size in range(min(paid_places, players)))


def icm_equities(
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> IcmResult:
    """Malmuth-Harville equities of each player, exact when affordable, else a flagged estimate.

    Args:
        stacks: Each player's chips; those with 0 share the lowest prizes.
        prizes: The prizes still to be won, in cents, place 1 first; at most one per player
            (missing places pay nothing).
        samples: Simulated finishing orders when an estimate is needed.
        seed: The seed of the simulation, so the same inputs give the same estimate.

    Returns:
        The equities, in the order of `stacks`, adding up exactly to the prizes of the first
        `len(stacks)` places.

    Raises:
        IcmError: No players, no player with chips, a negative stack or prize.

    >>> r = icm_equities([1000, 1000, 1000, 1000], [6000, 4000])
    >>> r.equities
    (Fraction(2500, 1), Fraction(2500, 1), Fraction(2500, 1), Fraction(2500, 1))
    """
    field = _validate(stacks, prizes)
    count, notes = len(stacks), field.notes
    paid = list(field.prizes)
    while paid and paid[-1] == 0:  # unpaid places change nothing and cost time
        paid.pop()
    players = len(field.stacks)
    if not paid:
        return IcmResult(field.spread([Fraction(0)] * players, count), exact=True, notes=notes)
    if players <= EXACT_PLAYER_LIMIT or subsets_to_visit(players, len(paid)) <= EXACT_SUBSET_BUDGET:
        equities = _exact(field.stacks, paid)
        return IcmResult(field.spread(equities, count), exact=True, notes=notes)
    if players <= SUBSET_PLAYER_LIMIT:
        equities = subset_equities(field.stacks, paid)
        return IcmResult(field.spread(equities, count), exact=True, notes=notes)
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise IcmError(
            _("An ICM estimate needs at least 1 sample, not {samples!r}.").format(samples=samples)
        )
    equities, margin = estimate(field.stacks, paid, samples, seed)
    return IcmResult(
        field.spread(equities, count),
        exact=False,
        samples=samples,
        seed=seed,
        margin=margin,
        notes=notes,
    )


def _exact(stacks: tuple[int, ...], prizes: list[int]) -> tuple[Fraction, ...]:
    """Sum over placed subsets, one layer per place: P(the players in `mask` took the top places).

    Harville's probability of a finishing order depends on which players are already placed, not
    on their order, so the probability of each subset is shared by every path into it (the memo).
    """
    n = len(stacks)
    # Only the ratios of the stacks matter; smaller numbers keep the fractions small and fast.
    divisor = gcd(*stacks)
    stacks = tuple(stack // divisor for stack in stacks)
    total = sum(stacks)
    equities = [Fraction(0)] * n
    layer: dict[int, tuple[Fraction, int]] = {0: (Fraction(1), total)}  # mask -> (P, chips left)
    last = len(prizes) - 1
    for place, prize in enumerate(prizes):
        following: dict[int, tuple[Fraction, int]] = {}
        # chance[player] * stacks[player] = P(player takes this place); the stack is multiplied
        # in once per place instead of once per subset.
        chance = [Fraction(0)] * n
        for mask, (probability, chips_left) in layer.items():
            step = probability / chips_left
            for player in range(n):
                if mask >> player & 1:
                    continue
                chance[player] += step
                if place < last:
                    key = mask | 1 << player
                    p_next = step * stacks[player]
                    seen = following.get(key)
                    following[key] = (
                        (p_next, chips_left - stacks[player])
                        if seen is None
                        else (seen[0] + p_next, seen[1])
                    )
        for player in range(n):
            equities[player] += chance[player] * (stacks[player] * prize)
        layer = following
    return tuple(equities)


@dataclass(frozen=True)
class DealResult:
    """A proposed deal: what each player takes now, in cents, in the order of the stacks.

    Attributes:
        method: ICM, chip chop or even split.
        stacks: The chips each player had.
        prizes: The prizes still unpaid, place 1 first.
        amounts: Each player's share now; with `reserved` they add up to `sum(prizes)` exactly.
        reserved: Money left on the table to play for (goes to the winner).
        unit: The rounding unit of the amounts, in cents.
        equities: The unrounded fair shares the amounts were rounded from.
        exact: False when the ICM equities are a Monte Carlo estimate.
        description: How the shares were found, for the deal screen and the ledger's reason.
    """

    method: DealMethod
    stacks: tuple[int, ...]
    prizes: tuple[int, ...]
    amounts: tuple[int, ...]
    reserved: int
    unit: int
    equities: tuple[Fraction, ...]
    exact: bool
    description: str

    @property
    def unpaid(self) -> int:
        """The prize money that was still unpaid when the deal was made."""
        return sum(self.prizes)

    @property
    def dealt(self) -> int:
        """The money shared by the deal (everything unpaid but the reserve)."""
        return sum(self.amounts)


def propose_deal(
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    method: DealMethod = DealMethod.ICM,
    unit: int = 1,
    reserve: int = 0,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> DealResult:
    """Propose a deal of the unpaid prize money among the players left.

    Args:
        stacks: Each remaining player's chips.
        prizes: The prizes still unpaid, place 1 first (one per remaining place, at most one per
            player).
        method: ICM, chip chop (shares in proportion to chips) or even split.
        unit: Round each share to this many cents (500 = whole $5); the cents short of a whole
            unit go to the largest remainder rounded down (`round_shares`).
        reserve: Money left to play for, taken off the first prize (and kept out of the deal).
        samples: Simulated finishes, if ICM has to estimate (more than 10 players).
        seed: The simulation's seed.

    Returns:
        The deal; `amounts` plus `reserved` add up exactly to `sum(prizes)`.

    Raises:
        IcmError: Bad stacks or prizes, a negative reserve, or a reserve above the first prize.

    >>> deal = propose_deal([6000, 3000, 1000], [50000, 30000, 20000],
    ...                     method=DealMethod.CHIP_SHARE, unit=500, reserve=10000)
    >>> deal.amounts, deal.reserved
    ((54000, 27000, 9000), 10000)
    >>> propose_deal([6000, 3000, 1000], [50000, 30000, 20000], method=DealMethod.CHIP_CHOP).amounts
    (44000, 32000, 24000)
    """
    field = _validate(stacks, prizes, strict=True)
    stacks_t, prizes_t = field.stacks, tuple(field.prizes)
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise IcmError(
            _("The rounding unit must be at least 1 cent, not {unit!r}.").format(unit=unit)
        )
    if isinstance(reserve, bool) or not isinstance(reserve, int) or reserve < 0:
        raise IcmError(
            _("The money left to play for must be 0 or more cents, not {reserve!r}.").format(
                reserve=reserve
            )
        )
    first = prizes_t[0] if prizes_t else 0
    if reserve > first:
        raise IcmError(
            _(
                "The money left to play for ({amount}) is more than the first prize ({amount2})."
            ).format(amount=format_cents(reserve), amount2=format_cents(first))
        )
    dealt = sum(prizes_t) - reserve
    exact = True
    if method is DealMethod.ICM:
        ladder = [first - reserve, *prizes_t[1:]] if prizes_t else []
        result = icm_equities(stacks_t, ladder, samples=samples, seed=seed)
        equities, exact = result.equities, result.exact
        description = f"ICM, {result.method}"
    elif method is DealMethod.CHIP_CHOP:
        equities = chip_chop(stacks_t, [first - reserve, *prizes_t[1:]] if prizes_t else [])
        description = "chip chop (the lowest prize to each, the rest by chips)"
    elif method is DealMethod.CHIP_SHARE:
        equities = tuple(Fraction(dealt * stack, sum(stacks_t)) for stack in stacks_t)
        description = "chip chop (in proportion to chips)"
    else:
        equities = tuple(Fraction(dealt, len(stacks_t)) for _ in stacks_t)
        description = "even split"
    if reserve:
        description += f", {format_cents(reserve)} left to play for"
    if field.notes:
        description += " (" + " ".join(field.notes) + ")"
    amounts = round_shares(dealt, equities, unit)
    return DealResult(
        method=method,
        stacks=stacks_t,
        prizes=prizes_t,
        amounts=amounts,
        reserved=reserve,
        unit=unit,
        equities=equities,
        exact=exact,
        description=description,
    )


def round_shares(total: int, shares: Sequence[Fraction], unit: int) -> tuple[int, ...]:
    """`shares` (adding up to `total`) rounded to whole `unit`s by the largest remainders.

    Each share first gets the whole units it contains; the units still missing go one each to
    the largest remainders; the cents short of a whole unit (`total % unit`) go to the largest
    remainder left rounded down. Giving those cents to the biggest share instead could put him
    up to two units above his exact share; this way every player ends within one unit of his,
    all but one are whole units, and the total is `total` to the cent.

    >>> round_shares(40084, [Fraction(16596), Fraction(11744), Fraction(11744)], 100)
    (16600, 11784, 11700)
    """
    if total == 0:
        return tuple(0 for _ in shares)
    whole = sum(shares)
    if whole == 0:  # nothing to go by: `allocate` says so in the money layer's words
        return allocate(total, shares, unit=unit, leftover_to=0)
    if whole != total:  # an estimate or a refit: scale to the total first, then round the same
        shares = [Fraction(share) * total / whole for share in shares]
    floors = [int(share // unit) * unit for share in shares]
    remainders = [share - floor for share, floor in zip(shares, floors, strict=True)]
    missing_units, leftover = divmod(total - sum(floors), unit)
    # Largest remainder first; equal remainders keep their order (sorted() is stable).
    order = sorted(range(len(shares)), key=lambda i: -remainders[i])
    for index in order[:missing_units]:
        floors[index] += unit
    if leftover:
        floors[order[missing_units]] += leftover
    return tuple(floors)


def chip_chop(stacks: Sequence[int], ladder: Sequence[int]) -> tuple[Fraction, ...]:
    """The usual chip chop: each player gets the lowest prize in play, the rest goes by chips.

    `ladder` holds the prizes still to be won, one per player at most; when there are fewer
    prizes than players, someone wins nothing and the floor is 0 (a pure chip share).

    >>> [int(e) for e in chip_chop([8000, 1000, 1000], [5000, 3000, 2000])]
    [5200, 2400, 2400]
    """
    players, chips = len(stacks), sum(stacks)
    floor = min(ladder[:players]) if len(ladder) >= players else 0
    rest = sum(ladder) - floor * players
    return tuple(floor + Fraction(rest * stack, chips) for stack in stacks)
