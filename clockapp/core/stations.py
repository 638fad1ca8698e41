"""Stations: who is acting, on which machine.

A station is the role a running clockapp plays (`Role`: the director's laptop, the cashier's desk,
the clock display on the wall) on one machine; `station_name` writes it as "cashier@laptop2", the
name recorded on every ledger row and change-log row the station makes. The director's PIN, which
unlocks the wall, has its rules in `clockapp.core.pin`.
"""

from __future__ import annotations

import enum

from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _


class Role(enum.StrEnum):
    """What a station may do: everything, the money and seats, or only show the clock."""

    DIRECTOR = "director"
    CASHIER = "cashier"
    DISPLAY = "display"


def parse_role(text: str) -> Role:
    """The role named on the command line (`--station cashier`).

    >>> parse_role(" Cashier ")
    <Role.CASHIER: 'cashier'>
    >>> parse_role("wall")
    Traceback (most recent call last):
    ...
    clockapp.errors.ValidationError: unknown station 'wall': choose director, cashier or display
    """
    try:
        return Role(text.strip().lower())
    except ValueError:
        names = [str(role) for role in Role]
        choices = ", ".join(names[:-1]) + f" or {names[-1]}"
        raise ValidationError(
            _("unknown station {text!r}: choose {choices}").format(text=text, choices=choices)
        ) from None


def station_name(role: Role | str, host: str) -> str:
    """The name a station's records carry: its role and its machine.

    >>> station_name(Role.CASHIER, "laptop2")
    'cashier@laptop2'
    >>> station_name("director", "  ")
    'director'
    """
    role_text = str(Role(role))
    host = "".join(host.split())[:80]
    return f"{role_text}@{host}" if host else role_text
