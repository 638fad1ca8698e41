"""The error every broken rule raises, shared by the pure layers (`core` and `poker`).

It lives at the top of the package, outside the layers, so both independent domain packages can
derive from it and the UI can catch one type and show its message.
"""

from __future__ import annotations


class DomainError(ValueError):
    """A rule of the tournament was broken; `str(error)` says which, in a director's words."""


class ValidationError(DomainError):
    """Input that cannot be accepted (a negative amount, a malformed import row, ...)."""


class OutageError(DomainError):
    """The database could not be reached, or stayed busy: nothing was changed.

    An outage is expected (a server restarted, a network that drops, another program holding the
    file), not a defect: it is shown and logged in a line, never with a traceback.
    """
