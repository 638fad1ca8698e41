"""Optional parts (sound, speech, the bundled font, printing): loaded in a guard, reported once.

Nothing the clock must do depends on them. Each is loaded lazily through `OptionalParts.load`:
a failure (a Qt module that cannot load without libpulse0, a missing font file, a broken audio
device) is logged with its traceback, remembered so it is not tried again, and announced once
through `unavailable(message)`, which the station shows on the director's screen (never on the
wall). The clock carries on without the part.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject, Signal

from clockapp.i18n import N_
from clockapp.i18n import gettext as _

T = TypeVar("T")

log = logging.getLogger(__name__)


class Part(enum.StrEnum):
    """The optional parts of the app."""

    SOUND = "sound"
    SPEECH = "speech"
    FONT = "font"
    PRINTING = "printing"


#: What the director reads when a part is off; `{reason}` is the error's own text.
NOTICES = {
    Part.SOUND: N_(
        "Sound cues are off: this computer cannot play them ({reason}). {hint}"
        "The clock keeps running."
    ),
    Part.SPEECH: N_(
        "Spoken announcements are off: this computer cannot speak them ({reason}). "
        "{hint}The clock keeps running."
    ),
    Part.FONT: N_(
        "The clock's font could not be loaded ({reason}); a system font is used instead."
    ),
    Part.PRINTING: N_("Printing is not available on this computer ({reason})."),
}
#: Shown when a part failed because a shared library is missing (Debian and Ubuntu names).
PULSE_HINT = N_("On Debian or Ubuntu, install the libpulse0 package and restart clockapp. ")


def notice(part: Part, error: BaseException | str) -> str:
    """The one-line notice for the director when `part` failed with `error`.

    >>> notice(Part.FONT, "InterDisplay-Bold.otf is missing")
    "The clock's font could not be loaded (InterDisplay-Bold.otf is missing); a system font is used instead."
    """  # noqa: E501 - a doctest output line cannot wrap
    reason = str(error).strip() or type(error).__name__
    hint = _(PULSE_HINT) if "libpulse" in reason else ""
    return _(NOTICES[part]).format(reason=reason, hint=hint)


class OptionalParts(QObject):
    """Loads optional parts inside a guard and reports each failure once."""

    unavailable = Signal(str)  # a notice for the director, once per part

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._failed: dict[Part, str] = {}

    def load(self, part: Part, loader: Callable[[], T]) -> T | None:
        """`loader()`, or None if it raises (reported once) or `part` failed before."""
        if part in self._failed:
            return None
        try:
            return loader()
        except Exception as error:  # any failure of an optional part: never the clock's problem
            self.report(part, error)
            return None

    def report(self, part: Part, error: BaseException | str) -> None:
        """Mark `part` as unavailable: log it and tell the director (the first time only)."""
        if part in self._failed:
            return
        message = notice(part, error)
        self._failed[part] = message
        if isinstance(error, BaseException):
            log.warning("optional part %s is off", part, exc_info=error)
        else:
            log.warning("optional part %s is off: %s", part, error)
        self.unavailable.emit(message)

    def failed(self, part: Part) -> bool:
        """Whether `part` has failed (and is no longer tried)."""
        return part in self._failed

    def notices(self) -> tuple[str, ...]:
        """Every notice given so far, oldest first."""
        return tuple(self._failed.values())
