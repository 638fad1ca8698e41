"""What the web view shows, as a JSON-ready dict: the clock, the field, the money and the seats.

The clock is sent as absolute end times (milliseconds since the epoch) for the current item and
the few after it, so the browser counts down by itself from its own clock plus the server's
offset, and moves to the next level on time even between two pushes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from clockapp import formats
from clockapp.core.clock import ClockStatus, duration_ms, view
from clockapp.core.money.amounts import format_money
from clockapp.core.structure import Break, Item, Structure
from clockapp.errors import DomainError
from clockapp.i18n import N_, pgettext
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.clock import ClockSnapshot
from clockapp.services.ending import FinalPlace

#: How many items (the current one and those after it) the page gets end times for.
AHEAD = 6

STATUS_TEXT = {
    ClockStatus.NOT_STARTED: N_("Not started"),
    ClockStatus.RUNNING: N_("Running"),
    ClockStatus.PAUSED: N_("Paused"),
    ClockStatus.STOPPED_BY_HARD_END: N_("Stopped"),
}


def epoch_ms(at: datetime) -> int:
    """An aware time as whole milliseconds since the epoch, as JavaScript's Date counts.

    >>> from datetime import UTC
    >>> epoch_ms(datetime(1970, 1, 1, 0, 0, 1, 500, tzinfo=UTC))
    1000
    """
    return int(at.timestamp() * 1000)


def money(cents: int, currency: str) -> str:
    """Money as the wall shows it: no cents on whole amounts; a code goes after the number.

    >>> money(180000, "$"), money(12550, "€"), money(100000, "EUR")
    ('$1,800', '€125.50', '1,000 EUR')
    """
    return format_money(cents, currency, trim_zero_cents=True)


def ordinal(n: int) -> str:
    """`1st`, `2nd`, `3rd`, `11th`.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '21st', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    forms = {
        "st": pgettext("ordinal", "{n}st"),
        "nd": pgettext("ordinal", "{n}nd"),
        "rd": pgettext("ordinal", "{n}rd"),
        "th": pgettext("ordinal", "{n}th"),
    }
    return forms[suffix].format(n=n)


def _item(structure: Structure, index: int) -> dict[str, Any]:
    item: Item = structure.levels[index]
    number = structure.level_number(index)
    if isinstance(item, Break):
        # The default name is stored as the English word: the page says it in its language.
        name = _("Break") if item.label in ("", "Break") else item.label
        blinds, ante = "", ""
    else:
        name = _("Level {number}").format(number=number)
        blinds = f"{formats.chips(item.small_blind)} / {formats.chips(item.big_blind)}"
        ante = ""
        if item.ante:
            chips = formats.chips(item.ante)
            ante = (
                _("BB ante {ante}").format(ante=chips)
                if item.big_blind_ante
                else _("Ante {ante}").format(ante=chips)
            )
    return {
        "name": name,
        "blinds": blinds,
        "ante": ante,
        "break": isinstance(item, Break),
        "ms": duration_ms(item),
        "last": index == len(structure.levels) - 1,
    }


def clock_part(snapshot: ClockSnapshot, now: datetime) -> dict[str, Any]:
    """The clock: status, message, and the items from the current one on with their end times.

    While running, each item carries `ends` (epoch ms); while paused the current one carries
    the milliseconds left in `ms` instead.
    """
    shown = view(snapshot.state, snapshot.structure, now)
    structure = snapshot.structure
    items = []
    end = now + timedelta(milliseconds=shown.remaining_ms)
    running = shown.status is ClockStatus.RUNNING
    last = min(len(structure.levels), shown.index + AHEAD)
    for index in range(shown.index, last):
        item = _item(structure, index)
        if index == shown.index:
            item["ms"] = shown.remaining_ms
            item["overtime"] = shown.overtime_ms
        else:
            end += timedelta(milliseconds=item["ms"])
        if running:
            item["ends"] = epoch_ms(end)
        items.append(item)
    return {
        "status": shown.status.value,
        "status_text": _(STATUS_TEXT.get(shown.status, shown.status.value)),
        "running": running,
        "message": shown.message,
        "items": items,
    }


