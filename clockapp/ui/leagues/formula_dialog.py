"""The points formula editor: the formula, the names it may use, and a live preview of each
person's points on the current tournament. OK is enabled only while the formula works on
everyone there (the message names the place where it fails), so nothing broken is saved.

The preview reads the tournament, so it is made on the station's worker (`LatestRead`: typing
fast costs two reads, and the last one sees the last formula); OK waits for its answer."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.points import NAMES, format_points
from clockapp.errors import DomainError, ValidationError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.app import Services
from clockapp.services.leagues import PreviewLine
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.errors import report
from clockapp.ui.inks import ink_sheet
from clockapp.ui.leagues.models import PreviewModel


class FormulaDialog(QDialog):
    """Edit a points formula with its preview on the bus's tournament."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        formula: str,
        title: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._tournament_id = bus.tournament_id
        # The formula the next preview reads (set here, read on the worker).
        self._asked = formula.strip()
        self._previews = LatestRead(bus, self._preview, self._on_preview, self._on_preview_failed)
        self.setWindowTitle(title or _("Points formula"))
        self._setup_ui()
        self.editor.setPlainText(formula)
        self._on_editor_text_changed()

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("Each person's points (hundredths are kept):")))
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("formula_editor")
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.editor.setFont(mono)
        self.editor.setFixedHeight(80)
        self.editor.textChanged.connect(self._on_editor_text_changed)
        layout.addWidget(self.editor)
        names = " · ".join(f"<b>{name}</b> {meaning}" for name, meaning in NAMES.items())
        help_label = QLabel(
            _(
                "{names}<br>Functions: sqrt, log, min, max, abs, round, floor, ceil; "
                "<i>a if condition else b</i>."
            ).format(names=names)
        )
        help_label.setWordWrap(True)
        help_label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(help_label)
        self.problem_label = QLabel("")
        self.problem_label.setObjectName("formula_problem")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet(ink_sheet("#c62828", "font-weight: bold;"))
        layout.addWidget(self.problem_label)
        self.model = PreviewModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table, 1)
        self.total_label = QLabel("")
        layout.addWidget(self.total_label)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(760, 560)

    def formula(self) -> str:
        """The formula as typed."""
        return self.editor.toPlainText().strip()

    def _on_editor_text_changed(self) -> None:
        # OK waits for the preview of what is typed now.
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        self._asked = self.formula()
        self._previews.ask()

    def _preview(self) -> tuple[str, tuple[PreviewLine, ...] | str]:
        formula = self._asked
        try:
            return formula, self._services.leagues.preview(formula, self._tournament_id)
        except (DomainError, ValidationError) as error:
            return formula, str(error)

    def _on_preview(self, answer: tuple[str, tuple[PreviewLine, ...] | str]) -> None:
        formula, found = answer
        if formula != self.formula():
            return  # typed on since: the read of the new text is on its way
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        lines: tuple[PreviewLine, ...] = ()
        if isinstance(found, str):
            self.problem_label.setText(found)
            ok.setEnabled(False)
        else:
            lines = found
            self.problem_label.setText("")
            ok.setEnabled(True)
        self.model.set_lines(lines)
        total = sum(line.points for line in lines)
        self.total_label.setText(
            ngettext(
                "{count} person · {points} points in all",
                "{count} people · {points} points in all",
                len(lines),
            ).format(count=len(lines), points=format_points(total))
            if lines
            else ""
        )

    def _on_preview_failed(self, error: Exception) -> None:
        report(error, self)
