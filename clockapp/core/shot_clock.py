"""The shot clock: the director calls the clock on a player who is taking too long.

The usual rule: once the clock is called the player has a fixed time to act (60 seconds here), the
last 10 counted down out loud; at zero the dealer says "time" and the hand is dead. The call is
stored as its absolute end time (`ends_at`), so every station counts the same seconds from its
own injected clock, and a restart changes nothing.

>>> start = datetime(2026, 1, 1, 21, 0, tzinfo=UTC)
>>> shot = ShotClock.called("Alice", start)
>>> shot.seconds_left(start), shot.seconds_left(start + timedelta(seconds=59.2))
(60, 1)
>>> shot.is_time(start + timedelta(seconds=60)), shot.spoken(start + timedelta(seconds=51))
(True, '9')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _

#: The time a player has once the clock is called.
SECONDS = 60
#: The last seconds counted out loud.
COUNTED_ALOUD = 10
#: What the wall and the voice say at zero.
TIME = "TIME"


class ShotClockError(DomainError):
    """A shot clock that cannot be called."""


@dataclass(frozen=True)
class ShotClock:
    """A clock called on a player: who, where, and when the time runs out (aware UTC)."""

    player: str
    ends_at: datetime
    seconds: int = SECONDS
    seat: str = ""

    def __post_init__(self) -> None:
        if not self.player.strip():
            raise ShotClockError(_("The clock is called on a player: pick one."))
        if self.ends_at.tzinfo is None:
            raise ShotClockError(_("The shot clock's end time must be aware (UTC)."))
        if not 5 <= self.seconds <= 600:
            raise ShotClockError(_("The shot clock runs 5 seconds to 10 minutes."))

    @classmethod
    def called(
        cls, player: str, now: datetime, seconds: int = SECONDS, seat: str = ""
    ) -> ShotClock:
        """The clock called on `player` at `now`."""
        return cls(player, now + timedelta(seconds=seconds), seconds, seat)

    def seconds_left(self, now: datetime) -> int:
        """Whole seconds left, rounded up (60 at the call, 1 in the last second, then 0)."""
        left = (self.ends_at - now).total_seconds()
        return max(0, min(self.seconds, math.ceil(left)))

    def is_time(self, now: datetime) -> bool:
        """Whether the time has run out."""
        return now >= self.ends_at

    def spoken(self, now: datetime) -> str | None:
        """What is said aloud at `now`: the number in the last 10 seconds, "Time" at 0, else None.

        >>> s = ShotClock.called("Bob", datetime(2026, 1, 1, tzinfo=UTC))
        >>> [s.spoken(s.ends_at - timedelta(seconds=n)) for n in (11, 10, 1, 0)]
        [None, '10', '1', 'Time']
        """
        left = self.seconds_left(now)
        if left == 0:
            return _("Time")
        return str(left) if left <= COUNTED_ALOUD else None

    def to_payload(self) -> dict[str, Any]:
        """The wall's self-contained payload."""
        return {
            "player": self.player,
            "seat": self.seat,
            "seconds": self.seconds,
            "ends_at": self.ends_at.isoformat(),
        }

    @classmethod
    def from_payload(cls, payload: Any) -> ShotClock:
        """The shot clock in a wall payload; a `ShotClockError` when it is not one.

        >>> s = ShotClock.called("Cy", datetime(2026, 1, 1, tzinfo=UTC), seat="Table 2, seat 4")
        >>> ShotClock.from_payload(s.to_payload()) == s
        True
        """
        try:
            ends_at = datetime.fromisoformat(str(payload["ends_at"]))
            if ends_at.tzinfo is None:
                ends_at = ends_at.replace(tzinfo=UTC)
            return cls(
                str(payload["player"]),
                ends_at,
                int(payload.get("seconds", SECONDS)),
                str(payload.get("seat", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ShotClockError(_("The shot clock on the wall is not readable.")) from exc
