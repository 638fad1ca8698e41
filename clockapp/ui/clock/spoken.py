"""What the room hears when seats move: "Table 3 is broken. Ann Lee, table 1, seat 2."

Shown on the wall and, where a speech engine exists and announcements are on, spoken once by the
station that plays the cues (`ClockSession.reload_moves`). Names are said as written; seats are
said as words a voice reads well ("table 2, seat 5", never "T2 S5").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext

#: The most moves read aloud at once; the rest are on the wall (a table break of 9 is a minute).
MAX_SPOKEN = 10


def moves_sentence(moves: Sequence[Any]) -> str:
    """The moves as one announcement: what happened, then each player and the new seat.

    >>> from types import SimpleNamespace as NS
    >>> from clockapp.core.seating import MoveKind, Seat
    >>> alice = NS(name="Alice", kind=MoveKind.BALANCE, from_seat=Seat(3, 7), to_seat=Seat(2, 5))
    >>> moves_sentence([alice])
    'Seat move. Alice, table 2, seat 5.'
    >>> bob = NS(name="Bob", kind=MoveKind.BREAK, from_seat=Seat(4, 1), to_seat=Seat(1, 9))
    >>> moves_sentence([bob, alice])
    'Table 4 is broken. Bob, table 1, seat 9. Alice, table 2, seat 5.'
    >>> moves_sentence([])
    ''
    """
    from clockapp.core.seating import MoveKind

    if not moves:
        return ""
    kinds = {str(m.kind) for m in moves}
    broken = sorted({m.from_seat.table for m in moves if str(m.kind) == str(MoveKind.BREAK)})
    if str(MoveKind.FINAL_TABLE) in kinds:
        opening = _("Final table. New seats.")
    elif len(broken) == 1:
        opening = _("Table {table} is broken.").format(table=broken[0])
    elif broken:
        opening = _("Tables {first} and {last} are broken.").format(
            first=", ".join(map(str, broken[:-1])), last=broken[-1]
        )
    else:
        opening = ngettext("Seat move.", "Seat moves.", len(moves))
    said = [
        _("{name}, table {table}, seat {seat}.").format(
            name=m.name, table=m.to_seat.table, seat=m.to_seat.number
        )
        for m in moves
    ]
    if len(said) > MAX_SPOKEN:
        said = [*said[:MAX_SPOKEN], _("The other seats are on the screen.")]
    return " ".join([opening, *said])


class MovesHeard:
    """The moves the room has heard: `news` gives the sentence for those it has not, once.

    The first call only learns what is pending (at start-up, what is on the wall is not news).

    >>> from types import SimpleNamespace as NS
    >>> from clockapp.core.seating import MoveKind, Seat
    >>> m = NS(id=1, name="Ann", kind=MoveKind.BALANCE, from_seat=Seat(1, 1), to_seat=Seat(2, 2))
    >>> heard = MovesHeard()
    >>> heard.news([]), heard.news([m]), heard.news([m])
    ('', 'Seat move. Ann, table 2, seat 2.', '')
    """

    def __init__(self) -> None:
        self._ids: set[Any] | None = None

    def news(self, moves: Sequence[Any]) -> str:
        """The sentence for the moves not heard yet ("" when none)."""
        ids = {getattr(m, "id", None) for m in moves}
        if self._ids is None:
            self._ids = ids
            return ""
        new = [m for m in moves if getattr(m, "id", None) not in self._ids]
        self._ids |= ids
        return moves_sentence(new)
