"""Bounty formats as pure rules: plain and progressive knockouts, mystery envelopes, tickets.

`rules` holds the formats and the host's choices, `knockouts` who is credited what for each
bust (and the bounty on every head now), `mystery` the seeded, replayable envelope draw,
`tickets` prize places paid with a seat in a bigger event. No I/O; money is integer cents.
"""

from clockapp.core.bounties.knockouts import (
    BountySettlement,
    Knockout,
    pko_halves,
    settle_bounties,
    split_cents,
)
from clockapp.core.bounties.rules import (
    BountyError,
    BountyFormat,
    BountyRules,
    LateEntryRule,
    MysteryStage,
)

__all__ = [
    "BountyError",
    "BountyFormat",
    "BountyRules",
    "BountySettlement",
    "Knockout",
    "LateEntryRule",
    "MysteryStage",
    "pko_halves",
    "settle_bounties",
    "split_cents",
]
