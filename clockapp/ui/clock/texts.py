"""The words and numbers on the clock, and what the room hears, as pure functions (no Qt)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from clockapp import formats
from clockapp.core.clock import ClockEvent, EventKind, format_clock
from clockapp.core.money.amounts import format_money
from clockapp.core.structure import Level
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext, pgettext

#: The name a new break gets (`Break.label`'s default), shown in the room's language.
DEFAULT_BREAK_NAME = "Break"

if TYPE_CHECKING:
    from clockapp.core.clock import ClockView
    from clockapp.core.structure import Item


def chips(amount: int) -> str:
    """Chips with thousands separators.

    >>> chips(1250000)
    '1,250,000'
    """
    return formats.chips(amount)


def blinds(item: Item) -> str:
    """`100 / 200` for a level.

    >>> from clockapp.core.structure import Level
    >>> blinds(Level(100, 200))
    '100 / 200'
    """
    return f"{formats.chips(item.small_blind)} / {formats.chips(item.big_blind)}"


def ante(item: Item) -> str:
    """The ante line: `ANTE 25`, `BB ANTE 200`, or '' without an ante.

    >>> from clockapp.core.structure import Level
    >>> ante(Level(100, 200, ante=25)), ante(Level(100, 200, ante=200, big_blind_ante=True))
    ('ANTE 25', 'BB ANTE 200')
    >>> ante(Level(5, 10))
    ''
    """
    if not item.ante:
        return ""
    if item.big_blind_ante:
        return _("BB ANTE {ante}").format(ante=formats.chips(item.ante))
    return _("ANTE {ante}").format(ante=formats.chips(item.ante))


def break_name(item: Item) -> str:
    """What a break is called: its own name ("Dinner"), or the room's word for a break when it
    has the default name (stored as the English "Break").

    >>> from clockapp.core.structure import Break
    >>> break_name(Break(10)), break_name(Break(30, label="Dinner"))
    ('Break', 'Dinner')
    """
    label = getattr(item, "label", "") or ""
    return _("Break") if label in ("", DEFAULT_BREAK_NAME) else label


def game_before(items: Sequence[Item], index: int) -> str | None:
    """The game played before item `index`: that of the nearest level before it (None: none).

    >>> from clockapp.core.structure import Break, Level
    >>> game_before((Level(5, 10, game="PLO"), Break(10), Level(10, 20)), 2)
    'PLO'
    """
    for item in reversed(items[: max(index, 0)]):
        if isinstance(item, Level):
            return item.game
    return None


def next_level_index(items: Sequence[Item], index: int) -> int | None:
    """The index of the first level after item `index` (None: none follows).

    >>> from clockapp.core.structure import Break, Level
    >>> next_level_index((Level(5, 10), Break(10), Level(10, 20)), 0)
    2
    """
    return next(
        (i for i in range(index + 1, len(items)) if isinstance(items[i], Level)),
        None,
    )


def game_change(items: Sequence[Item], index: int | None) -> str:
    """The game of level `index` when it is not the one played before it ('' when it is, or
    when nothing is known): a break before a change of game says what play resumes with.

    >>> from clockapp.core.structure import Break, Level
    >>> items = (Level(5, 10), Break(10), Level(10, 20, game="PLO"), Level(20, 40, game="PLO"))
    >>> game_change(items, 2), game_change(items, 3), game_change(items, None)
    ('PLO', '', '')
    """
    if index is None or not 0 <= index < len(items):
        return ""
    item, before = items[index], game_before(items, index)
    if not isinstance(item, Level) or before is None or item.game == before:
        return ""
    return item.game


def short_level(item: Item, before: str | None = None) -> str:
    """One line for the next level: `150 / 300  ·  ante 25`, with its game when it is not the
    game played `before` it (None: not known, the game is left out).

    >>> from clockapp.core.structure import Level
    >>> short_level(Level(150, 300, ante=25)), short_level(Level(5, 10))
    ('150 / 300  ·  ante 25', '5 / 10')
    >>> short_level(Level(200, 400, ante=400, big_blind_ante=True, game="PLO"), "NLHE")
    '200 / 400  ·  BB ante 400  ·  PLO'
    """
    text = blinds(item)
    if item.ante:
        kind = _("BB ante {ante}") if item.big_blind_ante else _("ante {ante}")
        text += "  ·  " + kind.format(ante=formats.chips(item.ante))
    if isinstance(item, Level) and before is not None and item.game != before:
        text += f"  ·  {item.game}"
    return text


def countdown(clock_view: ClockView) -> str:
    """The big digits: the time left, or `+MM:SS` counting up in overtime."""
    if clock_view.overtime_ms > 0:
        return "+" + format_clock(clock_view.overtime_ms)
    return format_clock(clock_view.remaining_ms)


def countdown_template(text: str) -> str:
    """The widest text of the same shape, so the digits keep one size as they change.

    >>> countdown_template("12:34"), countdown_template("1:02:03"), countdown_template("+00:07")
    ('00:00', '0:00:00', '+00:00')
    """
    return "".join("0" if c.isdigit() else c for c in text)


def ordinal(n: int) -> str:
    """`1st`, `2nd`, `3rd`, `11th`, `22nd` (`1.` in German, `1er`/`2e` in French, ...).

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    # The ordinal's ending is the language's: a translator gives the English "th" form per
    # language, and the special endings as their own messages.
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    forms = {
        "st": pgettext("ordinal", "{n}st"),
        "nd": pgettext("ordinal", "{n}nd"),
        "rd": pgettext("ordinal", "{n}rd"),
        "th": pgettext("ordinal", "{n}th"),
    }
    return forms[suffix].format(n=n)


