"""`CaptainsDialog`: Tournament > Table captains…, reporting from the tables' phones.

Each table of the room, with its players, whether its captain may report and whether a code is
out. The director switches reporting on or off, gives a table a new QR code (its secret token
in the captain's page address on the web view; the old code stops working) and revokes a code.
Only the token's hash is kept, so a code is shown once, when it is made: the director shows it
to the captain or prints it then. Every change is one service call on the station's worker;
the list is read there too.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp import formats
from clockapp.errors import DomainError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.captains import CaptainTable, IssuedToken
from clockapp.services.changes import Change, Changes
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.director.web_view import QrCode
from clockapp.ui.errors import report as report_error
from clockapp.ui.inks import ink_sheet
from clockapp.ui.table_model import AnyIndex, RowTableModel

log = logging.getLogger(__name__)

COLUMNS = (N_("Table"), N_("Players"), N_("Reporting"), N_("Code"))


def captain_url(base: str, token: str) -> str:
    """The captain's page address on the web view at `base` ("http://10.0.0.2:8765/").

    >>> captain_url("http://10.0.0.2:8765/", "abc")
    'http://10.0.0.2:8765/captain/abc'
    """
    return f"{base.rstrip('/')}/captain/{token}"


class CaptainTablesModel(RowTableModel[CaptainTable]):
    """The room's tables with their reporting switch and code."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(tuple(_(column) for column in COLUMNS), parent)

    def set_tables(self, tables: tuple[CaptainTable, ...]) -> None:
        """Show these tables (the selection stays on rows that stay)."""
        self._update_rows(tables, key=lambda t: t.number)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The label, the players seated, on or off, when the code was made."""
        item = self.row_at(index)
        if item is None or role != Qt.ItemDataRole.DisplayRole:
            return None
        column = index.column()
        if column == 0:
            return item.label
        if column == 1:
            return str(item.players)
        if column == 2:
            return _("On") if item.enabled else _("Off")
        if item.has_token and item.issued_at is not None:
            return _("Made at {time}").format(time=formats.time_of_day(item.issued_at.astimezone()))
        return _("None")


class CaptainsDialog(QDialog):
    """Switch reporting per table; make, show, print and revoke each table's QR code."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        web_url: Callable[[], str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("captains_dialog")
        self.setWindowTitle(_("Table captains"))
        self._services = services
        self._bus = bus
        self._web_url = web_url
        self.issued: IssuedToken | None = None
        self._setup_ui()
        self._read = LatestRead(
            bus, lambda: services.captains.tables(bus.tournament_id), self.show_tables, self._failed
        )
        bus.changed.connect(self._on_bus_changed)
        self._read.ask()

    def _setup_ui(self) -> None:
        column = QVBoxLayout(self)
        intro = QLabel(
            _(
                "A table with reporting on sends busts, chip counts and calls for the floor or "
                "the clock from its captain's phone; each waits in the director's window until "
                "you accept it. A new code is shown once: let the captain scan it, or print it."
            )
        )
        intro.setWordWrap(True)
        column.addWidget(intro)
        self.model = CaptainTablesModel(self)
        self.view = QTableView()
        self.view.setObjectName("captain_tables")
        self.view.setAccessibleName(_("Tables"))
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        column.addWidget(self.view, 1)
        buttons = QHBoxLayout()
        self.switch_button = QPushButton(_("Reporting on/off"))
        self.switch_button.setObjectName("switch_reporting")
        self.code_button = QPushButton(_("New QR code"))
        self.code_button.setObjectName("new_code")
        self.revoke_button = QPushButton(_("Revoke code"))
        self.revoke_button.setObjectName("revoke_code")
        for button in (self.switch_button, self.code_button, self.revoke_button):
            buttons.addWidget(button)
        column.addLayout(buttons)
        self.code_label = QLabel("")
        self.code_label.setObjectName("code_label")
        self.code_label.setWordWrap(True)
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column.addWidget(self.code_label)
        self.qr = QrCode()
        self.qr.setFixedSize(220, 220)
        self.qr.hide()
        column.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignHCenter)
        self.print_button = QPushButton(_("Print the code…"))
        self.print_button.setObjectName("print_code")
        self.print_button.hide()
        column.addWidget(self.print_button, 0, Qt.AlignmentFlag.AlignHCenter)
        self.error_label = QLabel("")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(ink_sheet("#ff5a4e", "font-weight: bold;"))
        column.addWidget(self.error_label)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        column.addWidget(close)
        self.switch_button.clicked.connect(lambda _=False: self.switch_selected())
        self.code_button.clicked.connect(lambda _=False: self.new_code())
        self.revoke_button.clicked.connect(lambda _=False: self.revoke_selected())
        self.print_button.clicked.connect(lambda _=False: self.print_code())
        self.resize(520, 560)

    # ---------------------------------------------------------------- reading

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(Change.REPORTS | Change.SEATING):
            self._read.ask()

    def show_tables(self, tables: tuple[CaptainTable, ...]) -> None:
        """Show the tables read (the first selected when none was)."""
        self.model.set_tables(tables)
        if tables and not self.view.selectionModel().hasSelection():
            self.view.selectRow(0)

    def _failed(self, error: Exception) -> None:
        if isinstance(error, DomainError):
            self.error_label.setText(str(error))
        else:
            report_error(error, self)

    def selected(self) -> CaptainTable | None:
        """The table selected (None: none)."""
        rows = self.view.selectionModel().selectedRows()
        return self.model.row_at(rows[0]) if rows else None

    # ---------------------------------------------------------------- acting

    def _submit(self, operation: Callable[[], Any], done: Callable[[Any], object] | None) -> bool:
        self.error_label.setText("")
        return self._bus.submit(
            operation, done, self._failed, control=self.code_button, key=(self, "act"), asker=self
        )

    def switch_selected(self) -> bool:
        """Switch reporting at the selected table on (or off)."""
        table = self.selected()
        if table is None:
            return False
        tid, captains = self._bus.tournament_id, self._services.captains
        return self._submit(lambda: captains.enable(tid, table.number, not table.enabled), None)

    def new_code(self) -> bool:
        """Make the selected table a new code (reporting on) and show it."""
        table = self.selected()
        if table is None:
            return False
        if not self._web_url():
            self.error_label.setText(
                _(
                    "Switch the web view on first (View > Web view for phones…), shared on the "
                    "network: the QR code holds the captain's page address on it."
                )
            )
            return False
        tid, captains = self._bus.tournament_id, self._services.captains
        return self._submit(lambda: captains.issue_token(tid, table.number), self.show_code)

    def revoke_selected(self) -> bool:
        """Revoke the selected table's code (its reporting goes off)."""
        table = self.selected()
        if table is None:
            return False
        tid, captains = self._bus.tournament_id, self._services.captains

        def revoked(_value: object) -> None:
            if self.issued is not None and self.issued.table_number == table.number:
                self.show_code(None)

        return self._submit(lambda: captains.revoke(tid, table.number), revoked)

    def show_code(self, issued: IssuedToken | None) -> None:
        """Show a table's new code (None: hide it)."""
        self.issued = issued
        if issued is None:
            self.qr.set_text("")
            self.code_label.setText("")
        else:
            url = captain_url(self._web_url(), issued.token)
            self.qr.set_text(url)
            self.code_label.setText(
                _("The captain of {table} scans this code (or opens {url}).").format(
                    table=issued.label, url=url
                )
            )
        self.qr.setVisible(issued is not None)
        self.print_button.setVisible(issued is not None)

    def print_code(self) -> bool:
        """Print the code shown, with the table's label; False when printing is not there."""
        if self.issued is None:
            return False
        try:
            from PySide6.QtPrintSupport import QPrintDialog, QPrinter
        except ImportError as error:  # a system without the printing libraries
            log.warning("printing is not available: %s", error)
            self.error_label.setText(_("Printing is not available on this computer."))
            return False
        printer = QPrinter()
        if QPrintDialog(printer, self).exec() != QDialog.DialogCode.Accepted:
            return False
        painter = QPainter(printer)
        try:
            page = printer.pageRect(QPrinter.Unit.DevicePixel)
            painter.drawText(
                0, 0, int(page.width()), 80, Qt.AlignmentFlag.AlignCenter, self.issued.label
            )
            side = int(min(page.width(), page.height()) * 0.6)
            self.qr.resize(side, side)
            painter.translate((page.width() - side) / 2, 120)
            self.qr.render(painter, QPoint(0, 0))
        finally:
            painter.end()
            self.qr.setFixedSize(220, 220)
        return True
