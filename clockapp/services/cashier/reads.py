"""The cashier's reads: the config, the list, what a player may buy, the ledger, the drawer.

Each read is one read session over the till the cache keeps for the current revision.
"""

from __future__ import annotations

from dataclasses import replace

from clockapp.core.money.balances import LedgerBalances
from clockapp.core.money.drawer import DrawerCount, NightSummary, drawer_count, night_summary
from clockapp.core.money.entries import EntryKind, EntryOption, EntryRefused, PlayerState
from clockapp.core.money.entry_checks import check_buy_in, entry_options
from clockapp.core.money.ledger import LedgerRow
from clockapp.core.money.records import (
    CashierConfig,
    LedgerEntry,
    PrizeDue,
    RegistrationInfo,
    ledger_entries,
    registration_info,
)
from clockapp.core.money.rules_fit import check_rules_fit
from clockapp.core.money.till import Till
from clockapp.core.money.view import MoneyView, money_view
from clockapp.persistence.queries import drawer, registrations
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.enrol import listed_skipped, name_lines
from clockapp.services.cashier.ledger_export import ledger_to_csv
from clockapp.services.cashier.sales import (
    DrawerInfo,
    buy_in_state,
    check_stack,
    drawer_info,
    due_order,
    player_entries,
    player_state,
)
from clockapp.services.cashier.till import (
    display_name,
    load_till,
)
from clockapp.services.context import ServiceContext
from clockapp.services.ending import entry_context
from clockapp.services.players import live_player
from clockapp.services.players.importing import (
    ImportPlan,
    plan_import,
)
from clockapp.services.setup import load_structure


# What the reads make of a till, kept per revision by `LedgerCache.derived` (its keys: one
# module-level function each, returning frozen values).
def config_of(till: Till) -> CashierConfig:
    """The till's entry rules and payout choices."""
    return till.config


def registration_infos(till: Till) -> tuple[RegistrationInfo, ...]:
    """Every registration on the list, in the order they were made."""
    return tuple(registration_info(till, reg) for reg in till.registrations.values())


def balances_of(_till: Till, view: MoneyView) -> LedgerBalances:
    """The ledger's totals (the money view's)."""
    return view.balances


def balances_and_config(till: Till, view: MoneyView) -> tuple[LedgerBalances, CashierConfig]:
    """The ledger's totals and the config (the drawer's expected cash needs both)."""
    return view.balances, till.config


def rows_and_config(till: Till) -> tuple[tuple[LedgerRow, ...], CashierConfig]:
    """The core ledger rows and the config (the night's summary)."""
    return tuple(till.rows), till.config