def money(cents: int, currency: str = "$") -> str:
    """Money for the wall: whole amounts without cents; a currency code goes after the number.

    >>> money(180000), money(12550, "€"), money(100000, "EUR"), money(500, ""), money(-5)
    ('$1,800', '€125.50', '1,000 EUR', '5', '-$0.05')
    """
    return format_money(cents, currency, trim_zero_cents=True)


def color_up(values: Iterable[int], chip_labels: dict[int, str] | None = None) -> str:
    """`T5 red, T25 green`: the chips colored up.

    >>> color_up((5, 25), {5: "T5 red"})
    'T5 red, T25'
    """
    labels = chip_labels or {}
    return ", ".join(labels.get(v, f"T{formats.chips(v)}") for v in values)


def time_of_day(now: datetime) -> str:
    """The local time of day, `21:43` (every time shown to people goes through here)."""
    return formats.time_of_day(now.astimezone())


def hard_end_line(clock_view: ClockView) -> str:
    """The director's line about the hard end, in local time ('' when it says nothing now).

    >>> from datetime import UTC, datetime
    >>> from types import SimpleNamespace as NS
    >>> end = datetime(2026, 1, 1, 23, 30, tzinfo=UTC)
    >>> hard_end_line(NS(hard_end=None, stopped_by_hard_end=False, hard_end_warning=False))
    ''
    >>> line = hard_end_line(NS(hard_end=end, stopped_by_hard_end=False, hard_end_warning=True,
    ...                         ms_to_hard_end=600_000))
    >>> line == f"Play stops at {time_of_day(end)} (hard end, in 10:00)."
    True
    """
    end = clock_view.hard_end
    if end is None:
        return ""
    if clock_view.stopped_by_hard_end:
        return _("Stopped at the hard end ({time}): places go by chip count.").format(
            time=time_of_day(end)
        )
    if clock_view.hard_end_warning:
        left = format_clock(clock_view.ms_to_hard_end or 0)
        return _("Play stops at {time} (hard end, in {left}).").format(
            time=time_of_day(end), left=left
        )
    return ""


def big_blinds(stack: int, big_blind: int) -> str:
    """A stack in big blinds: `64 BB` (one decimal under 10).

    >>> big_blinds(12857, 200), big_blinds(1500, 200), big_blinds(100, 0)
    ('64 BB', '7.5 BB', '')
    """
    if big_blind <= 0:
        return ""
    ratio = stack / big_blind
    shown = formats.decimal(ratio, 1) if ratio < 10 else formats.number(round(ratio))
    return _("{count} BB").format(count=shown)


def announcement(event: ClockEvent, items: Sequence[Item] = ()) -> str:
    """What the room hears when `event` happens ('' for nothing); a level that changes the game
    played before it (from `items`, the structure's levels and breaks) says so.

    >>> from datetime import UTC, datetime
    >>> from clockapp.core.structure import Break, Level
    >>> t = datetime(2025, 1, 1, tzinfo=UTC)
    >>> announcement(ClockEvent(t, 2, EventKind.LEVEL_STARTED, Level(100, 200, ante=25)))
    'Blinds are now 100-200, ante 25.'
    >>> announcement(ClockEvent(t, 3, EventKind.BREAK_STARTED, Break(15, color_up=(5, 25))))
    'Break for 15 minutes. Color up the 5 and 25 chips.'
    >>> mixed = (Level(100, 200), Break(10), Level(200, 400, game="PLO"))
    >>> announcement(ClockEvent(t, 1, EventKind.BREAK_STARTED, mixed[1]), mixed)
    'Break for 10 minutes. Play resumes with PLO.'
    """
    item = event.item
    if event.kind is EventKind.LEVEL_STARTED and isinstance(item, Level):
        small, big = formats.chips(item.small_blind), formats.chips(item.big_blind)
        if not item.ante:
            text = _("Blinds are now {small}-{big}.").format(small=small, big=big)
        elif item.big_blind_ante:
            text = _("Blinds are now {small}-{big}, big blind ante {ante}.").format(
                small=small, big=big, ante=formats.chips(item.ante)
            )
        else:
            text = _("Blinds are now {small}-{big}, ante {ante}.").format(
                small=small, big=big, ante=formats.chips(item.ante)
            )
        before = game_before(items, event.index)
        if before is not None and item.game != before:
            text += " " + _("The game is now {game}.").format(game=item.game)
        return text
    if event.kind is EventKind.BREAK_STARTED:
        text = ngettext(
            "{name} for {minutes} minute.", "{name} for {minutes} minutes.", item.minutes
        ).format(name=break_name(item), minutes=item.minutes)
        if item.color_up:
            values = [formats.chips(v) for v in item.color_up]
            listed = (
                values[0]
                if len(values) == 1
                else _("{first} and {last}").format(first=", ".join(values[:-1]), last=values[-1])
            )
            text += " " + ngettext(
                "Color up the {values} chip.", "Color up the {values} chips.", len(values)
            ).format(values=listed)
        change = game_change(items, next_level_index(items, event.index))
        if change:
            text += " " + _("Play resumes with {game}.").format(game=change)
        return text
    if event.kind is EventKind.ONE_MINUTE_WARNING:
        return _("One minute left in this level.") if not item.is_break else ""
    if event.kind is EventKind.HARD_END_REACHED:
        return _("Time. Play has stopped.")
    return ""
