"""The Look… dialog: the event's name and logo, a theme, the host's own colours, a live preview.

Every change redraws the preview at once. A colour the host picks that would leave text hard to
read from the back of the room (less than 7:1 on its background) is adjusted just enough and the
dialog says so under the preview; an image that is not one, or too large, is refused with a
message and the look stays as it was. OK returns the `Look`; storing it is one service call
(`HouseControls.edit_look`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.house import MAX_TITLE_CHARS, Look
from clockapp.core.look import (
    BUILT_IN,
    CUSTOM_ROLES,
    ROLE_NAMES,
    LookError,
    Palette,
    fit_colours,
    theme_named,
)
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.wall.images import load_image, pixmap
from clockapp.ui.wall.preview import LookPreview

#: The logo is kept at most this many pixels a side (the header is small; 4K stays sharp).
LOGO_SIDE = 512
IMAGE_FILTER = N_("Images (*.png *.jpg *.jpeg *.svg *.bmp *.gif *.webp)")


class LookDialog(QDialog):
    """Choose the look of the wall for one event."""

    def __init__(self, look: Look, tournament_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("The look of the wall"))
        self._tournament_name = tournament_name
        self._chosen: dict[str, str] = dict(look.colours)
        self._logo = look.logo
        # Dialog hooks (tests replace them): a colour for a role, a logo file.
        self.ask_color: Callable[[str, str], str | None] = self._ask_color
        self.ask_logo_path: Callable[[], Path | None] = self._ask_logo_path
        self._setup_ui(look)
        self._refresh()

    def _setup_ui(self, look: Look) -> None:
        root = QHBoxLayout(self)
        form = QFormLayout()
        self.title_edit = QLineEdit(look.title)
        self.title_edit.setMaxLength(MAX_TITLE_CHARS)
        self.title_edit.setPlaceholderText(self._tournament_name)
        self.title_edit.textChanged.connect(lambda _t: self._refresh())
        form.addRow(_("Event &name:"), self.title_edit)
        self.theme_box = QComboBox()
        for palette in BUILT_IN:
            self.theme_box.addItem(palette.name.capitalize(), palette.name)
        self.theme_box.setCurrentIndex(max(0, self.theme_box.findData(look.theme)))
        self.theme_box.currentIndexChanged.connect(lambda _i: self._refresh())
        form.addRow(_("&Theme:"), self.theme_box)
        self.color_buttons: dict[str, QPushButton] = {}
        for role in CUSTOM_ROLES:
            button = QPushButton()
            button.clicked.connect(lambda _c=False, role=role: self._on_color_clicked(role))
            self.color_buttons[role] = button
            form.addRow(_("{role}:").format(role=_(ROLE_NAMES[role])), button)
        self.reset_button = QPushButton(_("Theme's own &colours"))
        self.reset_button.clicked.connect(self._on_reset_clicked)
        form.addRow("", self.reset_button)
        logo_row = QHBoxLayout()
        self.logo_button = QPushButton(_("Choose &logo…"))
        self.logo_button.clicked.connect(self._on_logo_clicked)
        self.remove_logo_button = QPushButton(_("&Remove logo"))
        self.remove_logo_button.clicked.connect(self._on_remove_logo_clicked)
        logo_row.addWidget(self.logo_button)
        logo_row.addWidget(self.remove_logo_button)
        form.addRow(_("Logo:"), logo_row)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addStretch(1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        left.addWidget(self.buttons)
        root.addLayout(left, 2)
        right = QVBoxLayout()
        self.preview = LookPreview(theme_named(look.theme))
        right.addWidget(self.preview, 1)
        self.notes_label = QLabel("")
        self.notes_label.setWordWrap(True)
        self.notes_label.setObjectName("look_notes")
        right.addWidget(self.notes_label)
        self.error_label = QLabel("")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b3261e; font-weight: bold;")
        right.addWidget(self.error_label)
        root.addLayout(right, 3)

    # ---------------------------------------------------------------- state

    def theme_name(self) -> str:
        """The chosen built-in theme."""
        return str(self.theme_box.currentData())

    def chosen_palette(self) -> Palette:
        """The palette the wall will use (the theme with the host's colours, fitted)."""
        return fit_colours(theme_named(self.theme_name()), self._chosen)[0]

    def look(self) -> Look:
        """The look chosen."""
        return Look(
            title=self.title_edit.text().strip(),
            theme=self.theme_name(),
            colours=dict(self._chosen),
            logo=self._logo,
        )

    def _refresh(self, notes: tuple[str, ...] = ()) -> None:
        palette = self.chosen_palette()
        for role, button in self.color_buttons.items():
            value = palette.colours[role]
            mark = " (yours)" if role in self._chosen else ""
            button.setText(f"{value}{mark}")
            text = "#000000" if QColor(value).lightnessF() > 0.5 else "#ffffff"
            button.setStyleSheet(f"background: {value}; color: {text};")
        self.remove_logo_button.setEnabled(bool(self._logo))
        self.preview.show_look(palette, self.title_edit.text().strip(), pixmap(self._logo))
        self.notes_label.setText("\n".join(notes))

    # ---------------------------------------------------------------- slots

    def _on_color_clicked(self, role: str) -> None:
        answer = self.ask_color(role, self.chosen_palette().colours[role])
        if answer is None:
            return
        self.error_label.setText("")
        try:
            fitted, notes = fit_colours(
                theme_named(self.theme_name()), {**self._chosen, role: answer}
            )
        except LookError as error:
            self.error_label.setText(str(error))
            return
        # What is kept is what the wall draws: readable colours, adjusted where needed.
        self._chosen = {r: fitted.colours[r] for r in {**self._chosen, role: answer}}
        self._refresh(notes)

    def _on_reset_clicked(self) -> None:
        self._chosen = {}
        self.error_label.setText("")
        self._refresh()

    def _on_logo_clicked(self) -> None:
        path = self.ask_logo_path()
        if path is None:
            return
        try:
            self._logo = load_image(path, LOGO_SIDE)
        except LookError as error:
            self.error_label.setText(str(error))
            return
        self.error_label.setText("")
        self._refresh()

    def _on_remove_logo_clicked(self) -> None:
        self._logo = ""
        self._refresh()

    def _ask_color(self, role: str, current: str) -> str | None:
        color = QColorDialog.getColor(QColor(current), self, f"{ROLE_NAMES[role]} colour")
        return color.name() if color.isValid() else None

    def _ask_logo_path(self) -> Path | None:
        name, _filter = QFileDialog.getOpenFileName(
            self, _("The event's logo"), "", _(IMAGE_FILTER)
        )
        return Path(name) if name else None
