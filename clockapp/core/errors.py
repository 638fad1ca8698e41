"""Domain errors: every rule a director can break raises one, with a message they can read."""

from __future__ import annotations


class DomainError(ValueError):
    """A rule of the tournament was broken; `str(error)` says which, in a director's words."""


class ValidationError(DomainError):
    """Input that cannot be accepted (a negative amount, a malformed import row, ...)."""
