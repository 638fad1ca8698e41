"""What the display says in each situation, decided without Qt (so it is easy to test).

Each function takes the `ClockView` of one moment and returns text and a `Tone`; the display maps
tones to its palette. Decisions about pauses, breaks, color-ups, overtime and the hard end live
here, the painting in `display.py`; so do the words of the seat moves and of the money line.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from clockapp.core.clock import ClockStatus
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.ui.clock import texts

if TYPE_CHECKING:
    from clockapp.core.chips.color_up import ColorUp
    from clockapp.core.clock import ClockView


class Tone(enum.StrEnum):
    """A role in the palette (see `theme`)."""

    TEXT = "text"
    MUTED = "muted"
    BLINDS = "blinds"
    BREAK = "break"
    PAUSED = "paused"
    PAUSED_TEXT = "paused text"
    WARNING = "warning"
    DIMMED = "dimmed"
    PANEL_EDGE = "panel edge"


class StatusLine(NamedTuple):
    """The line under the countdown: a banner (pause, stop) or a colored note."""

    text: str = ""
    tone: Tone = Tone.TEXT
    banner: Tone | None = None


def level_line(clock_view: ClockView) -> str:
    """`LEVEL 3  ·  NLHE`, `BREAK`, with `OVERTIME` or `EXTRA LEVEL` when it applies."""
    item = clock_view.item
    if clock_view.is_break:
        line = texts.break_name(item).upper()
    else:
        line = _("LEVEL {number}").format(number=clock_view.level_number)
        if item.game:
            line += f"  ·  {item.game}"
    if clock_view.in_overtime:
        line += "  ·  " + _("OVERTIME")
    elif clock_view.is_extra_level:
        line += "  ·  " + _("EXTRA LEVEL")
    return line


def next_line(clock_view: ClockView, items: Sequence[Any] = ()) -> str:
    """The footer: what comes next (a break, then the level after it), with its game when it
    changes the game played before it.

    During a break the blinds panel already shows the level play resumes with, so the footer
    names the level after that one (from `items`, the structure's levels and breaks).
    """
    nxt = clock_view.next_item

    def shown(index: int | None, item: Any) -> str:
        # The game before a level comes from the structure; without it, from the level now.
        if items and index is not None:
            before = texts.game_before(items, index)
        else:
            before = None if clock_view.is_break else clock_view.item.game
        return texts.short_level(item, before)

    def first_level_after(start: int) -> int | None:
        return next(
            (i for i in range(start, len(items)) if not getattr(items[i], "is_break", False)),
            None,
        )

    if clock_view.is_break and clock_view.next_level is not None:
        if not items:
            return texts.short_level(clock_view.next_level)
        resumes = first_level_after(clock_view.index + 1)
        later = first_level_after(resumes + 1) if resumes is not None else None
        if later is None:
            return _("then the last level")
        return _("then {level}").format(level=shown(later, items[later]))
    if nxt is None:
        return _("none · this is the last level")
    if nxt.is_break:
        name = texts.break_name(nxt)
        text = _("{name}  ·  {minutes} min").format(name=name, minutes=nxt.minutes)
        if clock_view.next_level is not None and not clock_view.is_break:
            level = shown(first_level_after(clock_view.index + 1), clock_view.next_level)
            text = _("{name}  ·  then {level}").format(name=name, level=level)
        return text
    return shown(clock_view.index + 1, nxt)


def status_line(clock_view: ClockView, color_ups: Mapping[int, ColorUp]) -> tuple[StatusLine, str]:
    """The status line and the footer notice (color-ups, when play resumes).

    `color_ups` holds each break's color-up by its index in the structure
    (`clockapp.core.chips.color_up.break_color_ups`): which chips go and which replace them. A break
    missing there (no chip set known) is named by its values only.
    """
    item = clock_view.item
    line = StatusLine()
    notice = ""
    if clock_view.stopped_by_hard_end:
        line = StatusLine(_("PLAY STOPPED · PLACES BY CHIP COUNT"), Tone.PAUSED_TEXT, Tone.WARNING)
    elif clock_view.status == ClockStatus.PAUSED:
        line = StatusLine(_("PAUSED"), Tone.PAUSED_TEXT, Tone.PAUSED)
    elif clock_view.status == ClockStatus.NOT_STARTED:
        line = StatusLine(_("STARTING SOON"), Tone.TEXT, Tone.PANEL_EDGE)
    elif clock_view.hard_end_warning and clock_view.hard_end is not None:
        stops = _("PLAY STOPS AT {time}").format(time=texts.time_of_day(clock_view.hard_end))
        line = StatusLine(stops, Tone.WARNING)
    elif clock_view.in_overtime:
        line = StatusLine(_("LAST LEVEL · PLAY CONTINUES"), Tone.WARNING)
    if clock_view.is_break:
        if clock_view.ends_at is not None:
            notice = _("Play resumes at {time}").format(time=texts.time_of_day(clock_view.ends_at))
        if item.color_up and not line.text:
            up = color_ups.get(clock_view.index)
            short = up.short() if up is not None else texts.color_up(item.color_up)
            line = StatusLine(_("COLOR UP: {chips}").format(chips=short.upper()), Tone.BREAK)
    else:
        nxt = clock_view.next_item
        if nxt is not None and nxt.is_break and nxt.color_up:
            up = color_ups.get(clock_view.index + 1)
            # Short enough for the wall's footer: which chips go, into what, at what rate.
            short = up.short() if up is not None else texts.color_up(nxt.color_up)
            notice = _("Color-up at the break: {chips}").format(chips=short)
        if item.label and not line.text:
            line = StatusLine(item.label, Tone.MUTED)
    return line, notice


def hand_for_hand_line(line: StatusLine) -> StatusLine:
    """The status line while hand-for-hand is on: said plainly, on a banner the room notices.

    A pause or a stop keeps its banner and says hand-for-hand after it.

    >>> hand_for_hand_line(StatusLine()).text, hand_for_hand_line(StatusLine("PAUSED")).text
    ('HAND-FOR-HAND', 'HAND-FOR-HAND')
    >>> hand_for_hand_line(StatusLine("PAUSED", Tone.PAUSED_TEXT, Tone.PAUSED)).text
    'PAUSED · HAND-FOR-HAND'
    """
    if line.banner is not None:
        return line._replace(text=f"{line.text} · " + _("HAND-FOR-HAND"))
    return StatusLine(_("HAND-FOR-HAND"), Tone.PAUSED_TEXT, Tone.WARNING)


def countdown_tone(clock_view: ClockView) -> Tone:
    """Dimmed while paused, red in the last minute and in overtime, green on a break."""
    if clock_view.status in (ClockStatus.PAUSED, ClockStatus.NOT_STARTED):
        return Tone.DIMMED
    if clock_view.stopped_by_hard_end or clock_view.in_overtime:
        return Tone.WARNING
    if clock_view.is_break:
        return Tone.BREAK
    if clock_view.remaining_ms <= 60_000:
        return Tone.WARNING
    return Tone.TEXT


def accent_tone(clock_view: ClockView) -> Tone:
    """The progress bar's color."""
    if clock_view.status == ClockStatus.PAUSED:
        return Tone.PAUSED
    if clock_view.is_break:
        return Tone.BREAK
    if clock_view.in_overtime or clock_view.remaining_ms <= 60_000:
        return Tone.WARNING
    return Tone.BLINDS


def frame_tone(status: str, is_break: bool) -> Tone | None:
    """The colored frame around the whole display: amber paused, red stopped, green on a break."""
    if status == ClockStatus.PAUSED:
        return Tone.PAUSED
    if status == ClockStatus.STOPPED_BY_HARD_END:
        return Tone.WARNING
    if is_break:
        return Tone.BREAK
    return None


def move_line(move: Any) -> tuple[str, str]:
    """A pending seat move as the room reads it: the player's name, and from where to where.

    >>> from types import SimpleNamespace as NS
    >>> move_line(NS(name="Ann Lee", from_seat="Table 3, seat 7", to_seat="Table 1, seat 2"))
    ('Ann Lee', 'Table 3, seat 7  →  Table 1, seat 2')
    """
    return move.name, f"{move.from_seat}  →  {move.to_seat}"


def moves_title(moves: Sequence[Any]) -> str:
    """The banner's title: a table breaking, the final table's redraw, or plain seat moves.

    >>> from types import SimpleNamespace as NS
    >>> from clockapp.core.seating import MoveKind, Seat
    >>> balance = NS(kind=MoveKind.BALANCE, from_seat=Seat(3, 7))
    >>> moves_title([balance]), moves_title([balance, balance])
    ('SEAT MOVE', 'SEAT MOVES')
    >>> moves_title([NS(kind=MoveKind.BREAK, from_seat=Seat(4, 1)), balance])
    'TABLE 4 IS BROKEN  ·  NEW SEATS'
    >>> moves_title([NS(kind=MoveKind.BREAK, from_seat=Seat(n, 1)) for n in (5, 4)])
    'TABLES 4 AND 5 ARE BROKEN  ·  NEW SEATS'
    >>> moves_title([NS(kind=MoveKind.FINAL_TABLE, from_seat=Seat(2, 1))])
    'FINAL TABLE  ·  REDRAW FOR SEATS'
    """
    from clockapp.core.seating import MoveKind  # only once moves are shown, after start-up

    kinds = {str(m.kind) for m in moves}
    if str(MoveKind.FINAL_TABLE) in kinds:
        return _("FINAL TABLE  ·  REDRAW FOR SEATS")
    broken = sorted({m.from_seat.table for m in moves if str(m.kind) == str(MoveKind.BREAK)})
    if broken:
        if len(broken) == 1:
            return _("TABLE {table} IS BROKEN  ·  NEW SEATS").format(table=broken[0])
        listed = _("{first} AND {last}").format(
            first=", ".join(str(n) for n in broken[:-1]), last=broken[-1]
        )
        return _("TABLES {tables} ARE BROKEN  ·  NEW SEATS").format(tables=listed)
    return ngettext("SEAT MOVE", "SEAT MOVES", len(moves))


def money_line(players_to_money: int | None, seats: int = 0) -> str:
    """Under the players left: how far the money is ('' without a payout table); in a
    satellite, how far the seats are.

    >>> money_line(14), money_line(1), money_line(0), money_line(None)
    ('14 TO THE MONEY', '1 TO THE MONEY', 'IN THE MONEY', '')
    >>> money_line(2, seats=3), money_line(0, seats=3)
    ('2 TO A SEAT', 'EVERY PLAYER LEFT HAS A SEAT')
    """
    if players_to_money is None:
        return ""
    if seats:
        if players_to_money <= 0:
            return _("EVERY PLAYER LEFT HAS A SEAT")
        return ngettext("{count} TO A SEAT", "{count} TO A SEAT", players_to_money).format(
            count=players_to_money
        )
    if players_to_money <= 0:
        return _("IN THE MONEY")
    return ngettext("{count} TO THE MONEY", "{count} TO THE MONEY", players_to_money).format(
        count=players_to_money
    )


def seat_rows(payouts: Sequence[tuple[int, int]], seats: int) -> tuple[tuple[str, int], ...]:
    """The wall's ladder of a satellite: one line for the N seats and their value, then the
    cash places below them (the N+1th's left over).

    >>> seat_rows(((1, 30000), (2, 30000), (3, 30000), (4, 10000)), 3)
    (('3 SEATS', 30000), ('4th', 10000))
    >>> seat_rows(((1, 5000),), 1)
    (('1 SEAT', 5000),)
    """
    seat_values = [cents for place, cents in payouts if place <= seats]
    below = tuple((texts.ordinal(place), cents) for place, cents in payouts if place > seats)
    if not seat_values:  # not a satellite (or a deal pays the seat places)
        return tuple((texts.ordinal(place), cents) for place, cents in payouts)
    count = len(seat_values)
    seats_text = ngettext("{count} SEAT", "{count} SEATS", count).format(count=count)
    return ((seats_text, seat_values[0]), *below)


def bounty_block(bounty: Any, currency: str) -> tuple[str, str, str] | None:
    """The wall's bounty block: (caption, value, line under it), None without bounty money.

    >>> from clockapp.services.results.views import WallBounty
    >>> bounty_block(WallBounty("progressive", ("Ann Lee", 2250), heads=3), "$")
    ('BIGGEST BOUNTY', '$22.50', 'ANN LEE  ·  3 HEADS')
    >>> bounty_block(WallBounty("mystery", envelopes_left=7, stage="from level 6"), "$")
    ('MYSTERY BOUNTIES', '7 ENVELOPES', 'FROM LEVEL 6')
    """
    if bounty is None:
        return None
    if bounty.format == "mystery":
        count = bounty.envelopes_left
        left = ngettext("{count} ENVELOPE", "{count} ENVELOPES", count).format(count=count)
        if bounty.last_draw is None:
            return _("MYSTERY BOUNTIES"), left, bounty.stage.upper()
        names, cents = bounty.last_draw
        line = _("{names}  ·  {count} LEFT").format(names=names.upper(), count=count)
        return _("LAST ENVELOPE"), texts.money(cents, currency), line
    if bounty.leader is None:
        return None
    name, cents = bounty.leader
    heads = ngettext("{count} HEAD", "{count} HEADS", bounty.heads).format(count=bounty.heads)
    return _("BIGGEST BOUNTY"), texts.money(cents, currency), f"{name.upper()}  ·  {heads}"
