"""Errors raised by the poker library, each with a message a tournament director can read.

They are `clockapp.errors.DomainError`s (shared with `clockapp.core`, which poker may not
import), so the UI catches one type for every rule a director can break.
"""

from __future__ import annotations

from clockapp.errors import DomainError


class PokerError(DomainError):
    """A poker rule or input was broken; `str(error)` says which, in a director's words."""


class CardError(PokerError):
    """Cards that cannot be read or used: an unknown rank or suit, a duplicate, a wrong count."""


class SettleError(PokerError):
    """Chip amounts, folds or a ranking from which a hand's money cannot be settled."""
