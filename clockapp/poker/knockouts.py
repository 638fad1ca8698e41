"""Who wins a knockout in a multi-way all-in: the winners of the pot the busted player lost last.

A busted player's chips are spread over the main pot and the side pots up to their all-in level;
they lost their last chips in the highest pot they were eligible for. The knockout (and its
bounty) goes to that pot's winners, earliest position first (the first seat left of the button),
the order the bounty's odd cents follow.
"""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.i18n import gettext as _
from clockapp.poker.errors import SettleError
from clockapp.poker.pots import Settlement, settle


def knockout_winners(
    contributions: Sequence[int],
    folded: Sequence[bool],
    ranking: Sequence[Sequence[int]],
    button: int,
    busted: int,
    dead_money: int = 0,
    chip: int = 1,
) -> tuple[int, ...]:
    """The seats credited with busting seat `busted`, earliest position first.

    Raises:
        SettleError: Inconsistent input, or the busted seat won chips back on this hand.

    Seat 0 all in for 100, seat 1 for 300, seat 2 covers; seat 0 has the best hand, then seat 2:
    seat 0 wins the main pot (and busts nobody), seat 2 the side pot, the pot in which seat 1
    lost their last chips, so seat 2 busts seat 1.

    >>> knockout_winners([100, 300, 500], [False] * 3, [[0], [2], [1]], button=2, busted=1)
    (2,)
    """
    result = settle(contributions, folded, ranking, button, dead_money, chip)
    if not 0 <= busted < len(contributions) or folded[busted]:
        raise SettleError(
            _("seat {busted} is not a player still in this hand").format(busted=busted)
        )
    return knockout_from(result, busted, button)


def knockout_from(result: Settlement, busted: int, button: int) -> tuple[int, ...]:
    """`knockout_winners` for a hand already settled (the same `Settlement` the table sees).

    Raises:
        SettleError: The seat won chips back, or put nothing in (it lost no chips here).
    """
    if result.payouts[busted] > 0:
        raise SettleError(
            _("seat {busted} won chips back on this hand, so is not busted").format(busted=busted)
        )
    pots = [pot for pot in result.pots if busted in pot.eligible and pot.winners]
    if not pots:
        raise SettleError(
            _("seat {busted} lost no awarded pot on this hand, so busts nobody's way").format(
                busted=busted
            )
        )
    if busted in pots[-1].winners:
        raise SettleError(
            _("seat {busted} tied for the pot it lost last: nobody busted it").format(busted=busted)
        )
    seats = len(result.payouts)
    return tuple(sorted(pots[-1].winners, key=lambda seat: (seat - button - 1) % seats))
