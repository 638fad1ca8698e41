"""The fields a text cell names ("Level {level}: {blinds}") and the text drawn from them.

A field is a name in braces; `{{` and `}}` write a brace. Anything else in braces (an unknown
name, a format such as `{level:>3}`, an attribute such as `{level.real}`, an empty `{}`) is
refused when the host types it, so the wall never meets a text it cannot draw; `render` refuses
a value the wall does not have, rather than drawing a hole.

>>> render("Level {level}: {blinds}", {"level": "3", "blinds": "100/200"})
'Level 3: 100/200'
>>> render("{{level}} is {level}", {"level": "3"})
'{level} is 3'
>>> render("Level {level}", {})
Traceback (most recent call last):
...
clockapp.core.layouts.fields.FieldError: The text needs {level}, which the wall does not have now.
"""

from __future__ import annotations

import string
from collections.abc import Mapping

from clockapp.errors import ValidationError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _

#: Every field a text cell may name, and what it says (in the host's words).
FIELDS = {
    "tournament": N_("the event's name"),
    "level": N_("the level number"),
    "blinds": N_("the blinds (100/200)"),
    "ante": N_("the ante"),
    "next_level": N_("the next level's blinds"),
    "break_in": N_("the time to the next break"),
    "players_left": N_("the players left"),
    "average_stack": N_("the average stack"),
    "chips_in_play": N_("the chips in play"),
    "prize_pool": N_("the prize pool"),
    "time_of_day": N_("the time of day"),
    "registration": N_("the registration line"),
}

#: A typical value of each field, to judge how wide a text is drawn.
SAMPLES = {
    "tournament": "Friday Night Deepstack",
    "level": "12",
    "blinds": "10,000/20,000",
    "ante": "20,000",
    "next_level": "15,000/30,000",
    "break_in": "1:05:00",
    "players_left": "128",
    "average_stack": "125,000",
    "chips_in_play": "16,000,000",
    "prize_pool": "$12,800",
    "time_of_day": "22:15",
    "registration": "Registration closed",
}


class FieldError(ValidationError):
    """A text with a field the wall does not know, a malformed brace, or a value it lacks."""


def _parts(text: str) -> list[tuple[str, str | None]]:
    """(literal, field or None) pieces of `text`; a `FieldError` for anything but a field."""
    known = ", ".join(f"{{{name}}}" for name in FIELDS)
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        raise FieldError(
            _(
                '"{text}" has an unpaired brace: write a field as {example}, a brace as {brace}.'
            ).format(text=text[:60], example="{level}", brace="{{")
        ) from None
    parts: list[tuple[str, str | None]] = []
    for literal, name, spec, conversion in parsed:
        if name is not None and (name not in FIELDS or spec or conversion):
            shown = "{" + name + (f"!{conversion}" if conversion else "")
            shown += (f":{spec}" if spec else "") + "}"
            raise FieldError(
                _('"{field}" is not a field; use one of: {fields}.').format(
                    field=shown[:40], fields=known
                )
            )
        parts.append((literal, name))
    return parts


def text_fields(text: str) -> tuple[str, ...]:
    """The fields `text` names, in order; a `FieldError` for one that is not a field.

    >>> text_fields("Level {level}: {blinds}")
    ('level', 'blinds')
    >>> text_fields("{levle} starts")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    clockapp.core.layouts.fields.FieldError: "{levle}" is not a field; use one of: {tournament}, ...
    """
    return tuple(name for _literal, name in _parts(text) if name is not None)


def render(text: str, values: Mapping[str, str]) -> str:
    """`text` with each field replaced by its value; a `FieldError` when a value is missing."""
    out: list[str] = []
    for literal, name in _parts(text):
        out.append(literal)
        if name is None:
            continue
        value = values.get(name)
        if value is None:
            raise FieldError(
                _("The text needs {field}, which the wall does not have now.").format(
                    field="{" + name + "}"
                )
            )
        out.append(value)
    return "".join(out)


def sample(text: str) -> str:
    """`text` drawn with typical values (how wide it comes out on the wall).

    >>> sample("Players: {players_left}")
    'Players: 128'
    """
    return render(text, SAMPLES)
