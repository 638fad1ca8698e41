"""Ready event templates: what a new tournament is set up as, beyond its structure and rules.

A template adds to the host's plan of the night (`clockapp.core.night_plan.NightPlan`): the
shootout it plays (each round's time limit, who each table sends on) and the team scoring it
is scored by. The shootout is drawn later, when the players are in, from the tables window:
the template only says how it plays, so the dialog starts from it.

The rules sheet's two-round team event: round 1 at tables until one player is left at each
table or the time limit (players out ranked by the order they went out, and those left at the
limit by their chips); round 2 the table winners, with the chips they won, at the final table
(no time limit); the team event's formula scores it.

>>> two = template_named("two-round-team")
>>> two.name, two.shootout, two.team_formula == TEAM_EVENT_FORMULA
('Two-round team event', ShootoutPlan(first_round_minutes=90, later_minutes=None, through=1), True)
>>> template_named("regular").shootout is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.core.points import TEAM_EVENT_FORMULA
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _

#: The longest time limit a shootout round may have (minutes).
MAX_ROUND_MINUTES = 900


class TemplateError(ValidationError):
    """A template that cannot be used (the message names it)."""


@dataclass(frozen=True)
class ShootoutPlan:
    """How a tournament's shootout plays, before it is drawn.

    Attributes:
        first_round_minutes: Round 1's time limit (None: tables play down with no limit).
        later_minutes: The later rounds' limit before the final table (None: as round 1).
        through: Players each round-1 table sends on (1: its winner).

    >>> ShootoutPlan(0)
    Traceback (most recent call last):
    ...
    clockapp.core.event_templates.TemplateError: A shootout round's time limit is between 1 and 900 minutes (got 0).
    """  # noqa: E501 - a doctest's expected output cannot be wrapped

    first_round_minutes: int | None
    later_minutes: int | None = None
    through: int = 1

    def __post_init__(self) -> None:
        for minutes in (self.first_round_minutes, self.later_minutes):
            if minutes is not None and not 1 <= minutes <= MAX_ROUND_MINUTES:
                raise TemplateError(
                    _(
                        "A shootout round's time limit is between 1 and {MAX_ROUND_MINUTES} "
                        "minutes (got {minutes})."
                    ).format(MAX_ROUND_MINUTES=MAX_ROUND_MINUTES, minutes=minutes)
                )
        if self.through < 1:
            raise TemplateError(_("Each shootout table sends at least one player on."))


@dataclass(frozen=True)
class EventTemplate:
    """A ready template of a new tournament.

    Attributes:
        key: A short stable identifier ("two-round-team").
        name: What the new-tournament dialog lists.
        description: One or two sentences for the director.
        shootout: The shootout it plays (None: a regular tournament, tables balanced).
        team_formula: The team scoring it is scored by (None: no team event).
    """

    key: str
    name: str
    description: str
    shootout: ShootoutPlan | None = None
    team_formula: str | None = None


REGULAR = EventTemplate(
    "regular",
    "Regular tournament",
    "Tables balanced and broken as players go out, down to the final table.",
)

TWO_ROUND_TEAM_EVENT = EventTemplate(
    "two-round-team",
    "Two-round team event",
    "Round 1 at tables until one player is left at each, or 90 minutes (players out ranked by "
    "the order they went out, those left at the limit by their chips); round 2 the table "
    "winners with the chips they won. Scored by the team event's formula.",
    shootout=ShootoutPlan(first_round_minutes=90),
    team_formula=TEAM_EVENT_FORMULA,
)

#: The templates the new-tournament dialog offers, in its order.
TEMPLATES: tuple[EventTemplate, ...] = (REGULAR, TWO_ROUND_TEAM_EVENT)


def template_named(key: str) -> EventTemplate:
    """The template with this key.

    >>> template_named("nine-rounds")
    Traceback (most recent call last):
    ...
    clockapp.core.event_templates.TemplateError: No event template 'nine-rounds': choose one of regular, two-round-team.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    found = next((t for t in TEMPLATES if t.key == key), None)
    if found is None:
        keys = ", ".join(t.key for t in TEMPLATES)
        raise TemplateError(
            _("No event template {key!r}: choose one of {keys}.").format(key=key, keys=keys)
        )
    return found
