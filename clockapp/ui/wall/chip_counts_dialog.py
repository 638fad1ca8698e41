"""`ChipCountsDialog`: each table's chip counts, typed at a break, and the chip leaders.

The director (or a dealer at the laptop) picks a table; the players seated there are listed in
seat order, each with a count (their newest count, if any, filled in). "Record this table" is one
service call (`services.chip_counts.record`); the line under it says what the counts add up to
against the chips in play, with the difference (shown, never refused). A refusal (a count of 0,
a player no longer at that table) stays in red in the dialog and nothing is recorded. "Chip
leaders on the wall" shows the top ten over the clock.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.chip_race import RaceTable
from clockapp.ui.bus import TournamentBus

#: The spin boxes' top (a real stack is far below; the service checks its own limit).
MAX_SPIN = 2_000_000_000
ERROR_STYLE = "color: #ff5a4e; font-weight: bold;"


class ChipCountsDialog(QDialog):
    """A count per player at the chosen table."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("chip_counts_dialog")
        self.setWindowTitle("Chip counts")
        self._services, self._bus = services, bus
        self.tables: tuple[RaceTable, ...] = services.chip_counts.tables(bus.tournament_id)
        layout = QVBoxLayout(self)
        self.table_combo = QComboBox()
        for table in self.tables:
            self.table_combo.addItem(f"{table.label} · {len(table.players)} players")
        self.table_combo.currentIndexChanged.connect(self._on_table_combo_changed)
        layout.addWidget(self.table_combo)
        self._rows = QWidget()
        self._form = QFormLayout(self._rows)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._rows)
        layout.addWidget(scroll, 1)
        self.spins: dict[int, QSpinBox] = {}
        self.total_label = QLabel("")
        self.total_label.setObjectName("total_label")
        self.total_label.setWordWrap(True)
        layout.addWidget(self.total_label)
        self.error_label = QLabel("")
        self.error_label.setObjectName("error_label")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        layout.addWidget(self.error_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.record_button: QPushButton = self.buttons.addButton(
            "Record this table", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.leaders_button: QPushButton = self.buttons.addButton(
            "Chip leaders on the wall", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.record_button.setDefault(True)
        self.record_button.clicked.connect(lambda _=False: self.record())
        self.leaders_button.clicked.connect(lambda _=False: self.show_leaders())
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._on_table_combo_changed()
        self._show_total()
        self.resize(480, 520)

    def table(self) -> RaceTable | None:
        """The table chosen."""
        index = self.table_combo.currentIndex()
        return self.tables[index] if 0 <= index < len(self.tables) else None

    def set_count(self, name: str, chips: int) -> None:
        """Type `chips` for the player called `name` (tests use it)."""
        table = self.table()
        assert table is not None
        rid = next(p.registration_id for p in table.players if p.name == name)
        self.spins[rid].setValue(chips)

    def record(self) -> bool:
        """Record the chosen table's counts (one service call); a refusal stays here in red."""
        table = self.table()
        if table is None:
            self.error_label.setText("Nobody is seated: there is no table to count.")
            return False
        counts = [(rid, spin.value()) for rid, spin in self.spins.items()]
        names = {p.registration_id: p.name for p in table.players}
        missing = [names[rid] for rid, chips in counts if chips < 0]
        if missing:
            self.error_label.setText(
                f"Count every player at {table.label}: {', '.join(missing)} not counted yet."
            )
            return False
        try:
            self._bus.run(
                lambda: self._services.chip_counts.record(
                    self._bus.tournament_id, table.number, counts
                )
            )
        except DomainError as exc:
            self.error_label.setText(str(exc))
            return False
        self.error_label.setText("")
        self._show_total()
        return True

    def show_leaders(self) -> None:
        """Put the chip leaders on the wall."""
        try:
            self._bus.run(lambda: self._services.chip_counts.show_leaders(self._bus.tournament_id))
        except DomainError as exc:
            self.error_label.setText(str(exc))

    def _show_total(self) -> None:
        board = self._services.chip_counts.leaderboard(self._bus.tournament_id)
        self.total_label.setText(board.difference_text())

    def _on_table_combo_changed(self, _index: int = 0) -> None:
        while self._form.rowCount():
            self._form.removeRow(0)
        self.spins = {}
        table = self.table()
        known = self._services.chip_counts.counts(self._bus.tournament_id)
        for player in table.players if table is not None else ():
            spin = QSpinBox()
            spin.setObjectName(f"count_{player.registration_id}")
            spin.setRange(-1, MAX_SPIN)  # -1 shows "not counted" (and is refused if recorded)
            spin.setGroupSeparatorShown(True)
            spin.setSpecialValueText("not counted")
            spin.setValue(known.get(player.registration_id, -1))
            seat = f"Seat {player.seat}: " if player.seat is not None else ""
            self._form.addRow(f"{seat}{player.name}", spin)
            self.spins[player.registration_id] = spin
        self.error_label.setText("")


def open_chip_counts(services: Services, bus: TournamentBus, parent: QWidget) -> ChipCountsDialog:
    """Build the chip counts dialog for the bus's tournament and open it (window-modal)."""
    dialog = ChipCountsDialog(services, bus, parent)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.open()
    return dialog
