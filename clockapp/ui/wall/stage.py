"""`WallStage`: the moment the director put on the wall, drawn over the clock.

The display owns one stage covering it. `show_moment` takes the snapshot's `WallMoment` (or None)
and shows the widget registered for its kind (`register`), built on first use, over the clock;
None or a kind without a widget hides the stage and the clock shows again. A kind's widget is a
`QWidget` with `show_moment(moment)`; one that counts down also has `tick(now)`, called with the
station's injected time every second while it is shown. Kinds register themselves in their own
module; `clockapp.ui.wall.kinds` imports them all.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Protocol

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QStackedLayout, QVBoxLayout, QWidget

from clockapp.core.wall import WallMoment
from clockapp.ui.clock.texts import countdown_template
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.ticks import guarded

log = logging.getLogger(__name__)

#: How often a shown moment's `tick` runs (ms).
TICK_MS = 200
LEFT = Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight


class MomentWidget(Protocol):
    """What the stage needs of a kind's widget (a QWidget)."""

    def show_moment(self, moment: WallMoment) -> None:
        """Draw `moment` (called again whenever it changes)."""


Factory = Callable[[WallTheme, QWidget], QWidget]
_KINDS: dict[str, Factory] = {}


def register(kind: str, factory: Factory) -> None:
    """Let the wall show `kind` with the widget `factory(look, parent)` builds."""
    _KINDS[kind] = factory


def registered_kinds() -> tuple[str, ...]:
    """The kinds the wall can show (tests walk them)."""
    from clockapp.ui.wall import kinds  # noqa: F401  (each kind registers itself)

    return tuple(sorted(_KINDS))


class WallStage(QWidget):
    """The current moment over the clock, or nothing (hidden)."""

    def __init__(self, look: WallTheme, parent: QWidget, now: Callable[[], datetime]) -> None:
        super().__init__(parent)
        self._look = look
        look.follow(self)
        self.setObjectName("wall_stage")
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._now = now
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        root.setSpacing(0)
        self._layout = QStackedLayout()
        root.addLayout(self._layout, 91)
        # The clock keeps counting under the moment: its level, countdown and blinds in a strip.
        strip = QHBoxLayout()
        self._strip = strip
        medium = QFont.Weight.Medium
        self.strip_level = FitLabel(
            look, "", color=look.MUTED, fill=0.55, weight=medium, align=LEFT
        )
        self.strip_countdown = FitLabel(look, "", fill=0.7, template="00:00")
        self.strip_blinds = FitLabel(
            look, "", color=look.BLINDS, fill=0.55, weight=medium, align=RIGHT
        )
        strip.addWidget(self.strip_level, 35)
        strip.addWidget(self.strip_countdown, 30)
        strip.addWidget(self.strip_blinds, 35)
        root.addLayout(strip, 9)
        self._widgets: dict[str, QWidget] = {}
        self._moment: WallMoment | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(guarded("the wall moment", self._tick))
        self.hide()

    @property
    def moment(self) -> WallMoment | None:
        """The moment shown now (None: the clock alone)."""
        return self._moment

    def current_widget(self) -> QWidget | None:
        """The widget of the shown moment."""
        return None if self._moment is None else self._widgets.get(self._moment.kind)

    def set_now(self, now: Callable[[], datetime]) -> None:
        """The time source the moments count with (the session's injected clock)."""
        self._now = now

    def show_moment(self, moment: WallMoment | None) -> None:
        """Show `moment` over the clock, or the clock alone when None or not drawable."""
        if moment == self._moment and (moment is None or self.isVisible()):
            return
        widget = None if moment is None else self._widget(moment.kind)
        if moment is None or widget is None:
            self._moment = None
            self._timer.stop()
            self.hide()
            return
        self._moment = moment
        widget.show_moment(moment)  # type: ignore[attr-defined]
        self._layout.setCurrentWidget(widget)
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        if hasattr(widget, "tick"):
            self._tick()
            self._timer.start()
        else:
            self._timer.stop()

    def show_clock(self, level: str, countdown: str, blinds: str) -> None:
        """The clock's line under the moment (called with every tick of the display)."""
        self.strip_level.setText(level)
        self.strip_countdown.setTemplate(countdown_template(countdown) if countdown else "00:00")
        self.strip_countdown.setText(countdown)
        self.strip_blinds.setText(blinds)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The strip's margins follow the screen's size."""
        w, h = max(1, self.width()), max(1, self.height())
        self._strip.setContentsMargins(round(w * 0.03), 0, round(w * 0.03), round(h * 0.015))
        super().resizeEvent(event)

    def _widget(self, kind: str) -> QWidget | None:
        if kind in self._widgets:
            return self._widgets[kind]
        registered_kinds()
        factory = _KINDS.get(kind)
        if factory is None:
            log.warning("The wall has no widget for a %r moment; the clock stays shown.", kind)
            return None
        widget = factory(self._look, self)
        self._widgets[kind] = widget
        self._layout.addWidget(widget)
        return widget

    def _tick(self) -> None:
        widget = self.current_widget()
        tick = getattr(widget, "tick", None)
        if tick is not None:
            tick(self._now())

    def paintEvent(self, event: QPaintEvent) -> None:
        """The clock's background under the moment."""
        QPainter(self).fillRect(event.rect(), self._look.BACKGROUND)
