"""`FinalCountsDialog`: the chip count of every player still in, when the hard end stops play.

The director counts each stack and types it in; the dialog adds them up against the chips in
play (a miscount shows before anything is recorded, and Record stays off until the director
counts again or ticks that these counts stand, the difference shown), and "Record places" ranks
the players by
their counts through `services.hard_end.finish_by_chips`: more chips, better place; equal counts
share their places and prizes, exactly as players busted on one hand at the cashier. A refusal
(a player counted who has busted meanwhile, a count of 0) stays in the dialog, in red, and
nothing is recorded. The recording runs on the station's worker: Record is busy until it has
answered (a second press records nothing more), and the dialog closes then.

`open_final_counts` reads the field of the tournament on show on the station's worker, then
builds the dialog and opens it window-modal
(the director window stays responsive to the clock); the director window calls it from its
"Final chip counts…" button (shown when the hard end has stopped play) and from the Tournament
menu.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
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

from clockapp import formats
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.ui.inks import ink_sheet

if TYPE_CHECKING:
    from clockapp.services.app import Services
    from clockapp.services.hard_end import ChipCountResult, FieldToCount
    from clockapp.ui.bus import TournamentBus

#: A count larger than any real stack, to catch a finger slipping on the keyboard.
MAX_CHIPS = 2_000_000_000

#: Records the counts (and the difference from the chips in play the director confirmed, or
#: None), then calls back with an error to show, or None when recorded; returns False when
#: nothing was asked (a recording is still on its way).
Submit = Callable[[dict[int, int], int | None, Callable[[str | None], None]], bool]


def counted_line(counted: int, in_play: int) -> tuple[str, bool]:
    """What the counts add up to against the chips in play, and whether that is a miscount.

    >>> counted_line(50_000, 50_000)
    ('Counted 50,000 of 50,000 chips in play.', False)
    >>> counted_line(49_000, 50_000)
    ('Counted 49,000 of 50,000 chips in play: 1,000 missing. Count again?', True)
    >>> counted_line(51_000, 50_000)[0]
    'Counted 51,000 of 50,000 chips in play: 1,000 too many. Count again?'
    """
    fields = {"counted": formats.chips(counted), "in_play": formats.chips(in_play)}
    if counted == in_play or in_play <= 0:
        return _("Counted {counted} of {in_play} chips in play.").format(**fields), False
    gap = in_play - counted
    if gap > 0:
        line = _("Counted {counted} of {in_play} chips in play: {gap} missing. Count again?")
    else:
        line = _("Counted {counted} of {in_play} chips in play: {gap} too many. Count again?")
    return line.format(gap=formats.chips(abs(gap)), **fields), True


class FinalCountsDialog(QDialog):
    """One chip count per player still in; "Record places" submits them.

    Args:
        field: The players to count and the chips in play (`services.hard_end.field_to_count`).
        submit: Records the counts, then says an error to show, or None when recorded.
        parent: The director window.
    """

    def __init__(self, field: FieldToCount, submit: Submit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("final_counts_dialog")
        self.setWindowTitle(_("Final chip counts"))
        self._submit = submit
        self._in_play = int(field.chips_in_play)
        layout = QVBoxLayout(self)
        intro = QLabel(
            _(
                "Play has stopped: the players still in finish in the order of their chips. "
                "Count each stack. Equal counts share their places and prizes."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)

        rows = QWidget()
        form = QFormLayout(rows)
        self.spins: dict[int, QSpinBox] = {}
        for player in field.players:
            spin = QSpinBox()
            spin.setObjectName(f"count_{player.registration_id}")
            spin.setRange(0, MAX_CHIPS)
            spin.setGroupSeparatorShown(True)
            spin.setSpecialValueText(_("not counted"))
            spin.valueChanged.connect(self._on_spin_value_changed)
            form.addRow(player.name, spin)
            self.spins[player.registration_id] = spin
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(rows)
        layout.addWidget(scroll, 1)

        self.total_label = QLabel("")
        self.total_label.setObjectName("total_label")
        self.total_label.setWordWrap(True)
        layout.addWidget(self.total_label)
        self.confirm_box = QCheckBox("")
        self.confirm_box.setObjectName("confirm_difference")
        self.confirm_box.toggled.connect(self._on_spin_value_changed)
        layout.addWidget(self.confirm_box)
        self.error_label = QLabel("")
        self.error_label.setObjectName("error_label")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(ink_sheet("#ff5a4e", "font-weight: bold;"))
        layout.addWidget(self.error_label)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.record_button: QPushButton = self.buttons.addButton(
            _("Record places"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(460, min(720, 220 + 34 * len(self.spins)))
        self._on_spin_value_changed()

    def counts(self) -> dict[int, int]:
        """Registration id -> chips typed."""
        return {rid: spin.value() for rid, spin in self.spins.items()}

    def set_counts(self, counts: Mapping[int, int]) -> None:
        """Fill in counts (registration id -> chips)."""
        for rid, chips in counts.items():
            self.spins[rid].setValue(chips)

    def accept(self) -> None:
        """Record the places; on a refusal say why and stay open."""
        if not self.record_button.isEnabled():
            return
        gap = sum(self.counts().values()) - self._in_play
        accepted = gap if gap and self.confirm_box.isChecked() else None
        self._submit(self.counts(), accepted, self._on_recorded)

    def _on_recorded(self, error: str | None) -> None:
        if error:
            self.error_label.setText(error)
            return
        super().accept()

    def _on_spin_value_changed(self, _value: object = 0) -> None:
        counts = self.counts()
        missing = sum(1 for chips in counts.values() if chips <= 0)
        if missing:  # a gap is no miscount while stacks are still being counted
            line = ngettext(
                "Counted {counted} of {in_play} chips in play; {count} player still to count.",
                "Counted {counted} of {in_play} chips in play; {count} players still to count.",
                missing,
            ).format(
                counted=formats.chips(sum(counts.values())),
                in_play=formats.chips(self._in_play),
                count=missing,
            )
            miscount = False
        else:
            line, miscount = counted_line(sum(counts.values()), self._in_play)
        self.total_label.setText(line)
        self.total_label.setStyleSheet(ink_sheet("#f5a524") if miscount else "")
        gap = sum(counts.values()) - self._in_play
        self.confirm_box.setVisible(miscount)
        self.confirm_box.setText(
            (
                ngettext(
                    "Use these counts anyway ({count} chip too many)",
                    "Use these counts anyway ({count} chips too many)",
                    abs(gap),
                )
                if gap > 0
                else ngettext(
                    "Use these counts anyway ({count} chip missing)",
                    "Use these counts anyway ({count} chips missing)",
                    abs(gap),
                )
            ).format(count=formats.chips(abs(gap)))
        )
        if not miscount:
            self.confirm_box.setChecked(False)
        confirmed = not miscount or self.confirm_box.isChecked()
        self.record_button.setEnabled(missing == 0 and len(counts) >= 2 and confirmed)
        self.error_label.setText("")


def open_final_counts(
    parent: QWidget,
    services: Services,
    bus: TournamentBus,
    *,
    on_error: Callable[[str], None],
    on_done: Callable[[ChipCountResult], None],
    on_opened: Callable[[FinalCountsDialog], None],
) -> bool:
    """Read the field of the tournament on show on the station's worker, then open the dialog
    (window-modal) and hand it to `on_opened`; `on_error` says why not when there is no field.
    False when nothing was asked (a read is still on its way).

    On "Record places" the places and prizes are recorded in one service call, the seating
    follows the busts, and `on_done` gets the `ChipCountResult`.
    """
    tid = bus.tournament_id
    hard_end = services.hard_end

    def refused(error: Exception) -> None:
        if not isinstance(error, DomainError):
            raise error  # the worker's net shows it
        on_error(str(error))

    def read(field: FieldToCount) -> None:
        if len(field.players) < 2:
            on_error(
                ngettext(
                    "Final chip counts rank the players still in at the cashier (Ctrl+K); "
                    "{count} player is in play.",
                    "Final chip counts rank the players still in at the cashier (Ctrl+K); "
                    "{count} players are in play.",
                    len(field.players),
                ).format(count=len(field.players))
            )
            return
        on_opened(_open(parent, services, bus, tid, field, on_done))

    return bus.worker.submit(
        lambda: hard_end.field_to_count(tid),
        read,
        refused,
        key=(open_final_counts, parent),
        asker=parent,
    )


def _open(
    parent: QWidget,
    services: Services,
    bus: TournamentBus,
    tid: int,
    field: FieldToCount,
    on_done: Callable[[ChipCountResult], None],
) -> FinalCountsDialog:
    def submit(
        counts: dict[int, int],
        accept_difference: int | None,
        answered: Callable[[str | None], None],
    ) -> bool:
        first = next(iter(counts))

        def recorded(result: ChipCountResult) -> None:
            # The seating reads the cashier's records anyway; this frees the seats at once
            # (queued next, so it still runs before anything pressed after Record).
            bus.submit(lambda: services.seating.on_player_busted(tid, first), None, _ignored)
            answered(None)
            on_done(result)

        def refused(error: Exception) -> None:
            if not isinstance(error, DomainError):
                raise error  # the worker's net shows it
            answered(str(error))

        return bus.submit(
            lambda: services.hard_end.finish_by_chips(
                tid, counts, accept_difference=accept_difference
            ),
            recorded,
            refused,
            control=dialog.record_button,
            asker=dialog,
        )

    dialog = FinalCountsDialog(field, submit, parent)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog


def _ignored(error: Exception) -> None:
    """The seats freed after a recording: refused only when the seating has nothing to free,
    and it reads the cashier's records anyway."""
    if not isinstance(error, DomainError):
        raise error
