"""The rulings window at a known table: the players' names by seat and the button from the seating.

`AtTable` follows the table selector in the side-pot panel. The tables come from a `TableSource`
(read again on every seating change); choosing one names the players by their seats and takes the
button the seating knows, which the director confirms.
"""

from __future__ import annotations

from collections.abc import Iterable

from clockapp.i18n import gettext as _
from clockapp.services.rulings import TableAtHand
from clockapp.ui.rulings.edits import DisputeState
from clockapp.ui.rulings.pots import PotsPanel
from clockapp.ui.rulings.tournament import TableSource


class AtTable:
    """The table the hand is at, when the director chose one, and the names it gives."""

    def __init__(self, state: DisputeState, pots: PotsPanel, tables: TableSource) -> None:
        self._state = state
        self._pots = pots
        self._source = tables
        self._tables: dict[int, TableAtHand] = {}
        #: The table the hand is at (None: at no known table).
        self.table: int | None = None
        tables.loaded.connect(self._on_tables_loaded)

    def choose_table(self, number: int | None) -> None:
        """Settle the hand at table `number` (None: at no known table).

        The players take the names of their seats (a player on an empty seat moves to a seated
        one) and the button is the seating's, when it knows it.
        """
        if number is not None and number not in self._tables:
            return
        self.table = number
        self._show_tables()
        if number is None:
            return
        button = self._source.button_seat(number)
        # Players may be re-ordered by seat: the slots' messages would point wrong.
        self._state.errors.clear()
        self._state.apply(self._state.dispute.at_table(self.names(), button))
        self._show_tables()

    def names(self) -> dict[int, str]:
        """The players' names by seat at the chosen table (empty at no known table)."""
        table = self._tables.get(self.table) if self.table is not None else None
        return dict(table.players) if table is not None else {}

    def button_seat(self) -> int | None:
        """The button at the chosen table as the seating knows it now."""
        return None if self.table is None else self._source.button_seat(self.table)

    def edit_seat(self, index: int, seat: int) -> None:
        """Player `index` sits on `seat` (and takes the name seated there, at a known table)."""
        names = self.names()
        if seat in names:
            self._state.edit_player(index, seat=seat, name=names[seat])
        else:
            self._state.edit_player(index, seat=seat)

    def _show_tables(self) -> None:
        tables = sorted(self._tables.values(), key=lambda t: t.number)
        self._pots.show_tables([(t.number, t.title) for t in tables], self.table)
        table = self._tables.get(self.table) if self.table is not None else None
        if table is None:
            note = "" if tables else _("No tables are seated yet.")
        elif self._state.dispute.button is None:
            note = _("Names from the seating; the button is not known: enter it.")
        else:
            note = _("Names and button from the seating.")
        self._pots.show_table_note(note)

    def _on_tables_loaded(self, tables: Iterable[TableAtHand]) -> None:
        self._tables = {t.number: t for t in tables}
        if self.table not in self._tables:
            self.table = None
        self._show_tables()
