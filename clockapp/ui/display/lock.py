"""The clock display's lock: no key on the wall changes anything until the director's PIN.

`DisplayLock` takes the display's actions off it while locked (so no shortcut can fire, whatever
enables or disables them meanwhile) and disables the way out of fullscreen (the display already
refuses a close). Any key pressed on the locked display shows `PinPrompt` over the clock: the
right PIN gives the display back its keys, the director's as on the director's own station, until
Lock display (Ctrl+L) locks it again, or (on the display station) nobody has used its keys for
`relock_after` (checked on the clock's ticks against the injected time). Wrong PINs are said;
after a few in a row each next try waits longer, up to a quarter of an hour
(`clockapp.services.stations.StationService.try_pin`: the throttle is kept in the database, so
restarting the display does not start the count again). With no PIN set the prompt says the
director must set one first, and the display stays locked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from math import ceil
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QRegularExpression, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import QFrame, QLabel, QLineEdit, QVBoxLayout, QWidget

from clockapp.core.pin import PIN_MAX_DIGITS
from clockapp.errors import DomainError
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.stations import PinVerdict, StationService
from clockapp.ui.actions import Action
from clockapp.ui.display import theme
from clockapp.ui.display.theme import WallTheme

if TYPE_CHECKING:
    from clockapp.ui.display.window import ClockDisplay

NO_PIN = N_(
    "No PIN is set yet. The director sets one first: Tournament › Display PIN… "
    "in the director's window. The display stays locked."
)
ASK = N_("Type the director's PIN, then Enter.")


class PinPrompt(QFrame):
    """The PIN prompt drawn over the locked clock (a child of the display, centred on it)."""

    submitted = Signal(str)

    def __init__(self, look: WallTheme, parent: QWidget) -> None:
        super().__init__(parent)
        self._look = look
        self.setObjectName("pin_prompt")
        self.title = QLabel(_("Display locked"))
        self.title.setObjectName("pin_title")
        self.info = QLabel(_(ASK))
        self.info.setObjectName("pin_info")
        self.info.setWordWrap(True)
        self.edit = QLineEdit()
        self.edit.setObjectName("pin_edit")
        self.edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.edit.setPlaceholderText(_("PIN"))
        self.edit.setAccessibleName(_("Director's PIN"))
        self.edit.setMaxLength(PIN_MAX_DIGITS)
        pattern = QRegularExpression(f"[0-9]{{0,{PIN_MAX_DIGITS}}}")
        self.edit.setValidator(QRegularExpressionValidator(pattern, self.edit))
        self.edit.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.edit.returnPressed.connect(self._on_edit_return_pressed)
        self.message = QLabel("")
        self.message.setObjectName("pin_message")
        self.message.setWordWrap(True)
        self.hint = QLabel(_("Esc closes this prompt; the display stays locked."))
        self.hint.setObjectName("pin_hint")
        layout = QVBoxLayout(self)
        self._layout = layout
        for label in (self.title, self.info, self.edit, self.message, self.hint):
            layout.addWidget(label)
            if isinstance(label, QLabel):
                label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hide()

    def open(self, pin_is_set: bool) -> None:
        """Show the prompt (cleared), or with no PIN set say what the director must do."""
        self.edit.clear()
        self.edit.setVisible(pin_is_set)
        self.info.setText(_(ASK) if pin_is_set else _(NO_PIN))
        self.say("")
        self.place()
        self.show()
        self.raise_()
        if pin_is_set:
            self.edit.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.setFocus(Qt.FocusReason.OtherFocusReason)

    def close_prompt(self) -> None:
        """Hide the prompt and give the keys back to the display (still locked)."""
        self.edit.clear()
        self.hide()
        parent = self.parentWidget()
        if parent is not None:
            parent.setFocus(Qt.FocusReason.OtherFocusReason)

    def say(self, text: str) -> None:
        """Show `text` under the field (a wrong PIN, a wait); nothing takes no room."""
        self.message.setText(text)
        self.message.setVisible(bool(text))
        if self.isVisible():
            self.place()

    def place(self) -> None:
        """Centre over the display, sized from its height (a projector and a laptop alike)."""
        parent = self.parentWidget()
        if parent is None:
            return
        h = max(parent.height(), 240)
        unit = max(12, round(h * 0.028))
        family = theme.font_family()
        look = self._look
        self.setStyleSheet(
            f"QFrame#pin_prompt {{ background: {look.PANEL.name()};"
            f" border: 2px solid {look.PANEL_EDGE.name()}; border-radius: {unit // 2}px; }}"
            f"QLabel {{ color: {look.MUTED.name()}; font-family: '{family}';"
            f" font-size: {unit}px; background: transparent; border: none; }}"
            f"QLabel#pin_title {{ color: {look.TEXT.name()}; font-size: {round(unit * 1.8)}px; }}"
            f"QLabel#pin_message {{ color: {look.WARNING.name()}; }}"
            f"QLabel#pin_hint {{ font-size: {round(unit * 0.7)}px; }}"
            f"QLineEdit {{ font-size: {round(unit * 1.6)}px; padding: {unit // 3}px;"
            f" color: {look.TEXT.name()}; background: {look.BACKGROUND.name()};"
            f" border: 1px solid {look.PANEL_EDGE.name()}; border-radius: {unit // 4}px;"
            f" lineedit-password-character: 9679; }}"
        )
        margin = unit
        self._layout.setContentsMargins(margin * 2, margin, margin * 2, margin)
        self._layout.setSpacing(round(unit * 0.6))
        width = min(parent.width() - 2 * margin, max(round(parent.width() * 0.4), unit * 24))
        self.setFixedWidth(width)
        self.adjustSize()
        self.move((parent.width() - self.width()) // 2, (parent.height() - self.height()) // 2)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Esc closes the prompt; no key goes on to the display behind it."""
        if event.key() == Qt.Key.Key_Escape:
            self.close_prompt()
        event.accept()

    def _on_edit_return_pressed(self) -> None:
        self.submitted.emit(self.edit.text())


