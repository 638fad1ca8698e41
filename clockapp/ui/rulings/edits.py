"""The director's edits in the rulings window: the dispute being entered, and its card edits.

`DisputeState` holds the one frozen `Dispute` the window shows, the message under each slot whose
entry could not be read, and which entry the director is typing in; every edit replaces the
dispute through `apply`, which reports it (`applied`) so the window renders again.

`CardEdits` turns what the director types in a slot's entry or clicks in the card picker into a
new `Dispute`: a card that cannot be read or is already used elsewhere leaves the cards as they
were and shows its message under the slot; Enter moves on to the next player (after the last, to
the bets); the game can be toggled between Hold'em and Omaha.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit

from clockapp.poker.errors import PokerError
from clockapp.ui.rulings import analysis
from clockapp.ui.rulings.state import BOARD, Dispute, Game


class DisputeState(QObject):
    """The dispute on screen, the slots' messages, and the entry being typed in.

    Signals:
        applied(bool): a dispute was applied; True when it differs from the one before.
    """

    applied = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.dispute = Dispute()
        #: The message under each target's slot (the board or a player) that could not be read.
        self.errors: dict[int, str] = {}
        #: The target whose entry the director is typing in (its text is left as typed).
        self.typing: int | None = None

    def apply(self, dispute: Dispute) -> None:
        """Show `dispute` in place of the one on screen."""
        changed = dispute != self.dispute
        self.dispute = dispute
        self.applied.emit(changed)

    def set(self, **changes: Any) -> None:  # Dispute's fields, each of its own type
        """Change fields of the dispute."""
        self.apply(replace(self.dispute, **changes))

    def edit_player(self, index: int, **changes: object) -> None:
        """Change fields of player `index` (ignored when there is no such player)."""
        if index < len(self.dispute.players):
            self.apply(self.dispute.with_player(index, **changes))

    def aim(self, target: int) -> None:
        """Aim the picker at `target` (the board or a player)."""
        if target != self.dispute.target:
            self.apply(self.dispute.with_target(target))


class CardEdits:
    """Card entry: typing, picking and removing cards, moving on, toggling the game.

    `focus_target` puts the keyboard in a target's entry and `focus_bets` in the bets (the
    window's); the game follows `game_combo`.
    """

    def __init__(
        self,
        state: DisputeState,
        game_combo: QComboBox,
        focus_target: Callable[[int], None],
        focus_bets: Callable[[], None],
    ) -> None:
        self._state = state
        self._game_combo = game_combo
        self._focus_target = focus_target
        self._focus_bets = focus_bets
        game_combo.currentIndexChanged.connect(self._on_game_combo_changed)

    def entry_edited(self, target: int, text: str) -> None:
        """The director typed `text` in the entry of `target`."""
        self._state.typing = target
        try:
            self._take_typed(target, text)
        finally:
            self._state.typing = None

    def _take_typed(self, target: int, text: str) -> None:
        state = self._state
        d = state.dispute.with_target(target)
        try:
            cards = analysis.parse_entry(text)
        except PokerError as error:
            state.errors[target] = str(error)
            state.apply(d)
            return
        problem = d.conflicts(target, cards)
        if problem is not None:
            state.errors[target] = problem
            state.apply(d)
            return
        state.errors.pop(target, None)
        state.apply(d.with_cards(target, cards))

    def place_card(self, card: str) -> None:
        """A card picked in the picker goes to the target aimed at."""
        state = self._state
        before = state.dispute
        after = before.place_card(card)
        for target in before.targets():
            if before.cards_of(target) != after.cards_of(target):
                state.errors.pop(target, None)
        typing = isinstance(QApplication.focusWidget(), QLineEdit)
        state.apply(after)
        if typing and after.target != before.target:
            self._focus_target(after.target)

    def remove_card(self, card: str) -> None:
        """Take `card` back from wherever it is."""
        state = self._state
        where = state.dispute.used().get(card)
        if where is not None:
            state.errors.pop(where, None)
            state.apply(state.dispute.remove_card(card))

    def remove_last(self, target: int | None = None) -> None:
        """Take back the last card of `target` (None: of the target aimed at)."""
        state = self._state
        d = state.dispute if target is None else state.dispute.with_target(target)
        state.errors.pop(d.target, None)
        state.apply(d.remove_last())

    def advance(self, target: int) -> None:
        """Move on from `target` to the next player (after the last, to the bets)."""
        order = (BOARD, *range(len(self._state.dispute.players)))
        position = order.index(target)
        if position + 1 < len(order):
            self._focus_target(order[position + 1])
        else:
            self._focus_bets()

    def toggle_game(self) -> None:
        """Hold'em to Omaha and back."""
        self._game_combo.setCurrentIndex(1 - self._game_combo.currentIndex())

    def _on_game_combo_changed(self, _index: int) -> None:
        game = self._game_combo.currentData()
        state = self._state
        if game is not None and game != state.dispute.game:
            state.errors.clear()
            state.apply(state.dispute.with_game(Game(game)))
