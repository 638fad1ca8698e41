"""`ChipCountsDialog`: each table's chip counts, typed at a break, and the chip leaders.

The director (or a dealer at the laptop) picks a table; the players seated there are listed in
seat order, each with a count (their newest count, if any, filled in). "Record this table" is one
service call (`services.chip_counts.record`) on the station's worker, its button busy until it
answers; the line under it says what the counts add up to
against the chips in play, with the difference (shown, never refused). A refusal (a count of 0,
a player no longer at that table) stays in red in the dialog and nothing is recorded. "Chip
leaders on the wall" shows the top ten over the clock.

What the dialog starts from (the tables, the newest counts, the total) is read on the station's
worker, and the dialog opens when that answers (`open_chip_counts`); after a recording the counts
and the total are read there again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QSpinBox,
    QWidget,
)

from clockapp.core.chip_counts import Leaderboard
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.chip_race import RaceTable
from clockapp.ui.bus import TournamentBus
from clockapp.ui.wall.players_dialog import PlayersDialog

#: The spin boxes' top (a real stack is far below; the service checks its own limit).
MAX_SPIN = 2_000_000_000


@dataclass(frozen=True)
class CountsRead:
    """The newest counts (registration id -> chips) and the leaderboard they make."""

    counts: dict[int, int]
    board: Leaderboard


@dataclass(frozen=True)
class ChipCountsRead:
    """What the dialog opens with: the tables to count, and the counts so far."""

    tables: tuple[RaceTable, ...]
    counts: CountsRead


def read_counts(services: Services, tournament_id: int) -> CountsRead:
    """The counts and the leaderboard, in one read (on the station's worker)."""
    chip_counts = services.chip_counts
    with services.ctx.shared_reads():
        return CountsRead(chip_counts.counts(tournament_id), chip_counts.leaderboard(tournament_id))


def read_chip_counts(services: Services, tournament_id: int) -> ChipCountsRead:
    """Everything the dialog opens with, in one read (on the station's worker)."""
    with services.ctx.shared_reads():
        tables = services.chip_counts.tables(tournament_id)
        return ChipCountsRead(tables, read_counts(services, tournament_id))


class ChipCountsDialog(PlayersDialog):
    """A count per player at the chosen table."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        held: ChipCountsRead,
        parent: QWidget | None = None,
    ):
        super().__init__(services, bus, held.tables, parent)
        self._held = held.counts
        self.setObjectName("chip_counts_dialog")
        self.setWindowTitle(_("Chip counts"))
        self._layout.addWidget(self.table_combo)
        self._form = self._add_rows(QFormLayout)
        self.spins: dict[int, QSpinBox] = {}
        self.total_label = self._add_footer("total_label")
        self.record_button = self._add_button(_("Record this table"), self.record)
        self.leaders_button = self._add_button(_("Chip leaders on the wall"), self.show_leaders)
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
            self.error_label.setText(_("Nobody is seated: there is no table to count."))
            return False
        counts = [(rid, spin.value()) for rid, spin in self.spins.items()]
        names = {p.registration_id: p.name for p in table.players}
        missing = [names[rid] for rid, chips in counts if chips < 0]
        if missing:
            self.error_label.setText(
                _("Count every player at {table}: {names} not counted yet.").format(
                    table=table.label, names=", ".join(missing)
                )
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
        services, tid = self._services, self._bus.tournament_id
        self._bus.worker.submit(
            lambda: read_counts(services, tid), self._on_counts_read, key=(self, "counts")
        )

    def _on_counts_read(self, held: CountsRead) -> None:
        self._held = held
        self._show_total()

    def _on_refused(self, error: Exception) -> None:
        if not isinstance(error, DomainError):
            raise error  # the worker's net shows it
        self.error_label.setText(str(error))

    def _show_total(self) -> None:
        self.total_label.setText(self._held.board.difference_text())

    def _on_table_combo_changed(self, _index: int = 0) -> None:
        while self._form.rowCount():
            self._form.removeRow(0)
        self.spins = {}
        table = self.table()
        known = self._held.counts
        for player in table.players if table is not None else ():
            spin = QSpinBox()
            spin.setObjectName(f"count_{player.registration_id}")
            spin.setRange(-1, MAX_SPIN)  # -1 shows "not counted" (and is refused if recorded)
            spin.setGroupSeparatorShown(True)
            spin.setSpecialValueText(_("not counted"))
            spin.setValue(known.get(player.registration_id, -1))
            seat = f"Seat {player.seat}: " if player.seat is not None else ""
            self._form.addRow(f"{seat}{player.name}", spin)
            self.spins[player.registration_id] = spin
        self.error_label.setText("")


def open_chip_counts(
    services: Services,
    bus: TournamentBus,
    parent: QWidget,
    on_opened: Callable[[ChipCountsDialog], object],
) -> bool:
    """Read what the chip counts dialog starts from on the station's worker, then open it
    (window-modal) and hand it to `on_opened`. False when nothing was asked (a read is still
    on its way)."""
    tid = bus.tournament_id

    def opened(held: ChipCountsRead) -> None:
        dialog = ChipCountsDialog(services, bus, held, parent)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.open()
        on_opened(dialog)

    return bus.worker.submit(
        lambda: read_chip_counts(services, tid),
        opened,
        key=(open_chip_counts, parent),
        asker=parent,
    )
