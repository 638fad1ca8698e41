"""The rulings window's look: one style sheet, large type, states set as widget properties.

One sheet on the window (rather than a sheet per widget) keeps every font the same size: a
widget's own sheet would cut it off from the window's font. Every rule names the window's id, so
a role's rule outranks the window-wide font size (an id selector is more specific than a class).
The hands, the board and the verdict are drawn light whatever the desktop's theme (the cards'
colours are chosen for a light face), so the text on them has its own dark ink: a dark theme's
light text would not read there. What sits on the window itself (the keys line, the notes, the
errors) takes its ink from the window's palette instead: the grey and the red chosen for a light
window are mixed toward the palette's text until they stand out (`clockapp.ui.inks`) on a dark one.
Widgets say what they are with a `role` property and how they stand with state properties
("winner", "targeted", "invalid"); `set_state` re-polishes a widget when one of them changes.
"""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QWidget

from clockapp.ui.inks import readable

BASE_PX = 18

#: The light window's inks: muted notes, errors, the uncalled bet.
NOTE_INK = "#57606a"
ERROR_INK = "#c0261d"
UNCALLED_INK = "#8a4b00"

W = "#rulings_window"
#: The labels drawn on a light face (the hands, the board, the verdict) keep the light inks.
FACES = (f'{W} QFrame[role="hand"]', f'{W} QFrame[role="board"]', f'{W} QFrame[role="verdict"]')
SHEET = f"""
QWidget{W}, {W} QWidget {{ font-size: {BASE_PX}px; }}
{W} QSpinBox, {W} QLineEdit, {W} QComboBox {{ min-height: 32px; padding: 0 6px; }}
{W} QPushButton {{ min-height: 34px; padding: 0 14px; }}
{W} QPushButton[role="remove"] {{ min-width: 34px; max-width: 34px; padding: 0; }}
{W} QCheckBox::indicator {{ width: 22px; height: 22px; }}
{W} QLineEdit[role="cards"] {{ font-size: 20px; font-family: monospace; min-width: 190px; }}
{W} QLineEdit[invalid="true"] {{ border: 2px solid #c0261d; background: #fff5f4; color: #14171a; }}
{W} QFrame[role="hand"], {W} QFrame[role="board"] {{
    border: 2px solid #d0d7de; border-radius: 10px; background: #ffffff;
}}
{W} QFrame[role="board"] {{ background: #f6f8fa; }}
{W} QFrame[role="hand"][winner="true"] {{ border: 3px solid #1a7f37; background: #e9f7ee; }}
{W} QFrame[role="hand"][targeted="true"], {W} QFrame[role="board"][targeted="true"] {{
    border: 3px solid #1f6feb;
}}
{W} QLabel[role="title"] {{ font-size: 26px; font-weight: bold; }}
{W} QFrame[role="board"] QLabel[role="title"] {{ color: #14171a; }}
{W} QLabel[role="street"] {{ font-size: 20px; color: #57606a; }}
{W} QLabel[role="description"] {{ font-size: 25px; font-weight: bold; color: #14171a; }}
{W} QLabel[role="odds"] {{ font-size: 20px; color: #14171a; }}
{W} QLabel[role="outs"] {{ color: #14171a; }}
{W} QLabel[role="error"] {{ font-weight: bold; }}
{W} QLabel[role="keys"] {{ font-size: 15px; }}
{W} QLabel[role="badge"] {{
    color: white; border-radius: 6px; padding: 4px 12px; font-size: 22px; font-weight: bold;
}}
{W} QLabel[role="badge"][kind="WINS"] {{ background: #1a7f37; }}
{W} QLabel[role="badge"][kind="SPLITS"] {{ background: #b7791f; }}
{W} QLabel[role="badge"][kind="FOLDED"] {{ background: #8a94a6; }}
{W} QLabel[role="uncalled"] {{ font-weight: bold; }}
{W} QLabel[role="warning"] {{
    color: #6b3a00; background: #fff4d6; border-left: 4px solid #d4a017; padding: 4px 8px;
}}
{W} QFrame[role="verdict"] {{
    border: 2px solid #d0d7de; border-radius: 10px; background: #f6f8fa;
}}
{W} QFrame[role="verdict"][decided="true"] {{ border: 3px solid #1a7f37; background: #e9f7ee; }}
{W} QLabel[role="headline"] {{ font-size: 26px; color: #57606a; }}
{W} QLabel[role="headline"][decided="true"] {{ font-weight: bold; color: #0f5323; }}
{W} QLabel[role="verdict_pots"] {{ font-size: 18px; color: #14171a; }}
{W} QTableView {{ font-size: 19px; gridline-color: #d0d7de; }}
{W} QHeaderView::section {{ font-weight: bold; padding: 4px 8px; }}
"""

#: Added in a short window (a laptop): smaller type where it is largest, so three hands and
#: what they make fit under the picker.
COMPACT = f"""
{W} QLabel[role="title"] {{ font-size: 22px; }}
{W} QLabel[role="street"] {{ font-size: 17px; }}
{W} QLabel[role="description"] {{ font-size: 19px; }}
{W} QLabel[role="odds"] {{ font-size: 17px; }}
{W} QLabel[role="badge"] {{ padding: 2px 8px; font-size: 18px; }}
{W} QLineEdit[role="cards"] {{ font-size: 18px; min-width: 150px; }}
{W} QFrame[role="hand"] QLineEdit[role="cards"] {{ min-width: 80px; }}
{W} QFrame[role="hand"] QSpinBox, {W} QFrame[role="hand"] QLineEdit[role="name"] {{
    font-size: 16px; padding: 0 2px;
}}
"""


def window_inks(palette: QPalette) -> str:
    """The rules that colour the labels on the window's background from its palette."""
    ground = palette.color(QPalette.ColorRole.Window)
    text = palette.color(QPalette.ColorRole.WindowText)
    note, error = readable(NOTE_INK, ground, text), readable(ERROR_INK, ground, text)
    uncalled = readable(UNCALLED_INK, ground, text)
    light = [
        f'{face} QLabel[role="{role}"] {{ color: {ink}; }}'
        for face in FACES
        for role, ink in (("note", NOTE_INK), ("error", ERROR_INK))
    ]
    return "\n".join(
        [
            f'{W} QLabel[role="note"], {W} QLabel[role="keys"] {{ color: {note}; }}',
            f'{W} QLabel[role="error"] {{ color: {error}; }}',
            f'{W} QLabel[role="uncalled"] {{ color: {uncalled}; }}',
            *light,
            "",
        ]
    )


def sheet(compact: bool, palette: QPalette) -> str:
    """The window's style sheet, for a short window or a roomy one, on `palette`'s window."""
    return SHEET + window_inks(palette) + (COMPACT if compact else "")


def set_role(widget: QWidget, role: str) -> None:
    """Give `widget` its role in the sheet (set once, before it is shown)."""
    widget.setProperty("role", role)


def set_state(widget: QWidget, name: str, value: object) -> None:
    """Set a state property, re-polishing only when it changed (polishing is not free)."""
    if widget.property(name) == value:
        return
    widget.setProperty(name, value)
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
