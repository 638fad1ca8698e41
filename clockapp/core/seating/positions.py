"""Positions around the button: the blinds, when a newcomer is dealt in, the worst seat.

The button's seat is the one the director last set for the next hand (`Table.button`). Blinds
follow it clockwise; heads-up the button posts the small blind; a dead button stays put. A newcomer
is never dealt in between the small blind and the button (`deal_in_status`), and a player balanced
in gets the seat that posts the big blind soonest (`worst_seat`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum

from clockapp.core.seating.players import PlayerId
from clockapp.core.seating.room import Seat, Seating, SeatingError, Table
from clockapp.i18n import gettext as _


class DealIn(StrEnum):
    """When a player who has just sat down at a table is dealt in."""

    NOW = "now"
    AFTER_BUTTON = "after the button passes"
    DEALER_CHECKS = "dealer checks the button"


def clockwise(start: int, seat_count: int) -> Iterator[int]:
    """The seats after `start`, clockwise, ending with `start` itself."""
    for step in range(1, seat_count + 1):
        yield (start - 1 + step) % seat_count + 1


@dataclass(frozen=True)
class Blinds:
    """Who has the button and the blinds in the next hand at a table.

    Attributes:
        button: The button's seat (empty when the button is dead).
        small_blind: The seat posting the small blind.
        big_blind: The seat posting the big blind.
    """

    button: int
    small_blind: int
    big_blind: int


def _blinds(table: Table, occupied: Collection[int]) -> Blinds | None:
    """The next hand's positions from the button and the seats of the players dealt in."""
    if table.button is None or len(occupied) < 2:
        return None
    button = table.button
    after = [s for s in clockwise(button, table.seat_count) if s in occupied]
    if len(occupied) == 2 and button in occupied:
        # Heads-up the button posts the small blind and the other player the big blind.
        return Blinds(button, button, after[0])
    return Blinds(button, after[0], after[1])


def next_hand_blinds(seating: Seating, table: int) -> Blinds | None:
    """The button, small blind and big blind seats for the next hand at a table.

    None when the button is unknown or fewer than two players sit at the table.

    >>> room = Seating((Table(1, seat_count=6, button=2),), {1: Seat(1, 2), 2: Seat(1, 4),
    ...                                                      3: Seat(1, 6)})
    >>> next_hand_blinds(room, 1)
    Blinds(button=2, small_blind=4, big_blind=6)
    """
    return _blinds(seating.table(table), seating.players_at(table).keys())


def _newcomer_gap(table: Table, occupied: Collection[int]) -> frozenset[int] | None:
    """The seats where a newcomer must not be dealt in; None when the button is unknown.

    The gap runs from the button (when that seat is empty) to the first player after it: a player
    there would take the small blind or the button without having posted the big blind.
    """
    if len(occupied) < 2:
        return frozenset()
    if table.button is None:
        return None
    button = table.button
    gap = set() if button in occupied else {button}
    for seat in clockwise(button, table.seat_count):
        if seat in occupied:
            break
        gap.add(seat)
    return frozenset(gap)


def table_deal_in(table: Table, occupied: Collection[int], seat: int) -> DealIn:
    gap = _newcomer_gap(table, occupied)
    if gap is None:
        return DealIn.DEALER_CHECKS
    return DealIn.AFTER_BUTTON if seat in gap else DealIn.NOW


def deal_in_status(seating: Seating, seat: Seat) -> DealIn:
    """Whether a player sitting down in this empty seat is dealt the next hand.

    A newcomer (late entry, re-entry, a player from a broken table) is never dealt in between the
    small blind and the button: there the player waits until the button has passed
    (`DealIn.AFTER_BUTTON`). With fewer than two players at the table no hand is under way and the
    player plays at once. When the button is unknown the answer is `DealIn.DEALER_CHECKS`: the
    seat stays drawn (the draw must stay random) and the dealer applies the rule at the table.

    >>> room = Seating((Table(1, seat_count=6, button=2),), {1: Seat(1, 2), 2: Seat(1, 5)})
    >>> deal_in_status(room, Seat(1, 3)), deal_in_status(room, Seat(1, 6))
    (<DealIn.AFTER_BUTTON: 'after the button passes'>, <DealIn.NOW: 'now'>)
    """
    table = seating.table(seat.table)
    if seating.player_at(seat) is not None:
        raise SeatingError(
            _("{seat} is taken by player {player_at}.").format(
                seat=seat, player_at=seating.player_at(seat)
            )
        )
    return table_deal_in(table, seating.players_at(seat.table).keys(), seat.number)


