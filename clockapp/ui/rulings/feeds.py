"""What the rulings window is fed from outside the director's edits: the chip set and the odds.

`Feeds` takes the smallest chip from the tournament (it follows the clock's colour-ups unless the
director typed another unit) and shows the odds the background `OddsRunner` reports, if they are
still about the cards on screen.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QWidget

from clockapp.i18n import gettext as _
from clockapp.ui.rulings import analysis
from clockapp.ui.rulings.edits import DisputeState
from clockapp.ui.rulings.state import DEFAULT_CHIP
from clockapp.ui.rulings.worker import OddsRunner


class Feeds(QObject):
    """The tournament's smallest chip and the odds of the cards on screen.

    Signals:
        changed(): what the window shows from here changed: render again.
        odds_shown(object): odds for the cards on screen arrived (an `OddsAnswer`).
    """

    changed = Signal()
    odds_shown = Signal(object)

    def __init__(
        self,
        state: DisputeState,
        runner: OddsRunner,
        odds_note: QLabel,
        busy_bar: QWidget,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._state = state
        self._runner = runner
        self._odds_note = odds_note
        self._busy_bar = busy_bar
        self.odds: analysis.OddsAnswer | None = None
        self.odds_job: analysis.OddsJob | None = None
        self.chip_note = ""
        self._followed = DEFAULT_CHIP  # the unit the chip set last gave the dispute
        runner.finished.connect(self._on_runner_finished)
        runner.failed.connect(self._on_runner_failed)
        runner.busy_changed.connect(self._on_runner_busy_changed)

    # ---------------------------------------------------------------- the tournament's chips

    def on_chips_loaded(self, smallest: int | None, note: str) -> None:
        """The tournament's smallest chip, as read now."""
        self.chip_note = note
        # Follow the chip set while the dispute's unit is the one last followed (at first the
        # default), never over a unit the director typed or the dispute came with: the read can
        # answer after a dispute with its own unit was shown.
        if smallest is not None and self._state.dispute.chip == self._followed:
            self._followed = smallest
            self._state.set(chip=smallest)
        else:
            self.changed.emit()

    # ---------------------------------------------------------------- odds

    def follow(self, job: analysis.OddsJob | None) -> None:
        """Ask for the odds of `job` (the cards on screen) unless they are asked already."""
        if job == self.odds_job:
            return
        self.odds_job, self.odds = job, None
        self._runner.request(None if job is None else partial(analysis.run_odds, job))
        if job is None:
            self._odds_note.setText("")

    def _on_runner_finished(self, answer: object) -> None:
        assert isinstance(answer, analysis.OddsAnswer)
        if answer.job != self.odds_job:
            return
        self.odds = answer
        self._odds_note.setText(answer.note)
        self.changed.emit()
        self.odds_shown.emit(answer)

    def _on_runner_failed(self, error: object) -> None:
        self._odds_note.setText(_("Odds not available: {error}").format(error=error))

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self._busy_bar.setVisible(busy)
        if busy:
            self._odds_note.setText(_("Working out the odds…"))
