"""Events the host defines: when something happens, what the room hears and sees.

A `HostEvent` pairs a trigger (N minutes before a level ends, a break starts or ends, K players
left, the money bubble, the final table, a time of day) with its actions (a sound, a spoken text,
a message on the wall for some seconds). `due_occurrences` compares the tournament's facts a
moment ago with its facts now and lists the occurrences that fell due, each with a stable key
(the event's id and the level, the count or the day): the app claims each key once, so an
occurrence is not fired again after an undo, a restart, or on a second display.

>>> from datetime import UTC, datetime, timedelta
>>> from clockapp.core.structure import Break, Level, Structure
>>> from clockapp.core.clock import ClockState, start
>>> s = Structure("S", (Level(5, 10, minutes=20), Break(10)))
>>> t = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
>>> clock = start(ClockState(), s, t)
>>> five = HostEvent(1, Trigger.MINUTES_BEFORE_END, 5, wall_text="{minutes} minutes left")
>>> before = TournamentFacts(t + timedelta(minutes=14, seconds=59), clock, 9)
>>> now = TournamentFacts(t + timedelta(minutes=15), clock, 9)
>>> [(o.key, o.wall_text) for o in due_occurrences((five,), s, before, now, UTC)]
[('1:level:0', '5 minutes left')]
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from datetime import datetime, time, timedelta, tzinfo
from enum import StrEnum

from clockapp import formats
from clockapp.core.clock import ClockEvent, ClockState, EventKind, events_between, view
from clockapp.core.clock.state import duration_ms
from clockapp.core.structure import Level, Structure
from clockapp.errors import DomainError
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _

#: The sounds shipped with the app, by the name a host event stores (the WAV file's stem).
BUILT_IN_SOUNDS = ("level", "warning", "break_start", "break_end")
#: The fields a spoken text or a wall message may use, and what each says (translate it where
#: it is shown: `_(FIELDS[name])`). The names stay as they are: the host types them.
FIELDS = {
    "level": N_("the level number"),
    "blinds": N_("the blinds (100/200)"),
    "players_left": N_("the players left"),
    "break_minutes": N_("the length of the break"),
    "minutes": N_("the minutes the trigger names"),
    "tables": N_("the tables in play"),
    "paid": N_("the places paid"),
}
#: How long a wall message may stay up.
MIN_SECONDS, MAX_SECONDS = 3, 600
#: A spoken text or a wall message is a sentence or two, not a page.
MAX_TEXT_CHARS = 300
#: The longest a "minutes before the level ends" trigger may be.
MAX_MINUTES = 240


class HostEventError(DomainError):
    """A host event the app cannot keep (an unknown field, seconds out of range...)."""


class Trigger(StrEnum):
    """When a host event fires."""

    MINUTES_BEFORE_END = "minutes before a level ends"
    BREAK_STARTED = "a break starts"
    BREAK_ENDED = "a break ends"
    PLAYERS_LEFT = "players left"
    MONEY_BUBBLE = "the money bubble"
    FINAL_TABLE = "the final table"
    TIME_OF_DAY = "a time of day"

    @property
    def label(self) -> str:
        """The trigger in the current language (its value is the stored English key).

        >>> Trigger.MONEY_BUBBLE.label
        'the money bubble'
        """
        return _(TRIGGER_LABELS[self])


#: What each trigger is called where a person reads it (translated by `Trigger.label`).
TRIGGER_LABELS = {
    Trigger.MINUTES_BEFORE_END: N_("minutes before a level ends"),
    Trigger.BREAK_STARTED: N_("a break starts"),
    Trigger.BREAK_ENDED: N_("a break ends"),
    Trigger.PLAYERS_LEFT: N_("players left"),
    Trigger.MONEY_BUBBLE: N_("the money bubble"),
    Trigger.FINAL_TABLE: N_("the final table"),
    Trigger.TIME_OF_DAY: N_("a time of day"),
}

#: The triggers that look at counts, not at the clock: a change of the field can fire them.
COUNT_TRIGGERS = frozenset({Trigger.PLAYERS_LEFT, Trigger.MONEY_BUBBLE, Trigger.FINAL_TABLE})


def text_fields(text: str) -> tuple[str, ...]:
    """The fields `text` names, in order; a `HostEventError` for a malformed one.

    >>> text_fields("Level {level}: {blinds}")
    ('level', 'blinds')
    >>> text_fields("{levle} starts")
    Traceback (most recent call last):
    ...
    clockapp.core.host_events.HostEventError: "{levle}" is not a field; use one of: {level}, \
{blinds}, {players_left}, {break_minutes}, {minutes}, {tables}, {paid}.
    """
    known = ", ".join(f"{{{name}}}" for name in FIELDS)
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError:
        raise HostEventError(
            f'"{text}" has an unmatched brace: write a field as {{level}}, a brace as {{{{.'
        ) from None
    names: list[str] = []
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if name not in FIELDS or spec or conversion:
            raise HostEventError(f'"{{{name}}}" is not a field; use one of: {known}.')
        names.append(name)
    return tuple(names)


@dataclass(frozen=True)
class HostEvent:
    """One event the host defined: its trigger and what it does.

    Attributes:
        id: The stored event's id (0 before it is saved).
        trigger: When it fires.
        minutes: Minutes before the level ends (`MINUTES_BEFORE_END`).
        players: The players left that fire it (`PLAYERS_LEFT`, 2 or more).
        at: The local time of day (`TIME_OF_DAY`), "HH:MM".
        sound: "" for none, a built-in sound's name (`BUILT_IN_SOUNDS`) or a file's path.
        spoken: A text to speak, with fields such as {level}.
        wall_text: A message for the wall, with fields.
        seconds: How long the wall message stays up.

    >>> HostEvent(0, Trigger.PLAYERS_LEFT, players=1)
    Traceback (most recent call last):
    ...
    clockapp.core.host_events.HostEventError: Players left must be 2 or more (1 is the winner).
    >>> HostEvent(0, Trigger.FINAL_TABLE, wall_text="Final table!", seconds=2)
    Traceback (most recent call last):
    ...
    clockapp.core.host_events.HostEventError: The message stays up 3 to 600 seconds, not 2.
    """

    id: int
    trigger: Trigger
    minutes: int = 0
    players: int = 0
    at: str = ""
    sound: str = ""
    spoken: str = ""
    wall_text: str = ""
    seconds: int = 10

    def __post_init__(self) -> None:
        if not isinstance(self.trigger, Trigger):
            raise HostEventError(f"{self.trigger!r} is not a trigger the app knows.")
        if self.trigger is Trigger.MINUTES_BEFORE_END and not 1 <= self.minutes <= MAX_MINUTES:
            raise HostEventError(
                f"Minutes before the level ends must be 1 to {MAX_MINUTES}, not {self.minutes}."
            )
        if self.trigger is Trigger.PLAYERS_LEFT and self.players < 2:
            raise HostEventError(
                f"Players left must be 2 or more ({self.players} is the winner)."
                if self.players == 1
                else f"Players left must be 2 or more, not {self.players}."
            )
        if self.trigger is Trigger.TIME_OF_DAY:
            parse_time_of_day(self.at)
        for what, text in (("spoken text", self.spoken), ("wall message", self.wall_text)):
            if len(text) > MAX_TEXT_CHARS:
                raise HostEventError(
                    f"The {what} is longer than {MAX_TEXT_CHARS} characters; keep it short."
                )
            text_fields(text)
        if not MIN_SECONDS <= self.seconds <= MAX_SECONDS:
            raise HostEventError(
                f"The message stays up {MIN_SECONDS} to {MAX_SECONDS} seconds, not {self.seconds}."
            )
        if not (self.sound or self.spoken.strip() or self.wall_text.strip()):
            raise HostEventError("The event does nothing: choose a sound, a text or a message.")

    def when(self) -> str:
        """The trigger in a few words: '5 minutes before a level ends', '10 players left'.

        >>> HostEvent(0, Trigger.PLAYERS_LEFT, players=10, sound="level").when()
        '10 players left'
        """
        if self.trigger is Trigger.MINUTES_BEFORE_END:
            return ngettext(
                "{count} minute before a level ends",
                "{count} minutes before a level ends",
                self.minutes,
            ).format(count=self.minutes)
        if self.trigger is Trigger.PLAYERS_LEFT:
            return ngettext("{count} player left", "{count} players left", self.players).format(
                count=formats.number(self.players)
            )
        if self.trigger is Trigger.TIME_OF_DAY:
            try:
                at = formats.time_of_day(parse_time_of_day(self.at))
            except HostEventError:
                at = self.at
            return _("at {time}").format(time=at)
        return self.trigger.label

    def what(self) -> str:
        """What it does, in a few words: 'sound level · says "..." · wall 10 s'.

        The texts the host typed are shown as typed; the words around them are translated.

        >>> HostEvent(0, Trigger.FINAL_TABLE, sound="level", wall_text="Final!", seconds=8).what()
        'sound level · wall "Final!" for 8 s'
        """
        parts = []
        if self.sound:
            parts.append(_("sound {name}").format(name=self.sound.rsplit("/", 1)[-1]))
        if self.spoken:
            parts.append(_('says "{text}"').format(text=self.spoken))
        if self.wall_text:
            parts.append(
                ngettext(
                    'wall "{text}" for {seconds} s', 'wall "{text}" for {seconds} s', self.seconds
                ).format(text=self.wall_text, seconds=self.seconds)
            )
        # A list of separate parts, not a sentence: the separator is the same in every language.
        return " · ".join(parts)


def parse_time_of_day(text: str) -> time:
    """The time of day written "HH:MM" (24-hour clock).

    >>> parse_time_of_day("23:30")
    datetime.time(23, 30)
    >>> parse_time_of_day("25:00")
    Traceback (most recent call last):
    ...
    clockapp.core.host_events.HostEventError: "25:00" is not a time of day; write it as 23:30.
    """
    hours, colon, minutes = text.strip().partition(":")
    try:
        if not colon or len(minutes) != 2:
            raise ValueError(text)
        return time(int(hours), int(minutes))
    except ValueError:
        raise HostEventError(f'"{text}" is not a time of day; write it as 23:30.') from None


@dataclass(frozen=True)
class TournamentFacts:
    """What a host event's trigger looks at, at one moment.

    Attributes:
        at: The moment (aware).
        state: The clock state.
        players_left: The players still in.
        paid: The places paid (0: no payout table yet, so no bubble).
        tables: The tables in play (0: the room is not seated).
    """

    at: datetime
    state: ClockState
    players_left: int
    paid: int = 0
    tables: int = 0


@dataclass(frozen=True)
class Occurrence:
    """One firing of a host event: its play-once key and the texts with the fields filled."""

    key: str
    event: HostEvent
    spoken: str
    wall_text: str

    @property
    def sound(self) -> str:
        """The event's sound ("" for none)."""
        return self.event.sound

    @property
    def seconds(self) -> int:
        """How long the wall message stays up."""
        return self.event.seconds


