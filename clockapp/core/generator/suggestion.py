"""What the generator proposes: the structure with its stacks, chip counts and warnings."""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.core.chips import ChipsNeeded, StackBreakdown
from clockapp.core.structure import Item, Structure


@dataclass(frozen=True)
class SuggestedStructure:
    """What `suggest_structure` proposes.

    Attributes:
        structure: The levels and breaks (its `planned_last_level` is set).
        planned_last_level: The level number at which the time budget runs out.
        starting_stack: The starting stack's value.
        breakdown: The chips of one starting stack.
        rebuy_breakdown: The chips of one rebuy, in large denominations.
        addon_breakdown: The chips of one add-on, in large denominations.
        chips_needed: The chips the host needs, per denomination, with spares and shortfalls.
        total_chips: All chips expected in play (stacks, rebuys and add-ons).
        target_last_big_blind: About 5% of `total_chips`: the aim for the planned last level.
        denominations_in_play: The chip values handed out (in stacks, rebuys and add-ons).
        warnings: What the director should know, in plain words (empty when all is well).
    """

    structure: Structure
    planned_last_level: int
    starting_stack: int
    breakdown: StackBreakdown
    rebuy_breakdown: StackBreakdown
    addon_breakdown: StackBreakdown
    chips_needed: ChipsNeeded
    total_chips: int
    target_last_big_blind: int
    denominations_in_play: tuple[int, ...]
    warnings: tuple[str, ...]

    @property
    def name(self) -> str:
        """The structure's name."""
        return self.structure.name

    @property
    def levels(self) -> tuple[Item, ...]:
        """The levels and breaks, like `Structure.levels`."""
        return self.structure.levels

    @property
    def planned_last_big_blind(self) -> int:
        """The big blind of the planned last level."""
        index = self.structure.index_of_level(self.planned_last_level)
        return self.structure.levels[index].big_blind
