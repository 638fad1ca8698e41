"""The payout picture for the screens (`PayoutView`, read from a till by `payout_view`, saying
when a custom table was refitted to the field) and a locked table fitted to the field for the
director to confirm (`PayoutFit`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from clockapp.core.money.amounts import format_money
from clockapp.core.money.records import CashierConfig
from clockapp.core.money.till import Till
from clockapp.core.money.view import MoneyView, money_view
from clockapp.core.payouts import PayoutStructure, PayoutTable, ordinal
from clockapp.core.satellite import satellite_wall_text
from clockapp.i18n import gettext as _


@dataclass(frozen=True)
class PayoutView:
    """The payout picture for the screens.

    Attributes:
        structure: The director's payout choices.
        table: What each place pays (None when the structure cannot pay this field; see
            `problem`).
        problem: Why there is no table ("" when there is one).
        entries: Entries in the field (buy-ins and re-entries).
        players_left: Players still in.
        collected: Prize money collected from the entries, in cents.
        prize_pool: What the table pays: collected plus any overlay the guarantee needs.
        ladder: (place, cents) for every paid place, place 1 first.
        players_to_money: Busts still needed before everyone left is paid (None without a table).
        locked: Whether the table's shape is locked (a custom table locked is paid as typed).
        refit: What the wall and the cashier say when a custom table pays more places than
            there are entries and was refitted to the field by itself ("" when paid as typed).
        seats: A satellite's seats (0: not a satellite): the seat is the money, so the bubble
            and hand-for-hand are on the N+1th, whatever cash the N+1th is left.
        satellite: What the wall says of a satellite's prizes ("3 seats · Main event seat";
            "" when not a satellite).
        finished: Whether the tournament is over (the last bust, or a deal that shared every
            prize): the players a deal left in are no longer "left" to anyone.
    """

    structure: PayoutStructure
    table: PayoutTable | None
    problem: str
    entries: int
    players_left: int
    collected: int
    prize_pool: int
    ladder: tuple[tuple[int, int], ...]
    players_to_money: int | None
    locked: bool
    refit: str = ""
    seats: int = 0
    satellite: str = ""
    finished: bool = False

    @property
    def refitted(self) -> bool:
        """Whether the table was refitted to the field (see `refit`)."""
        return bool(self.refit)

    @property
    def places_paid(self) -> int:
        """How many places are paid (a satellite's: its seats)."""
        return self.seats or len(self.ladder)

    def labelled(self, *, symbol: str = "$") -> tuple[tuple[str, str], ...]:
        """('1st', '$500.00') pairs for a display."""
        return tuple((ordinal(place), format_money(cents, symbol)) for place, cents in self.ladder)


@dataclass(frozen=True)
class PayoutFit:
    """A custom table renormalised over the places the field can pay, for the director to confirm.

    Attributes:
        before: The table as it is (it cannot pay: `before.problem` says why).
        after: What the renormalised structure pays.
    """

    before: PayoutView
    after: PayoutView


@dataclass(frozen=True)
class PayoutPreview:
    """The field a payout structure is tried against, read once: each `view` is pure, so an
    editor can preview every keystroke without the database."""

    till: Till

    def view(self, structure: PayoutStructure) -> PayoutView:
        """What `structure` would pay this field (nothing saved)."""
        config = self.till.config
        return payout_view(
            replace(self.till, config=CashierConfig(config.rules, structure, config.opening_float))
        )


def payout_view(till: Till, view: MoneyView | None = None) -> PayoutView:
    """The payout view of a till (computing its money view when not given)."""
    view = view if view is not None else money_view(till)
    totals = view.balances
    collected = totals.prize_pool - totals.overlay
    table = view.table
    ladder = tuple((p.place, p.value) for p in view.place_prizes) if table is not None else ()
    players_left = view.standings.players_left
    satellite = till.bounty.satellite
    seats = satellite.seats if satellite is not None and table is not None else 0
    paid = seats or len(ladder)
    return PayoutView(
        structure=till.config.payouts,
        table=table,
        problem=view.problem,
        entries=totals.entries,
        players_left=players_left,
        collected=collected,
        prize_pool=table.prize_pool if table is not None else collected,
        ladder=ladder,
        players_to_money=max(0, players_left - paid) if table is not None else None,
        locked=till.config.payouts.locked,
        refit=refit_text(table, totals.entries),
        seats=seats,
        satellite=satellite_wall_text(satellite, players_left) if satellite is not None else "",
        finished=till.finished_at is not None,
    )


def refit_text(table: PayoutTable | None, entries: int) -> str:
    """What a refitted table tells the director ("" for a table paid as typed).

    >>> refit_text(PayoutTable((2500, 1500), 4000, typed_places=3), 2)
    'Refitted to the field: 2 entries pay 2 of the 3 places typed (lock the table to pay it as typed).'
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    if table is None or not table.refitted:
        return ""
    field = "1 entry pays" if entries == 1 else f"{entries} entries pay"
    return _(
        "Refitted to the field: {field} {places_paid} of the "
        "{typed_places} places typed (lock the table to pay it as "
        "typed)."
    ).format(field=field, places_paid=table.places_paid, typed_places=table.typed_places)
