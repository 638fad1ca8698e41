"""Hand-for-hand play near the money, and the ranking of players out in the same hand.

Split out of `clockapp.core.seating.balancing`, which re-exports these names.

While hand-for-hand is on, every table plays one hand and waits for the others. The hand stays
open until the director deals the next one: every bust entered meanwhile, from whichever table
and in whatever order the tables report, belongs to that one hand (see `rank_busts`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from clockapp.core.seating import PlayerId, Seating, SeatingError
from clockapp.core.seating.planning import tables_text
from clockapp.core.seating.room import is_int
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext


@dataclass(frozen=True)
class HandForHand:
    """Hand-for-hand play near the money: every table plays one hand, then waits for the others.

    Attributes:
        hand: The hand number, from 1.
        tables: The tables playing this hand.
        finished: The tables whose hand is over.

    Players out in the same hand are recorded together at the cashier (one bust dialog for the
    hand, with the chips each started it with), which ranks them; see `rank_busts`.

    >>> from clockapp.core.seating import Table
    >>> hfh = finish_hand(start_hand_for_hand(Seating((Table(1), Table(2)))), 2)
    >>> hfh.waiting, hfh.all_finished
    ((1,), False)
    """

    hand: int
    tables: frozenset[int]
    finished: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if not is_int(self.hand) or self.hand < 1:
            raise SeatingError(
                _("Hand-for-hand: the hand number must be 1 or more ({hand!r}).").format(
                    hand=self.hand
                )
            )
        object.__setattr__(self, "tables", frozenset(self.tables))
        object.__setattr__(self, "finished", frozenset(self.finished))
        extra = self.finished - self.tables
        if extra:
            raise SeatingError(
                _("Hand-for-hand: {tables} finished but did not play hand {hand}.").format(
                    tables=tables_text(extra), hand=self.hand
                )
            )

    @property
    def waiting(self) -> tuple[int, ...]:
        """The tables still playing the hand, by number."""
        return tuple(sorted(self.tables - self.finished))

    @property
    def all_finished(self) -> bool:
        """Whether every table has finished the hand."""
        return self.finished == self.tables


def start_hand_for_hand(seating: Seating) -> HandForHand:
    """Hand one of hand-for-hand play, at every table with players.

    >>> from clockapp.core.seating import Table
    >>> start_hand_for_hand(Seating((Table(1), Table(2)))).waiting
    (1, 2)
    """
    return HandForHand(1, frozenset(t.number for t in seating.tables))


def finish_hand(hfh: HandForHand, table: int, finished: bool = True) -> HandForHand:
    """Mark a table's hand as finished (or, with `finished=False`, as still playing).

    Raises:
        SeatingError: The table is not playing hand-for-hand.

    >>> from clockapp.core.seating import Table
    >>> finish_hand(start_hand_for_hand(Seating((Table(1),))), 1).all_finished
    True
    """
    if table not in hfh.tables:
        raise SeatingError(
            _("Table {table} is not playing hand {hand}.").format(table=table, hand=hfh.hand)
        )
    done = hfh.finished | {table} if finished else hfh.finished - {table}
    return replace(hfh, finished=done)


def next_hand(hfh: HandForHand, seating: Seating) -> HandForHand:
    """The next hand, at the tables now in play (some may have broken).

    Raises:
        SeatingError: A table has not finished the current hand.

    >>> from clockapp.core.seating import Table
    >>> room = Seating((Table(1), Table(2)))
    >>> hfh = finish_hand(finish_hand(start_hand_for_hand(room), 1), 2)
    >>> next_hand(hfh, room).hand
    2
    """
    if not hfh.all_finished:
        waiting = hfh.waiting
        raise SeatingError(
            ngettext(
                "{tables} has not finished hand {hand}.",
                "{tables} have not finished hand {hand}.",
                len(waiting),
            ).format(tables=tables_text(waiting), hand=hfh.hand)
        )
    return HandForHand(hfh.hand + 1, frozenset(t.number for t in seating.tables))


def rank_busts(starting_chips: Mapping[PlayerId, int]) -> tuple[tuple[PlayerId, ...], ...]:
    """Players out in the same hand, best finish first: more chips at the start finish higher.

    Players who started the hand with the same chips tie (one group shares the place).

    >>> rank_busts({1: 500, 2: 1200, 3: 500})
    ((2,), (1, 3))
    """
    groups: dict[int, list[PlayerId]] = {}
    for player, chips in starting_chips.items():
        groups.setdefault(chips, []).append(player)
    return tuple(tuple(sorted(groups[c])) for c in sorted(groups, reverse=True))


def bubble_offer(
    players_left: int, places_paid: int, on: bool, *, seats: bool = False
) -> str | None:
    """The notice offering hand-for-hand, or None: offered on the bubble, when the next player
    out is the last one unpaid (players left = places paid + 1) and it is not on yet. In a
    satellite (`seats`) the places paid are its seats.

    >>> bubble_offer(11, 10, False)
    '11 players left, 10 paid: the next player out is the bubble. Play hand-for-hand?'
    >>> bubble_offer(12, 10, False), bubble_offer(11, 10, True), bubble_offer(2, 1, False)
    (None, None, None)
    >>> bubble_offer(4, 3, False, seats=True)
    '4 players left, 3 seats: the next player out is the bubble. Play hand-for-hand?'
    """
    if on or places_paid < 2 or players_left != places_paid + 1:
        # One place paid: the bubble is heads-up, where every hand is hand-for-hand anyway.
        return None
    # The bubble is offered with at least three players left and two places paid or seats.
    if seats:
        text = _(
            "{players_left} players left, {places_paid} seats: the next player out is the "
            "bubble. Play hand-for-hand?"
        )
    else:
        text = _(
            "{players_left} players left, {places_paid} paid: the next player out is the "
            "bubble. Play hand-for-hand?"
        )
    return text.format(players_left=players_left, places_paid=places_paid)
