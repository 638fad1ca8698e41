"""The knockout line under the side pots: who busts the players who won nothing (bounties)."""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.i18n import gettext as _


def knockout_line(busted: Sequence[str], winners: Sequence[str]) -> str:
    """Who gets the knockout of the players `busted` (the winners of the pot each lost last).

    >>> knockout_line(["Bo"], ["Cy"])
    'Knockout, if all in: Cy busts Bo.'
    >>> knockout_line(["Bo", "Di"], ["Ann", "Cy"])
    'Knockout, if all in: Ann and Cy share Bo and Di (the odd cent of a bounty to Ann).'
    """
    out = _and(busted)
    if len(winners) == 1:
        return _("Knockout, if all in: {winner} busts {busted}.").format(
            winner=winners[0], busted=out
        )
    return _(
        "Knockout, if all in: {winners} share {busted} (the odd cent of a bounty to {first})."
    ).format(winners=_and(winners), busted=out, first=winners[0])


def _and(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
