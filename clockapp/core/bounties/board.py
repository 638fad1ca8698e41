"""The bounty board: the bounty on each player in play, biggest first, a screenful at a time.

A room of sixty players does not fit on one screen in type readable from the back, so the
board is cut into pages of `ROWS` lines that turn by themselves every `PAGE_SECONDS` seconds
(as break slides do), counted from when the director put the board up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from clockapp.core.house import slide_index

#: Lines on one page of the board (as many as the chip leaders show, readable across a room).
ROWS = 10
#: How long each page stays up.
PAGE_SECONDS = 10


@dataclass(frozen=True)
class BoardLine:
    """One player on the board: their place on it, their name and the bounty on their head."""

    rank: int
    name: str
    cents: int


def board_lines(heads: Iterable[tuple[str, int]]) -> tuple[BoardLine, ...]:
    """The heads (name, cents) biggest bounty first, ties by name; equal bounties share a rank.

    >>> board_lines([("Bob", 1000), ("ann", 1500), ("Cy", 1000)])
    (BoardLine(rank=1, name='ann', cents=1500), BoardLine(rank=2, name='Bob', cents=1000), \
BoardLine(rank=2, name='Cy', cents=1000))
    """
    ordered = sorted(heads, key=lambda h: (-h[1], h[0].casefold(), h[0]))
    lines: list[BoardLine] = []
    for position, (name, cents) in enumerate(ordered, start=1):
        rank = lines[-1].rank if lines and lines[-1].cents == cents else position
        lines.append(BoardLine(rank, name, cents))
    return tuple(lines)


def page_count(lines: int, rows: int = ROWS) -> int:
    """How many pages `lines` lines fill (one, even when empty).

    >>> page_count(0), page_count(10), page_count(11), page_count(25)
    (1, 1, 2, 3)
    """
    return max(1, -(-lines // max(1, rows)))


def page_at(
    lines: int, since: datetime, now: datetime, *, rows: int = ROWS, seconds: int = PAGE_SECONDS
) -> int:
    """Which page is up at `now` when the board went up at `since`, each up for `seconds`.

    >>> from datetime import UTC, timedelta
    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> [page_at(25, t, t + timedelta(seconds=s)) for s in (0, 9, 10, 20, 30)]
    [0, 0, 1, 2, 0]
    """
    return slide_index(page_count(lines, rows), seconds, since, now)


def page(lines: tuple[BoardLine, ...], index: int, rows: int = ROWS) -> tuple[BoardLine, ...]:
    """The lines on page `index` (from 0).

    >>> lines = board_lines([(f"P{n:02}", 100 * n) for n in range(1, 13)])
    >>> [line.name for line in page(lines, 1)]
    ['P02', 'P01']
    """
    start = max(0, index) * rows
    return lines[start : start + rows]


def board_payload(format_name: str, currency: str, lines: tuple[BoardLine, ...]) -> dict[str, Any]:
    """The wall moment's payload: plain JSON the wall's board reads.

    >>> board_payload("knockout", "$", board_lines([("Ann", 1000)]))["lines"]
    [{'rank': 1, 'name': 'Ann', 'cents': 1000}]
    """
    return {
        "format": format_name,
        "currency": currency,
        "rows": ROWS,
        "seconds": PAGE_SECONDS,
        "lines": [{"rank": x.rank, "name": x.name, "cents": x.cents} for x in lines],
        "total": sum(x.cents for x in lines),
    }
