"""Satellites: a tournament whose prizes are N equal seats in a bigger event or a league final.

Play stops when N players are left; each of them gets a seat (a `Ticket` worth the seat's
value). The prize pool rarely buys a whole number of seats: the cash left over goes where the
host chose (`SatelliteLeftover`): shared equally by the seat winners, or to the first player
out without a seat (the N+1th). The bubble, and hand-for-hand, are on the N+1th: the seat is
the money.

`satellite_prizes` turns the pool into the place prizes the money view pays: the seat places,
each with its ticket, and the N+1th's cash when the left over goes there. Seats and cash always
add up to the pool, to the cent.

>>> sat = Satellite(seats=3, seat_value=30000, description="Main event seat")
>>> [(p.place, p.cash, p.ticket is not None) for p in satellite_prizes(100000, sat)]
[(1, 0, True), (2, 0, True), (3, 0, True), (4, 10000, False)]
>>> satellite_wall_text(sat)
'3 seats · Main event seat'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from clockapp.core.bounties.tickets import PlacePrize, Ticket
from clockapp.core.money.amounts import allocate, check_cents, format_cents
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _


class SatelliteError(DomainError):
    """A satellite the host's input cannot make (the message says which and what to do)."""


class SatelliteLeftover(StrEnum):
    """Where the cash the seats leave over goes."""

    BUBBLE = "bubble"  # to the first player out without a seat (the N+1th), in cash
    SEAT_WINNERS = "seat-winners"  # shared equally by the seat winners, in cash

    @property
    def label(self) -> str:
        """The rule in words, as the cashier offers it."""
        if self is SatelliteLeftover.BUBBLE:
            return "to the first player out without a seat"
        return "shared by the seat winners"


@dataclass(frozen=True)
class Satellite:
    """The host's satellite: how many seats, what each is worth, what it is a seat in.

    >>> Satellite(seats=0, seat_value=10000, description="Final")
    Traceback (most recent call last):
    ...
    clockapp.core.satellite.SatelliteError: A satellite gives 1 seat or more, not 0.
    """

    seats: int
    seat_value: int
    description: str
    leftover: SatelliteLeftover = SatelliteLeftover.BUBBLE

    def __post_init__(self) -> None:
        if isinstance(self.seats, bool) or not isinstance(self.seats, int) or self.seats < 1:
            raise SatelliteError(
                _("A satellite gives 1 seat or more, not {seats!r}.").format(seats=self.seats)
            )
        if self.seats > 1000:
            raise SatelliteError(
                _("A satellite gives at most 1,000 seats, not {seats}.").format(seats=self.seats)
            )
        check_cents(self.seat_value, "The seat's value", minimum=1)
        if not self.description.strip():
            raise SatelliteError(_("Say what the satellite's seats are seats in."))

    @property
    def cost(self) -> int:
        """What the seats are worth together, in cents."""
        return self.seats * self.seat_value

    def ticket(self, place: int) -> Ticket:
        """The seat paid for a place (1 to `seats`)."""
        return Ticket(place, self.seat_value, self.description)


def satellite_prizes(pool: int, satellite: Satellite) -> tuple[PlacePrize, ...]:
    """The place prizes of a satellite's pool: the seats, and the cash left over by its rule.

    Raises:
        SatelliteError: The pool does not buy the seats (the message says how much is missing).

    Shared by the three seat winners, the odd cent to the first of them:

    >>> sat = Satellite(3, 30000, "Final", SatelliteLeftover.SEAT_WINNERS)
    >>> [p.cash for p in satellite_prizes(100001, sat)]
    [3334, 3334, 3333]
    >>> satellite_prizes(50000, sat)
    Traceback (most recent call last):
    ...
    clockapp.core.satellite.SatelliteError: The prize pool ($500.00) does not buy 3 seats of $300.00 ($900.00): $400.00 missing; sell more entries or give fewer seats.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    if pool < satellite.cost:
        raise SatelliteError(
            _(
                "The prize pool ({amount}) does not buy {seats} seats of "
                "{amount2} ({amount3}): {amount4} missing; sell more "
                "entries or give fewer seats."
            ).format(
                amount=format_cents(pool),
                seats=satellite.seats,
                amount2=format_cents(satellite.seat_value),
                amount3=format_cents(satellite.cost),
                amount4=format_cents(satellite.cost - pool),
            )
        )
    leftover = pool - satellite.cost
    seats = range(1, satellite.seats + 1)
    if satellite.leftover is SatelliteLeftover.SEAT_WINNERS or leftover == 0:
        shares = allocate(leftover, [1] * satellite.seats) if leftover else (0,) * len(seats)
        return tuple(
            PlacePrize(p, share, satellite.ticket(p))
            for p, share in zip(seats, shares, strict=True)
        )
    bubble = PlacePrize(satellite.seats + 1, leftover)
    return (*(PlacePrize(p, 0, satellite.ticket(p)) for p in seats), bubble)


def seats_won(players_left: int, satellite: Satellite) -> bool:
    """Whether play has stopped: no more players left than seats.

    >>> seats_won(4, Satellite(3, 100, "Final")), seats_won(3, Satellite(3, 100, "Final"))
    (False, True)
    """
    return players_left <= satellite.seats


def check_play_on(players_left: int, satellite: Satellite | None) -> None:
    """Refuse a bust once a satellite has stopped (no more players left than seats).

    >>> check_play_on(3, Satellite(3, 100, "Final"))
    Traceback (most recent call last):
    ...
    clockapp.core.satellite.SatelliteError: The satellite has stopped: 3 players are left for 3 seats and each has a seat. Undo a bust to play on.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    if satellite is not None and seats_won(players_left, satellite):
        raise SatelliteError(
            _(
                "The satellite has stopped: {players_left} players are left for {seats} "
                "seats and each has a seat. Undo a bust to play on."
            ).format(players_left=players_left, seats=satellite.seats)
        )


def satellite_wall_text(satellite: Satellite, players_left: int | None = None) -> str:
    """What the wall says of the prizes: "N seats", and when play has stopped.

    >>> satellite_wall_text(Satellite(1, 100, "League final"))
    '1 seat · League final'
    >>> satellite_wall_text(Satellite(2, 100, "Final"), players_left=3)
    '2 seats · Final · bubble: 1 to a seat'
    >>> satellite_wall_text(Satellite(2, 100, "Final"), players_left=2)
    '2 seats · Final · every player left has a seat'
    """
    seats = "1 seat" if satellite.seats == 1 else f"{satellite.seats} seats"
    text = f"{seats} · {satellite.description}"
    if players_left is None:
        return text
    if seats_won(players_left, satellite):
        return f"{text} · every player left has a seat"
    to_go = players_left - satellite.seats
    if to_go == 1:
        return f"{text} · bubble: 1 to a seat"
    return f"{text} · {to_go} to a seat"