class DisplayLock(QObject):
    """Locks and unlocks the clock display's keys with the director's PIN."""

    locked_changed = Signal(bool)

    def __init__(
        self,
        display: ClockDisplay,
        actions: Mapping[Action, QAction],
        stations: StationService,
        now: Callable[[], datetime],
        on_lock: Callable[[], object] | None = None,
        relock_after: timedelta | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._display = display
        self._actions = dict(actions)
        self._stations = stations
        self._now = now
        self._on_lock = on_lock
        self._relock_after = relock_after
        self._last_used = now()
        self.locked = False
        for qaction in self._actions.values():
            qaction.triggered.connect(self._on_action_triggered)
        self.prompt = PinPrompt(display.look, display)
        self.prompt.submitted.connect(self.try_unlock)
        display.installEventFilter(self)

    def lock(self) -> None:
        """No key on the display does anything until the PIN is entered."""
        if not self.locked:
            self.locked = True
            for qaction in self._actions.values():
                self._display.removeAction(qaction)
            self.locked_changed.emit(True)
        self._show_exit_button(False)
        if self._on_lock is not None:
            self._on_lock()

    def unlock(self) -> None:
        """Give the display its keys back (the right PIN, or the director's own window)."""
        self.prompt.close_prompt()
        if not self.locked:
            return
        self.locked = False
        self._last_used = self._now()
        for qaction in self._actions.values():
            self._display.addAction(qaction)
        self._show_exit_button(self._display.isFullScreen())
        self.locked_changed.emit(False)

    def toggle(self) -> None:
        """Lock display (Ctrl+L): lock it, or (from the director's window) unlock it."""
        if self.locked:
            self.unlock()
        else:
            self.lock()

    def check_idle(self) -> None:
        """Lock again when the display's keys have not been used for `relock_after`."""
        if self.locked or self._relock_after is None:
            return
        if self._now() - self._last_used >= self._relock_after:
            self.lock()

    def ask_for_pin(self) -> None:
        """Show the PIN prompt on the locked display."""
        if self.locked:
            self.prompt.open(self._stations.pin_is_set())

    def try_unlock(self, pin: str) -> bool:
        """Unlock when `pin` is the director's; otherwise say why not on the prompt."""
        if not self.locked:
            return True
        self.prompt.edit.clear()
        try:
            tried = self._stations.try_pin(pin)
        except DomainError as error:  # the database unreachable or busy: said, still locked
            self.prompt.say(_("The PIN could not be checked: {error}").format(error=error))
            return False
        if tried.verdict is PinVerdict.UNLOCKED:
            self.unlock()
            return True
        if tried.verdict is PinVerdict.NO_PIN:
            self.prompt.open(False)
        elif tried.verdict is PinVerdict.WAIT:
            self.prompt.say(
                _("Too many wrong PINs: wait {wait}.").format(wait=_duration(tried.wait))
            )
        elif tried.wait > timedelta(0):
            self.prompt.say(
                ngettext(
                    "Wrong PIN ({count} in a row): wait {wait} before the next try.",
                    "Wrong PIN ({count} in a row): wait {wait} before the next try.",
                    tried.failures,
                ).format(count=tried.failures, wait=_duration(tried.wait))
            )
        else:
            self.prompt.say(_("Wrong PIN: try again."))
        return False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """While locked, a key on the display opens the prompt and does nothing else."""
        if watched is self._display:
            kind = event.type()
            if kind == QEvent.Type.Resize and self.prompt.isVisible():
                self.prompt.place()
            elif self.locked and kind == QEvent.Type.KeyPress:
                if not self.prompt.isVisible():
                    self.ask_for_pin()
                return True
        return False

    def _on_action_triggered(self, _checked: bool = False) -> None:
        self._last_used = self._now()

    def _show_exit_button(self, on: bool) -> None:
        # Disabled while locked: showing the display again (on another screen) shows the button,
        # but it still does nothing.
        fullscreen = self._display.fullscreen
        fullscreen.exit_button.setEnabled(not self.locked)
        fullscreen.show_exit_button(on)


def _duration(wait: timedelta) -> str:
    """A wait as the prompt says it: "5 s" under a minute, else whole minutes ("15 min")."""
    seconds = ceil(wait.total_seconds())
    if seconds < 60:
        return _("{seconds} s").format(seconds=seconds)
    return _("{minutes} min").format(minutes=ceil(seconds / 60))
