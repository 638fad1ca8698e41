"""The chip race (TDA rule): the odd chips of a colour-up are raced off for the next colour.

When a colour-up removes the smallest chip, the dealer first exchanges each player's chips of
the removed values for whole chips of the next colour (4 green for 1 black); what is left over,
less than one chip of the next colour, is the player's odd chips. Those are raced:

* how many chips of the next colour are raced is the total odd value divided by the next chip's
  value, rounded by the house's choice (`Rounding`: up at half or more, always up, always down);
* each player is dealt one card per odd chip (counted in the smallest removed chip), by a seeded,
  recorded draw or as the real cards dealt at the table;
* the highest card wins the first chip, the next highest the second, and so on (suits break ties:
  spades > hearts > diamonds > clubs); a player wins at most one chip;
* no player is raced out: one who loses his last chips (no other chips, none won, none exchanged)
  gets one chip of the next colour.

>>> race = run_race(
...     [RaceEntry("Ann", (3,)), RaceEntry("Bob", (2,)), RaceEntry("Cy", (1,), rest=0)],
...     removed=(25,), target=100, rounding=Rounding.HALF_UP,
...     cards=(("Kh", "2c", "3d"), ("As", "Qd"), ("4c",)),
... )
>>> race.raced, [(r.name, r.won, r.kept_alive, r.takes) for r in race.results]
(2, [('Ann', True, False, 1), ('Bob', True, False, 1), ('Cy', False, True, 1)])

The cards (the deck, reading a card, the seeded deal, the check of the cards really dealt) are
`clockapp.core.race_cards`'s job; this module holds the race's rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from clockapp import formats
from clockapp.core.race_cards import (
    ChipRaceError,
    card_key,
    check_cards,
    draw_cards,
    pretty_card,
)
from clockapp.core.text import listed
from clockapp.i18n import gettext as _

__all__ = [
    "ChipRace",
    "ChipRaceError",
    "RaceEntry",
    "RaceResult",
    "Rounding",
    "chips_from_count",
    "chips_raced",
    "chips_the_race_adds",
    "chips_the_races_add",
    "odd_chips",
    "race_payload",
    "run_race",
    "tell",
]


class Rounding(StrEnum):
    """How the house rounds the chips raced (odd value / next chip's value)."""

    HALF_UP = "half_up"
    UP = "up"
    DOWN = "down"

    @property
    def label(self) -> str:
        """The director's words for it."""
        return {
            Rounding.HALF_UP: "up at half or more",
            Rounding.UP: "always up",
            Rounding.DOWN: "always down",
        }[self]


def chips_raced(odd_value: int, target: int, rounding: Rounding) -> int:
    """How many chips of value `target` the odd chips worth `odd_value` make, rounded.

    >>> [chips_raced(v, 100, Rounding.HALF_UP) for v in (0, 25, 49, 50, 175)]
    [0, 0, 0, 1, 2]
    >>> chips_raced(125, 100, Rounding.UP), chips_raced(175, 100, Rounding.DOWN)
    (2, 1)
    """
    whole, left = divmod(odd_value, target)
    if left == 0:
        return whole
    if rounding is Rounding.UP or (rounding is Rounding.HALF_UP and 2 * left >= target):
        return whole + 1
    return whole


@dataclass(frozen=True)
class RaceEntry:
    """One player in the race.

    Attributes:
        name: The player's name (what the wall and the dealer read).
        chips: How many chips of each removed value the player has, in `removed`'s order.
        rest: The value of the player's other chips (those that stay in play); 0 means the
            removed chips are all he has, so the race must not leave him with nothing.
        player_id: The registration, when the player is known to the cashier.
    """

    name: str
    chips: tuple[int, ...]
    rest: int = 1
    player_id: int | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ChipRaceError(_("Every player in the chip race needs a name."))
        for count in self.chips:
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ChipRaceError(
                    _(
                        "{name}: a chip count must be a whole number of 0 or more, not {count!r}."
                    ).format(name=self.name, count=count)
                )
        if isinstance(self.rest, bool) or not isinstance(self.rest, int) or self.rest < 0:
            raise ChipRaceError(
                _("{name}: the other chips must be worth 0 or more.").format(name=self.name)
            )


@dataclass(frozen=True)
class RaceResult:
    """What one player gets from the colour-up and the race.

    Attributes:
        exchanged: Chips of the next colour for the removed chips worth a whole one or more.
        odd: The odd chips raced (in the smallest removed chip), one card each.
        cards: The cards dealt to the player, highest first.
        won: Whether the player won a chip in the race.
        kept_alive: Whether the player gets a chip because the race would have left him none.
    """

    name: str
    player_id: int | None
    given_in: tuple[int, ...]
    exchanged: int
    odd: int
    cards: tuple[str, ...]
    won: bool
    kept_alive: bool

    @property
    def takes(self) -> int:
        """The chips of the next colour the player takes in all."""
        return self.exchanged + int(self.won) + int(self.kept_alive)


@dataclass(frozen=True)
class ChipRace:
    """A race run: the chips, the rule, the cards and who takes what."""

    removed: tuple[int, ...]
    target: int
    rounding: Rounding
    odd_value: int
    raced: int
    results: tuple[RaceResult, ...]
    seed: int | None

    @property
    def winners(self) -> tuple[str, ...]:
        """The players who won a chip, in the order they won it."""
        won = [r for r in self.results if r.won]
        return tuple(r.name for r in sorted(won, key=lambda r: card_key(r.cards[0]), reverse=True))


def odd_chips(chips: Sequence[int], removed: Sequence[int], target: int) -> tuple[int, int, int]:
    """(whole chips of `target` exchanged, odd chips raced, their value) for one player.

    The odd chips are counted in the smallest removed chip: one card each.

    >>> odd_chips((9,), (25,), 100)
    (2, 1, 25)
    >>> odd_chips((3, 3), (5, 25), 100)
    (0, 18, 90)
    """
    value = sum(c * v for c, v in zip(chips, removed, strict=True))
    whole, left = divmod(value, target)
    return whole, -(-left // min(removed)), left


def chips_from_count(
    stack: int, removed: Sequence[int], target: int
) -> tuple[tuple[int, ...], bool]:
    """A counted stack's chips of the removed values, and whether they are all he has.

    Every chip that stays is worth a whole number of the next colour, so the stack's odd part
    (stack mod the next chip) is in removed chips, the largest first.

    >>> chips_from_count(12_075, (25,), 100)
    ((3,), False)
    >>> chips_from_count(90, (5, 25), 100)
    ((3, 3), True)
    """
    left = stack % target
    counts = dict.fromkeys(removed, 0)
    for value in sorted(removed, reverse=True):
        counts[value], left = divmod(left, value)
    return tuple(counts[v] for v in removed), stack < target


def _odd_counts(
    entries: Sequence[RaceEntry], removed: Sequence[int], target: int
) -> list[tuple[int, int, int]]:
    """(value given in, whole chips exchanged, odd chips) per entry."""
    rows = []
    for entry in entries:
        if len(entry.chips) != len(removed):
            raise ChipRaceError(
                _("{name}: give a count for each chip that goes ({count}).").format(
                    name=entry.name, count=len(removed)
                )
            )
        whole, odd, left = odd_chips(entry.chips, removed, target)
        rows.append((whole * target + left, whole, odd))
    return rows


def run_race(
    entries: Sequence[RaceEntry],
    removed: Sequence[int],
    target: int,
    rounding: Rounding,
    *,
    seed: int | None = None,
    cards: Sequence[Sequence[str]] | None = None,
) -> ChipRace:
    """Run the race: with the real `cards` dealt, or with a draw shuffled by `seed`.

    >>> race = run_race([RaceEntry("Ann", (1,)), RaceEntry("Bob", (1,))], (25,), 100,
    ...                 Rounding.HALF_UP, cards=(("2c",), ("2s",)))
    >>> race.raced, race.winners  # 50 of 100 rounds up at half; the spade beats the club
    (1, ('Bob',))
    >>> run_race([RaceEntry("Ann", (4,))], (25,), 100, Rounding.UP, seed=1)
    Traceback (most recent call last):
    ...
    clockapp.core.race_cards.ChipRaceError: There are no odd chips to race: every T25 chip changes for whole T100 chips.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    removed = tuple(removed)
    if not removed or any(v <= 0 for v in removed) or target <= max(removed):
        raise ChipRaceError(_("A chip race needs the chips that go and a larger chip that stays."))
    if not entries:
        raise ChipRaceError(_("Nobody is in the chip race: enter the players' odd chips."))
    names = [e.name for e in entries]
    doubled = {n for n in names if names.count(n) > 1}
    if doubled:
        raise ChipRaceError(
            _("{name} is entered twice in the chip race.").format(name=sorted(doubled)[0])
        )
    rows = _odd_counts(entries, removed, target)
    counts = [odd for _, _, odd in rows]
    odd_value = sum(value - whole * target for value, whole, _ in rows)
    if odd_value == 0:
        gone = listed([f"T{formats.number(v)}" for v in removed])
        raise ChipRaceError(
            _(
                "There are no odd chips to race: every {gone} chip changes for whole "
                "T{target} chips."
            ).format(gone=gone, target=formats.number(target))
        )
    if cards is None:
        if seed is None:
            raise ChipRaceError(_("The race needs the cards dealt or a seed to draw them."))
        dealt = draw_cards(counts, seed)
    else:
        if len(cards) != len(entries):
            raise ChipRaceError(_("Enter the cards of every player in the race."))
        dealt = check_cards(names, counts, cards)
        seed = None
    raced = min(chips_raced(odd_value, target, rounding), sum(1 for c in counts if c))
    # Every card in one order, highest first; each player wins with his best card only.
    order = sorted(
        ((card, i) for i, hand in enumerate(dealt) for card in hand),
        key=lambda pair: card_key(pair[0]),
        reverse=True,
    )
    winners: list[int] = []
    for _card, i in order:
        if len(winners) == raced:
            break
        if i not in winners:
            winners.append(i)
    results = []
    for i, (entry, (_value, whole, odd)) in enumerate(zip(entries, rows, strict=True)):
        won = i in winners
        alive = entry.rest == 0 and whole == 0 and not won and any(entry.chips)
        hand = tuple(sorted(dealt[i], key=card_key, reverse=True))
        results.append(
            RaceResult(entry.name, entry.player_id, entry.chips, whole, odd, hand, won, alive)
        )
    return ChipRace(removed, target, rounding, odd_value, raced, tuple(results), seed)


def race_payload(
    race: ChipRace, removed_labels: Sequence[str], target_label: str
) -> dict[str, object]:
    """The wall's self-contained picture of the race (names, cards, numbers; plain JSON).

    Args:
        race: The race run.
        removed_labels: How the room names the chips that go (`T25 green`), in `race.removed`'s
            order.
        target_label: How the room names the chip raced for (`T100 black`).
    """
    return {
        "removed": list(removed_labels),
        "target": target_label,
        "target_value": race.target,
        "odd_value": race.odd_value,
        "raced": race.raced,
        "rounding": race.rounding.label,
        "seed": race.seed,
        "players": [
            {
                "name": r.name,
                "cards": [pretty_card(c) for c in r.cards],
                "red": [c[1] in "hd" for c in r.cards],
                "won": r.won,
                "kept_alive": r.kept_alive,
                "exchanged": r.exchanged,
                "takes": r.takes,
                "tell": tell(r, target_label),
            }
            for r in race.results
        ],
    }


def chips_the_race_adds(payload: Mapping[str, object]) -> int:
    """The chips a race left in play beyond those it took (negative: fewer), from its payload.

    The odd chips go and the chips of the next colour won or given so no one is raced out come
    in; the rounding makes the two differ, so the chips in play change with every race. Whole
    chips exchanged change nothing. It reads the payload the race was kept with, so a race run
    on any station counts.

    >>> race = run_race([RaceEntry("Ann", (3,)), RaceEntry("Bob", (2,))], (25,), 100,
    ...                 Rounding.HALF_UP, seed=7)
    >>> chips_the_race_adds(race_payload(race, ["T25"], "T100"))  # 125 goes, 100 comes
    -25
    >>> race = run_race([RaceEntry("Ann", (3,)), RaceEntry("Bob", (2,)), RaceEntry("Cy", (1,))],
    ...                 (25,), 100, Rounding.HALF_UP, seed=7)
    >>> chips_the_race_adds(race_payload(race, ["T25"], "T100"))  # 150 goes, 200 comes
    50
    """
    players = payload.get("players", ())
    if not isinstance(players, Sequence):
        return 0
    coming = sum(
        int(bool(p.get("won"))) + int(bool(p.get("kept_alive")))
        for p in players
        if isinstance(p, Mapping)
    )
    target, odd = payload.get("target_value", 0), payload.get("odd_value", 0)
    if not isinstance(target, int) or not isinstance(odd, int):
        return 0
    return coming * target - odd


def chips_the_races_add(races: Sequence[tuple[int | None, Mapping[str, object]]]) -> int:
    """What every race kept, (table number, payload) oldest first, added to the chips in play.

    A table raced again at the same colour-up (a misdealt race dealt again) replaces its
    earlier race: only the last one's chips went into play. A payload that does not say its
    break (kept before races said so) always counts.

    >>> first = {"break": 1, "target_value": 100, "odd_value": 150, "players": [{"won": True}]}
    >>> again = {"break": 1, "target_value": 100, "odd_value": 150,
    ...          "players": [{"won": True}, {"won": True}]}
    >>> chips_the_races_add([(1, first), (1, again)])  # table 1 raced again: 200 - 150
    50
    >>> chips_the_races_add([(1, first), (2, first)])
    -100
    """
    last: dict[object, Mapping[str, object]] = {}
    for index, (table, payload) in enumerate(races):
        key = (table, payload["break"]) if "break" in payload else index
        last.pop(key, None)
        last[key] = payload
    return sum(chips_the_race_adds(payload) for payload in last.values())


def tell(result: RaceResult, target_label: str) -> str:
    """What the dealer tells the player: `takes 2 × T100 black (1 exchanged, 1 won)`.

    >>> r = RaceResult("Ann", None, (5,), 1, 1, ("As",), True, False)
    >>> tell(r, "T100 black")
    'takes 2 × T100 black (1 exchanged, 1 won in the race)'
    >>> tell(RaceResult("Bob", None, (1,), 0, 1, ("2c",), False, False), "T100 black")
    'takes nothing'
    """
    parts = []
    if result.exchanged:
        parts.append(f"{result.exchanged} exchanged")
    if result.won:
        parts.append("1 won in the race")
    if result.kept_alive:
        parts.append("1 so no one is raced out")
    if not result.takes:
        return "takes nothing"
    return f"takes {result.takes} × {target_label} ({', '.join(parts)})"
