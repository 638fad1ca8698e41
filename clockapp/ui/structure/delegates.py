"""Cell editors for the structure table: whole numbers only, games, break names and color-ups.

One delegate serves every column and picks the editor from the column and the row's kind (level or
break). Amount editors accept digits with thousands separators (`1,000`) and nothing else: a letter
or a minus sign cannot even be typed. Break color-up cells show the chips as swatches and edit as a
row of check boxes, one per chip still in play before the break.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import QKeyEvent, QPainter, QValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from clockapp.core.chips import Denomination
from clockapp.core.structure import StructureError
from clockapp.core.structure.cells import INTEGER_COLUMNS, Column, parse_int
from clockapp.formats import chips as format_chips
from clockapp.i18n import gettext as _
from clockapp.ui.structure.model import CHIPS_ROLE, IN_PLAY_ROLE, KIND_ROLE
from clockapp.ui.structure.swatches import chip_icon, paint_chip

AnyIndex = QModelIndex | QPersistentModelIndex

GAMES = (
    "NLHE",
    "PLO",
    "PLO8",
    "Limit Hold'em",
    "Stud",
    "Stud8",
    "Razz",
    "HORSE",
    "8-Game",
    "Mixed",
)

_SEPARATORS = frozenset(" ,_\u00a0\u202f")


class IntegerValidator(QValidator):
    """Accepts whole numbers 0 or more, with optional thousands separators; nothing else."""

    def __init__(self, maximum: int = 10**12, parent: Any = None) -> None:
        super().__init__(parent)
        self._maximum = maximum

    def validate(self, text: str, pos: int) -> object:
        stripped = text.strip()
        if not stripped:
            return QValidator.State.Intermediate, text, pos
        if any(not (c.isdigit() or c in _SEPARATORS) for c in stripped):
            return QValidator.State.Invalid, text, pos
        digits = "".join(c for c in stripped if c.isdigit())
        if not digits:
            return QValidator.State.Intermediate, text, pos
        if int(digits) > self._maximum:
            return QValidator.State.Invalid, text, pos
        return QValidator.State.Acceptable, text, pos


def integer_edit(parent: QWidget | None = None, maximum: int = 10**12) -> QLineEdit:
    """A line edit that takes whole numbers only, right-aligned like the table's numbers."""
    edit = QLineEdit(parent)
    edit.setValidator(IntegerValidator(maximum, edit))
    edit.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return edit


