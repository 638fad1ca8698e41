"""The director's PIN: set, change and check it (the wall display unlocks with it).

The PIN is kept in the database's settings as a salted scrypt hash (`clockapp.core.pin`),
never in clear, so every station sharing the database asks for the same PIN. Setting or changing
it is one action: one write transaction that checks the current PIN first (the row locked), and
one change-log row naming the station that did it (never the PIN).
"""

from __future__ import annotations

import secrets

from clockapp.core.pin import SALT_BYTES, PinError, check_new_pin, hash_pin, pin_matches
from clockapp.persistence.queries import settings
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change

#: The settings key of the PIN's hash.
PIN_KEY = "director_pin"


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
                raise PinError("The current PIN is not right: the PIN is unchanged.")
            settings.put(session, PIN_KEY, stored_new)
            summary = "director's PIN changed" if stored else "director's PIN set"
            changes = record_change(session, None, Change.NONE, summary, self._ctx.now())
        return Outcome(None, changes)
