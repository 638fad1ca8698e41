"""The hand a bust belongs to: during hand-for-hand, every bust of the open hand is one hand.

Tables report their busts one after another; the cashier must not rank them by the order they
were typed (the first entered finishing lower). While hand-for-hand is on, the first bust of the
open hand gets a new hand number, kept on the hand-for-hand row, and every later bust until the
director deals the next hand joins it: ranked by the chips each started the hand with, equal
(or unknown) stacks tying and sharing the places' prize money.
"""

from __future__ import annotations

from clockapp.core.money.till import Till
from clockapp.persistence.models import HandForHandRow
from clockapp.persistence.session import Session


def open_hand(session: Session, tournament_id: int, till: Till) -> int | None:
    """The cashier hand number busts join now, or None for a new hand (no hand-for-hand).

    Call it in the bust's transaction, with the till locked; it remembers the number it hands
    out for the open hand.
    """
    row = session.get(HandForHandRow, tournament_id)
    if row is None:
        return None
    newest = max((e.hand for e in till.busts), default=0)
    if row.bust_hand is None or row.bust_hand < newest:
        # Nobody out in this hand yet (or a later hand was recorded some other way, say a hard
        # end): the busts start a hand of their own; numbers never go down.
        row.bust_hand = newest + 1
        session.add(row)
    return row.bust_hand
