"""A ruling as the wall shows it: the verdict of the rulings window in a self-contained payload.

Plain Python (no Qt): the hands with their cards and words, the board, the headline ("Seat 3 wins
with kings full of sevens"), who takes which pot and the chips returned. A wall on another
station draws it from the payload alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.ui.rulings.analysis import Reading
from clockapp.ui.rulings.settlement import PotRow
from clockapp.ui.rulings.state import Dispute
from clockapp.ui.rulings.verdict import Verdict


def ruling_payload(
    dispute: Dispute,
    reading: Reading,
    pots: Sequence[PotRow],
    uncalled: str,
    verdict: Verdict,
    four_colour: bool = False,
) -> dict[str, Any]:
    """The wall's payload of a decided ruling.

    Raises:
        ValidationError: There is no verdict yet (nothing to show the table).

    >>> from clockapp.ui.rulings.analysis import read_hands
    >>> from clockapp.ui.rulings.state import Player
    >>> from clockapp.ui.rulings.verdict import verdict
    >>> d = Dispute(board=("Kh", "7d", "7c", "2s", "3h"),
    ...             players=(Player(1, "Ann", ("As", "Qd")), Player(3, "Bo", ("Kd", "Ks"))))
    >>> r = read_hands(d)
    >>> p = ruling_payload(d, r, (), "", verdict(d, r))
    >>> p["headline"], [h["wins"] for h in p["hands"]], p["hands"][1]["value"]
    ('Seat 3 Bo wins with kings full of sevens', [False, True], 'Full house, kings full of sevens')
    """
    if not verdict.decided:
        raise ValidationError(
            _("No verdict to show yet: enter the board and the hands (or the places) first.")
        )
    hands = []
    for index, player in enumerate(dispute.players):
        hand = reading.hands[index] if index < len(reading.hands) else None
        hands.append(
            {
                "name": player.label,
                "cards": list(player.cards),
                "value": "" if hand is None else hand.description,
                "best_five": [] if hand is None else list(hand.best_five),
                "folded": player.folded,
                "wins": index in reading.winners or any(index in pot.winners for pot in pots),
            }
        )
    return {
        "headline": verdict.headline,
        "board": list(dispute.board),
        "hands": hands,
        "pots": [
            {"name": pot.name, "amount": pot.amount, "goes_to": pot.goes_to}
            for pot in pots
            if pot.winners
        ],
        "returned": uncalled.rstrip("."),
        "four_colour": four_colour,
    }