@dataclass(frozen=True)
class WorstSeat:
    """The seat a balanced-in player gets, and what it means for the player.

    Attributes:
        seat: The seat number at the short table.
        deal_in: `DealIn.NOW`, or `DealIn.AFTER_BUTTON` when every empty seat is in the gap
            between the button and the small blind.
        description: "the big blind next hand", "the big blind in 3 hands", ...
    """

    seat: int
    deal_in: DealIn
    description: str


def table_worst_seat(
    table: Table, occupied: Collection[int], waiting: Collection[int] = ()
) -> WorstSeat:
    """The worst position at a table.

    Args:
        table: The short table.
        occupied: Every taken seat there.
        waiting: Taken seats whose players are not dealt in yet (they sat down in the gap
            between the small blind and the button earlier in the same plan).
    """
    empty = [s for s in table.open_seats if s not in occupied]
    if not empty:
        raise SeatingError(_("{label} has no empty open seat.").format(label=table.label))
    dealt = {s for s in occupied if s not in waiting}
    if not dealt:
        return WorstSeat(empty[0], DealIn.NOW, "no hand is under way there")
    if len(dealt) == 1:
        (alone,) = dealt
        seat = next(s for s in clockwise(alone, table.seat_count) if s in empty)
        return WorstSeat(seat, DealIn.NOW, "no hand is under way there")
    if table.button is None:
        raise SeatingError(_("The button at {label} is unknown.").format(label=table.label))
    gap = _newcomer_gap(table, dealt)
    assert gap is not None  # the button is known
    # The first player after the button is the small blind (3+ handed, or heads-up once the
    # newcomer makes three). The big blind moves one player per hand, so the first empty seat
    # after that player is the one that posts the big blind soonest.
    reference = next(s for s in clockwise(table.button, table.seat_count) if s in dealt)
    between = 0
    for seat in clockwise(reference, table.seat_count):
        if seat in dealt:
            between += 1
            continue
        if seat not in empty:
            continue
        if seat in gap:
            return WorstSeat(seat, DealIn.AFTER_BUTTON, "waits until the button has passed")
        hands = (
            "the big blind next hand" if between == 0 else f"the big blind in {between + 1} hands"
        )
        return WorstSeat(seat, DealIn.NOW, hands)
    raise AssertionError("unreachable: an empty seat exists")  # pragma: no cover


def worst_seat(seating: Seating, table: int) -> WorstSeat:
    """The worst position at a table: where a player moved in to balance it sits.

    The worst position is the empty seat that will post the big blind soonest: the first empty
    open seat clockwise after the next hand's small blind. Sitting between the small blind and the
    big blind means taking the big blind in the very next hand, even if the player has just posted
    one at the old table (TDA: "including the big blind, even twice"). It is never the small blind
    and never between the small blind and the button; only when every empty seat is in that gap
    does the player sit there, and then waits until the button has passed (`DealIn.AFTER_BUTTON`).
    With fewer than two players at the table no hand is under way, and the first empty seat after
    the lone player (or the lowest open seat) is used.

    Raises:
        SeatingError: The table has no empty open seat, or its button is unknown while two or
            more players sit there.

    >>> room = Seating((Table(1, seat_count=6, button=1),),
    ...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(1, 4)})
    >>> worst_seat(room, 1)
    WorstSeat(seat=3, deal_in=<DealIn.NOW: 'now'>, description='the big blind next hand')
    """
    return table_worst_seat(seating.table(table), seating.players_at(table).keys())


def table_next_big_blind(table: Table, occupied: Mapping[int, PlayerId]) -> int:
    """The seat of the player who posts the big blind in the next hand (button known, 2+ seated)."""
    blinds = _blinds(table, occupied.keys())
    if blinds is None:
        raise SeatingError(_("The button at {label} is unknown.").format(label=table.label))
    return blinds.big_blind


def next_big_blind(seating: Seating, table: int) -> PlayerId | None:
    """The player who will post the big blind in the next hand at a table.

    None when the button is unknown or fewer than two players sit there.

    >>> room = Seating((Table(1, seat_count=6, button=6),),
    ...                {1: Seat(1, 1), 2: Seat(1, 3), 3: Seat(1, 6)})
    >>> next_big_blind(room, 1)
    2
    """
    blinds = next_hand_blinds(seating, table)
    return None if blinds is None else seating.players_at(table)[blinds.big_blind]