def next_deadline(snapshot: ClockSnapshot, now: datetime) -> datetime | None:
    """When the page's clock moves to another item by itself: the state is built again then."""
    shown = view(snapshot.state, snapshot.structure, now)
    if shown.status is not ClockStatus.RUNNING or shown.overtime_ms:
        return shown.hard_end if shown.hard_end is not None and shown.hard_end > now else None
    deadline = now + timedelta(milliseconds=shown.remaining_ms)
    if shown.hard_end is not None and now < shown.hard_end < deadline:
        return shown.hard_end
    return deadline


def prize_text(place: FinalPlace, currency: str) -> str:
    """What a finisher won, as the wall's winner screen says it."""
    text = money(place.prize, currency) if place.prize else ""
    if place.bounties:
        bounties = _("{amount} bounties").format(amount=money(place.bounties, currency))
        text = f"{text} + {bounties}" if text else bounties
    return text or "—"


def field_part(snapshot: ClockSnapshot) -> dict[str, Any]:
    """Players left, entries, the average stack, the prize pool and the payouts; once the
    tournament is over, the winner and the final places instead of the players left."""
    stats = snapshot.stats
    currency = snapshot.settings.currency
    ending = snapshot.ending
    final = ending.final
    over = final is not None
    return {
        # Once it is over the count of players left (after a deal, those in the deal) would
        # read as play going on beside the winner: the wall shows the winner alone too.
        "players_left": None if over else stats.players_left,
        "entries": stats.entries,
        "average_stack": formats.chips(stats.average_stack),
        "chips_in_play": formats.chips(stats.chips_in_play),
        "prize_pool": money(stats.prize_pool_cents, currency) if stats.prize_pool_cents else "",
        "payouts": [
            {"place": ordinal(place), "amount": money(cents, currency)}
            for place, cents in stats.payouts
        ],
        "to_money": None if over else stats.players_to_money,
        "satellite_seats": stats.seats,
        "waiting": snapshot.waiting,
        "satellite": stats.satellite,
        "registration": ending.registration,
        "hand_for_hand": snapshot.hand_for_hand,
        "over": over,
        "winner": final.winner if final is not None else "",
        "by_deal": final is not None and final.by_deal,
        "final": [
            {"place": place.label, "name": place.name, "amount": prize_text(place, currency)}
            for place in (final.places if final is not None else ())
        ],
    }


def seats_part(services: Services, tournament_id: int) -> list[dict[str, Any]]:
    """Every seated player, by name: the table's label and the seat number."""
    try:
        room = services.seating.room(tournament_id)
    except DomainError:
        return []  # a room the seating rules cannot read yet shows no seats, not an error
    seats = [
        {"name": seat.name, "table": table.label, "seat": seat.number}
        for table in room.tables
        for seat in table.seats
        if seat.registration_id is not None
    ]
    return sorted(seats, key=lambda s: (s["name"].casefold(), s["table"], s["seat"]))


def _empty() -> dict[str, Any]:
    return {"tournament": "", "empty": True}


@dataclass(frozen=True)
class Built:
    """One build of the page's state and when it must be built again even without a change.

    Attributes:
        state: The state in the language in force when it was built.
        deadline: When the clock moves on by itself (None: only a change moves it).
        render: The same state from the same reads, in the language in force when it is
            called: a phone that asks in another language costs no query.
    """

    state: dict[str, Any]
    deadline: datetime | None
    render: Callable[[], dict[str, Any]] = _empty


def build(services: Services, tournament_id: int | None, now: datetime) -> Built:
    """The page's state for `tournament_id` at `now` (an empty page when there is none)."""
    if tournament_id is None:
        return Built(_empty(), None)
    snapshot = services.clock.snapshot(tournament_id)
    seats = seats_part(services, tournament_id)

    def render() -> dict[str, Any]:
        return {
            "tournament": snapshot.tournament.name,
            "empty": False,
            "clock": clock_part(snapshot, now),
            "field": field_part(snapshot),
            "seats": seats,
        }

    return Built(render(), next_deadline(snapshot, now), render)


def builder(
    services: Services, tournament_id: Callable[[], int | None]
) -> Callable[[datetime], Built]:
    """`build` bound to the services and to whichever tournament `tournament_id()` names now."""
    return lambda now: build(services, tournament_id(), now)
