"""Domain errors: every rule a director can break raises one, with a message they can read.

The classes are defined in `clockapp.errors` so that `clockapp.poker` shares them.
"""

from __future__ import annotations

from clockapp.errors import DomainError, ValidationError

__all__ = ["DomainError", "ValidationError"]
