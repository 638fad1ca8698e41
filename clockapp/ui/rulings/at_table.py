"""The rulings window at a known table: the players' names by seat and the button from the seating.

`AtTable` is the part of `RulingsWindow` that follows the table selector in the side-pot panel.
The tables come from a `TableSource` (read again on every seating change); choosing one names the
players by their seats and takes the button the seating knows, which the director confirms.
"""

from __future__ import annotations

from typing import Any


class AtTable:
    """Table selection for `RulingsWindow` (which provides the dispute, the panel and `_apply`)."""

    _tables: dict[int, Any]
    _table: int | None
    _errors: dict[int, str]
    _dispute: Any
    pots: Any
    tables: Any

    def _apply(self, dispute: Any) -> None:  # pragma: no cover - provided by the window
        raise NotImplementedError

    def _edit_player(self, index: int, **changes: object) -> None:  # pragma: no cover
        raise NotImplementedError

    def choose_table(self, number: int | None) -> None:
        """Settle the hand at table `number` (None: at no known table).

        The players take the names of their seats (a player on an empty seat moves to a seated
        one) and the button is the seating's, when it knows it.
        """
        if number is not None and number not in self._tables:
            return
        self._table = number
        self._show_tables()
        if number is None:
            return
        button = self.tables.button_seat(number)
        self._errors.clear()  # players may be re-ordered by seat: the messages would point wrong
        self._apply(self._dispute.at_table(self._table_names(), button))
        self._show_tables()

    def _table_names(self) -> dict[int, str]:
        table = self._tables.get(self._table) if self._table is not None else None
        return dict(table.players) if table is not None else {}

    def _show_tables(self) -> None:
        tables = sorted(self._tables.values(), key=lambda t: t.number)
        self.pots.show_tables([(t.number, t.title) for t in tables], self._table)
        table = self._tables.get(self._table) if self._table is not None else None
        if table is None:
            note = "" if tables else "No tables are seated yet."
        elif self._dispute.button is None:
            note = "Names from the seating; the button is not known: enter it."
        else:
            note = "Names and button from the seating."
        self.pots.show_table_note(note)

    def _on_tables_loaded(self, tables: object) -> None:
        self._tables = {t.number: t for t in tables}  # type: ignore[attr-defined]
        if self._table not in self._tables:
            self._table = None
        self._show_tables()

    def _edit_seat(self, index: int, seat: int) -> None:
        names = self._table_names()
        if seat in names:
            self._edit_player(index, seat=seat, name=names[seat])
        else:
            self._edit_player(index, seat=seat)