def field_values(structure: Structure, facts: TournamentFacts, event: HostEvent) -> dict[str, str]:
    """What each field says at `facts` (the level and blinds of the clock shown then).

    >>> from datetime import UTC, datetime
    >>> from clockapp.core.structure import Level, Structure
    >>> from clockapp.core.clock import ClockState
    >>> s = Structure("S", (Level(100, 200, minutes=20),))
    >>> t = datetime(2025, 1, 1, tzinfo=UTC)
    >>> v = field_values(s, TournamentFacts(t, ClockState(), 12), HostEvent(1, Trigger.FINAL_TABLE, sound="level"))
    >>> v["blinds"], v["players_left"], v["level"]
    ('100/200', '12', '1')
    """  # noqa: E501
    shown = view(facts.state, structure, facts.at)
    item = shown.item
    level = item if isinstance(item, Level) else shown.next_level
    number = shown.level_number if isinstance(item, Level) else shown.next_level_number
    breaks = [i for i in structure.levels[shown.index :] if i.is_break]
    break_minutes = item.minutes if item.is_break else (breaks[0].minutes if breaks else 0)
    return {
        "level": "" if number is None else str(number),
        "blinds": ""
        if level is None
        else f"{formats.chips(level.small_blind)}/{formats.chips(level.big_blind)}",
        "players_left": str(facts.players_left),
        "break_minutes": str(break_minutes),
        "minutes": str(event.minutes),
        "tables": str(facts.tables),
        "paid": str(facts.paid),
    }


