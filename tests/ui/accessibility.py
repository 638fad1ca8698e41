"""What a screen reader and a keyboard user get from a window: names, the tab chain, contrast.

The name checked is the one Qt's accessibility layer gives an assistive tool (what a screen
reader says), so a label's buddy, a button's text and an explicit accessible name all count.
"""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QSlider,
    QTextEdit,
    QWidget,
)

#: The controls a user works with, which a screen reader must be able to name.
INPUTS = (
    QLineEdit,
    QAbstractSpinBox,
    QComboBox,
    QAbstractButton,
    QAbstractItemView,
    QSlider,
    QPlainTextEdit,
    QTextEdit,
)


def spoken_name(widget: QWidget) -> str:
    """What an assistive tool is told the widget is called (empty: nothing)."""
    if widget.accessibleName().strip():
        return widget.accessibleName().strip()
    interface = QAccessible.queryAccessibleInterface(widget)
    if interface is None:
        return ""
    return (interface.text(QAccessible.Text.Name) or "").strip()


def is_input(widget: QWidget, window: QWidget) -> bool:
    """Whether `widget` is a control of `window` itself (not a part Qt builds into another one)."""
    if not isinstance(widget, INPUTS) or widget.window() is not window:
        return False
    if widget.objectName().startswith("qt_"):
        return False  # Qt's own parts: a table's corner button, a tool bar's overflow arrow
    parent = widget.parentWidget()
    if isinstance(widget, QHeaderView) and isinstance(parent, QAbstractItemView):
        return False  # a table's header is announced as part of the table
    # A line edit inside a spin box or an editable combo box is that control's own part.
    return not (isinstance(widget, QLineEdit) and isinstance(parent, QAbstractSpinBox | QComboBox))


def describe(widget: QWidget) -> str:
    window = widget.window()
    where = f"{type(window).__name__}"
    parent = widget.parentWidget()
    owner = f"{type(parent).__name__}:{parent.objectName()}" if parent is not None else "-"
    return f"{where} > {owner} > {type(widget).__name__}:{widget.objectName() or '?'}"


def unnamed_inputs(window: QWidget) -> list[str]:
    """Every input under `window` that an assistive tool could not name."""
    widgets = [window, *window.findChildren(QWidget)]
    return [describe(w) for w in widgets if is_input(w, window) and not spoken_name(w)]
