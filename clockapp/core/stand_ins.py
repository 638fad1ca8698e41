"""A teammate stands in: a player who leaves early is replaced by a teammate no longer in play.

The rules sheet's team events allow it, for a teammate only. The stand-in takes the seat and the
chips; the registration (its chips, its result and its points) stays the leaving player's, so
the team's rules apply to it unchanged. Pure: the service gives the facts, this says yes or why
not.
"""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _


class StandInError(DomainError):
    """A stand-in the rules refuse (the message says why and what to do)."""


@dataclass(frozen=True)
class StandInFacts:
    """What the rule needs to know, as the service read it.

    Attributes:
        leaving: The name of the player who leaves.
        leaving_team: Their team ("" for none).
        leaving_in_play: Whether their registration is in play.
        teammate: The name of the player who would stand in.
        teammate_team: Their team ("" for none).
        teammate_in_play: Whether they are in play in this tournament (registered and not out,
            or already standing in for someone).
        same_player: Whether the two are the same person.
    """

    leaving: str
    leaving_team: str
    leaving_in_play: bool
    teammate: str
    teammate_team: str
    teammate_in_play: bool
    same_player: bool = False


def check_stand_in(facts: StandInFacts) -> None:
    """Refuse a stand-in the rules do not allow.

    >>> check_stand_in(StandInFacts("Ann", "Reds", True, "Bo", "Reds", False))
    >>> try:
    ...     check_stand_in(StandInFacts("Ann", "Reds", True, "Cy", "Blues", False))
    ... except StandInError as error:
    ...     print(error)
    Cy is not on Ann's team (Reds): only a teammate may stand in.
    """
    if facts.same_player:
        raise StandInError(
            _("{leaving} cannot stand in for themselves: choose a teammate.").format(
                leaving=facts.leaving
            )
        )
    if not facts.leaving_in_play:
        raise StandInError(
            _(
                "{leaving} is not in play: a teammate stands in only for a player still "
                "in the tournament."
            ).format(leaving=facts.leaving)
        )
    if not facts.leaving_team:
        raise StandInError(
            _("{leaving} has no team: set the team in the player's details first.").format(
                leaving=facts.leaving
            )
        )
    if facts.teammate_team.casefold() != facts.leaving_team.casefold():
        raise StandInError(
            _(
                "{teammate} is not on {leaving}'s team ({leaving_team}): only a teammate "
                "may stand in."
            ).format(
                teammate=facts.teammate, leaving=facts.leaving, leaving_team=facts.leaving_team
            )
        )
    if facts.teammate_in_play:
        raise StandInError(
            _(
                "{teammate} is still in play: only a teammate no longer in the "
                "tournament may stand in."
            ).format(teammate=facts.teammate)
        )
