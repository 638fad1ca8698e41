"""What the display says in each situation, decided without Qt (so it is easy to test).

Each function takes the `ClockView` of one moment and returns text and a `Tone`; the display maps
tones to its palette. Decisions about pauses, breaks, color-ups, overtime and the hard end live
here, the painting in `display.py`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from clockapp.core.clock import ClockStatus, ClockView
from clockapp.ui.clock import texts


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


@dataclass(frozen=True)
class StatusLine:
    """The line under the countdown: a banner (pause, stop) or a colored note."""

    text: str = ""
    tone: Tone = Tone.TEXT
    banner: Tone | None = None


def level_line(clock_view: ClockView) -> str:
    """`LEVEL 3  ·  NLHE`, `BREAK`, with `OVERTIME` or `EXTRA LEVEL` when it applies."""
    item = clock_view.item
    if clock_view.is_break:
        line = (item.label or "Break").upper()
    else:
        line = f"LEVEL {clock_view.level_number}"
        if item.game:
            line += f"  ·  {item.game}"
    if clock_view.in_overtime:
        line += "  ·  OVERTIME"
    elif clock_view.is_extra_level:
        line += "  ·  EXTRA LEVEL"
    return line


def next_line(clock_view: ClockView) -> str:
    """The footer: what comes next (a break, then the level after it)."""
    nxt = clock_view.next_item
    if nxt is None:
        return "none · this is the last level"
    if nxt.is_break:
        text = f"{nxt.label or 'Break'}  ·  {nxt.minutes} min"
        if clock_view.next_level is not None and not clock_view.is_break:
            text = f"{nxt.label or 'Break'}  ·  then {texts.short_level(clock_view.next_level)}"
        return text
    return texts.short_level(nxt)


def status_line(clock_view: ClockView, chip_labels: dict[int, str]) -> tuple[StatusLine, str]:
    """The status line and the footer notice (color-ups, when play resumes)."""
    item = clock_view.item
    line = StatusLine()
    notice = ""
    if clock_view.stopped_by_hard_end:
        line = StatusLine("PLAY STOPPED · PLACES BY CHIP COUNT", Tone.PAUSED_TEXT, Tone.WARNING)
    elif clock_view.status is ClockStatus.PAUSED:
        line = StatusLine("PAUSED", Tone.PAUSED_TEXT, Tone.PAUSED)
    elif clock_view.status is ClockStatus.NOT_STARTED:
        line = StatusLine("STARTING SOON", Tone.TEXT, Tone.PANEL_EDGE)
    elif clock_view.hard_end_warning and clock_view.hard_end is not None:
        line = StatusLine(f"PLAY STOPS AT {texts.time_of_day(clock_view.hard_end)}", Tone.WARNING)
    elif clock_view.in_overtime:
        line = StatusLine("LAST LEVEL · PLAY CONTINUES", Tone.WARNING)
    if clock_view.is_break:
        if clock_view.ends_at is not None:
            notice = f"Play resumes at {texts.time_of_day(clock_view.ends_at)}"
        if item.color_up and not line.text:
            up = texts.color_up(item.color_up, chip_labels)
            line = StatusLine(f"COLOR UP: {up.upper()}", Tone.BREAK)
    else:
        nxt = clock_view.next_item
        if nxt is not None and nxt.is_break and nxt.color_up:
            notice = "Color-up at the break: " + texts.color_up(nxt.color_up, chip_labels)
        if item.label and not line.text:
            line = StatusLine(item.label, Tone.MUTED)
    return line, notice


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
    if clock_view.status is ClockStatus.PAUSED:
        return Tone.PAUSED
    if clock_view.is_break:
        return Tone.BREAK
    if clock_view.in_overtime or clock_view.remaining_ms <= 60_000:
        return Tone.WARNING
    return Tone.BLINDS


def frame_tone(status: ClockStatus, is_break: bool) -> Tone | None:
    """The colored frame around the whole display: amber paused, red stopped, green on a break."""
    if status is ClockStatus.PAUSED:
        return Tone.PAUSED
    if status is ClockStatus.STOPPED_BY_HARD_END:
        return Tone.WARNING
    if is_break:
        return Tone.BREAK
    return None
