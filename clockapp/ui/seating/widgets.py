"""Small widgets of the tables window: the hand-for-hand bar and the players waiting for a seat."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.seating.hand_for_hand import HandForHand
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.seating import WaitingPlayer

#: The bar while it offers hand-for-hand play, and a table button whose hand is over: light
#: grounds on any theme, each with its dark ink (a dark theme's light text would not read).
OFFER_SHEET = "HandForHandBar { background: #fff4d6; } HandForHandBar QLabel { color: #14171a; }"
DONE_SHEET = "QPushButton:checked { background: #d6f5e3; color: #14171a; }"


class HandForHandBar(QFrame):
    """While hand-for-hand is on: the hand number, a button per table to mark its hand finished,
    and "Next hand" once every table has finished (it closes the hand: busts entered until then
    are one hand). On the bubble, while it is off: the offer to start it, in one click."""

    table_toggled = Signal(int, bool)  # table, finished
    next_hand_clicked = Signal()
    stop_clicked = Signal()
    start_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(8, 4, 8, 4)
        self.hand_label = QLabel(self)
        font = self.hand_label.font()
        font.setBold(True)
        self.hand_label.setFont(font)
        self._layout.addWidget(self.hand_label)
        self.table_buttons: dict[int, QPushButton] = {}
        self._buttons_layout = QHBoxLayout()
        self._layout.addLayout(self._buttons_layout)
        # Who is out in the open hand: they are one hand at the cashier until Next hand.
        self.out_label = QLabel(self)
        self.out_label.setTextFormat(Qt.TextFormat.PlainText)
        self._layout.addWidget(self.out_label, 1)
        self.next_button = QPushButton(_("&Next hand"), self)
        self.next_button.clicked.connect(self.next_hand_clicked)
        self.stop_button = QPushButton(_("Stop hand-for-hand"), self)
        self.stop_button.clicked.connect(self.stop_clicked)
        self.start_button = QPushButton(_("&Start hand-for-hand"), self)
        self.start_button.clicked.connect(self.start_clicked)
        self._layout.addWidget(self.next_button)
        self._layout.addWidget(self.stop_button)
        self._layout.addWidget(self.start_button)
        self.hide()

    def show_state(
        self,
        hfh: HandForHand | None,
        tables: Iterable[int],
        offer: str | None = None,
        out: Sequence[str] = (),
    ) -> None:
        """Show hand-for-hand play and who is `out` in the open hand; when it is off, the
        bubble's `offer` (else hidden)."""
        self.start_button.setVisible(hfh is None)
        self.next_button.setVisible(hfh is not None)
        self.stop_button.setVisible(hfh is not None)
        if hfh is None:
            self._clear_tables()
            self.hand_label.setText(offer or "")
            self.out_label.clear()
            # A light band whatever the theme, so its text has a dark ink of its own.
            self.setStyleSheet(OFFER_SHEET if offer else "")
            self.setVisible(offer is not None)
            return
        self.setStyleSheet("")
        self._clear_tables()
        in_play = set(tables)
        for number in sorted(hfh.tables & in_play):
            done = number in hfh.finished
            button = QPushButton(_("Table {number}").format(number=number), self)
            button.setCheckable(True)
            button.setChecked(done)
            button.setToolTip(_("Click when the hand at this table is over"))
            button.setStyleSheet(DONE_SHEET)
            button.toggled.connect(
                lambda checked, n=number: self.table_toggled.emit(n, bool(checked))
            )
            self._buttons_layout.addWidget(button)
            button.show()  # added to a visible bar: shown now, not at the next event loop turn
            self.table_buttons[number] = button
        waiting = len(hfh.waiting)
        text = (
            ngettext(
                "Hand-for-hand, hand {hand}: {count} table playing",
                "Hand-for-hand, hand {hand}: {count} tables playing",
                waiting,
            )
            if waiting
            else _("Hand-for-hand, hand {hand}: all done")
        ).format(hand=hfh.hand, count=waiting)
        self.hand_label.setText(text)
        self.out_label.setText(
            _("Out this hand (one hand, ranked by stacks): {names}").format(names=", ".join(out))
            if out
            else ""
        )
        self.next_button.setEnabled(hfh.all_finished)
        self.next_button.setToolTip(
            _("Deal the next hand everywhere: the busts entered so far were one hand")
        )
        self.show()

    def _clear_tables(self) -> None:
        for button in self.table_buttons.values():
            self._buttons_layout.removeWidget(button)
            button.hide()  # gone at once; deleted when Qt next gets to it
            button.deleteLater()
        self.table_buttons = {}


class WaitingBox(QGroupBox):
    """The players waiting for a seat (hidden when none waits); a double click or the button asks
    for a seat for one of them (the selected one, or the first)."""

    seat_requested = Signal(int)  # registration id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Waiting for a seat"), parent)
        layout = QVBoxLayout(self)
        self.list = QListWidget(self)
        self.list.setMaximumHeight(140)
        self.list.itemDoubleClicked.connect(self._on_list_item_double_clicked)
        self.seat_button = QPushButton(_("Draw a seat for the selected player"), self)
        self.seat_button.clicked.connect(self._on_seat_button_clicked)
        layout.addWidget(self.list)
        layout.addWidget(self.seat_button)
        self._shown: tuple[WaitingPlayer, ...] | None = None

    def show_players(self, waiting: Iterable[WaitingPlayer]) -> None:
        """Show these players (the box hides when there are none); the same players again
        leave the list as it is."""
        players = tuple(waiting)
        if players == self._shown:
            return
        self._shown = players
        self.list.clear()
        for player in players:
            item = QListWidgetItem(player.name)
            item.setData(Qt.ItemDataRole.UserRole, player.registration_id)
            self.list.addItem(item)
        self.seat_button.setEnabled(self.list.count() > 0)
        self.setVisible(self.list.count() > 0)

    def _on_seat_button_clicked(self) -> None:
        item = self.list.currentItem() or self.list.item(0)
        if item is not None:
            self.seat_requested.emit(int(item.data(Qt.ItemDataRole.UserRole)))

    def _on_list_item_double_clicked(self, item: QListWidgetItem) -> None:
        self.seat_requested.emit(int(item.data(Qt.ItemDataRole.UserRole)))
