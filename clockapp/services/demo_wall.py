"""The showdown's demo picture, for `clockapp --screenshot out.png --wall showdown`.

Three players all in on the flop, read by the same exact rules as a real showdown
(`read_allin`), so the README's screenshot stays true as the code changes; nothing is stored.
"""

from __future__ import annotations

from typing import Any

from clockapp.poker.allin import AllInHand, read_allin
from clockapp.services.showdown import payload_of

#: A set, a straight-flush draw and overcards, all in on the flop.
DEMO_HANDS = (
    ("Alice Martin", "Qs Qc", 14_500, 14_500),
    ("Bruno Costa", "Jh Th", 21_000, 14_500),
    ("Chen Wei", "As Kd", 6_800, 6_800),
)
DEMO_BOARD = "Qh 9h 2c"


def showdown_demo() -> dict[str, Any]:
    """The wall's payload of the demo showdown (its chances computed exactly)."""
    entries = [AllInHand(name, cards, stack, bet) for name, cards, stack, bet in DEMO_HANDS]
    return payload_of(read_allin(entries, DEMO_BOARD), showdown_id=0)
