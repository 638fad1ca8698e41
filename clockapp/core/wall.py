"""What the wall shows over the clock: one moment at a time, driven from the director's laptop.

A `WallMoment` is a kind (the showdown, a ruling, the chip race, the chip leaders, the shot clock,
the estimated end, break slides, team standings, a mystery-bounty draw, the bounty board, a
message) and a JSON-able payload the kind's widget on the wall reads. It is stored with the
tournament, so a wall on another station shows it too, and it stays until the director clears it
or shows another.

>>> when = datetime(2026, 1, 1, tzinfo=UTC)
>>> m = WallMoment("shot_clock", {"player": "Alice", "seconds": 60}, since=when)
>>> WallMoment.from_json(m.to_json()) == m
True
>>> WallMoment.from_json('{"kind": 3}')
Traceback (most recent call last):
...
clockapp.core.wall.WallError: The wall's stored moment is not readable: its kind is not a name.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _

#: The kinds the wall knows; each has a widget in `clockapp.ui.wall`.
MESSAGE = "message"
SHOWDOWN = "showdown"
RULING = "ruling"
CHIP_RACE = "chip_race"
CHIP_LEADERS = "chip_leaders"
SHOT_CLOCK = "shot_clock"
ESTIMATE = "estimate"
SLIDES = "slides"
HOUSE_RULES = "house_rules"
TEAM_STANDINGS = "team_standings"
MYSTERY_DRAW = "mystery_draw"
BOUNTY_BOARD = "bounty_board"
LEAGUE_STANDINGS = "league_standings"

#: A payload larger than this is refused (a wall moment is a screenful, not a file).
MAX_PAYLOAD_CHARS = 200_000


class WallError(DomainError):
    """A moment the wall cannot show."""


@dataclass(frozen=True)
class WallMoment:
    """One moment on the wall: its kind, what it shows, and since when (aware UTC)."""

    kind: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    since: datetime | None = None

    def to_json(self) -> str:
        """The stored text; refuses a payload that is not plain JSON or too large."""
        try:
            text = json.dumps(
                {
                    "kind": self.kind,
                    "payload": dict(self.payload),
                    "since": None if self.since is None else self.since.isoformat(),
                },
                sort_keys=True,
                allow_nan=False,
            )
        except (TypeError, ValueError) as exc:
            raise WallError(
                _("The wall cannot show this {kind}: {exc}.").format(kind=self.kind, exc=exc)
            ) from exc
        if len(text) > MAX_PAYLOAD_CHARS:
            raise WallError(
                _("The wall cannot show this {kind}: it is too large.").format(kind=self.kind)
            )
        return text

    @classmethod
    def from_json(cls, text: str) -> WallMoment:
        """The moment stored as `text`; a `WallError` when it is not one."""
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise WallError(_("The wall's stored moment is not readable.")) from exc
        if not isinstance(data, dict):
            raise WallError(_("The wall's stored moment is not readable."))
        kind, payload, since = data.get("kind"), data.get("payload", {}), data.get("since")
        if not isinstance(kind, str) or not kind:
            raise WallError(_("The wall's stored moment is not readable: its kind is not a name."))
        if not isinstance(payload, dict):
            raise WallError(_("The wall's stored moment is not readable: no payload."))
        when = None
        if isinstance(since, str):
            try:
                when = datetime.fromisoformat(since)
            except ValueError as exc:
                raise WallError(_("The wall's stored moment has a bad time.")) from exc
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
        return cls(kind, payload, when)
