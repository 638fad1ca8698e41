"""A waiting list for a capped field: who waits, in the order they joined, and who is offered
a seat.

Players join at the cashier (or from the pre-registration list) when the field is full. While
the field is under its cap, the first waiting players, one per free seat, are offered one: a
seat freed (an entry voided or refunded) or the cap raised offers the next. A player leaves the
list by buying in (the cashier seats them as usual), by being taken off it (and put back at
their place, should that be undone), or by being withdrawn from the tournament's list.

>>> ann, bob = Waiter(1, "Ann"), Waiter(2, "Bob")
>>> [w.name for w in offered((ann, bob), entrants=9, cap=10)]
['Ann']
>>> waiting_line((ann, bob), entrants=9, cap=10)
'WAITING: Ann (a seat is free) · Bob'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _


class WaitingListError(DomainError):
    """A waiting-list action the facts refuse (the message says why and what to do)."""


@dataclass(frozen=True)
class Waiter:
    """A player on the waiting list."""

    player_id: int
    name: str


@dataclass(frozen=True)
class JoinFacts:
    """What `check_join` needs: the player, whether registered, their place on the list, and
    the field they wait for."""

    name: str
    registered: bool
    place: int | None  # 1 = first in line (None: not on the list)
    entrants: int
    cap: int | None
    waiting: int  # players on the list now


def check_not_listed(facts: JoinFacts) -> None:
    """Refuse a player who is in the field already, or on the list already.

    >>> check_not_listed(JoinFacts("Ann", False, place=2, entrants=10, cap=10, waiting=3))
    Traceback (most recent call last):
    ...
    clockapp.core.waiting_list.WaitingListError: Ann is on the waiting list already (number 2).
    """
    if facts.registered:
        raise WaitingListError(
            _("{name} is registered in this tournament: sell the buy-in, no need to wait.").format(
                name=facts.name
            )
        )
    if facts.place is not None:
        raise WaitingListError(
            _("{name} is on the waiting list already (number {place}).").format(
                name=facts.name, place=facts.place
            )
        )


def check_join(facts: JoinFacts) -> None:
    """Refuse a player who need not, or cannot, join the list: the field has a seat for them
    now (no cap, or more seats free than players waiting for them), or `check_not_listed`.

    >>> check_join(JoinFacts("Ann", False, None, entrants=10, cap=10, waiting=0))
    >>> check_join(JoinFacts("Ann", False, None, entrants=8, cap=10, waiting=0))
    Traceback (most recent call last):
    ...
    clockapp.core.waiting_list.WaitingListError: The field is not full (8 of 10 entrants): sell Ann the buy-in, no need to wait.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    check_not_listed(facts)
    if facts.cap is None:
        raise WaitingListError(
            _(
                "The field has no cap on entrants: sell {name} the buy-in, no need to "
                "wait (or set a cap in the entry rules)."
            ).format(name=facts.name)
        )
    # Seats free under the cap go to the players already waiting, first in line first: a
    # newcomer waits unless more seats are free than players waiting.
    if free_seats(facts.entrants, facts.cap) > facts.waiting:
        raise WaitingListError(
            _(
                "The field is not full ({entrants} of {cap} entrants): sell {name} the "
                "buy-in, no need to wait."
            ).format(entrants=facts.entrants, cap=facts.cap, name=facts.name)
        )


def free_seats(entrants: int, cap: int | None) -> int:
    """Seats the field has free under its cap (0 without a cap: nobody waits for one).

    >>> free_seats(8, 10), free_seats(10, 10), free_seats(12, 10), free_seats(5, None)
    (2, 0, 0, 0)
    """
    return 0 if cap is None else max(0, cap - entrants)


def offered(waiters: Sequence[Waiter], entrants: int, cap: int | None) -> tuple[Waiter, ...]:
    """The waiting players offered a seat now: the first in line, one per free seat."""
    return tuple(waiters[: free_seats(entrants, cap)])


def check_seat_offered(
    player_id: int, waiters: Sequence[Waiter], entrants: int, cap: int | None
) -> None:
    """Refuse a buy-in that would take a free seat ahead of the players offered it.

    >>> check_seat_offered(3, (Waiter(1, "Ann"),), entrants=9, cap=10)
    Traceback (most recent call last):
    ...
    clockapp.core.waiting_list.WaitingListError: The free seat is offered to Ann, first on the waiting list: sell it to them, or take them off the list.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    offers = offered(waiters, entrants, cap)
    if not offers or len(offers) < free_seats(entrants, cap):
        return  # more seats free than players waiting: anyone may take the rest
    if any(w.player_id == player_id for w in offers):
        return
    names = " and ".join(w.name for w in offers[:3]) + (" and others" if len(offers) > 3 else "")
    raise WaitingListError(
        _(
            "The free seat is offered to {names}, first on the waiting list: sell it "
            "to them, or take them off the list."
        ).format(names=names)
    )


def waiting_line(waiters: Sequence[Waiter], entrants: int, cap: int | None) -> str:
    """The wall's line ("" when nobody waits).

    >>> waiting_line((), 10, 10)
    ''
    >>> waiting_line((Waiter(1, "Ann"),), 10, 10)
    'WAITING: Ann'
    """
    if not waiters:
        return ""
    offers = len(offered(waiters, entrants, cap))
    names = [
        f"{w.name} (a seat is free)" if index < offers else w.name
        for index, w in enumerate(waiters)
    ]
    shown = names[:8] + ([f"+{len(names) - 8} more"] if len(names) > 8 else [])
    return "WAITING: " + " · ".join(shown)