class ColorUpEditor(QWidget):
    """A row of check boxes, one per chip that could be colored up at a break."""

    def __init__(self, chips: tuple[Denomination, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAutoFillBackground(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.setSpacing(10)
        self.boxes: dict[int, QCheckBox] = {}
        for chip in chips:
            box = QCheckBox(_("T{chips}").format(chips=format_chips(chip.value)), self)
            box.setIcon(chip_icon(chip, 16))
            box.setToolTip(_("Color up the {chip} chips at this break").format(chip=chip.label))
            layout.addWidget(box)
            self.boxes[chip.value] = box
        layout.addStretch(1)
        if self.boxes:
            self.setFocusProxy(next(iter(self.boxes.values())))

    def values(self) -> tuple[int, ...]:
        """The chip values ticked."""
        return tuple(v for v, box in self.boxes.items() if box.isChecked())

    def set_values(self, values: tuple[int, ...]) -> None:
        """Tick exactly these chip values."""
        for value, box in self.boxes.items():
            box.setChecked(value in values)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Left/Right walk along the chips (Tab belongs to the table: next cell).
        boxes = list(self.boxes.values())
        focused = next((i for i, b in enumerate(boxes) if b.hasFocus()), 0)
        if event.key() == Qt.Key.Key_Right and boxes:
            boxes[min(focused + 1, len(boxes) - 1)].setFocus()
            return
        if event.key() == Qt.Key.Key_Left and boxes:
            boxes[max(focused - 1, 0)].setFocus()
            return
        super().keyPressEvent(event)

    def sizeHint(self) -> QSize:
        layout = self.layout()
        return layout.sizeHint() if layout is not None else super().sizeHint()


class StructureDelegate(QStyledItemDelegate):
    """Editors and painting for every column of the structure table."""

    #: While True, an open editor that loses the focus stays open and uncommitted (Qt would
    #: save it): the editor is asking the director what to do with it.
    holding = False

    def eventFilter(self, editor: QObject, event: QEvent) -> bool:
        if self.holding and event.type() in (QEvent.Type.FocusOut, QEvent.Type.Hide):
            return False
        return super().eventFilter(editor, event)

    def createEditor(
        self, parent: QWidget, option: QStyleOptionViewItem, index: AnyIndex
    ) -> QWidget:
        column = Column(index.column())
        kind = index.data(KIND_ROLE)
        if column in INTEGER_COLUMNS:
            edit = integer_edit(parent, maximum=24 * 60 if column is Column.MINUTES else 10**12)
            edit.setFrame(False)
            return edit
        if column is Column.GAME and kind == "level":
            combo = QComboBox(parent)
            combo.setEditable(True)
            combo.addItems(GAMES)
            combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            return combo
        if column is Column.NOTE and kind == "break":
            chips = index.data(IN_PLAY_ROLE) or ()
            return ColorUpEditor(tuple(chips), parent)
        edit = QLineEdit(parent)
        edit.setFrame(False)
        edit.setMaxLength(80)
        return edit

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, ColorUpEditor):
            editor.set_values(tuple(value or ()))
        elif isinstance(editor, QComboBox):
            editor.setCurrentText(str(value or ""))
            line = editor.lineEdit()
            if line is not None:
                line.selectAll()
        elif isinstance(editor, QLineEdit):
            editor.setText("" if value is None else str(value))
            editor.selectAll()
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: AnyIndex) -> None:
        column = Column(index.column())
        if isinstance(editor, ColorUpEditor):
            model.setData(index, editor.values(), Qt.ItemDataRole.EditRole)
            return
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)
            return
        if isinstance(editor, QLineEdit):
            text = editor.text()
            if column in INTEGER_COLUMNS:
                if not text.strip():
                    return  # an emptied cell means "never mind", not zero
                try:
                    value: object = parse_int(text)
                except StructureError:
                    return
            else:
                value = text
            model.setData(index, value, Qt.ItemDataRole.EditRole)
            return
        super().setModelData(editor, model, index)

    def updateEditorGeometry(
        self, editor: QWidget, option: QStyleOptionViewItem, index: AnyIndex
    ) -> None:
        rect = option.rect
        if isinstance(editor, ColorUpEditor):
            # The chips need more room than a narrow cell: grow, and move left rather than run
            # past the visible part of the table.
            width = max(rect.width(), editor.sizeHint().width())
            parent = editor.parentWidget()
            room = parent.width() if parent is not None else rect.left() + width
            left = max(0, min(rect.left(), room - width))
            rect = QRect(left, rect.top(), width, rect.height())
        editor.setGeometry(rect)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        chips = index.data(CHIPS_ROLE)
        if not chips:
            super().paint(painter, option, index)
            return
        # A color-up cell: the usual background and selection, then chips with their values.
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        rect = option.rect.adjusted(6, 3, -4, -3)
        side = rect.height()
        x = float(rect.left())
        painter.save()
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        pen = opt.palette.highlightedText().color() if selected else opt.palette.text().color()
        painter.setPen(pen)
        metrics = painter.fontMetrics()
        label_x = x
        painter.drawText(
            QRectF(label_x, rect.top(), 80, side),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
            _("Color up"),
        )
        x += metrics.horizontalAdvance(_("Color up")) + 8
        for chip in chips:
            paint_chip(painter, QRectF(x, rect.top(), side, side), chip.hex)
            x += side + 4
            text = _("T{chips}").format(chips=format_chips(chip.value))
            painter.setPen(pen)
            painter.drawText(
                QRectF(x, rect.top(), metrics.horizontalAdvance(text) + 2, side),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                text,
            )
            x += metrics.horizontalAdvance(text) + 12
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        size = super().sizeHint(option, index)
        chips = index.data(CHIPS_ROLE)
        if chips:
            width = option.fontMetrics.horizontalAdvance(_("Color up")) + 14
            for chip in chips:
                width += (
                    size.height()
                    + 16
                    + option.fontMetrics.horizontalAdvance(
                        _("T{chips}").format(chips=format_chips(chip.value))
                    )
                )
            size.setWidth(max(size.width(), width))
        return size
