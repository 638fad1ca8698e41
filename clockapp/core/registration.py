"""When registration is open: the one rule every way into the field follows.

Registration closes at a defined moment, whichever comes first:

* the end of the late registration level (and the break after it), when one is set;
* the first bust, when no late registration level is set (a field with no level would otherwise
  never close: players bought in after the winner was paid);
* the registration deadline, when one is set;
* the moment the director closes it (the director may also hold it open past the level or the
  first bust, until they close it again);
* the end of the tournament: nothing at all (buy-in, re-entry, rebuy, add-on) enters a finished
  tournament, whatever the director chose.

Everything here is pure: the caller says where the clock is and what happened
(`RegistrationFacts`); `registration_window` answers open or closed, with the sentence the
cashier reads out and the short line the wall shows.

>>> from datetime import UTC, datetime
>>> from clockapp.core.money.entries import ClockPosition
>>> now = datetime(2026, 11, 26, 20, tzinfo=UTC)
>>> facts = RegistrationFacts(ClockPosition(3), now, late_until_level=None, anyone_busted=True)
>>> window = registration_window(facts)
>>> window.open, window.wall
(False, 'Registration closed')
>>> window.reason
'Registration closed at the first bust (no late registration level is set).'
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from clockapp import formats
from clockapp.errors import DomainError
from clockapp.i18n import N_, pgettext
from clockapp.i18n import gettext as _

if TYPE_CHECKING:  # entries imports this module: the type is only named here
    from clockapp.core.money.entries import ClockPosition

#: What the cashier hears when anything is asked of a finished tournament.
#: In English: translate it where it is shown (`_(FINISHED_REASON)`).
FINISHED_REASON = N_("The tournament is over: nothing more can be bought or entered.")
#: Why registration, or a re-entry, is closed, by the word `registration_window` is given: one
#: sentence per case, since "Registration" and "Re-entry" do not decline alike in every language.
_CLOSED = {
    "Registration": {
        "director": N_("Registration is closed: the director closed it."),
        "clock": N_("Registration closed when the clock started (now {now})."),
        "level": N_("Registration closed after level {level} (now {now})."),
        "deadline": N_("Registration closed at the deadline, {time}."),
        "bust": N_("Registration closed at the first bust (no late registration level is set)."),
    },
    "Re-entry": {
        "director": N_("Re-entry is closed: the director closed it."),
        "clock": N_("Re-entry closed when the clock started (now {now})."),
        "level": N_("Re-entry closed after level {level} (now {now})."),
        "deadline": N_("Re-entry closed at the deadline, {time}."),
        "bust": N_("Re-entry closed at the first bust (no late registration level is set)."),
    },
}


class RegistrationStatus(StrEnum):
    """Where a registered player stands: the one word for it in every layer.

    The registration table's `status` column has this type (its stored strings are the
    values), the till's registrations and the registration records carry it.

    >>> RegistrationStatus("busted") is RegistrationStatus.BUSTED, str(RegistrationStatus.PLAYING)
    (True, 'playing')
    """

    PRE_REGISTERED = "pre-registered"  # on the list, not arrived
    CHECKED_IN = "checked-in"  # arrived, not paid
    PLAYING = "playing"  # bought in and still has chips
    BUSTED = "busted"  # out (may rebuy or re-enter where the rules allow)
    WITHDRAWN = "withdrawn"  # taken off the list before buying in


class RegistrationClosed(DomainError):
    """Registration is closed; the message says when and why."""


class RegistrationMode(StrEnum):
    """What the director chose: follow the rules, closed now, or held open."""

    AUTO = "auto"  # the late registration level, the first bust, the deadline
    CLOSED = "closed"  # the director closed it
    OPEN = "open"  # the director reopened it: open past the level and the first bust

    @classmethod
    def parse(cls, value: str) -> RegistrationMode:
        """The mode stored as `value` (an unknown value follows the rules).

        >>> RegistrationMode.parse("closed"), RegistrationMode.parse("")
        (<RegistrationMode.CLOSED: 'closed'>, <RegistrationMode.AUTO: 'auto'>)
        """
        try:
            return cls(value)
        except ValueError:
            return cls.AUTO


@dataclass(frozen=True)
class RegistrationFacts:
    """What decides whether registration is open.

    Attributes:
        position: Where the clock is.
        now: The current time, tz-aware (injected).
        late_until_level: Open through this level and the break after it (0: closes when the
            clock starts); None: no level is set, so the first bust closes it.
        deadline: A tz-aware time after which nobody may register (None: none).
        anyone_busted: Whether any player is out (a bust standing, not undone).
        mode: The director's choice.
        finished: The tournament is over (one player left, or a deal ended it).
    """

    position: ClockPosition
    now: datetime
    late_until_level: int | None = None
    deadline: datetime | None = None
    anyone_busted: bool = False
    mode: RegistrationMode = RegistrationMode.AUTO
    finished: bool = False


@dataclass(frozen=True)
class RegistrationWindow:
    """Whether registration is open, why not, and the wall's line.

    Attributes:
        open: A new player (or a re-entry following registration) may enter now.
        reason: Why it is closed, as the cashier says it ("" when open).
        wall: The short line the clock shows ("Late registration until level 6",
            _("Registration closed")).
    """

    open: bool
    reason: str
    wall: str

    def check(self) -> None:
        """Raise `RegistrationClosed` with the reason when closed.

        >>> RegistrationWindow(False, "Closed.", _("Registration closed")).check()
        Traceback (most recent call last):
        ...
        clockapp.core.registration.RegistrationClosed: Closed.
        """
        if not self.open:
            raise RegistrationClosed(self.reason)


def _format_time(moment: datetime) -> str:
    # Directors read the wall clock of the room: show the deadline in the machine's local time.
    local = moment.astimezone()
    return pgettext("a deadline's date and time", "{date} {time}").format(
        date=local.date().isoformat(), time=formats.time_of_day(local)
    )


def registration_window(
    facts: RegistrationFacts,
    *,
    what: str = "Registration",
    last_level: int | None = None,
    first_bust_closes: bool = True,
) -> RegistrationWindow:
    """Whether `what` (registration, or a re-entry that follows it) is open now.

    Args:
        facts: The clock, the field and the director's choice.
        what: Which window, "Registration" or "Re-entry" (a key, not shown: each has its own
            sentences).
        last_level: A level of its own that replaces `facts.late_until_level` (a re-entry
            window); None follows late registration.
        first_bust_closes: With no level set, the first bust closes it (False for a re-entry,
            which by its nature follows a bust: it then closes by the director or the deadline).

    >>> from datetime import UTC
    >>> from clockapp.core.money.entries import ClockPosition
    >>> now = datetime(2026, 11, 26, 20, tzinfo=UTC)
    >>> registration_window(RegistrationFacts(ClockPosition(4), now, late_until_level=6)).wall
    'Late registration until level 6'
    >>> registration_window(RegistrationFacts(ClockPosition(7), now, late_until_level=6)).reason
    'Registration closed after level 6 (now level 7).'
    >>> registration_window(RegistrationFacts(ClockPosition(2), now, mode=RegistrationMode.CLOSED,
    ...                                       late_until_level=6)).reason
    'Registration is closed: the director closed it.'
    >>> registration_window(RegistrationFacts(ClockPosition(9), now, mode=RegistrationMode.OPEN,
    ...                                       late_until_level=6)).open
    True
    >>> registration_window(RegistrationFacts(ClockPosition(9), now, finished=True,
    ...                                       mode=RegistrationMode.OPEN)).reason
    'The tournament is over: nothing more can be bought or entered.'
    """
    closed = _CLOSED.get(what, _CLOSED["Registration"])
    if facts.finished:
        return RegistrationWindow(False, _(FINISHED_REASON), _("Registration closed"))
    if facts.mode is RegistrationMode.CLOSED:
        return RegistrationWindow(False, _(closed["director"]), _("Registration closed"))
    if facts.mode is RegistrationMode.OPEN:
        return RegistrationWindow(True, "", _("Registration open"))
    level = last_level if last_level is not None else facts.late_until_level
    position = facts.position
    if level is not None and position.level > level:
        if level == 0:
            reason = _(closed["clock"]).format(now=position.describe())
        else:
            reason = _(closed["level"]).format(level=level, now=position.describe())
        return RegistrationWindow(False, reason, _("Registration closed"))
    if facts.deadline is not None and facts.now >= facts.deadline:
        return RegistrationWindow(
            False,
            _(closed["deadline"]).format(time=_format_time(facts.deadline)),
            _("Registration closed"),
        )
    if level is None and first_bust_closes and facts.anyone_busted:
        return RegistrationWindow(
            False,
            _(closed["bust"]),
            _("Registration closed"),
        )
    if level is None:
        wall = (
            _("Registration open until the first bust")
            if first_bust_closes
            else _("Registration open")
        )
    elif level == 0:
        wall = _("Registration closes when the clock starts")
    else:
        wall = _("Late registration until level {level}").format(level=level)
    return RegistrationWindow(True, "", wall)


def check_not_finished(finished: bool) -> None:
    """Refuse anything bought in a finished tournament (rebuys and add-ons too).

    >>> check_not_finished(True)
    Traceback (most recent call last):
    ...
    clockapp.core.registration.RegistrationClosed: The tournament is over: nothing more can be \
bought or entered.
    """
    if finished:
        raise RegistrationClosed(_(FINISHED_REASON))