def fill(text: str, values: dict[str, str]) -> str:
    """`text` with its fields filled in.

    >>> fill("{players_left} left", {"players_left": "9"})
    '9 left'
    """
    return text.format_map(values)


def _level_end_keys(
    event: HostEvent, structure: Structure, before: TournamentFacts, now: TournamentFacts
) -> list[str]:
    """The levels whose "N minutes left" moment fell in (before.at, now.at]."""
    keys: list[str] = []
    for at in (before.at, now.at):
        shown = view(now.state, structure, at)
        if not shown.running or shown.ends_at is None or shown.is_break:
            continue
        warn_at = shown.ends_at - timedelta(minutes=event.minutes)
        begins = shown.ends_at - timedelta(milliseconds=duration_ms(shown.item))
        key = f"{event.id}:level:{shown.index}"
        if begins < warn_at and before.at < warn_at <= now.at and key not in keys:
            keys.append(key)
    return keys


def _crossed(before: int, now: int, mark: int) -> bool:
    """The count went down to `mark` or past it."""
    return before > mark >= now


def due_occurrences(
    events: tuple[HostEvent, ...],
    structure: Structure,
    before: TournamentFacts | None,
    now: TournamentFacts,
    zone: tzinfo,
) -> tuple[Occurrence, ...]:
    """The occurrences of `events` that fell due between `before` and `now`.

    Time triggers look at the clock as it is now over (before.at, now.at]; count triggers fire
    when the count went down to their mark, so nothing fires when `before` is None (the first
    look after a start: nothing is known to have changed). `zone` is the room's time zone, for
    a time of day. The key names the occurrence: the same level, count or day gives the same key.

    >>> from datetime import UTC, datetime
    >>> from clockapp.core.structure import Level, Structure
    >>> from clockapp.core.clock import ClockState
    >>> s = Structure("S", (Level(5, 10, minutes=20),))
    >>> t = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
    >>> ten = HostEvent(2, Trigger.PLAYERS_LEFT, players=10, spoken="{players_left} to go")
    >>> old, new = TournamentFacts(t, ClockState(), 12), TournamentFacts(t, ClockState(), 9)
    >>> [(o.key, o.spoken) for o in due_occurrences((ten,), s, old, new, UTC)]
    [('2:players:10', '9 to go')]
    >>> due_occurrences((ten,), s, None, new, UTC)
    ()
    """
    if before is None:
        before = TournamentFacts(
            now.at, now.state, now.players_left, paid=now.paid, tables=now.tables
        )
        counts_known = False
    else:
        counts_known = True
    due: list[Occurrence] = []
    clock_events: tuple[ClockEvent, ...] = ()
    if before.at < now.at and now.state.index < len(structure.levels):
        clock_events = events_between(now.state, structure, before.at, now.at)
    for event in events:
        keys: list[str] = []
        trigger = event.trigger
        if trigger is Trigger.MINUTES_BEFORE_END:
            keys = _level_end_keys(event, structure, before, now)
        elif trigger in (Trigger.BREAK_STARTED, Trigger.BREAK_ENDED):
            kind = (
                EventKind.BREAK_STARTED
                if trigger is Trigger.BREAK_STARTED
                else EventKind.BREAK_ENDED
            )
            keys = [f"{event.id}:break:{e.index}" for e in clock_events if e.kind is kind]
        elif trigger is Trigger.TIME_OF_DAY and before.at < now.at:
            wanted = parse_time_of_day(event.at)
            local = now.at.astimezone(zone)
            moment = local.replace(hour=wanted.hour, minute=wanted.minute, second=0, microsecond=0)
            if before.at < moment <= now.at:
                keys = [f"{event.id}:day:{moment.date().isoformat()}"]
        elif counts_known and trigger is Trigger.PLAYERS_LEFT:
            if _crossed(before.players_left, now.players_left, event.players):
                keys = [f"{event.id}:players:{event.players}"]
        elif counts_known and trigger is Trigger.MONEY_BUBBLE:
            bubble = now.paid + 1
            if now.paid > 0 and _crossed(before.players_left, now.players_left, bubble):
                keys = [f"{event.id}:bubble:{now.paid}"]
        elif (
            counts_known
            and trigger is Trigger.FINAL_TABLE
            and before.tables > 1
            and now.tables == 1
            and now.players_left > 1
        ):
            keys = [f"{event.id}:final"]
        if keys:
            values = field_values(structure, now, event)
            for key in keys:
                due.append(
                    Occurrence(
                        key, event, fill(event.spoken, values), fill(event.wall_text, values)
                    )
                )
    return tuple(due)
