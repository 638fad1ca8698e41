"""The director's PIN: set, change and check it (the wall display unlocks with it).

The PIN is kept in the database's settings as a salted scrypt hash (`clockapp.core.pin`),
never in clear, so every station sharing the database asks for the same PIN. Setting or changing
it is one action: one write transaction that checks the current PIN first (the row locked), and
one change-log row naming the station that did it (never the PIN).

A PIN typed on the wall goes through `try_pin`, under the throttle the database keeps for every
station (wrong PINs in a row, and the wait they earned): a restarted display and a second display
go on from the same count.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from clockapp.core.pin import (
    SALT_BYTES,
    PinError,
    PinThrottle,
    check_new_pin,
    hash_pin,
    pin_matches,
)
from clockapp.i18n import gettext as _
from clockapp.persistence.queries import pin_throttle, settings
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change

#: The settings key of the PIN's hash.
PIN_KEY = "director_pin"


class PinVerdict(StrEnum):
    """What became of a PIN typed on the wall."""

    UNLOCKED = "unlocked"
    WRONG = "wrong"
    #: Not tried: too many wrong PINs in a row, and their wait is not over.
    WAIT = "wait"
    #: Not tried: the director has set no PIN.
    NO_PIN = "no pin"


@dataclass(frozen=True)
class PinTry:
    """A PIN typed on the wall: the verdict, the wrong PINs in a row now and the wait before
    the next try is accepted (zero: at once)."""

    verdict: PinVerdict
    failures: int = 0
    wait: timedelta = timedelta(0)


class StationService:
    """The director's PIN for this database."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    @property
    def station(self) -> str:
        """The name this station's records carry ("cashier@laptop2")."""
        return self._ctx.station

    def pin_is_set(self) -> bool:
        """Whether the director has set a PIN."""
        with self._ctx.reading() as session:
            return bool(settings.get(session, PIN_KEY))

    def check_pin(self, pin: str) -> bool:
        """Whether `pin` is the director's (False when none is set)."""
        with self._ctx.reading() as session:
            stored = settings.get(session, PIN_KEY)
        return bool(stored) and pin_matches(pin, stored or "")

    def try_pin(self, pin: str) -> PinTry:
        """Try `pin` on the wall's prompt, under the throttle every station shares.

        While the wait earned by wrong PINs runs, the PIN is not even compared (WAIT). Otherwise
        the try is counted as wrong before the slow comparison, in one locked transaction: two
        displays trying at the same moment are counted one after the other, and the database's
        write lock is not held while scrypt runs. A right PIN then clears the count. No
        change-log row: a try changes nothing any window shows.
        """
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            stored = settings.get(session, PIN_KEY)
            if not stored:
                return PinTry(PinVerdict.NO_PIN)
            throttle = pin_throttle.locked(session)
            wait = throttle.wait(now)
            if wait > timedelta(0):
                return PinTry(PinVerdict.WAIT, throttle.failures, wait)
            throttle = throttle.failed(now)
            pin_throttle.put(session, throttle)
        if not pin_matches(pin, stored):
            return PinTry(PinVerdict.WRONG, throttle.failures, throttle.wait(now))
        with self._ctx.transaction() as session:
            pin_throttle.put(session, PinThrottle())
        return PinTry(PinVerdict.UNLOCKED)

    def set_pin(self, new_pin: str, current_pin: str | None = None) -> Outcome[None]:
        """Set the director's PIN, or change it (then `current_pin` must be the one set).

        Raises:
            ValidationError: The new PIN is not 4 to 12 digits.
            PinError: A PIN is set and `current_pin` is not it.
        """
        new_pin = check_new_pin(new_pin)
        salt = secrets.token_bytes(SALT_BYTES)
        stored_new = hash_pin(new_pin, salt)  # slow on purpose: before the lock is taken
        with self._ctx.transaction() as session:
            stored = settings.get_locked(session, PIN_KEY)
            if stored and not pin_matches(current_pin or "", stored):
                raise PinError(_("The current PIN is not right: the PIN is unchanged."))
            settings.put(session, PIN_KEY, stored_new)
            summary = "director's PIN changed" if stored else "director's PIN set"
            changes = record_change(session, None, Change.NONE, summary, self._ctx.now())
        return Outcome(None, changes)