class CashierReads:
    """The cashier station's reads (`CashierService` adds the actions). Nothing here writes."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache if cache is not None else LedgerCache()  # `Services` shares one

    def config(self, tournament_id: int) -> CashierConfig:
        """The tournament's entry rules and payout choices."""
        with self._ctx.reading() as session:
            return self._cache.derived(session, tournament_id, config_of)

    def check_config(self, tournament_id: int, config: CashierConfig) -> None:
        """Check entry rules against the tournament's structure without saving (for editors).

        Raises:
            CashierError: The rules cannot run with this structure (see `check_rules_fit`).
        """
        with self._ctx.reading() as session:
            check_rules_fit(config.rules, load_structure(session, tournament_id))

    def registrations(
        self, tournament_id: int, *, include_withdrawn: bool = False
    ) -> tuple[RegistrationInfo, ...]:
        """Every registration of the tournament, in the order they were made."""
        with self._ctx.reading() as session:
            if not include_withdrawn:
                return self._cache.derived(session, tournament_id, registration_infos)
            till = load_till(session, tournament_id, self._cache)
            result = [registration_info(till, reg) for reg in till.registrations.values()]
            if include_withdrawn:
                withdrawn = registrations.withdrawn_with_players(session, tournament_id)
                # The withdrawn are not in the till: a till of their names beside it (the one
                # read is shared at this revision, and stays as it is).
                names = {reg.id or 0: display_name(player) for reg, player in withdrawn}
                named = replace(till, names={**till.names, **names})
                for reg, _player in withdrawn:
                    result.append(registration_info(named, registrations.reg_from_row(reg)))
                result.sort(key=lambda r: r.id)
            return tuple(result)

    def registration(self, tournament_id: int, registration_id: int) -> RegistrationInfo:
        """One registration."""
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            return registration_info(till, till.registration(registration_id))

    def registration_of(self, tournament_id: int, player_id: int) -> RegistrationInfo | None:
        """The player's registration in the tournament (None when not registered)."""
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            for reg in till.registrations.values():
                if reg.player_id == player_id:
                    return registration_info(till, reg)
            return None

    def preview_pre_registrations(self, tournament_id: int, text: str) -> ImportPlan:
        """What `import_pre_registrations` would do with `text` now; reads only.

        Each line of the list is planned: a new player is created, a player already in the
        database (same name, ignoring case and accents) is used, and a blank line, a name the
        list already gave or a player already on tonight's list is skipped.
        """
        lines = name_lines(text)
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            return listed_skipped(till, plan_import(session, lines))

    def options(
        self, tournament_id: int, registration_id: int, *, stack: int | None = None
    ) -> tuple[EntryOption, ...]:
        """What the player may buy now (one option per entry kind, with the refusal reason).

        A player still in with `stack` unknown is offered a rebuy or re-entry as if busted at the
        table (buying one records the bust), and an add-on as a player with chips.
        """
        check_stack(stack)
        now = self._ctx.now()
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            reg = till.registration(registration_id)
            ctx = entry_context(session, till, now)
            rules = till.config.rules
            # Rebuy and re-entry as the cashier would sell them: to a player in play with no
            # count given, with the bust at the table recorded in the same action.
            playing = player_state(reg) is PlayerState.PLAYING
            at_table = PlayerState.BUSTED if playing and not stack else None
            by_low = {
                o.kind: o
                for o in entry_options(rules, player_entries(till, reg, stack, at_table), ctx)
            }
            by_high = {
                o.kind: o for o in entry_options(rules, player_entries(till, reg, stack), ctx)
            }
            return tuple(
                by_high[kind] if kind is EntryKind.ADD_ON else by_low[kind] for kind in EntryKind
            )

    def buy_in_option(self, tournament_id: int, player_id: int) -> EntryOption:
        """Whether the player may buy in now: the offer, or the reason it is refused.

        The same check `buy_in` makes (same rules, same moment), so the cashier can refuse a
        latecomer before taking any money.
        """
        now = self._ctx.now()
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            player = live_player(session, player_id)
            state = buy_in_state(till, player)
            ctx = entry_context(session, till, now)
            try:
                offer = check_buy_in(till.config.rules, state, ctx)
            except EntryRefused as refused:
                return EntryOption(EntryKind.BUY_IN, None, str(refused))
            return EntryOption(EntryKind.BUY_IN, offer)

    def ledger(self, tournament_id: int) -> tuple[LedgerEntry, ...]:
        """The ledger, oldest row first (voided rows included, with the void that reversed them)."""
        with self._ctx.reading() as session:
            return self._cache.derived(session, tournament_id, ledger_entries)

    def ledger_csv(self, tournament_id: int) -> str:
        """The ledger as CSV text for the books (`ledger_export.ledger_to_csv`)."""
        return ledger_to_csv(self.ledger(tournament_id))

    def balances(self, tournament_id: int) -> LedgerBalances:
        """The ledger's totals: entries, prize pool, fees, bounties, paid out, expected cash."""
        with self._ctx.reading() as session:
            return self._cache.derived_from_view(session, tournament_id, balances_of)

    def dues(self, tournament_id: int) -> tuple[PrizeDue, ...]:
        """What each player is due and was paid (prizes and bounties), by finishing place."""
        with self._ctx.reading() as session:
            view = money_view(load_till(session, tournament_id, self._cache))
            return tuple(sorted(view.dues.values(), key=due_order))

    def drawer(self, tournament_id: int) -> DrawerCount:
        """The expected cash now against the last count (counted 0 when never counted)."""
        with self._ctx.reading() as session:
            balances, config = self._cache.derived_from_view(
                session, tournament_id, balances_and_config
            )
            last = drawer.last_count(session, tournament_id)
            counted = last.counted if last is not None else 0
            return drawer_count(balances, counted, opening_float=config.opening_float)

    def drawer_counts(self, tournament_id: int) -> tuple[DrawerInfo, ...]:
        """Every drawer count, oldest first."""
        with self._ctx.reading() as session:
            return tuple(drawer_info(row) for row in drawer.counts(session, tournament_id))

    def summary(self, tournament_id: int) -> NightSummary:
        """The end-of-night summary (entries, rebuys, add-ons, fees, prize pool, paid, owed)."""
        with self._ctx.reading() as session:
            rows, config = self._cache.derived(session, tournament_id, rows_and_config)
            last = drawer.last_count(session, tournament_id)
            return night_summary(
                rows,
                opening_float=config.opening_float,
                counted=last.counted if last is not None else None,
            )
