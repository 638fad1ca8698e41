"""`ChipCountsDialog`: each table's chip counts, typed at a break, and the chip leaders.

The director (or a dealer at the laptop) picks a table; the players seated there are listed in
seat order, each with a count (their newest count, if any, filled in). "Record this table" is one
service call (`services.chip_counts.record`) on the station's worker, its button busy until it
answers; the line under it says what the counts add up to
against the chips in play, with the difference (shown, never refused). A refusal (a count of 0,
a player no longer at that table) stays in red in the dialog and nothing is recorded. "Chip
leaders on the wall" shows the top ten over the clock.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QSpinBox,
    QWidget,
)

from clockapp.errors import DomainError
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.wall.players_dialog import PlayersDialog

#: The spin boxes' top (a real stack is far below; the service checks its own limit).
MAX_SPIN = 2_000_000_000


class ChipCountsDialog(PlayersDialog):
    """A count per player at the chosen table."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QWidget | None = None):
        super().__init__(services, bus, services.chip_counts.tables(bus.tournament_id), parent)
        self.setObjectName("chip_counts_dialog")
        self.setWindowTitle("Chip counts")
        self._layout.addWidget(self.table_combo)
        self._form = self._add_rows(QFormLayout)
        self.spins: dict[int, QSpinBox] = {}
        self.total_label = self._add_footer("total_label")
        self.record_button = self._add_button("Record this table", self.record)
        self.leaders_button = self._add_button("Chip leaders on the wall", self.show_leaders)
        self.record_button.setDefault(True)
        self._on_table_combo_changed()
        self._show_total()
        self.resize(480, 520)

    def set_count(self, name: str, chips: int) -> None:
        """Type `chips` for the player called `name` (tests use it)."""
        table = self.table()
        assert table is not None
        rid = next(p.registration_id for p in table.players if p.name == name)
        self.spins[rid].setValue(chips)

    def record(self) -> bool:
        """Record the chosen table's counts (one service call, on the worker); a refusal stays
        here in red. False when nothing was asked (a count missing, a recording on its way)."""
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
        tid, chip_counts, number = self._bus.tournament_id, self._services.chip_counts, table.number
        return self._bus.submit(
            lambda: chip_counts.record(tid, number, counts),
            self._on_recorded,
            self._on_refused,
            control=self.record_button,
        )

    def show_leaders(self) -> bool:
        """Put the chip leaders on the wall (on the worker; its button busy meanwhile)."""
        tid, chip_counts = self._bus.tournament_id, self._services.chip_counts
        return self._bus.submit(
            lambda: chip_counts.show_leaders(tid),
            None,
            self._on_refused,
            control=self.leaders_button,
        )

    def _on_recorded(self, _value: object) -> None:
        self.error_label.setText("")
        self._show_total()

    def _on_refused(self, error: Exception) -> None:
        if not isinstance(error, DomainError):
            raise error  # the worker's net shows it
        self.error_label.setText(str(error))

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
