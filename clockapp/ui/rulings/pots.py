"""The side-pot panel: the answer on top, and below it what each seat put in, who folded, the order.

The director enters each seat's total bet for the hand and ticks the folds; the button seat and the
smallest chip in play decide where an odd chip goes and how big it is. When the hand is at a known
table, the table selector brings the players' names and the button from the seating. The finishing
order comes from the showdown when every live hand and the whole board are known; otherwise the
director gives it by hand (place 1 is best, equal places tie), which is enough to settle the chips
before anyone has tabled their cards.

The answer (`AnswerView`: the pots, each seat's take, the notes) sits above the inputs in a
vertical splitter, each half scrolling on its own: ten-handed on a 1366x768 laptop the ruling stays
in sight while the director scrolls through the seats. The answer takes the height it needs (at
least `ANSWER_SHARE` of the panel), up to what leaves the inputs `INPUTS_MIN`, until the director
drags the splitter.

The form keeps still while the director works in it: the split is fitted when the panel changes
size or a whole dispute is shown (`refit`), never as bets are typed or seats added (the answer
scrolls instead), seat lines are added below the others, and the scroll bar is always there so
no field slides sideways when the list grows past the bottom.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clockapp.i18n import gettext as _
from clockapp.ui.rulings.answer import AnswerView
from clockapp.ui.rulings.fields import EntrySpin
from clockapp.ui.rulings.settlement import PayoutRow, PotRow
from clockapp.ui.rulings.state import MAX_SEAT, Player
from clockapp.ui.rulings.style import set_role

MAX_CHIPS = 2_000_000_000
ANSWER_MIN = 40
INPUTS_MIN = 160  # the inputs never shrink below the chip settings and a seat line
ANSWER_SHARE = 0.5  # the answer's room before it has anything to say: it will


class SeatInputs:
    """The widgets of one seat's line in the panel."""

    def __init__(self, index: int, parent: QWidget) -> None:
        self.label = QLabel(parent)
        self.bet = EntrySpin(parent)
        self.bet.setObjectName(f"pot_{index}_bet")
        self.bet.setAccessibleName(_("Player {number}: total bet").format(number=index + 1))
        self.bet.setRange(0, MAX_CHIPS)
        self.bet.setGroupSeparatorShown(True)
        self.bet.setMaximumWidth(160)
        self.folded = QCheckBox(parent)
        self.folded.setObjectName(f"pot_{index}_folded")
        self.folded.setToolTip(_("Folded: the chips stay in the pot, the seat can win nothing"))
        self.folded.setAccessibleName(_("Folded"))
        self.place = EntrySpin(parent)
        self.place.setObjectName(f"pot_{index}_place")
        self.place.setAccessibleName(_("Player {number}: finishing order").format(number=index + 1))
        self.place.setRange(0, MAX_SEAT)
        self.place.setSpecialValueText("—")
        self.place.setMaximumWidth(90)
        self.place.setToolTip(_("Finishing order: 1 is the best hand, equal numbers split"))
        # Every line the same fixed height: a line added below never makes the others shift.
        height = max(widget.sizeHint().height() for widget in self.widgets())
        for widget in self.widgets():
            widget.setFixedHeight(height)

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.label, self.bet, self.folded, self.place)


