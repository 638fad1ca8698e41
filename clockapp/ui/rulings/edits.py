"""The director's card edits in the rulings window: typing, picking and removing cards.

`CardEdits` is the part of `RulingsWindow` that turns what the director types in a slot's entry or
clicks in the card picker into a new `Dispute`: a card that cannot be read or is already used
elsewhere leaves the cards as they were and shows its message under the slot; Enter moves on to
the next player (after the last, to the bets); the game can be toggled between Hold'em and Omaha.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication, QLineEdit

from clockapp.poker.errors import PokerError
from clockapp.ui.rulings import analysis
from clockapp.ui.rulings.state import BOARD, Game


class CardEdits:
    """Card entry for `RulingsWindow` (which provides the dispute, the widgets, `_apply` and
    `focus_target`)."""

    _dispute: Any
    _errors: dict[int, str]
    _typing: int | None
    pots: Any
    game_combo: Any

    def _apply(self, dispute: Any) -> None:  # pragma: no cover - provided by the window
        raise NotImplementedError

    def focus_target(self, target: int) -> None:  # pragma: no cover - provided by the window
        raise NotImplementedError

    def _on_entry_edited(self, target: int, text: str) -> None:
        self._typing = target
        try:
            self._take_typed(target, text)
        finally:
            self._typing = None

    def _take_typed(self, target: int, text: str) -> None:
        d = self._dispute.with_target(target)
        try:
            cards = analysis.parse_entry(text)
        except PokerError as error:
            self._errors[target] = str(error)
            self._apply(d)
            return
        problem = d.conflicts(target, cards)
        if problem is not None:
            self._errors[target] = problem
            self._apply(d)
            return
        self._errors.pop(target, None)
        self._apply(d.with_cards(target, cards))

    def _on_picker_card_picked(self, card: str) -> None:
        before = self._dispute
        after = before.place_card(card)
        for target in before.targets():
            if before.cards_of(target) != after.cards_of(target):
                self._errors.pop(target, None)
        typing = isinstance(QApplication.focusWidget(), QLineEdit)
        self._apply(after)
        if typing and after.target != before.target:
            self.focus_target(after.target)

    def _remove_card(self, card: str) -> None:
        where = self._dispute.used().get(card)
        if where is not None:
            self._errors.pop(where, None)
            self._apply(self._dispute.remove_card(card))

    def _remove_last(self, target: int | None = None) -> None:
        d = self._dispute if target is None else self._dispute.with_target(target)
        self._errors.pop(d.target, None)
        self._apply(d.remove_last())

    def _advance(self, target: int) -> None:
        order = (BOARD, *range(len(self._dispute.players)))
        position = order.index(target)
        if position + 1 < len(order):
            self.focus_target(order[position + 1])
        else:
            self.pots.focus_bets()

    def _toggle_game(self) -> None:
        self.game_combo.setCurrentIndex(1 - self.game_combo.currentIndex())

    def _on_game_combo_changed(self, _index: int) -> None:
        game = self.game_combo.currentData()
        if game is not None and game != self._dispute.game:
            self._errors.clear()
            self._apply(self._dispute.with_game(Game(game)))
