"""`MiniClock`: the clock in small on the director's window (level, countdown, blinds, status)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from clockapp.core.clock import ClockStatus, ClockView
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.clock import texts
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel

if TYPE_CHECKING:
    from clockapp.core.structure import Item

STATUS = {
    ClockStatus.NOT_STARTED: N_("Not started: press Space to start"),
    ClockStatus.RUNNING: N_("Running"),
    ClockStatus.PAUSED: N_("PAUSED"),
    ClockStatus.STOPPED_BY_HARD_END: N_("Stopped by the hard end"),
}


class MiniClock(QGroupBox):
    """What the wall shows of the clock, in a few fixed-height lines (they never move)."""

    def __init__(self, look: WallTheme, parent: QWidget | None = None) -> None:
        super().__init__(_("Clock"), parent)
        self._look = look
        self.setObjectName("clock_box")
        layout = QVBoxLayout(self)
        self.level_label = FitLabel(look, "", color=look.TEXT, fill=0.6)
        self.countdown_label = FitLabel(look, "", color=look.TEXT, fill=0.8, template="00:00")
        self.blinds_label = FitLabel(look, "", color=look.BLINDS, fill=0.65)
        self.status_label = FitLabel(look, "", color=look.MUTED, fill=0.55)
        for widget, height in (
            (self.level_label, 30),
            (self.countdown_label, 84),
            (self.blinds_label, 36),
            (self.status_label, 26),
        ):
            widget.setFixedHeight(height)
            layout.addWidget(widget)
        self._styled_for: object = None
        self._follow_palette()
        look.changed.connect(self._follow_palette)  # its box is styled, not painted

    def _follow_palette(self) -> None:
        """The box's background is the wall's (its labels are drawn in the wall's colours)."""
        current = self._look.palette()
        if current is self._styled_for:
            return
        self._styled_for = current
        bg, muted = current.colours["BACKGROUND"], current.colours["MUTED"]
        self.setStyleSheet(f"QGroupBox#clock_box {{ background: {bg}; color: {muted}; }}")

    def show_view(self, clock_view: ClockView, items: Sequence[Item] = ()) -> None:
        """Show the clock at one moment (`items`, the structure's levels and breaks, tell a
        break which game play resumes with)."""
        self._follow_palette()
        item = clock_view.item
        if clock_view.is_break:
            self.level_label.setText(texts.break_name(item).upper())
            resumes = texts.next_level_index(items, clock_view.index)
            before = texts.game_before(items, resumes) if resumes is not None else None
            self.blinds_label.setText(
                "then " + texts.short_level(clock_view.next_level, before)
                if clock_view.next_level
                else ""
            )
        else:
            self.level_label.setText(
                _("LEVEL {number}  ·  {game}").format(
                    number=clock_view.level_number, game=item.game
                )
            )
            self.blinds_label.setText(texts.short_level(item))
        digits = texts.countdown(clock_view)
        self.countdown_label.setTemplate(texts.countdown_template(digits))
        self.countdown_label.setText(digits)
        status = _(STATUS[clock_view.status])
        # Near or at a hard end, say when in local time (the engine's message gives no wall
        # time); in overtime the engine's message says how long it has run.
        hard_end = texts.hard_end_line(clock_view)
        if hard_end:
            status = hard_end
        elif clock_view.message and clock_view.in_overtime:
            status = clock_view.message
        self.status_label.setText(status)
        self.status_label.setColor(
            self._look.PAUSED if clock_view.status is ClockStatus.PAUSED else self._look.MUTED
        )
        self.countdown_label.setColor(
            self._look.DIMMED if clock_view.status is not ClockStatus.RUNNING else self._look.TEXT
        )
