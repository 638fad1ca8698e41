"""Read-only facts the rulings window needs from the tournament: chips in play, tables, button.

A side pot's odd chip is counted in units of the smallest chip on the tables, so the window asks
for it here rather than letting the director guess. Color-ups at breaks take chips out of play, so
the answer depends on where the clock is: the current item is computed from the stored clock state
and the injected time, exactly as the clock display computes it.

The odd chip also goes to the first seat left of the button, so when the hand is at a known table
the button and the players' names come from the seating (`tables`, `button_seat`).
"""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.core.clock import view
from clockapp.i18n import ngettext
from clockapp.services.context import ServiceContext
from clockapp.services.seating.room import load_room
from clockapp.services.setup import get_row, load_chips, load_clock, load_structure


@dataclass(frozen=True)
class ChipsInPlay:
    """The chip values on the tables right now.

    Attributes:
        values: The denominations still in play, smallest first (never empty: a structure cannot
            color up every chip).
        item_index: The clock item (0-based) the answer is for.

    >>> ChipsInPlay(values=(25, 100, 500), item_index=4).smallest
    25
    """

    values: tuple[int, ...]
    item_index: int

    @property
    def smallest(self) -> int:
        """The smallest chip in play: the unit of an odd chip."""
        return self.values[0]


@dataclass(frozen=True)
class TableAtHand:
    """A table in play as the rulings window offers it: who sits where, and the button.

    Attributes:
        number: The table number.
        label: "Table 3" or "Table 3 (Feature)".
        button: The button's seat as the seating knows it, or None when unknown.
        players: (seat, name) of each seated player, by seat.

    >>> table = TableAtHand(3, "Table 3", 5, ((2, "Ann"), (5, "Bob")))
    >>> table.name_at(5), table.name_at(4), table.title
    ('Bob', '', 'Table 3 · 2 players')
    """

    number: int
    label: str
    button: int | None
    players: tuple[tuple[int, str], ...]

    def name_at(self, seat: int) -> str:
        """The name of the player in `seat` ('' when the seat is empty)."""
        return dict(self.players).get(seat, "")

    @property
    def title(self) -> str:
        """The line in the window's table selector."""
        count = len(self.players)
        return ngettext("{table} · {count} player", "{table} · {count} players", count).format(
            table=self.label, count=count
        )


class RulingsService:
    """Read-only helpers for the rulings window (nothing here writes to the database)."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def chips_in_play(self, tournament_id: int) -> ChipsInPlay:
        """The tournament's chips still in play at the clock's current item.

        Raises:
            TournamentNotFoundError: No tournament has this id.
        """
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            chips = load_chips(session, tournament_id)
            structure = load_structure(session, tournament_id)
            state = load_clock(session, tournament_id)
        index = view(state, structure, self._ctx.now()).index
        per_item = structure.denominations_in_play(d.value for d in chips.denominations)
        values = per_item[index] if per_item else tuple(d.value for d in chips.denominations)
        if not values:
            # A stored structure is validated against its chips, so this only guards old data.
            values = (chips.denominations[-1].value,)
        return ChipsInPlay(values=tuple(values), item_index=index)

    def smallest_chip(self, tournament_id: int) -> int:
        """The smallest chip in play now, the unit in which a pot's odd chips are handed out.

        Raises:
            TournamentNotFoundError: No tournament has this id.
        """
        return self.chips_in_play(tournament_id).smallest

    def tables(self, tournament_id: int) -> tuple[TableAtHand, ...]:
        """Every table in play with its seated players and its button (by table number).

        Raises:
            TournamentNotFoundError: No tournament has this id.
        """
        with self._ctx.reading() as session:
            # With `now`, a button answer older than the tournament's limit counts as unknown,
            # exactly as the seating itself sees it.
            room = load_room(session, tournament_id, self._ctx.now())
            seating = room.seating
            found = []
            for table in seating.tables:
                at = seating.players_at(table.number)
                names = room.names_for(at.values())
                players = tuple(
                    (seat, names.get(rid, f"Registration #{rid}"))
                    for seat, rid in sorted(at.items())
                )
                found.append(TableAtHand(table.number, table.label, table.button, players))
        return tuple(sorted(found, key=lambda t: t.number))

    def button_seat(self, tournament_id: int, table_number: int) -> int | None:
        """The dealer button's seat at `table_number` as the seating knows it (None: unknown).

        The seating keeps the button for the next hand once the director has given it (for
        balancing or hand-for-hand play); the rulings window shows it for the director to confirm.
        It stays known until the director changes it or an event moves it (the table breaks, the
        final table is drawn).

        Raises:
            TournamentNotFoundError: No tournament has this id.
            SeatingError: The table is not in play.
        """
        with self._ctx.reading() as session:
            room = load_room(session, tournament_id, self._ctx.now())
            return room.seating.table(table_number).button
