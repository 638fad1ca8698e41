"""Read-only facts the rulings window needs from the tournament: the chips still in play.

A side pot's odd chip is counted in units of the smallest chip on the tables, so the window asks
for it here rather than letting the director guess. Color-ups at breaks take chips out of play, so
the answer depends on where the clock is: the current item is computed from the stored clock state
and the injected time, exactly as the clock display computes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.core.clock import view
from clockapp.services.context import ServiceContext
from clockapp.services.setup import get_row, load_chips, load_clock, load_structure


@dataclass(frozen=True)
class ChipsInPlay:
    """The chip values on the tables right now.

    Attributes:
        values: The denominations still in play, smallest first (never empty: a structure cannot
            color up every chip).
        item_index: The clock item (0-based) the answer is for.

    >>> ChipsInPlay(values=(25, 100, 500), item_index=4).smallest
    25
    """

    values: tuple[int, ...]
    item_index: int

    @property
    def smallest(self) -> int:
        """The smallest chip in play: the unit of an odd chip."""
        return self.values[0]


class RulingsService:
    """Read-only helpers for the rulings window (nothing here writes to the database)."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def chips_in_play(self, tournament_id: int) -> ChipsInPlay:
        """The tournament's chips still in play at the clock's current item.

        Raises:
            TournamentNotFoundError: No tournament has this id.
        """
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            chips = load_chips(session, tournament_id)
            structure = load_structure(session, tournament_id)
            state = load_clock(session, tournament_id)
        index = view(state, structure, self._ctx.now()).index
        per_item = structure.denominations_in_play(d.value for d in chips.denominations)
        values = per_item[index] if per_item else tuple(d.value for d in chips.denominations)
        if not values:
            # A stored structure is validated against its chips, so this only guards old data.
            values = (chips.denominations[-1].value,)
        return ChipsInPlay(values=tuple(values), item_index=index)

    def smallest_chip(self, tournament_id: int) -> int:
        """The smallest chip in play now, the unit in which a pot's odd chips are handed out.

        Raises:
            TournamentNotFoundError: No tournament has this id.
        """
        return self.chips_in_play(tournament_id).smallest
