"""Shootout commands of the tables window, and the chip-count dialog they use.

A shootout is started from the toolbar (with an optional time limit per table). Players who go
out are marked from the seat menu; a table whose time is up is settled by chip counts. Once every
table has its winner, the same toolbar button seats the winners, with the chips they won, for the
next round (the final table when they fit at one).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QLabel,
    QSpinBox,
    QWidget,
)

#: The largest chip count the dialog accepts.
MAX_CHIPS = 2_000_000_000


class ChipsDialog(QDialog):
    """Chip counts for a list of players."""

    def __init__(
        self, title: str, note: str, players: Sequence[tuple[int, str]], parent: QWidget | None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        form = QFormLayout(self)
        label = QLabel(note, self)
        label.setWordWrap(True)
        form.addRow(label)
        self.spins: dict[int, QSpinBox] = {}
        for registration_id, name in players:
            spin = QSpinBox(self)
            spin.setRange(1, MAX_CHIPS)
            spin.setSingleStep(100)
            spin.setGroupSeparatorShown(True)
            form.addRow(name, spin)
            self.spins[registration_id] = spin
        box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        form.addRow(box)

    def value(self) -> dict[int, int]:
        """Chips by registration id."""
        return {rid: spin.value() for rid, spin in self.spins.items()}


class ShootoutCommands:
    """Start a shootout, mark players out, settle a table at its time limit, next round."""

    def shootout(self) -> None:
        """Start a shootout, or seat the winners for the next round once every table has one."""
        tid = self.tournament_id
        seating = self._services.seating
        view = seating.shootout(tid)
        if view is None or view.shootout.champion is not None:
            minutes = self.ask_time_limit()
            if minutes is None:
                return
            started = self._run(
                lambda: seating.start_shootout(tid, time_limit_minutes=minutes or None)
            )
            if started is not None:
                tables = len(started.shootout.current.seating.tables)
                self.banner.show_message(
                    f"Shootout: round 1 drawn at {tables} tables; each plays to one winner.",
                    "info",
                )
            return
        current = view.shootout.current
        if not current.finished:
            waiting = [t.number for t in current.seating.tables if t.number not in current.winners]
            self.banner.show_message(
                f"Round {current.number}: table(s) {', '.join(map(str, waiting))} still play. "
                "Right-click a player who goes out.",
                "info",
            )
            return
        winners = [(rid, view.names.get(rid, f"#{rid}")) for rid in current.winners.values()]
        chips = self.ask_chips(
            "Next shootout round", "Chips each table winner brings to the next round:", winners
        )
        if chips is None:
            return
        advanced = self._run(lambda: seating.advance_shootout(tid, chips))
        if advanced is not None:
            what = "the final table" if advanced.shootout.current.is_final else "the next round"
            self.banner.show_message(f"The winners redraw for {what}.", "info")

    def shootout_out(self, registration_id: int) -> None:
        """A player is out of the shootout."""
        tid = self.tournament_id
        view = self._run(lambda: self._services.seating.shootout_bust(tid, registration_id))
        if view is not None and view.shootout.champion is not None:
            name = view.names.get(view.shootout.champion, "")
            self.banner.show_message(f"{name} wins the shootout.", "info")

    def shootout_time_up(self, table: int) -> None:
        """A table's time is up: ask the chip counts and settle it."""
        if self.room is None:
            return
        players = [
            (s.registration_id, s.name)
            for s in self.room.table(table).seats
            if s.registration_id is not None
        ]
        chips = self.ask_chips(
            f"Time is up at table {table}",
            "Chip counts: the chip leader wins the table, the others finish by chips.",
            players,
        )
        if chips is None:
            return
        tid = self.tournament_id
        self._run(lambda: self._services.seating.shootout_time_limit(tid, table, chips))

    def _ask_time_limit(self) -> int | None:
        minutes, accepted = QInputDialog.getInt(
            self, "Shootout", "Time limit per table in minutes (0: play to one winner)", 0, 0, 900
        )
        return minutes if accepted else None

    def _ask_chips(
        self, title: str, note: str, players: Sequence[tuple[int, str]]
    ) -> dict[int, int] | None:
        dialog = ChipsDialog(title, note, players, self)
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None
