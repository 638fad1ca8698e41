"""Chip counts: the stacks counted at the tables, the chip leaders, stacks in big blinds.

At a break the director (or a dealer) counts each table's stacks. The counts are facts the room
wants to see (the chip leaders, each stack in big blinds); they need not add up to the chips in
play (a chip on the floor, a miscount), so a difference is shown, never refused. A stack of 0 is
a bust, recorded at the cashier, not a count.

>>> counts = [PlayerCount(1, "Ann", 42_000), PlayerCount(2, "Bob", 18_000)]
>>> board = leaderboard(counts, chips_in_play=61_000, players_left=2, big_blind=400)
>>> [(line.rank, line.name, line.big_blinds) for line in board.lines]
[(1, 'Ann', 105.0), (2, 'Bob', 45.0)]
>>> board.difference_text()
'Counted 60,000 of 61,000 chips in play: 1,000 missing.'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from clockapp import formats
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext

#: The wall's chip leaders: the top ten.
TOP = 10
#: More chips than any real stack: a finger slipped.
MAX_STACK = 10_000_000_000


class ChipCountError(DomainError):
    """A count that cannot be recorded."""


@dataclass(frozen=True)
class PlayerCount:
    """One player's counted stack."""

    registration_id: int
    name: str
    chips: int

    def __post_init__(self) -> None:
        if isinstance(self.chips, bool) or not isinstance(self.chips, int):
            raise ChipCountError(
                _("{name}: a chip count is a whole number of chips.").format(name=self.name)
            )
        if self.chips < 0:
            raise ChipCountError(
                _("{name}: a chip count cannot be negative ({chips}).").format(
                    name=self.name, chips=formats.number(self.chips)
                )
            )
        if self.chips == 0:
            raise ChipCountError(
                _(
                    "{name}: a stack of 0 is a bust; record it at the cashier, not as a count."
                ).format(name=self.name)
            )
        if self.chips > MAX_STACK:
            raise ChipCountError(
                _("{name}: {chips} chips is more than any stack.").format(
                    name=self.name, chips=formats.number(self.chips)
                )
            )


def in_big_blinds(chips: int, big_blind: int) -> float:
    """The stack in big blinds, to one decimal (0 when there is no big blind, at a break).

    >>> in_big_blinds(12_345, 400), in_big_blinds(100, 0)
    (30.9, 0.0)
    """
    return round(chips / big_blind, 1) if big_blind > 0 else 0.0


@dataclass(frozen=True)
class LeaderLine:
    """One line of the chip leaders."""

    rank: int
    name: str
    chips: int
    big_blinds: float


@dataclass(frozen=True)
class Leaderboard:
    """The counted stacks, biggest first, with what they add up to."""

    lines: tuple[LeaderLine, ...]
    counted: int
    chips_in_play: int
    players_left: int
    uncounted: int
    big_blind: int

    @property
    def average(self) -> int:
        """The average stack: chips in play / players left, as the clock shows it."""
        return self.chips_in_play // self.players_left if self.players_left > 0 else 0

    @property
    def difference(self) -> int:
        """Counted minus in play (negative: chips missing); only meaningful once all counted."""
        return self.counted - self.chips_in_play

    def difference_text(self) -> str:
        """What the counts add up to, and the difference if any.

        >>> Leaderboard((), 50_000, 50_000, 2, 0, 100).difference_text()
        'Counted 50,000 of 50,000 chips in play.'
        >>> Leaderboard((), 30_000, 50_000, 2, 1, 100).difference_text()
        'Counted 30,000 of 50,000 chips in play (1 player not counted).'
        """
        if self.uncounted:
            text = ngettext(
                "Counted {counted} of {in_play} chips in play ({count} player not counted).",
                "Counted {counted} of {in_play} chips in play ({count} players not counted).",
                self.uncounted,
            )
        elif self.difference == 0:
            text = _("Counted {counted} of {in_play} chips in play.")
        elif self.difference < 0:
            text = _("Counted {counted} of {in_play} chips in play: {gap} missing.")
        else:
            text = _("Counted {counted} of {in_play} chips in play: {gap} too many.")
        return text.format(
            counted=formats.number(self.counted),
            in_play=formats.number(self.chips_in_play),
            count=self.uncounted,
            gap=formats.number(abs(self.difference)),
        )

    def top(self, count: int = TOP) -> tuple[LeaderLine, ...]:
        """The first `count` lines."""
        return self.lines[:count]


