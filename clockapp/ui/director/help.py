"""The `?` overlay: every shortcut of the actions registry, and each window's own keys, over the
director's window (where the key was pressed: never on the wall, which shows only what the room
should see).

Its first part is built from `clockapp.ui.actions.Action`, so a new action appears here without
editing this file. Then come the keys that work inside the cashier, tables and rulings windows
and the structure editor (`clockapp.ui.actions.help_sections`, from the same registry), so the
director finds every key of the app in one place. Every line keeps a readable size: a window too
short for them all scrolls the sheet. Clicking the sheet or pressing `?` or Esc hides it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFont,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QGridLayout, QScrollArea, QVBoxLayout, QWidget

from clockapp.i18n import gettext as _
from clockapp.ui.actions import Action, help_sections
from clockapp.ui.display.theme import WallTheme
from clockapp.ui.display.widgets import FitLabel

LEFT = Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight
MEDIUM = QFont.Weight.Medium

KeyList = Sequence[tuple[str, str]]


def window_keys() -> tuple[tuple[str, KeyList], ...]:
    """(title, [(keys, what they do)]) of each window that has keys of its own."""
    return help_sections()


#: The least height of a line of the sheet: its text is then at least 12 px, readable on a laptop
#: at arm's length. A window too short for every line at that height scrolls the sheet.
MIN_LINE_PX = 18
#: Narrower than this, an action's description takes a line of its own under its name, so that
#: each line has the width to keep a readable size.
TWO_LINES_BELOW_PX = 1200
#: Every line's text takes this share of its line (its cap height): with the font's ascent and
#: descent it fits the line, so no line is drawn over its neighbour.
FILL = 0.58
#: The sheet's columns: the keys, an action's name, its description (a window's key's meaning
#: takes the last two).
COLUMN_WEIGHTS = (24, 27, 49)

#: One line of the sheet: its labels, from the first column; the last takes the columns left.
Line = tuple[FitLabel, ...]


def keys_shown(action: Action) -> str:
    """The keys the sheet lists for `action`: the app's own ("Ctrl+Shift+Z or Ctrl+Y").

    The desktop's standard bindings are bound too, but listed with them Redo reads "Ctrl+Y or
    Alt+Shift+Backspace or Ctrl+Shift+Z or Redo", too long for its column at a readable size.
    """
    own = action.value.shortcuts
    if not own:
        return action.shortcut_label()
    native = QKeySequence.SequenceFormat.NativeText
    return " or ".join(QKeySequence(key).toString(native) for key in own)


class HelpOverlay(QWidget):
    """A dark sheet listing each action's keys, name and description, then each window's keys.

    The lines are in one grid, one height for all. The sheet scrolls when the window is too short
    for every line at a readable size (`MIN_LINE_PX`); in a narrow window each description goes
    under its action's name. On a laptop the director reads every line instead of squinting.

    Args:
        look: The palette it draws with (the wall's).
        parent: The window it covers (the director's).
        windows: The windows' keys (default: `window_keys()`).
    """

    def __init__(
        self,
        look: WallTheme,
        parent: QWidget,
        windows: Sequence[tuple[str, KeyList]] | None = None,
    ) -> None:
        super().__init__(parent)
        self._look = look
        look.follow(self)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.area = QScrollArea(self)
        self.area.setObjectName("help_scroll")
        self.area.setWidgetResizable(True)
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self.area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.sheet = QWidget()
        self.sheet.setObjectName("help_sheet")
        self.area.viewport().setObjectName("help_viewport")
        # The dark sheet painted below shows through: the light window's colours would not let
        # the help's white and grey lines read.
        self.area.setStyleSheet(
            "#help_scroll, #help_viewport, #help_sheet { background: transparent; }"
        )
        self.area.setWidget(self.sheet)
        outer.addWidget(self.area)

        self._lines: list[Line] = []
        self.title = self._line(FitLabel(look, _("Keyboard"), fill=FILL, align=LEFT))
        self.rows: dict[Action, tuple[FitLabel, FitLabel, FitLabel]] = {}
        group = None
        for action in Action:
            if action.group != group:
                group = action.group
                self._header(group)
            keys = FitLabel(look, keys_shown(action), color=look.BLINDS, fill=FILL, align=RIGHT)
            keys.setToolTip(action.shortcut_label())
            name = FitLabel(look, action.text, fill=FILL, weight=MEDIUM, align=LEFT)
            text = FitLabel(
                look, action.description, color=look.MUTED, fill=FILL, weight=MEDIUM, align=LEFT
            )
            self._line(keys, name, text)
            self.rows[action] = (keys, name, text)

        # The windows' keys follow, each window in one piece.
        self.window_rows: dict[str, list[tuple[FitLabel, FitLabel]]] = {}
        for title, pairs in tuple(window_keys() if windows is None else windows):
            self._header(title)
            lines = []
            for key, what in pairs:
                key_label = FitLabel(look, key, color=look.BLINDS, fill=FILL, align=RIGHT)
                what_label = FitLabel(
                    look, what, color=look.MUTED, fill=FILL, weight=MEDIUM, align=LEFT
                )
                self._line(key_label, what_label)
                lines.append((key_label, what_label))
            self.window_rows[title] = lines
        # Lines of one kind share one size (a long one may still shrink on its own).
        self._kinds: list[list[FitLabel]] = [
            [labels[0] for labels in self.rows.values()],
            [labels[1] for labels in self.rows.values()],
            [labels[2] for labels in self.rows.values()],
            [key for lines in self.window_rows.values() for key, _what in lines],
            [what for lines in self.window_rows.values() for _key, what in lines],
        ]
        self._grid: QGridLayout | None = None
        self._two_lines: bool | None = None
        self._line_count = 0
        self._lay_out(two_lines=False)

    def _line(self, *labels: FitLabel) -> FitLabel:
        self._lines.append(labels)
        return labels[0]

    def _header(self, text: str) -> None:
        self._line(
            FitLabel(self._look, text.upper(), color=self._look.BLINDS, fill=FILL, align=LEFT)
        )

    def _lay_out(self, *, two_lines: bool) -> None:
        """Place every line in the grid: an action on one line, or its description under it."""
        if two_lines == self._two_lines:
            return
        self._two_lines = two_lines
        grid = self._grid
        if grid is None:
            grid = QGridLayout(self.sheet)
            grid.setVerticalSpacing(0)
            for column, weight in enumerate(COLUMN_WEIGHTS):
                grid.setColumnStretch(column, weight)
            self._grid = grid
        while grid.count():  # taken out, placed again below (the labels stay on the sheet)
            grid.takeAt(0)
        for row in range(grid.rowCount()):
            grid.setRowStretch(row, 0)
        row = 0
        for line in self._lines:
            # (first column, labels): a description on its own line goes under the name.
            placed: Sequence[tuple[int, Line]] = ((0, line),)
            if two_lines and len(line) == 3:
                keys, name, text = line
                placed = ((0, (keys, name)), (1, (text,)))
            for first, labels in placed:
                for column, label in enumerate(labels, start=first):
                    last = column == first + len(labels) - 1
                    span = len(COLUMN_WEIGHTS) - column if last else 1
                    grid.addWidget(label, row, column, 1, span)
                grid.setRowStretch(row, 1)
                row += 1
        self._line_count = row

    def listed(self) -> list[tuple[str, str, str]]:
        """(keys, name, description) of each registry action as shown, in order."""
        return [(k.text(), n.text(), d.text()) for k, n, d in self.rows.values()]

    def listed_window_keys(self) -> dict[str, list[tuple[str, str]]]:
        """Each window's (keys, what they do) as shown, by section title."""
        return {
            title: [(k.text(), w.text()) for k, w in lines]
            for title, lines in self.window_rows.items()
        }

    def even_out(self) -> None:
        """Give the lines of each kind one size: the one that nearly all of them fit at."""
        for labels in self._kinds:
            sizes = sorted(label.fitted_pixel() for label in labels if label.text())
            if sizes:
                cap = sizes[len(sizes) // 8]  # the few longest lines shrink on their own
                for label in labels:
                    label.setMaxPixel(cap)

    def toggle(self) -> None:
        """Show it over the whole parent, or hide it."""
        if self.isVisible():
            self.hide()
        else:
            parent = self.parentWidget()
            if parent is not None:
                self.setGeometry(parent.rect())
            self.show()
            self.raise_()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep margins proportional; the sheet is never shorter than its lines need."""
        h, w = self.height(), self.width()
        self._lay_out(two_lines=w < TWO_LINES_BELOW_PX)
        grid = self._grid
        assert grid is not None
        top = round(min(h, 1080) * 0.04)
        grid.setContentsMargins(round(w * 0.04), top, round(w * 0.04), top)
        grid.setHorizontalSpacing(round(w * 0.01))
        self.sheet.setMinimumHeight(self._line_count * MIN_LINE_PX + 2 * top)
        super().resizeEvent(event)
        # After the layout has placed the lines at the new size.
        QTimer.singleShot(0, self, self.even_out)

    def mousePressEvent(self, _event: QMouseEvent) -> None:
        """A click anywhere closes the help."""
        self.hide()

    def paintEvent(self, _event: QPaintEvent) -> None:
        """A dark sheet so the list reads over the window it covers."""
        painter = QPainter(self)
        color = QColor(self._look.BACKGROUND)
        color.setAlpha(255)  # over the director's light window: nothing shows through
        painter.fillRect(self.rect(), color)
