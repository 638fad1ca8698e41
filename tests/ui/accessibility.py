"""What a screen reader and a keyboard user get from a window: names, the tab chain, contrast.

The name checked is the one Qt's accessibility layer gives an assistive tool (what a screen
reader says), so a label's buddy, a button's text and an explicit accessible name all count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QAccessible, QBrush, QColor, QGuiApplication, QImage, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSlider,
    QStyleFactory,
    QTextEdit,
    QToolBar,
    QToolButton,
    QWidget,
)

from clockapp.core.look import contrast_ratio
from clockapp.ui.inks import READABLE

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


#: The dark palette commonly given to the Fusion style for a dark desktop.
DARK = {
    QPalette.ColorRole.Window: "#353535",
    QPalette.ColorRole.WindowText: "#ffffff",
    QPalette.ColorRole.Base: "#2a2a2a",
    QPalette.ColorRole.AlternateBase: "#424242",
    QPalette.ColorRole.ToolTipBase: "#353535",
    QPalette.ColorRole.ToolTipText: "#ffffff",
    QPalette.ColorRole.Text: "#ffffff",
    QPalette.ColorRole.Button: "#353535",
    QPalette.ColorRole.ButtonText: "#ffffff",
    QPalette.ColorRole.BrightText: "#ff0000",
    QPalette.ColorRole.Link: "#2a82da",
    QPalette.ColorRole.Highlight: "#2a82da",
    QPalette.ColorRole.HighlightedText: "#000000",
    QPalette.ColorRole.PlaceholderText: "#a0a0a0",
}
DESKTOPS = ("light", "dark")


@contextmanager
def desktop(kind: str) -> Iterator[None]:
    """The Fusion style with its light palette, or with `DARK`, for the time of the block."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    style, palette = app.style().name(), QPalette(app.palette())
    app.setStyle(QStyleFactory.create("Fusion"))
    chosen = QPalette(app.style().standardPalette())
    if kind == "dark":
        for role, colour in DARK.items():
            chosen.setColor(role, QColor(colour))
    app.setPalette(chosen)
    try:
        yield
    finally:
        app.setStyle(QStyleFactory.create(style))
        app.setPalette(palette)


def _colour(value: object, fallback: QColor) -> QColor:
    if isinstance(value, QBrush):
        return value.color()
    if isinstance(value, QColor):
        return value
    return fallback


def unreadable_cells(model: QAbstractItemModel) -> list[str]:
    """The cells whose text stands out from their background by less than 4.5:1.

    What a cell leaves unset is what a view paints it with: the palette's Text on its Base.
    """
    palette = QGuiApplication.palette()
    text = palette.color(QPalette.ColorRole.Text)
    base = palette.color(QPalette.ColorRole.Base)
    found = []
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            if not index.data(Qt.ItemDataRole.DisplayRole):
                continue
            ink = _colour(index.data(Qt.ItemDataRole.ForegroundRole), text)
            ground = _colour(index.data(Qt.ItemDataRole.BackgroundRole), base)
            ratio = contrast_ratio(ink.name(), ground.name())
            if ratio < READABLE:
                found.append(
                    f"{type(model).__name__} row {row} column {column}: "
                    f"{ink.name()} on {ground.name()} is {ratio:.2f}:1"
                )
    return found


def ground_of(picture: QImage, widget: QWidget) -> QColor:
    """The colour most of the widget's box is drawn in (what its text stands on)."""
    shown = widget.visibleRegion().boundingRect()  # a scroll area may hide part of it
    corner = widget.mapTo(widget.window(), shown.topLeft())
    box = picture.copy(corner.x(), corner.y(), shown.width(), shown.height())
    counts = Counter(
        box.pixel(x, y) for x in range(0, box.width(), 2) for y in range(0, box.height(), 2)
    )
    return QColor.fromRgb(counts.most_common(1)[0][0])


def unreadable_labels(window: QWidget) -> list[str]:
    """The visible labels of `window` whose ink stands out from what they sit on by under 4.5:1.

    The ink is the label's palette (where a style sheet's `color` lands), the ground what the
    window draws under it.
    """
    QApplication.processEvents()
    picture = window.grab().toImage()
    found = []
    for label in window.findChildren(QLabel):
        if not (label.isVisible() and label.text().strip()) or label.window() is not window:
            continue
        if label.visibleRegion().isEmpty():
            continue  # scrolled out of sight
        ink = label.palette().color(label.foregroundRole())
        ground = ground_of(picture, label)
        ratio = contrast_ratio(ink.name(), ground.name())
        if ratio < READABLE:
            found.append(
                f"{describe(label)} {label.text()[:30]!r}: "
                f"{ink.name()} on {ground.name()} is {ratio:.2f}:1"
            )
    return found
