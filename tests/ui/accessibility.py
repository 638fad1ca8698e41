"""What a screen reader and a keyboard user get from a window: names, the tab chain, contrast.

The name checked is the one Qt's accessibility layer gives an assistive tool (what a screen
reader says), so a label's buddy, a button's text and an explicit accessible name all count.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
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
    QToolBar,
    QToolButton,
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


def tab_chain(window: QWidget) -> list[QWidget]:
    """The widgets Tab visits in `window`, in order, from its first control round to it again."""
    chain: list[QWidget] = []
    widget = window.nextInFocusChain()
    while widget is not window and widget not in chain:
        takes_tab = widget.focusPolicy() & Qt.FocusPolicy.TabFocus == Qt.FocusPolicy.TabFocus
        if widget.window() is window and widget.isVisible() and widget.isEnabled() and takes_tab:
            chain.append(widget)
        widget = widget.nextInFocusChain()
    return chain


def has_shortcut(widget: QWidget) -> bool:
    """A tool-bar button whose action has a key: the keyboard reaches it without Tab."""
    if not isinstance(widget, QToolButton) or not isinstance(widget.parentWidget(), QToolBar):
        return False
    action = widget.defaultAction()
    return action is not None and not action.shortcut().isEmpty()


def out_of_tab_reach(window: QWidget) -> list[str]:
    """The visible, enabled inputs of `window` that neither Tab nor a shortcut reaches."""
    reached = set(map(id, tab_chain(window)))
    return [
        describe(w)
        for w in window.findChildren(QWidget)
        if is_input(w, window)
        and w.isVisible()
        and w.isEnabled()
        and id(w) not in reached
        and not has_shortcut(w)
    ]
