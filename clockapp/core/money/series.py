"""The tournament over time, for the charts: players left, chips and average stack, prize pool.

Rebuilt from the records as they stand now (voided and refunded entries and undone busts left
out), each point being the field just after one entry or bust, in the order of their times. Only
the busts that put a player out count (`busts_out`): one followed by a rebuy or a re-entry leaves
the players left as they were.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from clockapp.core.money.field import busts_out, standing_entry_rows
from clockapp.core.money.ledger import LedgerRow, RowKind
from clockapp.core.money.till import Bust, Till


@dataclass(frozen=True)
class FieldPoint:
    """The field just after one event.

    Attributes:
        at: When (UTC).
        players_left: Players with chips.
        chips: Chips in play.
        prize_pool: The prize pool collected so far, in cents (bounties and fees apart).
    """

    at: datetime
    players_left: int
    chips: int
    prize_pool: int

    @property
    def average_stack(self) -> int:
        """Chips per player left (0 with nobody left)."""
        return self.chips // self.players_left if self.players_left else 0


def field_series(till: Till) -> tuple[FieldPoint, ...]:
    """One point per standing entry and bust that put a player out, oldest first (an empty
    tuple before any entry).

    An entry puts a player who was out (or new) back in; a rebuy or add-on while in play only
    adds chips and prize money. On equal times an entry comes before a bust.
    """
    events: list[tuple[datetime, int, int, LedgerRow | Bust]] = [
        (till.meta[r.row_id].created_at, 0, r.row_id, r) for r in standing_entry_rows(till)
    ]
    events.extend((b.created_at, 1, b.id, b) for b in busts_out(till))
    playing: set[int] = set()
    chips = pool = 0
    points: list[FieldPoint] = []
    for at, _, _, item in sorted(events, key=lambda e: e[:3]):
        if isinstance(item, LedgerRow):
            assert item.player_id is not None
            assert item.split is not None
            chips += till.meta[item.row_id].chips or 0
            pool += item.split.prize_pool
            if item.kind is not RowKind.ADD_ON:
                playing.add(item.player_id)
        else:
            playing.discard(item.registration_id)
        points.append(FieldPoint(at, len(playing), chips, pool))
    return tuple(points)
