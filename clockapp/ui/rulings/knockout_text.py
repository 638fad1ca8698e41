"""The knockout line under the side pots: who busts the players who won nothing (bounties)."""

from __future__ import annotations

from collections.abc import Sequence


def knockout_line(busted: Sequence[str], winners: Sequence[str]) -> str:
    """Who gets the knockout of the players `busted` (the winners of the pot each lost last).

    >>> knockout_line(["Bo"], ["Cy"])
    'Knockout, if all in: Cy busts Bo.'
    >>> knockout_line(["Bo", "Di"], ["Ann", "Cy"])
    'Knockout, if all in: Ann and Cy share Bo and Di (the odd cent of a bounty to Ann).'
    """
    out = _and(busted)
    if len(winners) == 1:
        return f"Knockout, if all in: {winners[0]} busts {out}."
    return (
        f"Knockout, if all in: {_and(winners)} share {out} (the odd cent of a bounty to "
        f"{winners[0]})."
    )


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"
