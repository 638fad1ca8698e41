"""Two boxes of the director window: the counts kept by hand, and the room (sound, the screen).

Each owns its widgets and says what the director did through signals; the director window
lays them out and the station acts on them.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from clockapp.i18n import gettext as _


class FieldBox(QGroupBox):
    """Entries and players left, kept by hand until the cashier records entries."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Players"), parent)
        form = QFormLayout(self)
        self.entries_spin = QSpinBox()
        self.entries_spin.setRange(0, 100_000)
        self.players_left_spin = QSpinBox()
        self.players_left_spin.setRange(0, 100_000)
        self.update_counts_button = QPushButton(_("Update counts"))
        form.addRow(_("Entries"), self.entries_spin)
        form.addRow(_("Players left"), self.players_left_spin)
        form.addRow(self.update_counts_button)
        self.field_note = QLabel("")
        self.field_note.setObjectName("field_note")
        self.field_note.setWordWrap(True)
        form.addRow(self.field_note)

    def show_counts(
        self, entries: int, players_left: int, by_cashier: bool, winner: str | None = None
    ) -> None:
        """Show the counts (not over one being typed); the cashier's counts are read-only.

        Once the tournament is over (`winner`), nobody is left to count: the box says who won.
        """
        left = 0 if winner is not None else players_left
        for spin, value in ((self.entries_spin, entries), (self.players_left_spin, left)):
            if not spin.hasFocus():
                spin.setValue(value)
        self.players_left_spin.setSpecialValueText("—" if winner is not None else "")
        for widget in (self.entries_spin, self.players_left_spin, self.update_counts_button):
            widget.setEnabled(not by_cashier and winner is None)
        if winner is not None:
            note = _("The tournament is over: {winner} won.").format(winner=winner)
        elif by_cashier:
            note = _("Counted by the cashier (Ctrl+K): entries, rebuys and busts.")
        else:
            note = ""
        self.field_note.setText(note)
        self.field_note.setVisible(bool(note))


class RoomBox(QGroupBox):
    """Sound switches and the screen the clock display goes to.

    Signals:
        muted_toggled(bool), announce_toggled(bool): the director flipped a switch.
        screen_chosen(int): an index into `QGuiApplication.screens()`.
    """

    muted_toggled = Signal(bool)
    announce_toggled = Signal(bool)
    screen_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Room"), parent)
        form = QFormLayout(self)
        self.mute_check = QCheckBox(_("Mute sounds"))
        self.announce_check = QCheckBox(_("Announce blinds and seat moves aloud"))
        self.screen_combo = QComboBox()
        self.screen_combo.setObjectName("screen_combo")
        for i, screen in enumerate(QGuiApplication.screens()):
            geometry = screen.geometry()
            name = screen.name() or _("Screen {number}").format(number=i + 1)
            self.screen_combo.addItem(
                _("{number}: {name} ({width}x{height})").format(
                    number=i + 1, name=name, width=geometry.width(), height=geometry.height()
                )
            )
        checks = QHBoxLayout()
        checks.addWidget(self.mute_check)
        checks.addWidget(self.announce_check)
        checks.addStretch(1)
        form.addRow(checks)
        form.addRow(_("Clock display on"), self.screen_combo)
        self.mute_check.toggled.connect(self.muted_toggled)
        self.announce_check.toggled.connect(self.announce_toggled)
        self.screen_combo.activated.connect(self.screen_chosen)

    def show_screen(self, screen: QScreen | None) -> None:
        """Name the screen the clock display is on now (it moved, or was put there)."""
        screens = QGuiApplication.screens()
        if screen in screens:
            self.screen_combo.setCurrentIndex(screens.index(screen))

    def show_sound(self, muted: bool, announce: bool) -> None:
        """Show the switches as the tournament has them, without reporting them back."""
        for check, value in ((self.mute_check, muted), (self.announce_check, announce)):
            check.blockSignals(True)
            check.setChecked(value)
            check.blockSignals(False)
