"""The house rules and break slides dialog: the rules sheet to edit, the slides to turn.

The rules sheet is plain text: "# Heading" starts a page on the wall, "- item" is a line; the
Hold'em template is one button away. The slides are a list: a text slide (a title and up to three
lines) or an image slide (a sponsor's or the league's picture, kept in the database), each shown
for the same number of seconds during the breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clockapp import formats
from clockapp.core.house import (
    MAX_RULES_CHARS,
    MAX_SLIDE_SECONDS,
    MAX_SLIDES,
    MIN_SLIDE_SECONDS,
    Slide,
    SlideShow,
)
from clockapp.core.look import LookError
from clockapp.i18n import gettext as _
from clockapp.i18n import pgettext
from clockapp.ui.wall.images import load_image
from clockapp.ui.wall.look_dialog import IMAGE_FILTER

#: A slide image is kept at most this many pixels a side (sharp on a 1080p wall).
SLIDE_SIDE = 1600


class HouseDialog(QDialog):
    """Edit the rules sheet and the break slides of one event."""

    def __init__(
        self, rules: str, slides: SlideShow, template: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("House rules and break slides"))
        self._template = template
        self._slides = list(slides.slides)
        # Dialog hooks (tests replace them): a text slide, an image file.
        self.ask_text_slide: Callable[[], tuple[str, str] | None] = self._ask_text_slide
        self.ask_image_path: Callable[[], Path | None] = self._ask_image_path
        root = QVBoxLayout(self)
        self.tabs = QTabWidget()
        root.addWidget(self.tabs)
        rules_page = QWidget()
        rules_layout = QVBoxLayout(rules_page)
        rules_layout.addWidget(
            QLabel(_('"# Heading" starts a page on the wall; "- item" is one line of it.'))
        )
        self.rules_edit = QPlainTextEdit(rules)
        rules_layout.addWidget(self.rules_edit)
        self.template_button = QPushButton(_("Start again from the &Hold'em template"))
        self.template_button.clicked.connect(lambda: self.rules_edit.setPlainText(self._template))
        rules_layout.addWidget(self.template_button)
        self.tabs.addTab(rules_page, _("&Rules sheet"))
        slides_page = QWidget()
        slides_layout = QVBoxLayout(slides_page)
        slides_layout.addWidget(QLabel(_("Shown one after another on the wall during breaks.")))
        self.slide_list = QListWidget()
        slides_layout.addWidget(self.slide_list)
        row = QHBoxLayout()
        self.add_text_button = QPushButton(_("Add &text slide…"))
        self.add_text_button.clicked.connect(self._on_add_text_clicked)
        self.add_image_button = QPushButton(_("Add &image slide…"))
        self.add_image_button.clicked.connect(self._on_add_image_clicked)
        self.remove_button = QPushButton(_("Re&move"))
        self.remove_button.clicked.connect(self._on_remove_clicked)
        for button in (self.add_text_button, self.add_image_button, self.remove_button):
            row.addWidget(button)
        slides_layout.addLayout(row)
        seconds_row = QHBoxLayout()
        seconds_row.addWidget(QLabel(_("Each slide stays up")))
        self.seconds_box = QSpinBox()
        self.seconds_box.setRange(MIN_SLIDE_SECONDS, MAX_SLIDE_SECONDS)
        self.seconds_box.setSuffix(pgettext("seconds, after a number", " s"))
        self.seconds_box.setValue(slides.seconds)
        seconds_row.addWidget(self.seconds_box)
        seconds_row.addStretch(1)
        slides_layout.addLayout(seconds_row)
        self.with_rules_check = QCheckBox(_("The &rules sheet's pages turn with the slides"))
        self.with_rules_check.setChecked(slides.with_rules)
        slides_layout.addWidget(self.with_rules_check)
        self.tabs.addTab(slides_page, _("Break &slides"))
        self.error_label = QLabel("")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b3261e; font-weight: bold;")
        root.addWidget(self.error_label)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._on_ok_clicked)
        buttons.rejected.connect(self.reject)
        root.addWidget(buttons)
        self._fill_list()

    def rules(self) -> str:
        """The rules sheet as edited."""
        return self.rules_edit.toPlainText()

    def slides(self) -> SlideShow:
        """The slides as edited."""
        return SlideShow(
            tuple(self._slides), self.seconds_box.value(), self.with_rules_check.isChecked()
        )

    def _fill_list(self) -> None:
        self.slide_list.clear()
        for n, slide in enumerate(self._slides, start=1):
            what = "image" if slide.image else (slide.title or slide.text.splitlines()[0])
            self.slide_list.addItem(f"{n}. {what}")
        self.remove_button.setEnabled(bool(self._slides))
        full = len(self._slides) >= MAX_SLIDES
        self.add_text_button.setEnabled(not full)
        self.add_image_button.setEnabled(not full)

    def _on_add_text_clicked(self) -> None:
        answer = self.ask_text_slide()
        if answer is None:
            return
        title, text = answer
        try:
            self._slides.append(Slide(title.strip(), text.strip()))
        except LookError as error:
            self.error_label.setText(str(error))
            return
        self.error_label.setText("")
        self._fill_list()

    def _on_add_image_clicked(self) -> None:
        path = self.ask_image_path()
        if path is None:
            return
        try:
            self._slides.append(Slide(image=load_image(path, SLIDE_SIDE)))
        except LookError as error:
            self.error_label.setText(str(error))
            return
        self.error_label.setText("")
        self._fill_list()

    def _on_remove_clicked(self) -> None:
        row = self.slide_list.currentRow()
        if 0 <= row < len(self._slides):
            del self._slides[row]
            self._fill_list()

    def _on_ok_clicked(self) -> None:
        text = self.rules()
        if not text.strip():
            self.error_label.setText(
                _("The rules sheet is empty; write the rules or use the template.")
            )
            return
        if len(text) > MAX_RULES_CHARS:
            self.error_label.setText(
                _("The rules sheet is longer than {count} characters.").format(
                    count=formats.number(MAX_RULES_CHARS)
                )
            )
            return
        self.accept()

    def _ask_text_slide(self) -> tuple[str, str] | None:
        text, ok = QInputDialog.getMultiLineText(
            self, _("Text slide"), _("First line in large type, up to three lines under it:")
        )
        lines = text.strip().splitlines() if ok else []
        return (lines[0], "\n".join(lines[1:])) if lines else None

    def _ask_image_path(self) -> Path | None:
        name, _filter = QFileDialog.getOpenFileName(self, _("A slide's image"), "", _(IMAGE_FILTER))
        return Path(name) if name else None