class PotsPanel(QWidget):
    """The answer that settles the chips, over the inputs for the chips and the order.

    Signals:
        bet_changed(int, int): a player's total bet (player index, chips).
        folded_changed(int, bool): a player folded or not.
        place_changed(int, int): a player's finishing place (0: not given).
        button_changed(int): the button's seat (0: not known).
        dead_changed(int): chips in the middle that belong to no seat.
        chip_changed(int): the smallest chip in play.
        table_chosen(int): the table the hand is at (0: none), for names and the button.
    """

    bet_changed = Signal(int, int)
    folded_changed = Signal(int, bool)
    place_changed = Signal(int, int)
    button_changed = Signal(int)
    dead_changed = Signal(int)
    chip_changed = Signal(int)
    table_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seats: list[SeatInputs] = []
        self._dragged = False  # the director moved the splitter: keep their split
        self._fitted = False  # the split is set for this size and dispute: edits do not move it
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._title_row())

        self.answer = AnswerView()
        self.pot_model = self.answer.pot_model
        self.payout_model = self.answer.payout_model
        self.pot_table = self.answer.pot_table
        self.payout_table = self.answer.payout_table
        self.uncalled_label = self.answer.uncalled_label
        self.odd_note = self.answer.odd_note
        self.order_note = self.answer.order_note
        self.error_label = self.answer.error_label
        self.warning_label = self.answer.warning_label

        inputs = QWidget()
        inputs_layout = QVBoxLayout(inputs)
        # The form is always its natural height: a scroll area squeezes a taller one to its
        # minimum, and the lines would close up, then spread out again as it grows.
        inputs_layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        inputs_layout.setContentsMargins(0, 4, 6, 0)
        inputs_layout.addLayout(self._settings_form(inputs))
        self._grid = QGridLayout()
        self._grid.setHorizontalSpacing(12)
        # A longer name on a new line must not push the fields of the others sideways.
        self._grid.setColumnMinimumWidth(
            0, inputs.fontMetrics().horizontalAdvance(_("Seat 10 Name"))
        )
        for column, header in enumerate((_("Player"), _("Total bet"), _("Folded"), _("Place"))):
            self._grid.addWidget(QLabel(f"<b>{header}</b>", inputs), 0, column)
        inputs_layout.addLayout(self._grid)
        inputs_layout.addStretch(1)
        self._inputs = inputs

        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setObjectName("pot_splitter")
        self.answer_scroll = _scroll(self.answer, self.splitter)
        self.answer_scroll.setMinimumHeight(ANSWER_MIN)  # a scroll area asks ~70 px otherwise
        self.inputs_scroll = _scroll(inputs, self.splitter)
        self.inputs_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.splitterMoved.connect(self._on_splitter_moved)
        self.answer.resized.connect(self._fit_splitter)
        layout.addWidget(self.splitter, 1)

    def _title_row(self) -> QHBoxLayout:
        title = QLabel(_("Side pots"), self)
        set_role(title, "title")
        # The table sits on the title's line: every line saved is a line of the answer seen.
        title_row = QHBoxLayout()
        title_row.addWidget(title)
        title_row.addSpacing(16)
        self.table_combo = QComboBox(self)
        self.table_combo.setObjectName("pot_table_choice")
        self.table_combo.setToolTip(
            _("The table the hand is at: its players' names and the button come from the seating")
        )
        self.table_combo.addItem(_("Not at a known table"), 0)
        # As wide as a table's name needs, not its longest item: the window fits a laptop.
        self.table_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.table_combo.setMinimumContentsLength(10)
        self.table_note = QLabel(self)
        self.table_note.setObjectName("pot_table_note")
        self.table_note.setWordWrap(True)
        set_role(self.table_note, "note")
        table_label = QLabel(_("&Table"), self)
        table_label.setBuddy(self.table_combo)
        table_label.setMinimumWidth(table_label.sizeHint().width() + 8)
        title_row.addWidget(table_label)
        title_row.addWidget(self.table_combo)
        title_row.addWidget(self.table_note, 1)
        self.table_combo.activated.connect(
            lambda index: self.table_chosen.emit(int(self.table_combo.itemData(index) or 0))
        )
        return title_row

    def _settings_form(self, parent: QWidget) -> QGridLayout:
        form = QGridLayout()
        form.setHorizontalSpacing(10)
        self.button_spin = EntrySpin(parent)
        self.button_spin.setObjectName("pot_button")
        self.button_spin.setRange(0, MAX_SEAT)
        self.button_spin.setSpecialValueText(_("not known"))
        self.button_spin.setPrefix(_("Seat "))
        self.dead_spin = EntrySpin(parent)
        self.dead_spin.setObjectName("pot_dead")
        self.dead_spin.setRange(0, MAX_CHIPS)
        self.dead_spin.setGroupSeparatorShown(True)
        self.dead_spin.setToolTip(_("Antes and chips of players not listed, already in the middle"))
        self.chip_spin = EntrySpin(parent)
        self.chip_spin.setObjectName("pot_chip")
        self.chip_spin.setRange(1, MAX_CHIPS)
        self.chip_spin.setGroupSeparatorShown(True)
        self.chip_spin.setToolTip(
            _("Pots split in units of this chip; odd chips go left of the button")
        )
        self.chip_note = QLabel(parent)
        self.chip_note.setObjectName("pot_chip_note")
        self.chip_note.setWordWrap(True)
        set_role(self.chip_note, "note")
        for spin in (self.button_spin, self.dead_spin, self.chip_spin):
            spin.setMaximumWidth(150)
        # One setting a line, the chip note under them: the form is as narrow as a seat line.
        for row, (text, spin) in enumerate(
            (
                (_("Button"), self.button_spin),
                (_("Dead money"), self.dead_spin),
                (_("Smallest chip"), self.chip_spin),
            )
        ):
            label = QLabel(text, parent)
            label.setBuddy(spin)
            form.addWidget(label, row, 0)
            form.addWidget(spin, row, 1)
        form.addWidget(self.chip_note, 3, 0, 1, 3)
        form.setColumnStretch(2, 1)
        self.button_spin.valueChanged.connect(self.button_changed)
        self.dead_spin.valueChanged.connect(self.dead_changed)
        self.chip_spin.valueChanged.connect(self.chip_changed)
        return form

    def ensure_seats(self, count: int) -> None:
        """Have exactly `count` seat lines."""
        while len(self.seats) < count:
            index = len(self.seats)
            seat = SeatInputs(index, self._inputs)
            for column, widget in enumerate(seat.widgets()):
                self._grid.addWidget(widget, index + 1, column)
            seat.bet.valueChanged.connect(lambda v, i=index: self.bet_changed.emit(i, v))
            seat.folded.toggled.connect(lambda on, i=index: self.folded_changed.emit(i, on))
            seat.place.valueChanged.connect(lambda v, i=index: self.place_changed.emit(i, v))
            seat.bet.entered.connect(lambda i=index: self._down(i, "bet"))
            seat.place.entered.connect(lambda i=index: self._down(i, "place"))
            self.seats.append(seat)
        while len(self.seats) > count:
            seat = self.seats.pop()
            for widget in seat.widgets():
                self._grid.removeWidget(widget)
                widget.deleteLater()
        self._chain_tabs()

    def _chain_tabs(self) -> None:
        """Tab follows the form and then the seats, line by line: a seat's bet, its fold, its
        place, then the next seat's bet (never off into the card entries between two seats)."""
        chain: list[QWidget] = [self.button_spin, self.dead_spin, self.chip_spin]
        for seat in self.seats:
            chain += [seat.bet, seat.folded, seat.place]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _down(self, index: int, column: str) -> None:
        """Enter in a seat's bet or place: the same field of the next seat that takes one; after
        the last bet, the first place to give (when the order is not known from the cards)."""
        following = [getattr(seat, column) for seat in self.seats[index + 1 :]]
        if column == "bet":
            following += [seat.place for seat in self.seats]
        for field in following:
            if field.isEnabled():
                field.setFocus(Qt.FocusReason.TabFocusReason)
                self.inputs_scroll.ensureWidgetVisible(field)
                return

    def focus_bets(self) -> None:
        """Put the keyboard in the first seat's bet."""
        if self.seats:
            self.seats[0].bet.setFocus(Qt.FocusReason.TabFocusReason)
            self.inputs_scroll.ensureWidgetVisible(self.seats[0].bet)

    def show_players(self, players: Sequence[Player], places: Sequence[int] | None) -> None:
        """Show each player's inputs; `places` from the showdown locks the order (None: by hand)."""
        self.ensure_seats(len(players))
        for index, (player, seat) in enumerate(zip(players, self.seats, strict=True)):
            seat.label.setText(player.label)
            seat.bet.setAccessibleName(_("{seat}: total bet").format(seat=player.label))
            seat.place.setAccessibleName(_("{seat}: finishing order").format(seat=player.label))
            _set_quietly(seat.bet, player.bet)
            _set_quietly(seat.folded, player.folded)
            if places is not None:
                _set_quietly(seat.place, places[index])
            else:
                _set_quietly(seat.place, player.place or 0)
            seat.place.setEnabled(places is None and not player.folded)

    def show_tables(self, tables: Sequence[tuple[int, str]], current: int | None) -> None:
        """Offer `tables` ((number, title) by number), with `current` chosen (None: no table)."""
        blocked = self.table_combo.blockSignals(True)
        self.table_combo.clear()
        self.table_combo.addItem(_("Not at a known table"), 0)
        # As wide as a table's name needs, not its longest item: the window fits a laptop.
        self.table_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.table_combo.setMinimumContentsLength(10)
        for number, title in tables:
            self.table_combo.addItem(title, number)
        index = self.table_combo.findData(current or 0)
        self.table_combo.setCurrentIndex(max(0, index))
        self.table_combo.setEnabled(bool(tables))
        self.table_combo.blockSignals(blocked)

    def show_table_note(self, note: str) -> None:
        """Say where the names and the button came from (or why there is no table)."""
        self.table_note.setText(note)
        self.table_note.setVisible(bool(note))

    def show_settings(self, button: int | None, dead: int, chip: int, chip_note: str) -> None:
        """Show the button, dead money and smallest chip."""
        _set_quietly(self.button_spin, button or 0)
        _set_quietly(self.dead_spin, dead)
        _set_quietly(self.chip_spin, chip)
        self.chip_note.setText(chip_note)
        self.chip_note.setVisible(bool(chip_note))

    def show_answer(
        self,
        pots: Sequence[PotRow],
        payouts: Sequence[PayoutRow],
        uncalled: str,
        order_note: str,
        error: str | None,
        warnings: Sequence[str] = (),
        knockouts: Sequence[str] = (),
    ) -> None:
        """Show the settled pots, or why they cannot be settled yet, what looks wrong, and who
        gets each knockout."""
        self.answer.show_answer(pots, payouts, uncalled, order_note, error, warnings, knockouts)

    # ---------------------------------------------------------------- sharing the height

    def _on_splitter_moved(self, _position: int, _index: int) -> None:
        self._dragged = True

    def refit(self) -> None:
        """Share the height again for what is shown now (a whole new dispute)."""
        self._fitted = False
        self._fit_splitter()

    def _fit_splitter(self) -> None:
        """Give the answer the height it needs, leaving the inputs at least `INPUTS_MIN`."""
        if self._dragged or self._fitted:
            return
        total = sum(self.splitter.sizes())
        if total <= 0:
            return
        self._fitted = self.isVisible()
        needed = _height_at_width(self.answer, self.answer_scroll.viewport().width())
        needed = max(needed, round(total * ANSWER_SHARE))
        inputs_min = min(INPUTS_MIN, self._inputs.sizeHint().height())
        answer = max(0, min(needed, total - inputs_min))
        if self.splitter.sizes() != [answer, total - answer]:
            self.splitter.setSizes([answer, total - answer])
        focus = self.focusWidget()
        if focus is not None and self._inputs.isAncestorOf(focus):
            self.inputs_scroll.ensureWidgetVisible(focus)  # the line being typed stays in view

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.refit()


def _height_at_width(widget: QWidget, width: int) -> int:
    """The height `widget` needs at `width`: wrapped notes take their real number of lines
    (a size hint guesses a width and over-asks)."""
    layout = widget.layout()
    if width > 0 and layout is not None and layout.hasHeightForWidth():
        return layout.totalHeightForWidth(width)
    return widget.sizeHint().height()


def _scroll(widget: QWidget, splitter: QSplitter) -> QScrollArea:
    area = QScrollArea(splitter)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(widget)
    return area


def _set_quietly(widget: QSpinBox | QCheckBox, value: int | bool) -> None:
    """Show `value` without reporting it back as the director's edit."""
    blocked = widget.blockSignals(True)
    if isinstance(widget, QCheckBox):
        widget.setChecked(bool(value))
    elif widget.value() != value:
        widget.setValue(int(value))
    widget.blockSignals(blocked)