def leaderboard(
    counts: Iterable[PlayerCount],
    chips_in_play: int,
    players_left: int,
    big_blind: int,
    uncounted: int = 0,
) -> Leaderboard:
    """Rank the counts (equal stacks share a rank; then by name)."""
    ordered = sorted(counts, key=lambda c: (-c.chips, c.name.casefold()))
    lines: list[LeaderLine] = []
    for i, count in enumerate(ordered):
        rank = lines[-1].rank if lines and lines[-1].chips == count.chips else i + 1
        lines.append(
            LeaderLine(rank, count.name, count.chips, in_big_blinds(count.chips, big_blind))
        )
    counted = sum(c.chips for c in ordered)
    return Leaderboard(tuple(lines), counted, chips_in_play, players_left, uncounted, big_blind)


def check_table_counts(
    counts: Sequence[tuple[int, int]], seated: dict[int, str], table_label: str
) -> tuple[PlayerCount, ...]:
    """The counts of one table, checked: each player seated there, each once, each a stack.

    >>> check_table_counts([(7, 1000)], {1: "Ann"}, "Table 2")
    Traceback (most recent call last):
    ...
    clockapp.core.chip_counts.ChipCountError: Player #7 is not seated at Table 2: count each table's own players.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    if not counts:
        raise ChipCountError(
            _("No counts entered for {table_label}.").format(table_label=table_label)
        )
    seen: set[int] = set()
    checked = []
    for rid, chips in counts:
        if rid not in seated:
            raise ChipCountError(
                _(
                    "Player #{rid} is not seated at {table_label}: count each table's own players."
                ).format(rid=rid, table_label=table_label)
            )
        if rid in seen:
            raise ChipCountError(_("{seated} is counted twice.").format(seated=seated[rid]))
        seen.add(rid)
        checked.append(PlayerCount(rid, seated[rid], chips))
    return tuple(checked)


#: The charts' stack lines: the chip leaders (more lines than this cannot be told apart).
CHART_LINES = 8


@dataclass(frozen=True)
class StackLine:
    """One player's stack at each count of it, oldest first (for the charts).

    Attributes:
        registration_id: The player's registration.
        name: The player's name.
        counts: (when counted, chips), oldest first.
        in_play: Whether the player still has chips.
    """

    registration_id: int
    name: str
    counts: tuple[tuple[datetime, int], ...]
    in_play: bool

    @property
    def latest(self) -> int:
        """The newest count."""
        return self.counts[-1][1]


def stack_lines(
    counts: Iterable[tuple[int, datetime, int]],
    names: Mapping[int, str],
    in_play: Collection[int],
    top: int = CHART_LINES,
) -> tuple[StackLine, ...]:
    """Each counted player's stacks over the night, the chip leaders first: players in play by
    their newest count, then those out by their biggest count; at most `top` lines.

    `counts` are (registration id, when, chips), in the order they were recorded.

    >>> t = [datetime(2026, 1, 1, h) for h in (20, 21)]
    >>> lines = stack_lines([(1, t[0], 9000), (2, t[0], 11000), (1, t[1], 15000)],
    ...                     {1: "Ann", 2: "Bo"}, in_play={1, 2})
    >>> [(s.name, [c for _, c in s.counts]) for s in lines]
    [('Ann', [9000, 15000]), ('Bo', [11000])]
    """
    by_player: dict[int, list[tuple[datetime, int]]] = {}
    for rid, at, chips in counts:
        by_player.setdefault(rid, []).append((at, chips))
    lines = [
        StackLine(rid, names.get(rid, f"Registration #{rid}"), tuple(seen), rid in in_play)
        for rid, seen in by_player.items()
    ]
    lines.sort(
        key=lambda s: (
            not s.in_play,
            -(s.latest if s.in_play else max(c for _, c in s.counts)),
            s.name.casefold(),
        )
    )
    return tuple(lines[: max(top, 0)])
