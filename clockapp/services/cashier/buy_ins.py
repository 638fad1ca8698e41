"""Money in at the cashier: buy-ins (a new player, or one on the list), rebuys, re-entries and
add-ons, each sold with its seat in one transaction."""

from __future__ import annotations

from datetime import datetime

from clockapp.core.money.entries import EntryKind
from clockapp.core.money.till import Till
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Ruling, money_action
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.sales import EntryReceipt, check_stack, sell_again, sell_buy_in
from clockapp.services.cashier.till import load_till
from clockapp.services.changes import Outcome
from clockapp.services.context import ServiceContext
from clockapp.services.seating.sale_seat import IfFull


class BuyInActions:
    """Sales at the cashier: each action is one transaction (`money_action`)."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache) -> None:
        self._ctx = ctx
        self._cache = cache

    def buy_in(
        self,
        tournament_id: int,
        player_id: int,
        *,
        with_add_on: bool = False,
        tendered: int | None = None,
        seat: bool = False,
        if_full: IfFull = IfFull.NO_SEAT,
    ) -> Outcome[EntryReceipt]:
        """Register a player and take the buy-in in one step (with the add-on when sold with it).

        Returns the receipt: the ledger rows, the chips to hand over (the starting-stack
        breakdown from the chip set) and the change due for `tendered` cents. With `seat`, the
        player also draws a seat in the same transaction when the room has tables
        (`EntryReceipt.seat`). When no seat is free, `if_full` decides: the sale stands and the
        seat says why there is none (`NO_SEAT`), the sale is refused (`ASK`), or the next table
        opens and the player sits there (`OPEN_TABLE`, `EntryReceipt.opened_table`).

        Raises:
            EntryRefused: Already registered, registration closed, the field is full, or the
                add-on is not sold with the buy-in.
            CashierError: Less tendered than due.
            NoFreeSeat: No seat is free and `if_full` is `ASK` (nothing is written).
        """

        def rule(session: Session, till: Till, now: datetime) -> Ruling[EntryReceipt]:
            return sell_buy_in(
                session,
                till,
                now,
                player_id,
                with_add_on=with_add_on,
                tendered=tendered,
                station=self._ctx.station,
                seat=seat,
                if_full=if_full,
            )

        return money_action(self._ctx, self._cache, tournament_id, rule, keep=True)

    def buy_in_registration(
        self,
        tournament_id: int,
        registration_id: int,
        *,
        with_add_on: bool = False,
        tendered: int | None = None,
        seat: bool = False,
        if_full: IfFull = IfFull.NO_SEAT,
    ) -> Outcome[EntryReceipt]:
        """`buy_in` for a player already on the list (pre-registered or checked in)."""
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            player_id = till.registration(registration_id).player_id
        return self.buy_in(
            tournament_id,
            player_id,
            with_add_on=with_add_on,
            tendered=tendered,
            seat=seat,
            if_full=if_full,
        )

    def rebuy(
        self,
        tournament_id: int,
        registration_id: int,
        *,
        stack: int | None = None,
        busted_at_table: bool = False,
        tendered: int | None = None,
        if_full: IfFull = IfFull.NO_SEAT,
    ) -> Outcome[EntryReceipt]:
        """Sell a rebuy to a busted player (or, where the rules allow it, one low on chips).

        Args:
            tournament_id: The tournament.
            registration_id: The player.
            stack: The chips the player has now, for a rebuy sold at or below a stack (None: not
                counted). A count of 0 means busted at the table, as `busted_at_table` does.
            busted_at_table: The player busted at the table and the bust is not recorded yet:
                it is recorded on this hand (by nobody) with the rebuy. Without it a player
                recorded as in play is not busted, and the rebuy is refused.
            tendered: Cents handed over, for the change due.
            if_full: What the rebuy does when the seat freed by a bust recorded before has been
                taken and no other seat is free (see `buy_in`).

        A rebuy keeps the player's seat: one freed by the bust is given back when still free,
        else a seat is drawn by the rules, in the same transaction (`EntryReceipt.seat` says
        where).

        Raises:
            EntryRefused: No rebuys, after the cutoff level, the player is still in play (or
                has too many chips), or the limit reached.
            NoFreeSeat: No seat is free and `if_full` is `ASK` (nothing is written).
        """
        return self._again(
            tournament_id,
            registration_id,
            EntryKind.REBUY,
            stack,
            tendered,
            busted_at_table=busted_at_table or stack == 0,
            if_full=if_full,
        )

    def re_enter(
        self,
        tournament_id: int,
        registration_id: int,
        *,
        with_add_on: bool = False,
        busted_at_table: bool = False,
        tendered: int | None = None,
        seat: bool = False,
        if_full: IfFull = IfFull.NO_SEAT,
    ) -> Outcome[EntryReceipt]:
        """Sell a re-entry to a busted player (`busted_at_table`: see `rebuy`).

        A re-entry is a new entry: with `seat` it draws a new seat in the same transaction,
        a full room handled as `if_full` says (see `buy_in`).

        Raises:
            EntryRefused: No re-entry, the player is still in play, the window closed, or every
                re-entry used.
            NoFreeSeat: No seat is free and `if_full` is `ASK` (nothing is written).
        """
        return self._again(
            tournament_id,
            registration_id,
            EntryKind.RE_ENTRY,
            None,
            tendered,
            with_add_on=with_add_on,
            busted_at_table=busted_at_table,
            seat=seat,
            if_full=if_full,
        )

    def add_on(
        self,
        tournament_id: int,
        registration_id: int,
        *,
        tendered: int | None = None,
    ) -> Outcome[EntryReceipt]:
        """Sell the add-on (at its break) to a player still in.

        Raises:
            EntryRefused: No add-on, outside its break, the player is out, or already bought.
        """
        return self._again(tournament_id, registration_id, EntryKind.ADD_ON, None, tendered)

    def _again(
        self,
        tournament_id: int,
        registration_id: int,
        kind: EntryKind,
        stack: int | None,
        tendered: int | None,
        *,
        with_add_on: bool = False,
        busted_at_table: bool = False,
        seat: bool = False,
        if_full: IfFull = IfFull.NO_SEAT,
    ) -> Outcome[EntryReceipt]:
        check_stack(stack)

        def rule(session: Session, till: Till, now: datetime) -> Ruling[EntryReceipt]:
            return sell_again(
                session,
                till,
                now,
                registration_id,
                kind,
                stack,
                tendered=tendered,
                station=self._ctx.station,
                with_add_on=with_add_on,
                busted_at_table=busted_at_table,
                seat=seat,
                if_full=if_full,
            )

        return money_action(self._ctx, self._cache, tournament_id, rule, keep=True)
