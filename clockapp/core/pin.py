"""The director's PIN, which unlocks the wall display: its rules, its stored form, its throttle.

The PIN is never stored: `hash_pin` derives a salted scrypt hash (the salt is given by the caller,
random per PIN), `pin_matches` compares in constant time, and `PinThrottle` says how long a prompt
waits after repeated wrong PINs. Stdlib only, no I/O: the salt and the time come from outside.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from clockapp.errors import DomainError, ValidationError

#: The shortest and longest PIN a director may choose (digits only: typed on a wall display's
#: keyboard, often a numeric keypad).
PIN_MIN_DIGITS = 4
PIN_MAX_DIGITS = 12
#: The length the PIN dialog suggests: the throttle holds a guesser at the wall, but a copy of
#: the database lets anyone try every PIN against the hash, and each digit makes that ten times
#: longer.
PIN_SUGGESTED_DIGITS = 6

# scrypt's cost (16 MiB, about 0.1 s): slow enough to make guessing a stolen hash costly, quick
# enough for a prompt. Stored with each hash so it can be raised later without breaking old PINs.
_SCRYPT_N = 2**14
_SCRYPT_R = 8
_SCRYPT_P = 1
_KEY_BYTES = 32
SALT_BYTES = 16

#: Wrong PINs allowed before the prompt makes the next try wait, and the wait (doubling on, up
#: to the longest: a director who mistypes a few times waits seconds, a guesser a quarter of an
#: hour a try, about 100 days for every 4-digit PIN).
FREE_TRIES = 3
FIRST_WAIT = timedelta(seconds=5)
LONGEST_WAIT = timedelta(minutes=15)
# Doublings past which the wait is the longest anyway: the exponent stops there, so a count of
# wrong PINs in the thousands never builds a wait too large for a timedelta.
_DOUBLINGS = (LONGEST_WAIT // FIRST_WAIT).bit_length()


class PinError(DomainError):
    """A PIN that cannot be used or is not the director's."""


def check_new_pin(pin: str) -> str:
    """The PIN a director chose, if it is one: 4 to 12 digits (spaces around are ignored).

    >>> check_new_pin(" 2468 ")
    '2468'
    >>> check_new_pin("12a4")
    Traceback (most recent call last):
    ...
    clockapp.errors.ValidationError: A PIN is 4 to 12 digits (0-9), nothing else.
    """
    pin = pin.strip()
    if not (pin.isascii() and pin.isdigit() and PIN_MIN_DIGITS <= len(pin) <= PIN_MAX_DIGITS):
        raise ValidationError(
            f"A PIN is {PIN_MIN_DIGITS} to {PIN_MAX_DIGITS} digits (0-9), nothing else."
        )
    return pin


def hash_pin(pin: str, salt: bytes) -> str:
    """The stored form of `pin`: scrypt's parameters, the salt and the derived key, in hex.

    >>> stored = hash_pin("2468", bytes(16))
    >>> stored.split("$")[:4]
    ['scrypt', '16384', '8', '1']
    >>> "2468" in stored
    False
    """
    if len(salt) < SALT_BYTES:
        raise ValueError("the salt must be at least 16 random bytes")
    key = _derive(pin, salt, _SCRYPT_N, _SCRYPT_R, _SCRYPT_P)
    return f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}${salt.hex()}${key.hex()}"


def pin_matches(pin: str, stored: str) -> bool:
    """Whether `pin` is the one `stored` was made from (compared in constant time).

    >>> stored = hash_pin("2468", bytes(range(16)))
    >>> pin_matches("2468", stored), pin_matches("2469", stored), pin_matches("2468", "junk")
    (True, False, False)
    """
    try:
        scheme, n, r, p, salt_hex, key_hex = stored.split("$")
        if scheme != "scrypt":
            return False
        salt, key = bytes.fromhex(salt_hex), bytes.fromhex(key_hex)
        given = _derive(pin.strip(), salt, int(n), int(r), int(p))
    except ValueError:
        return False
    import hmac  # with hashlib: loaded when a PIN is set or checked

    return hmac.compare_digest(given, key)


def _derive(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    import hashlib  # OpenSSL's bindings: loaded when a PIN is set or checked, not at start-up

    return hashlib.scrypt(
        pin.encode(), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=_KEY_BYTES
    )


@dataclass(frozen=True)
class PinThrottle:
    """Wrong PINs in a row, and until when the prompt refuses another try.

    >>> from datetime import UTC
    >>> t0 = datetime(2026, 1, 1, tzinfo=UTC)
    >>> throttle = PinThrottle()
    >>> for _ in range(3):
    ...     throttle = throttle.failed(t0)
    >>> throttle.wait(t0).seconds
    5
    >>> throttle.failed(t0 + timedelta(seconds=5)).wait(t0 + timedelta(seconds=5)).seconds
    10
    >>> throttle.succeeded().wait(t0)
    datetime.timedelta(0)
    """

    failures: int = 0
    until: datetime | None = None

    def wait(self, now: datetime) -> timedelta:
        """How long until the next try is accepted (zero: now), never more than `LONGEST_WAIT`
        (stations sharing the throttle may disagree on the time)."""
        if self.until is None or now >= self.until:
            return timedelta(0)
        return min(self.until - now, LONGEST_WAIT)

    def failed(self, now: datetime) -> PinThrottle:
        """One more wrong PIN at `now`: after `FREE_TRIES`, each one waits twice as long."""
        failures = self.failures + 1
        if failures < FREE_TRIES:
            return replace(self, failures=failures)
        wait = min(FIRST_WAIT * 2 ** min(failures - FREE_TRIES, _DOUBLINGS), LONGEST_WAIT)
        return PinThrottle(failures, now + wait)

    def succeeded(self) -> PinThrottle:
        """The right PIN: start counting again."""
        return PinThrottle()
