"""The cashier station: entry rules, registrations, buy-ins, rebuys, add-ons, re-entries, voids.

Every action is one transaction through `money_action` (`clockapp.services.cashier.action`): the
till is locked and loaded once, the core checks the action (`clockapp.core.money`), and only then
are rows written. A refused action raises a `DomainError` whose message the director can read,
and leaves the database as it was. The reads are in `CashierReads` (`.reads`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from clockapp.core.money.amounts import check_cents
from clockapp.core.money.entries import EntryKind
from clockapp.core.money.ledger import LedgerError
from clockapp.core.money.records import (
    CashierConfig,
    CashierError,
    LedgerEntry,
    RegistrationInfo,
    registration_info,
)
from clockapp.core.money.rules_fit import check_rules_fit
from clockapp.core.money.till import Till
from clockapp.core.money.view import guard_payments
from clockapp.persistence.models.cashier import STATUS_WITHDRAWN
from clockapp.persistence.queries import cashier_config
from clockapp.persistence.session import Session
from clockapp.services.backups import backup_before_import
from clockapp.services.cashier.action import Done, money_action
from clockapp.services.cashier.corrections import (
    count_cash,
    refund_row,
    void_action_rows,
    void_row,
)
from clockapp.services.cashier.enrol import (
    checked_in,
    find_active,
    import_names,
    name_lines,
    pre_registered,
)
from clockapp.services.cashier.reads import CashierReads
from clockapp.services.cashier.sales import (
    DrawerInfo,
    EntryReceipt,
    check_stack,
    sell_again,
    sell_buy_in,
)
from clockapp.services.cashier.till import load_till, save_registrations, save_settled
from clockapp.services.changes import Change, Outcome
from clockapp.services.ending import window
from clockapp.services.players import live_player
from clockapp.services.setup import load_structure, setup_row

__all__ = ["CashierService"]


class CashierService(CashierReads):
    """Use cases of the cashier station. Each action is one transaction (`money_action`)."""

    def set_config(self, tournament_id: int, config: CashierConfig) -> Outcome[CashierConfig]:
        """Replace the entry rules and payout choices.

        Entries already sold keep the price they were paid at (it is on their ledger rows).
        The buy-in stack becomes the tournament's starting stack.

        Raises:
            CashierError: The rules do not fit the structure (an add-on at a break that the
                structure does not have).
            DomainError: The payout table no longer fits what was already paid.
        """

        def apply(session: Session, till: Till, now: datetime) -> Done[CashierConfig]:
            check_rules_fit(config.rules, load_structure(session, tournament_id))
            setup = setup_row(session, tournament_id)
            setup.starting_stack = config.rules.registration.chips
            session.add(setup)
            # Created by `money_action`'s lock and held by the till: found without a statement.
            row = cashier_config.ensure_config_row(session, tournament_id, setup.starting_stack)
            cashier_config.save_config(session, row, config)
            session.flush()
            # The till with the config as it now reads back from the database.
            till.config = cashier_config.config_from_row(row, setup.starting_stack)
            guard_payments(till)
            flags = Change.TOURNAMENT | Change.ENTRIES | Change.PAYOUTS
            return Done(till.config, flags, f"cashier rules: {config.rules.label}")

        return money_action(self._ctx, self._cache, tournament_id, apply)

    def pre_register(
        self, tournament_id: int, player_ids: Iterable[int]
    ) -> Outcome[tuple[RegistrationInfo, ...]]:
        """Put players on the tournament's list before the day (players already on it are kept)."""

        def apply(
            session: Session, till: Till, now: datetime
        ) -> Done[tuple[RegistrationInfo, ...]]:
            window(session, till, now).check()
            result = []
            for player_id in player_ids:
                reg = pre_registered(session, till, live_player(session, player_id), now)
                result.append(registration_info(till, reg))
            return Done(tuple(result), Change.ENTRIES, f"pre-registered {len(result)}")

        return money_action(self._ctx, self._cache, tournament_id, apply)

    def import_pre_registrations(
        self, tournament_id: int, text: str
    ) -> Outcome[tuple[RegistrationInfo, ...]]:
        """Pre-register a list of names (one a line, or a CSV with a 'name' column), at once.

        The list is read with the csv module (a quoted name keeps its commas) and planned as
        `preview_pre_registrations` shows it; then, in one transaction, the new players are
        added and every player named is put on the list. The result holds the registration of
        every player named, in list order (players already on the list included).
        """
        lines = name_lines(text)
        backup_before_import(self._ctx, tournament_id)

        def apply(
            session: Session, till: Till, now: datetime
        ) -> Done[tuple[RegistrationInfo, ...]]:
            window(session, till, now).check()
            return import_names(session, till, now, lines)

        return money_action(self._ctx, self._cache, tournament_id, apply)

    def check_in(self, tournament_id: int, registration_id: int) -> Outcome[RegistrationInfo]:
        """Mark a pre-registered player as arrived."""

        def apply(session: Session, till: Till, now: datetime) -> Done[RegistrationInfo]:
            reg = till.registration(registration_id)
            if reg.checked_in_at is None:
                window(session, till, now).check()
                reg.checked_in_at = now
            save_settled(session, till)
            info = registration_info(till, reg)
            return Done(info, Change.ENTRIES, f"checked in {info.name}")

        return money_action(self._ctx, self._cache, tournament_id, apply)

    def register(self, tournament_id: int, player_id: int) -> Outcome[RegistrationInfo]:
        """Check a player in without payment yet (pre-registered players are checked in)."""

        def apply(session: Session, till: Till, now: datetime) -> Done[RegistrationInfo]:
            player = live_player(session, player_id)
            window(session, till, now).check()
            reg = checked_in(session, till, player, find_active(till, player.id or 0), now)
            save_settled(session, till)
            info = registration_info(till, reg)
            return Done(info, Change.ENTRIES, f"registered {info.name}")

        return money_action(self._ctx, self._cache, tournament_id, apply)

    def withdraw(self, tournament_id: int, registration_id: int) -> Outcome[RegistrationInfo]:
        """Take a player who has not bought in off the list (they may register again later)."""

        def apply(session: Session, till: Till, now: datetime) -> Done[RegistrationInfo]:
            reg = till.registration(registration_id)
            name = till.name(registration_id)
            if reg.entries > 0 or any(r.player_id == registration_id for r in till.rows):
                raise CashierError(
                    f"{name} has money on the ledger; void or refund the buy-in instead of "
                    "withdrawing."
                )
            reg.status = STATUS_WITHDRAWN
            save_registrations(session, till)
            info = registration_info(till, reg)
            return Done(info, Change.ENTRIES | Change.SEATING, f"withdrew {name}")

        return money_action(self._ctx, self._cache, tournament_id, apply)

    def buy_in(
        self,
        tournament_id: int,
        player_id: int,
        *,
        with_add_on: bool = False,
        tendered: int | None = None,
        station: str = "",
        seat: bool = False,
    ) -> Outcome[EntryReceipt]:
        """Register a player and take the buy-in in one step (with the add-on when sold with it).

        Returns the receipt: the ledger rows, the chips to hand over (the starting-stack
        breakdown from the chip set) and the change due for `tendered` cents. With `seat`, the
        player also draws a seat in the same transaction when the room has tables
        (`EntryReceipt.seat`; a full room is said there and does not refuse the sale).

        Raises:
            EntryRefused: Already registered, registration closed, the field is full, or the
                add-on is not sold with the buy-in.
            CashierError: Less tendered than due.
        """

        def apply(session: Session, till: Till, now: datetime) -> Done[EntryReceipt]:
            return sell_buy_in(
                session,
                till,
                now,
                player_id,
                with_add_on=with_add_on,
                tendered=tendered,
                station=station,
                seat=seat,
            )

        return money_action(self._ctx, self._cache, tournament_id, apply, keep=True)

    def buy_in_registration(
        self,
        tournament_id: int,
        registration_id: int,
        *,
        with_add_on: bool = False,
        tendered: int | None = None,
        station: str = "",
        seat: bool = False,
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
            station=station,
            seat=seat,
        )

    def rebuy(
        self,
        tournament_id: int,
        registration_id: int,
        *,
        stack: int | None = None,
        busted_at_table: bool = False,
        tendered: int | None = None,
        station: str = "",
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
            station: The cashier station's name, for the ledger.

        A rebuy keeps the player's seat: one freed by the bust is given back when still free,
        else a seat is drawn by the rules, in the same transaction (`EntryReceipt.seat` says
        where).

        Raises:
            EntryRefused: No rebuys, after the cutoff level, the player is still in play (or
                has too many chips), or the limit reached.
        """
        return self._again(
            tournament_id,
            registration_id,
            EntryKind.REBUY,
            stack,
            tendered,
            station,
            busted_at_table=busted_at_table or stack == 0,
        )

    def re_enter(
        self,
        tournament_id: int,
        registration_id: int,
        *,
        with_add_on: bool = False,
        busted_at_table: bool = False,
        tendered: int | None = None,
        station: str = "",
        seat: bool = False,
    ) -> Outcome[EntryReceipt]:
        """Sell a re-entry to a busted player (`busted_at_table`: see `rebuy`).

        A re-entry is a new entry: with `seat` it draws a new seat in the same transaction
        (see `buy_in`).

        Raises:
            EntryRefused: No re-entry, the player is still in play, the window closed, or every
                re-entry used.
        """
        return self._again(
            tournament_id,
            registration_id,
            EntryKind.RE_ENTRY,
            None,
            tendered,
            station,
            with_add_on=with_add_on,
            busted_at_table=busted_at_table,
            seat=seat,
        )

    def add_on(
        self,
        tournament_id: int,
        registration_id: int,
        *,
        tendered: int | None = None,
        station: str = "",
    ) -> Outcome[EntryReceipt]:
        """Sell the add-on (at its break) to a player still in.

        Raises:
            EntryRefused: No add-on, outside its break, the player is out, or already bought.
        """
        return self._again(
            tournament_id, registration_id, EntryKind.ADD_ON, None, tendered, station
        )

    def _again(
        self,
        tournament_id: int,
        registration_id: int,
        kind: EntryKind,
        stack: int | None,
        tendered: int | None,
        station: str,
        *,
        with_add_on: bool = False,
        busted_at_table: bool = False,
        seat: bool = False,
    ) -> Outcome[EntryReceipt]:
        check_stack(stack)

        def apply(session: Session, till: Till, now: datetime) -> Done[EntryReceipt]:
            return sell_again(
                session,
                till,
                now,
                registration_id,
                kind,
                stack,
                tendered=tendered,
                station=station,
                with_add_on=with_add_on,
                busted_at_table=busted_at_table,
                seat=seat,
            )

        return money_action(self._ctx, self._cache, tournament_id, apply, keep=True)

    def void(
        self, tournament_id: int, row_id: int, reason: str, *, station: str = ""
    ) -> Outcome[LedgerEntry]:
        """Reverse a ledger row with a new void row that says why (nothing is edited).

        Voiding an entry takes it off the player's counts (a voided buy-in leaves the player
        checked in); voiding a deal puts the places' prizes back.

        Raises:
            LedgerError: No reason, a row of another tournament, a void, a row already voided,
                or a void that would leave a player paid more than due.
        """
        if not reason.strip():
            raise LedgerError(f"Ledger row {row_id}: give a reason for the void.")

        def apply(session: Session, till: Till, now: datetime) -> Done[LedgerEntry]:
            return void_row(session, till, now, row_id, reason, station)

        return money_action(self._ctx, self._cache, tournament_id, apply, keep=True)

    def void_action(
        self,
        tournament_id: int,
        row_ids: Sequence[int],
        reason: str,
        *,
        undo_bust_of: int | None = None,
        station: str = "",
    ) -> Outcome[tuple[LedgerEntry, ...]]:
        """Undo one earlier action in one transaction: void its rows (the last first) and, with
        `undo_bust_of`, the bust it recorded (`EntryReceipt.recorded_bust`): the player is back
        in play, in the seat he left when it is still free. Refused as a whole.
        """
        if not reason.strip():
            raise LedgerError("Give a reason for the void.")

        def apply(session: Session, till: Till, now: datetime) -> Done[tuple[LedgerEntry, ...]]:
            return void_action_rows(session, till, now, row_ids, reason, station, undo_bust_of)

        return money_action(self._ctx, self._cache, tournament_id, apply, keep=True)

    def refund(
        self, tournament_id: int, row_id: int, reason: str, *, station: str = ""
    ) -> Outcome[LedgerEntry]:
        """Hand an entry's money back (a refund row; the entry no longer counts in the field).

        Raises:
            LedgerError: Not an entry of this tournament, already voided or refunded, no reason.
        """
        if not reason.strip():
            raise LedgerError(f"Ledger row {row_id}: give a reason for the refund.")

        def apply(session: Session, till: Till, now: datetime) -> Done[LedgerEntry]:
            return refund_row(session, till, now, row_id, reason, station)

        return money_action(self._ctx, self._cache, tournament_id, apply, keep=True)

    def count_drawer(
        self, tournament_id: int, counted: int, *, note: str = "", station: str = ""
    ) -> Outcome[DrawerInfo]:
        """Record a count of the cash drawer against what the ledger expects now."""
        if isinstance(counted, int) and not isinstance(counted, bool) and counted > 0:
            check_cents(counted, "The count")  # the limit; the core words the other refusals

        def apply(session: Session, till: Till, now: datetime) -> Done[DrawerInfo]:
            return count_cash(session, till, now, counted, note, station)

        return money_action(self._ctx, self._cache, tournament_id, apply)
