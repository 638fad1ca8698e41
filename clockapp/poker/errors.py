"""Errors raised by the poker library, each with a message a tournament director can read.

`clockapp.poker` and `clockapp.core` are independent layers (import-linter forbids either to import
the other), so these errors cannot subclass `clockapp.core.errors.DomainError`. Like it, they are
`ValueError`s: a caller that catches `ValueError` (or `PokerError`) catches every rule broken
here.
"""

from __future__ import annotations


class PokerError(ValueError):
    """A poker rule or input was broken; `str(error)` says which, in a director's words."""


class CardError(PokerError):
    """Cards that cannot be read or used: an unknown rank or suit, a duplicate, a wrong count."""


class SettleError(PokerError):
    """Chip amounts, folds or a ranking from which a hand's money cannot be settled."""
