"""The structure generator: a sensible blind structure from a few facts about the night.

For the director who does not know where to start. Given the players expected, the starting stack,
the rebuys and add-ons expected, the time budget, the level length and the chip set, it follows the
rules experienced hosts use:

- the first big blind is 1-2% of the starting stack and the small blind is half the big blind;
- the planned last big blind is about 5% of all chips in play (players x stack, plus rebuys and
  add-ons), reached at `planned_last_level`, the level whose end is nearest the time budget
  (breaks count: the budget is wall-clock time), so the schedule ends within a level of it;
- blinds grow by an even ratio, rounded to the values directors use (25/50, 75/150, 600/1,200...),
  each level at most double the one before and at least 1.2 times it (a level that barely moves,
  7,500/15,000 to 8,000/16,000, is never suggested);
- the hosts' rules come before smooth steps: the planned last big blind stays within 1.5x of the
  5% target (`TARGET_TOLERANCE`) whenever doubling can reach it. When the time budget holds more
  levels than there are round blinds up to the target, some levels keep the blinds of the level
  before (a longer level, in effect) rather than outgrow the chips, and the director is told;
- every blind and ante can be paid with the chips in play at that level; the smallest chip stops
  being used once the small blind is 20 times its value, and a chip that the remaining levels no
  longer need is colored up at the next break;
- 3 to 5 extra levels follow the planned last one, in case the game runs long;
- breaks come at a chosen interval of play, and antes start at a chosen level;
- it suggests a starting stack breakdown, the rebuy and add-on stacks in large chips, and the chips
  the host needs with spares, and says when the host does not own enough.

`suggest_structure` is also importable from `clockapp.core.structure`.

>>> result = suggest_structure(15, 1000, 20, 300, (5, 25, 100, 500), rebuys=3)
>>> result.planned_last_level, result.levels[0].describe(), result.breakdown.describe()
(13, '5/10', '6 x T100 + 12 x T25 + 20 x T5 = T1,000')
"""

from clockapp.core.generator.inputs import (
    MAX_ENTRIES,
    MAX_LEVEL_NUMBER,
    MAX_MINUTES,
    MAX_PLAYERS,
    MAX_SPARE_PERCENT,
    MAX_STACK,
    AnteStyle,
    GeneratorError,
)
from clockapp.core.generator.rules import (
    BLIND_CAP_FACTOR,
    HOLD_LEVELS_MAX,
    LAST_BIG_BLIND_PERCENT,
    TARGET_TOLERANCE,
    suggest_structure,
)
from clockapp.core.generator.suggestion import SuggestedStructure

__all__ = [
    "BLIND_CAP_FACTOR",
    "HOLD_LEVELS_MAX",
    "LAST_BIG_BLIND_PERCENT",
    "MAX_ENTRIES",
    "MAX_LEVEL_NUMBER",
    "MAX_MINUTES",
    "MAX_PLAYERS",
    "MAX_SPARE_PERCENT",
    "MAX_STACK",
    "TARGET_TOLERANCE",
    "AnteStyle",
    "GeneratorError",
    "SuggestedStructure",
    "suggest_structure",
]
