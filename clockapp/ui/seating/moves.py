"""The tables window's move list: what it shows, acknowledging moves, printing the move sheet."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.i18n import gettext as _
from clockapp.services.seating import MoveInfo
from clockapp.ui.exports import ask_save_path, export_file_name
from clockapp.ui.optional import Part, notice
from clockapp.ui.seating.context import TablesContext
from clockapp.ui.seating.model import MOVE_ID_ROLE, WHY_COLUMN, MoveListModel
from clockapp.ui.seating.printing import print_moves, save_moves_pdf


class MovesBox(QGroupBox):
    """The pending moves (or every move), acknowledging them, printing the sheet.

    `ask_pdf_path` asks where to save the sheet (None for Cancel); tests replace it.
    """

    def __init__(
        self,
        context: TablesContext,
        reload: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(_("Moves"), parent)
        self._context = context
        self._reload = reload
        self.ask_pdf_path: Callable[[], Path | None] = self._ask_pdf_path
        self._shown: tuple[MoveInfo, ...] | None = None  # the moves last shown
        self.model = MoveListModel(self)
        layout = QVBoxLayout(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # Names are elided in a column the director can widen; the reason takes what is left
        # (the line under the list shows it whole).
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(0, 130)
        header.setSectionResizeMode(WHY_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_changed)
        layout.addWidget(self.table, 1)
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setMinimumHeight(self.detail.fontMetrics().height() * 3)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.detail)
        self.show_done = QCheckBox(_("Show moves already made"), self)
        self.show_done.toggled.connect(self._on_show_done_toggled)
        layout.addWidget(self.show_done)
        # Two by two: four in a row did not fit the panel in languages with longer words.
        buttons = QGridLayout()
        self.acknowledge_button = QPushButton(_("&Moved"), self)
        self.acknowledge_button.setToolTip(
            _("The selected players have moved: take them off the display")
        )
        self.acknowledge_button.clicked.connect(self.acknowledge_selected)
        self.acknowledge_all_button = QPushButton(_("All moved"), self)
        self.acknowledge_all_button.clicked.connect(self.acknowledge_all)
        self.print_button = QPushButton(_("&Print…"), self)
        self.print_button.clicked.connect(self.print_moves)
        self.pdf_button = QPushButton(_("Save PDF…"), self)
        self.pdf_button.clicked.connect(self._on_pdf_button_clicked)
        for index, button in enumerate(
            (
                self.acknowledge_button,
                self.acknowledge_all_button,
                self.print_button,
                self.pdf_button,
            )
        ):
            buttons.addWidget(button, index // 2, index % 2)
        layout.addLayout(buttons)

    @property
    def shows_done(self) -> bool:
        """Whether the list shows the moves already made too (what a read of it reads)."""
        return self.show_done.isChecked()

    def show_moves(self, moves: tuple[MoveInfo, ...]) -> None:
        """Show the moves read with the room (a list unchanged is left as it is, selection and
        all)."""
        if moves == self._shown:
            return
        self._shown = moves
        self.model.set_moves(moves)
        self._show_detail(0 if moves else -1)

    def _on_show_done_toggled(self, _checked: bool) -> None:
        self._reload()

    def _on_table_current_changed(self, current: Any, _previous: Any) -> None:
        self._show_detail(current.row())

    def _show_detail(self, row: int) -> None:
        if not 0 <= row < self.model.rowCount():
            self.detail.setText(_("No moves on the display.") if row < 0 else "")
            return
        move = self.model.move_at(row)
        self.detail.setText(
            _("{name}: {announcement}\n{reason}").format(
                name=move.name, announcement=move.announcement, reason=move.reason
            )
        )

    def acknowledge_selected(self) -> None:
        """The selected players have moved."""
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        if not rows and self.model.rowCount() > 0:
            rows = [0]
        tid = self._context.tid
        acknowledge = self._context.services.seating.acknowledge_move
        for row in rows:
            move_id = self.model.index(row, 0).data(MOVE_ID_ROLE)
            self._context.submit(partial(acknowledge, tid, move_id), key=("moved", move_id))

    def acknowledge_all(self) -> None:
        """Every player on the display has moved."""
        tid = self._context.tid
        seating = self._context.services.seating
        self._context.submit(
            lambda: seating.acknowledge_all(tid),
            control=self.acknowledge_all_button,
            key=self.acknowledge_all_button,
        )

    def print_moves(self) -> None:
        """Print the moves shown (the print dialog chooses the printer or a PDF file)."""
        try:  # optional: the window, and saving a PDF, work without Qt's printing support
            from PySide6.QtPrintSupport import QPrintDialog, QPrinter
        except ImportError as error:
            message = notice(Part.PRINTING, error) + " " + _("Save a PDF instead.")
            self._context.banner.show_message(message)
            return
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            print_moves(printer, self._context.name, self.model.moves, self._context.now())

    def save_pdf(self, path: Path) -> None:
        """Print the moves shown to a PDF file."""
        save_moves_pdf(path, self._context.name, self.model.moves, self._context.now())
        self._context.banner.show_message(
            _("Saved the move sheet to {path}.").format(path=path), "info"
        )

    def _on_pdf_button_clicked(self) -> None:
        path = self.ask_pdf_path()
        if path is not None:
            self.save_pdf(path)

    def _ask_pdf_path(self) -> Path | None:
        created = self._context.created_at or self._context.now()  # as last read
        file_name = export_file_name(
            self._context.name, created.astimezone().date(), "moves", "pdf"
        )
        name = ask_save_path(self, _("Save the move sheet"), file_name, _("PDF files (*.pdf)"))
        return Path(name) if name else None
