"""What the rulings window is fed from outside the director's edits: the chip set and the odds.

`Feeds` is the part of `RulingsWindow` that takes the smallest chip from the tournament (it follows
the clock's colour-ups unless the director typed another unit) and shows the odds the background
`OddsRunner` reports, if they are still about the cards on screen.
"""

from __future__ import annotations

from typing import Any

from clockapp.ui.rulings import analysis


class Feeds:
    """Chip set and odds for `RulingsWindow` (which provides the dispute, the widgets, `_set`
    and `_render`)."""

    _dispute: Any
    _chip_from_set: int | None
    _chip_note: str
    _odds: analysis.OddsAnswer | None
    _odds_job: analysis.OddsJob | None
    odds_note: Any
    busy_bar: Any
    odds_shown: Any

    def _set(self, **changes: Any) -> None:  # pragma: no cover - provided by the window
        raise NotImplementedError

    def _render(self) -> None:  # pragma: no cover - provided by the window
        raise NotImplementedError

    # ---------------------------------------------------------------- the tournament's chips

    def _on_chips_loaded(self, smallest: int | None, note: str) -> None:
        previous, self._chip_from_set = self._chip_from_set, smallest
        self._chip_note = note
        if smallest is not None and (previous is None or self._dispute.chip == previous):
            # Follow the chip set unless the director typed another unit for this dispute.
            self._set(chip=smallest)
        else:
            self._render()

    # ---------------------------------------------------------------- odds

    def _on_runner_finished(self, answer: object) -> None:
        assert isinstance(answer, analysis.OddsAnswer)
        if answer.job != self._odds_job:
            return
        self._odds = answer
        self.odds_note.setText(answer.note)
        self._render()
        self.odds_shown.emit(answer)

    def _on_runner_failed(self, error: object) -> None:
        self.odds_note.setText(f"Odds not available: {error}")

    def _on_runner_busy_changed(self, busy: bool) -> None:
        self.busy_bar.setVisible(busy)
        if busy:
            self.odds_note.setText("Working out the odds…")
