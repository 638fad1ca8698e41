"""The base of the cashier's dialogs: a form, an error line, and OK/Cancel.

`CashierDialog` is what every cashier dialog builds on (in the `*_dialog(s)` modules): a subclass
fills `form`, says in `_problem()` why it cannot be accepted yet, and calls `_update()` when a
field changes; OK is the default button, so Enter confirms and Esc cancels. A dialog that takes
the player's money (`MoneyDialog`) is the exception: Enter never confirms it, only Ctrl+Enter or
its labelled button does, and only while it is on screen. `big_label` is the
large bold label the dialogs show amounts in; `chips_spin`, `player_table` and `fit_rows` build
the tables of players that the bust and deal dialogs share.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QGuiApplication, QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.inks import ink_sheet


def make_error_label() -> QLabel:
    """The red line under a form that says why it cannot be accepted."""
    label = QLabel()
    label.setObjectName("dialog_error")
    label.setWordWrap(True)
    label.setStyleSheet(ink_sheet("#b71c1c"))
    return label


def big_label(text: str = "", size: int = 18) -> QLabel:
    """A large bold label (amounts)."""
    label = QLabel(text)
    font = QFont(label.font())
    font.setPointSize(size)
    font.setBold(True)
    label.setFont(font)
    return label


class CashierDialog(QDialog):
    """A dialog with a form, an error line and OK/Cancel (OK is the default button)."""

    def __init__(self, title: str, ok_text: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.layout_ = QVBoxLayout(self)
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.layout_.addLayout(self.form)
        self.error_label = make_error_label()
        self.layout_.addWidget(self.error_label)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(ok_text)
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)
        self.layout_.addWidget(self.buttons)
        # Made the default once it is in the dialog, so the dialog knows it as its own: else
        # showing it makes the first button after the focused field the default instead.
        self.ok_button.setDefault(True)

    def _problem(self) -> str:
        """Why the dialog cannot be accepted now ('' when it can)."""
        return ""

    def _update(self) -> None:
        problem = self._problem()
        self.error_label.setText(problem)
        if problem and self.ok_button.hasFocus():
            # Disabled with the focus, OK would hand it to Cancel, which then takes Enter as
            # the default: the cashier's next Enter would close the dialog. Back to the field.
            self.focusPreviousChild()
        self.ok_button.setEnabled(not problem)

    def _on_buttons_accepted(self) -> None:
        self._update()
        if self.ok_button.isEnabled():
            self.accept()


#: What a dialog that takes money says under its form, from the start.
MONEY_HINT = N_("With the money in hand: Ctrl+Enter or “{ok}”. Enter takes no money.")
#: What a plain Enter says there.
ENTER_TAKES_NO_MONEY = N_("Not taken: Ctrl+Enter (or the button) takes the money.")


class MoneyDialog(CashierDialog):
    """A confirmation that takes the player's money: only a deliberate key, only on screen.

    Enter is what a cashier presses without looking (to choose a player, to move on), so it
    never takes money: Ctrl+Enter or a click on the labelled button does, and Cancel is the
    default button. A confirmation the cashier cannot see (hidden, minimized, off every screen)
    is never accepted, whatever asks it to.
    """

    def __init__(self, title: str, ok_text: str, parent: QWidget | None) -> None:
        super().__init__(title, _("{action} (Ctrl+Enter)").format(action=ok_text), parent)
        self.ok_button.setDefault(False)
        # Not even when it has the focus: Enter there is the same reflex as anywhere else.
        self.ok_button.setAutoDefault(False)
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setDefault(True)  # else the button box makes OK the default when it shows
        self.hint_label = QLabel(_(MONEY_HINT).format(ok=ok_text))
        self.hint_label.setObjectName("money_hint")
        self.hint_label.setWordWrap(True)
        self.hint_label.setStyleSheet(ink_sheet("#455a64"))
        self.layout_.insertWidget(self.layout_.indexOf(self.buttons), self.hint_label)

    def on_screen(self) -> bool:
        """Whether the cashier can see this confirmation and its button now."""
        if not self.isVisible() or self.isMinimized():
            return False
        owner = self.parentWidget()
        if owner is not None and owner.window().isMinimized():
            return False
        button = self.ok_button
        centre = button.mapToGlobal(button.rect().center())
        return QGuiApplication.screenAt(centre) is not None

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                self._on_buttons_accepted()
            else:
                self.error_label.setText(_(ENTER_TAKES_NO_MONEY))
            return
        super().keyPressEvent(event)

    def done(self, result: int) -> None:
        if result == QDialog.DialogCode.Accepted and not self.on_screen():
            # Nobody saw what is being confirmed: the money is not taken.
            self.error_label.setText(_("Not confirmed: this confirmation was not on screen."))
            return
        super().done(result)


# Table helpers the player dialogs share (busts, deals).
MAX_CHIPS = 2_000_000_000


def chips_spin(value: int = 0) -> QSpinBox:
    """A chip count, with thousands separators."""
    spin = QSpinBox()
    spin.setRange(0, MAX_CHIPS)
    spin.setGroupSeparatorShown(True)
    spin.setValue(value)
    return spin


def player_table(rows: int, headers: Sequence[str], widths: Sequence[int]) -> QTableWidget:
    """A table of players: the name stretches, the other columns get `widths`."""
    table = QTableWidget(rows, len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().setVisible(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column, width in enumerate(widths, start=1):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        table.setColumnWidth(column, width)
    return table


def fit_rows(table: QTableWidget, most: int = 10) -> None:
    """Tall enough to show every row, up to `most` (a final table fits without scrolling)."""
    table.resizeRowsToContents()
    shown = min(table.rowCount(), most)
    row_height = table.rowHeight(0) if table.rowCount() else 30
    table.setMinimumHeight(table.horizontalHeader().height() + shown * row_height + 6)
