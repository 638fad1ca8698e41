"""The cashier station: entry rules, registrations, buy-ins, rebuys, add-ons, re-entries, voids.

Every method is one transaction: the tournament's till is loaded (`clockapp.services.till`), the
core checks the action (`clockapp.core.entries`, `clockapp.core.ledger`), and only then are rows
written. A refused action raises a `DomainError` whose message the director can read, and leaves
the database as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from clockapp.core.chips import ChipError, StackBreakdown, rebuy_breakdown, stack_breakdown
from clockapp.core.entries import (
    EntryContext,
    EntryKind,
    EntryOffer,
    EntryOption,
    EntryRefused,
    EntryRules,
    PlayerEntries,
    PlayerState,
    check_add_on,
    check_buy_in,
    check_re_entry,
    check_rebuy,
    entry_options,
)
from clockapp.core.errors import ValidationError
from clockapp.core.ledger import (
    DrawerCount,
    LedgerBalances,
    LedgerError,
    NightSummary,
    RowKind,
    drawer_count,
    night_summary,
)
from clockapp.core.money import check_cents, format_cents
from clockapp.core.seating import Seat
from clockapp.core.structure import Structure
from clockapp.persistence.models import (
    DrawerCountRow,
    PlayerRow,
    RegistrationRow,
)
from clockapp.persistence.models.cashier import (
    STATUS_BUSTED,
    STATUS_CHECKED_IN,
    STATUS_PRE_REGISTERED,
    STATUS_WITHDRAWN,
)
from clockapp.services.backups import backup_before_import
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.ending import entry_context, sync_finish, window
from clockapp.services.ledger_export import ledger_to_csv
from clockapp.services.player_import import (
    ImportAction,
    ImportPlan,
    NamedLine,
    apply_plan,
    parse_name_list,
    plan_import,
)
from clockapp.services.players import PlayerError, live_player
from clockapp.services.seating.late import SeatNote, seat_in_session
from clockapp.services.setup import load_chips, load_structure, setup_row
from clockapp.services.till import (
    BustInput,
    CashierConfig,
    CashierError,
    LedgerCache,
    LedgerEntry,
    PrizeDue,
    Reg,
    RegistrationInfo,
    RegistrationStatus,
    Till,
    add_registration,
    append_row,
    display_name,
    guard_payments,
    last_bust_seat,
    ledger_entries,
    ledger_entry,
    load_till,
    lock_till,
    locked_till,
    money_view,
    record_busts,
    reg_from_row,
    registration_info,
    save_registrations,
    settle,
    store_config,
)

__all__ = [
    "BustInput",
    "CashierConfig",
    "CashierError",
    "CashierService",
    "DrawerInfo",
    "EntryReceipt",
    "Handout",
    "LedgerEntry",
    "PrizeDue",
    "RegistrationInfo",
    "RegistrationStatus",
    "breaks_after",
    "check_rules_fit",
]

#: What an entry changes: the field, the money and the prize pool (and seats, for H9's seating).
ENTRY_CHANGES = Change.ENTRIES | Change.LEDGER | Change.PAYOUTS | Change.SEATING


@dataclass(frozen=True)
class Handout:
    """Chips to hand over for one entry: the count per denomination, when the chip set allows.

    Attributes:
        kind: The entry the chips are for.
        chips: The total.
        breakdown: Chips per denomination (None when the chip set cannot make the amount).
        note: Why there is no breakdown.
    """

    kind: EntryKind
    chips: int
    breakdown: StackBreakdown | None
    note: str = ""

    def describe(self) -> str:
        """'4 x T1,000 + 9 x T500 ... = T10,000', or the chip total and the note."""
        if self.breakdown is not None:
            return self.breakdown.describe()
        return f"T{self.chips:,} ({self.note})" if self.note else f"T{self.chips:,}"


@dataclass(frozen=True)
class EntryReceipt:
    """What one payment bought: the rows written, the chips to hand over, the change due.

    Attributes:
        registration: The player's registration after the payment.
        kind: The main entry (buy-in, rebuy, add-on or re-entry).
        rows: The ledger rows written (two for a buy-in with its add-on).
        total: Cents due for everything bought.
        chips: Chips bought in total.
        handouts: The chips to count out, one per entry bought.
        tendered: Cents handed over by the player, when given.
        change_due: Cents to give back (None when nothing tendered was entered).
        seat: Where the player sits after the sale, drawn or given back in the same
            transaction (None when no seat was asked for or the room has no tables).
    """

    registration: RegistrationInfo
    kind: EntryKind
    rows: tuple[LedgerEntry, ...]
    total: int
    chips: int
    handouts: tuple[Handout, ...]
    tendered: int | None = None
    change_due: int | None = None
    seat: SeatNote | None = None


@dataclass(frozen=True)
class DrawerInfo:
    """A drawer count as recorded."""

    id: int
    counted: int
    expected: int
    note: str
    created_at: datetime
    station: str

    @property
    def count(self) -> DrawerCount:
        """The core comparison (difference and status)."""
        return DrawerCount(expected=self.expected, counted=self.counted)


def breaks_after(structure: Structure) -> tuple[int, ...]:
    """The play levels that a break follows, in order (where an add-on can be sold).

    >>> from clockapp.core.structure import Break, Level
    >>> levels = (Level(1, 2), Break(10), Level(2, 4), Level(3, 6), Break(5), Break(5))
    >>> breaks_after(Structure("S", levels))
    (1, 3)
    """
    result: list[int] = []
    level = 0
    for item in structure.levels:
        if not item.is_break:
            level += 1
        elif level > 0 and (not result or result[-1] != level):
            result.append(level)
    return tuple(result)


def _levels_text(levels: Sequence[int]) -> str:
    if len(levels) == 1:
        return f"level {levels[0]}"
    return "levels " + ", ".join(str(n) for n in levels[:-1]) + f" and {levels[-1]}"


def check_rules_fit(rules: EntryRules, structure: Structure) -> None:
    """Refuse entry rules that the blind structure cannot run.

    An add-on sold "at the break after level N" needs a break right after level N; without one
    the add-on could never be sold, which nobody would notice until the players ask for it.

    Raises:
        CashierError: The add-on's break is not in the structure (the message lists the breaks).

    >>> from clockapp.core.entries import AddOnRule, EntryPrice, RegistrationRule
    >>> from clockapp.core.structure import Break, Level
    >>> structure = Structure("Friday", (Level(1, 2), Level(2, 4), Break(10), Level(3, 6)))
    >>> add_on = AddOnRule(EntryPrice(1000), 5000, at_break_after_level=3)
    >>> check_rules_fit(EntryRules(RegistrationRule(EntryPrice(2000), 5000), add_on=add_on),
    ...                 structure)
    Traceback (most recent call last):
    ...
    clockapp.services.till.CashierError: The add-on is sold at the break after level 3, but no break follows level 3 in the structure 'Friday' (a break follows level 2). Choose that level, or sell the add-on with the buy-in.
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    add_on = rules.add_on
    if add_on is None or add_on.at_break_after_level is None:
        return
    level = add_on.at_break_after_level
    breaks = breaks_after(structure)
    if level in breaks:
        return
    head = f"The add-on is sold at the break after level {level}, but "
    if level > structure.level_count:
        head += (
            f"the structure {structure.name!r} has only {structure.level_count} "
            f"level{'s' if structure.level_count != 1 else ''}"
        )
    else:
        head += f"no break follows level {level} in the structure {structure.name!r}"
    if not breaks:
        raise CashierError(
            f"{head} (it has no breaks). Add a break after level {level} to the structure, or "
            "sell the add-on with the buy-in."
        )
    single = len(breaks) == 1
    where = f"{'a break follows' if single else 'breaks follow'} {_levels_text(breaks)}"
    raise CashierError(
        f"{head} ({where}). Choose {'that level' if single else 'one of those levels'}, or sell "
        "the add-on with the buy-in."
    )


def _entry_context(session: Session, till: Till, now: datetime) -> EntryContext:
    return entry_context(session, till, now)


def _state(reg: Reg) -> PlayerState:
    """The player's state as the rules see it, from the registration's stored status."""
    if reg.entries == 0:
        return PlayerState.NOT_ENTERED
    return PlayerState.BUSTED if reg.status == STATUS_BUSTED else PlayerState.PLAYING


def _player_entries(
    till: Till, reg: Reg, stack: int | None, state: PlayerState | None = None
) -> PlayerEntries:
    """What the rules know of a registered player: their stored state (or `state`, for a bust
    about to be recorded), and the chips counted now when given."""
    assert reg.id is not None
    state = state or _state(reg)
    return PlayerEntries(
        till.name(reg.id),
        stack=None if state is PlayerState.BUSTED else stack,
        rebuys=reg.rebuys,
        add_ons=reg.add_ons,
        re_entries=max(0, reg.entries - 1),
        state=state,
    )


def _buy_in_state(till: Till, player: PlayerRow) -> PlayerEntries:
    """What the rules know of a player asking to buy in (registered or not yet)."""
    reg = _find_active(till, player.id or 0)
    if reg is None:
        return PlayerEntries(display_name(player), state=PlayerState.NOT_ENTERED)
    return _player_entries(till, reg, None)


def _check_tendered(tendered: int | None, total: int) -> int | None:
    if tendered is None:
        return None
    check_cents(tendered, "Amount tendered")
    if tendered < total:
        raise CashierError(
            f"{format_cents(tendered)} tendered is less than the {format_cents(total)} due "
            f"({format_cents(total - tendered)} short)."
        )
    return tendered - total


def _check_stack(stack: int | None) -> None:
    if stack is not None and (isinstance(stack, bool) or not isinstance(stack, int) or stack < 0):
        raise ValidationError(
            f"The player's chips must be a whole number, 0 or more, not {stack!r}."
        )


def _handout(kind: EntryKind, chips: int, session: Session, tournament_id: int) -> Handout:
    chip_set = load_chips(session, tournament_id)
    try:
        if kind in (EntryKind.BUY_IN, EntryKind.RE_ENTRY):
            breakdown = stack_breakdown(chips, chip_set)
        else:
            breakdown = rebuy_breakdown(chips, chip_set)
    except ChipError as error:
        return Handout(kind, chips, None, str(error))
    return Handout(kind, chips, breakdown)


def _find_active(till: Till, player_id: int) -> Reg | None:
    return next((r for r in till.registrations.values() if r.player_id == player_id), None)


def _add_registration(
    session: Session, till: Till, player: PlayerRow, now: datetime, *, checked_in: bool
) -> Reg:
    row = RegistrationRow(
        tournament_id=till.tournament_id,
        player_id=player.id or 0,
        status=STATUS_CHECKED_IN if checked_in else STATUS_PRE_REGISTERED,
        created_at=now,
        checked_in_at=now if checked_in else None,
    )
    session.add(row)
    try:
        session.flush()
    except IntegrityError as error:  # another station registered the same player just now
        raise EntryRefused(f"{display_name(player)} is already registered.") from error
    return add_registration(till, row, display_name(player))


def _add_pre_registrations(
    session: Session, till: Till, players: Sequence[PlayerRow], now: datetime
) -> dict[int, Reg]:
    """Pre-register players who have no registration yet, with one INSERT (a long list)."""
    if not players:
        return {}
    values = [
        RegistrationRow(
            tournament_id=till.tournament_id,
            player_id=player.id or 0,
            status=STATUS_PRE_REGISTERED,
            created_at=now,
        ).model_dump(exclude={"id"})
        for player in players
    ]
    try:
        rows = session.scalars(insert(RegistrationRow).returning(RegistrationRow), values).all()
    except IntegrityError as error:  # another station registered one of them just now
        raise EntryRefused(
            "A player on the list was registered at another station meanwhile; import the list "
            "again (players already on it are kept)."
        ) from error
    by_player = {row.player_id: row for row in rows}  # RETURNING gives no order: match by player
    return {
        player.id or 0: add_registration(till, by_player[player.id or 0], display_name(player))
        for player in players
    }


def _check_in(
    session: Session, till: Till, player: PlayerRow, reg: Reg | None, now: datetime
) -> Reg:
    """The player's registration, checked in now (added when `reg` is None)."""
    if reg is None:
        return _add_registration(session, till, player, now, checked_in=True)
    if reg.checked_in_at is None:
        reg.checked_in_at = now
    return reg


def _pre_register(session: Session, till: Till, player: PlayerRow, now: datetime) -> Reg:
    """The player's registration, added as pre-registered when they have none."""
    reg = _find_active(till, player.id or 0)
    if reg is None:
        reg = _add_registration(session, till, player, now, checked_in=False)
    return reg


def _name_lines(text: str) -> tuple[NamedLine, ...]:
    """The lines of a pre-registration list; refused when it names nobody."""
    try:
        lines = parse_name_list(text)
    except PlayerError as error:
        raise CashierError(str(error)) from None
    if not any(line.details is not None for line in lines):
        raise CashierError("The list has no names (one name a line).")
    return lines


def _listed_skipped(till: Till, plan: ImportPlan) -> ImportPlan:
    """The plan with players already on the tournament's list skipped (nothing to do for them)."""
    listed = {reg.player_id for reg in till.registrations.values()}
    return ImportPlan(
        tuple(
            replace(line, action=ImportAction.SKIP, note="already on tonight's list")
            if line.action is ImportAction.MERGE and line.player_id in listed
            else line
            for line in plan.lines
        )
    )


# ------------------------------------------------------------------------------ the service
class CashierService:
    """Use cases of the cashier station. Each call is one transaction."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache if cache is not None else LedgerCache()  # `Services` shares one

    # ---------------------------------------------------------------- config
    def config(self, tournament_id: int) -> CashierConfig:
        """The tournament's entry rules and payout choices."""
        with self._ctx.reading() as session:
            return load_till(session, tournament_id, self._cache).config

    def check_config(self, tournament_id: int, config: CashierConfig) -> None:
        """Check entry rules against the tournament's structure without saving (for editors).

        Raises:
            CashierError: The rules cannot run with this structure (see `check_rules_fit`).
        """
        with self._ctx.reading() as session:
            check_rules_fit(config.rules, load_structure(session, tournament_id))

    def set_config(self, tournament_id: int, config: CashierConfig) -> Outcome[CashierConfig]:
        """Replace the entry rules and payout choices.

        Entries already sold keep the price they were paid at (it is on their ledger rows).
        The buy-in stack becomes the tournament's starting stack.

        Raises:
            CashierError: The rules do not fit the structure (an add-on at a break that the
                structure does not have).
            DomainError: The payout table no longer fits what was already paid.
        """
        with self._ctx.transaction() as session:
            row = lock_till(session, tournament_id)
            now = self._ctx.now()  # inside the lock: times follow the order
            check_rules_fit(config.rules, load_structure(session, tournament_id))
            store_config(row, config)
            session.add(row)
            setup = setup_row(session, tournament_id)
            setup.starting_stack = config.rules.registration.chips
            session.add(setup)
            session.flush()
            till = load_till(session, tournament_id, self._cache)
            guard_payments(till)
            changes = record_change(
                session,
                tournament_id,
                Change.TOURNAMENT | Change.ENTRIES | Change.PAYOUTS,
                f"cashier rules: {config.rules.label}",
                now,
            )
            result = till.config
        return Outcome(result, changes)

    # ---------------------------------------------------------------- registrations
    def registrations(
        self, tournament_id: int, *, include_withdrawn: bool = False
    ) -> tuple[RegistrationInfo, ...]:
        """Every registration of the tournament, in the order they were made."""
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            result = [registration_info(till, reg) for reg in till.registrations.values()]
            if include_withdrawn:
                rows = session.exec(
                    select(RegistrationRow, PlayerRow)
                    .join(PlayerRow, col(PlayerRow.id) == col(RegistrationRow.player_id))
                    .where(col(RegistrationRow.tournament_id) == tournament_id)
                    .where(col(RegistrationRow.status) == STATUS_WITHDRAWN)
                ).all()
                for reg, player in rows:
                    assert reg.id is not None
                    till.names[reg.id] = display_name(player)
                    result.append(registration_info(till, reg_from_row(reg)))
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

    def pre_register(
        self, tournament_id: int, player_ids: Iterable[int]
    ) -> Outcome[tuple[RegistrationInfo, ...]]:
        """Put players on the tournament's list before the day (players already on it are kept)."""
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
            window(session, till, now).check()
            result = []
            for player_id in player_ids:
                reg = _pre_register(session, till, live_player(session, player_id), now)
                result.append(registration_info(till, reg))
            changes = record_change(
                session, tournament_id, Change.ENTRIES, f"pre-registered {len(result)}", now
            )
        return Outcome(tuple(result), changes)

    def preview_pre_registrations(self, tournament_id: int, text: str) -> ImportPlan:
        """What `import_pre_registrations` would do with `text` now; reads only.

        Each line of the list is planned: a new player is created, a player already in the
        database (same name, ignoring case and accents) is used, and a blank line, a name the
        list already gave or a player already on tonight's list is skipped.
        """
        lines = _name_lines(text)
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            return _listed_skipped(till, plan_import(session, lines))

    def import_pre_registrations(
        self, tournament_id: int, text: str
    ) -> Outcome[tuple[RegistrationInfo, ...]]:
        """Pre-register a list of names (one a line, or a CSV with a 'name' column), at once.

        The list is read with the csv module (a quoted name keeps its commas) and planned as
        `preview_pre_registrations` shows it; then, in one transaction, the new players are
        added and every player named is put on the list. The result holds the registration of
        every player named, in list order (players already on the list included).
        """
        lines = _name_lines(text)
        backup_before_import(self._ctx, tournament_id)
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
            window(session, till, now).check()
            plan = _listed_skipped(till, plan_import(session, lines))
            # The till's registrations by player, looked up once (`_pre_register` looks through
            # them all for each player: a long list took the square of its length).
            active: dict[int, Reg] = {}
            for reg in till.registrations.values():
                active.setdefault(reg.player_id, reg)
            named: dict[int, PlayerRow] = {}
            for player in apply_plan(session, plan, lines, now):
                if player is not None and player.id is not None:
                    named.setdefault(player.id, player)
            missing = [player for pid, player in named.items() if pid not in active]
            active.update(_add_pre_registrations(session, till, missing, now))
            result = {pid: registration_info(till, active[pid]) for pid in named}
            created = plan.count(ImportAction.CREATE)
            what = Change.ENTRIES | (Change.PLAYERS if created else Change.NONE)
            changes = record_change(
                session, tournament_id, what, f"imported {len(result)} pre-registrations", now
            )
        return Outcome(tuple(result.values()), changes)

    def check_in(self, tournament_id: int, registration_id: int) -> Outcome[RegistrationInfo]:
        """Mark a pre-registered player as arrived."""
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
            reg = till.registration(registration_id)
            if reg.checked_in_at is None:
                window(session, till, now).check()
                reg.checked_in_at = now
            settle(session, till)
            info = registration_info(till, reg)
            changes = record_change(
                session, tournament_id, Change.ENTRIES, f"checked in {info.name}", now
            )
        return Outcome(info, changes)

    def register(self, tournament_id: int, player_id: int) -> Outcome[RegistrationInfo]:
        """Check a player in without payment yet (pre-registered players are checked in)."""
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
            player = live_player(session, player_id)
            window(session, till, now).check()
            reg = _check_in(session, till, player, _find_active(till, player.id or 0), now)
            settle(session, till)
            info = registration_info(till, reg)
            changes = record_change(
                session, tournament_id, Change.ENTRIES, f"registered {info.name}", now
            )
        return Outcome(info, changes)

    def withdraw(self, tournament_id: int, registration_id: int) -> Outcome[RegistrationInfo]:
        """Take a player who has not bought in off the list (they may register again later)."""
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
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
            changes = record_change(
                session, tournament_id, Change.ENTRIES | Change.SEATING, f"withdrew {name}", now
            )
        return Outcome(info, changes)

    # ---------------------------------------------------------------- entries
    def options(
        self, tournament_id: int, registration_id: int, *, stack: int | None = None
    ) -> tuple[EntryOption, ...]:
        """What the player may buy now (one option per entry kind, with the refusal reason).

        A player still in with `stack` unknown is offered a rebuy or re-entry as if busted at the
        table (buying one records the bust), and an add-on as a player with chips.
        """
        _check_stack(stack)
        now = self._ctx.now()
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            reg = till.registration(registration_id)
            ctx = _entry_context(session, till, now)
            rules = till.config.rules
            # Rebuy and re-entry as the cashier would sell them: to a player in play with no
            # count given, with the bust at the table recorded in the same action.
            playing = _state(reg) is PlayerState.PLAYING
            at_table = PlayerState.BUSTED if playing and not stack else None
            by_low = {
                o.kind: o
                for o in entry_options(rules, _player_entries(till, reg, stack, at_table), ctx)
            }
            by_high = {
                o.kind: o for o in entry_options(rules, _player_entries(till, reg, stack), ctx)
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
            state = _buy_in_state(till, player)
            ctx = _entry_context(session, till, now)
            try:
                offer = check_buy_in(till.config.rules, state, ctx)
            except EntryRefused as refused:
                return EntryOption(EntryKind.BUY_IN, None, str(refused))
            return EntryOption(EntryKind.BUY_IN, offer)

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
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
            player = live_player(session, player_id)
            reg = _find_active(till, player.id or 0)
            ctx = _entry_context(session, till, now)
            state = _buy_in_state(till, player)
            offers = [check_buy_in(till.config.rules, state, ctx)]
            if with_add_on:
                offers.append(check_add_on(till.config.rules, state, ctx, with_buy_in=True))
            total = sum(o.price.total for o in offers)
            change = _check_tendered(tendered, total)
            reg = _check_in(session, till, player, reg, now)
            receipt = self._sell(session, till, reg, offers, now, station, tendered, change)
            summary = f"buy-in {receipt.registration.name}"
            if seat:
                receipt = _seated(session, receipt, now)
                summary += _seat_summary(receipt.seat)
            changes = record_change(session, tournament_id, ENTRY_CHANGES, summary, now)
        self._cache.keep(till, changes)
        return Outcome(receipt, changes)

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
        _check_stack(stack)
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
            reg = till.registration(registration_id)
            # The state is the stored one; a bust the cashier records now is said outright.
            record_bust = busted_at_table and _state(reg) is PlayerState.PLAYING
            state = _player_entries(till, reg, stack, PlayerState.BUSTED if record_bust else None)
            ctx = _entry_context(session, till, now)
            rules = till.config.rules
            if kind is EntryKind.REBUY:
                offers = [check_rebuy(rules, state, ctx)]
            elif kind is EntryKind.RE_ENTRY:
                offers = [check_re_entry(rules, state, ctx)]
            else:
                offers = [check_add_on(rules, state, ctx)]
            if with_add_on:
                offers.append(check_add_on(rules, state, ctx, with_buy_in=True))
            total = sum(o.price.total for o in offers)
            change = _check_tendered(tendered, total)
            if record_bust:
                record_busts(
                    session,
                    till,
                    [BustInput(registration_id)],
                    now,
                    station=station,
                    reason=f"busted at the table, recorded with the {kind.value}",
                )
            # Where a rebuying player sat when busted (before the bust freed the seat).
            out = _state(reg) is PlayerState.BUSTED
            back = (
                last_bust_seat(till, registration_id) if kind is EntryKind.REBUY and out else None
            )
            receipt = self._sell(session, till, reg, offers, now, station, tendered, change)
            summary = f"{kind.value} {receipt.registration.name}"
            if seat or back is not None:
                receipt = _seated(session, receipt, now, Seat(*back) if back else None)
                summary += _seat_summary(receipt.seat)
            changes = record_change(session, tournament_id, ENTRY_CHANGES, summary, now)
        self._cache.keep(till, changes)
        return Outcome(receipt, changes)

    def _sell(
        self,
        session: Session,
        till: Till,
        reg: Reg,
        offers: Sequence[EntryOffer],
        now: datetime,
        station: str,
        tendered: int | None,
        change: int | None,
    ) -> EntryReceipt:
        assert reg.id is not None
        written: list[int] = []
        for offer in offers:
            record = append_row(
                session,
                till,
                now,
                kind=RowKind.for_entry(offer.kind),
                amount=offer.price.total,
                registration_id=reg.id,
                split=offer.price,
                chips=offer.chips,
                station=station,
            )
            assert record.id is not None
            written.append(record.id)
        settle(session, till)
        # A late entry can reopen a finished field: a winner already paid would be overpaid.
        guard_payments(till)
        return EntryReceipt(
            registration=registration_info(till, reg),
            kind=offers[0].kind,
            rows=tuple(ledger_entry(till, i) for i in written),
            total=sum(o.price.total for o in offers),
            chips=sum(o.chips for o in offers),
            handouts=tuple(_handout(o.kind, o.chips, session, till.tournament_id) for o in offers),
            tendered=tendered,
            change_due=change,
        )

    # ---------------------------------------------------------------- corrections
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
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
            target = next((r for r in till.rows if r.row_id == row_id), None)
            if target is None:
                raise LedgerError(f"Ledger row {row_id} is not in this tournament's ledger.")
            record = append_row(
                session,
                till,
                now,
                kind=RowKind.VOID,
                amount=target.amount,
                target=row_id,
                reason=reason,
                station=station,
            )
            settle(session, till)
            guard_payments(till)
            entry = ledger_entry(till, record.id or 0)
            changes = record_change(
                session,
                tournament_id,
                ENTRY_CHANGES | sync_finish(session, till, now),
                f"voided row {row_id} ({target.kind.value}): {reason.strip()}",
                now,
            )
        self._cache.keep(till, changes)
        return Outcome(entry, changes)

    def refund(
        self, tournament_id: int, row_id: int, reason: str, *, station: str = ""
    ) -> Outcome[LedgerEntry]:
        """Hand an entry's money back (a refund row; the entry no longer counts in the field).

        Raises:
            LedgerError: Not an entry of this tournament, already voided or refunded, no reason.
        """
        if not reason.strip():
            raise LedgerError(f"Ledger row {row_id}: give a reason for the refund.")
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
            target = next((r for r in till.rows if r.row_id == row_id), None)
            if target is None or not target.kind.is_entry:
                raise LedgerError(f"Ledger row {row_id} is not an entry of this tournament.")
            assert target.split is not None
            record = append_row(
                session,
                till,
                now,
                kind=RowKind.REFUND,
                amount=target.amount,
                registration_id=target.player_id,
                split=target.split,
                target=row_id,
                reason=reason,
                station=station,
            )
            settle(session, till)
            guard_payments(till)
            entry = ledger_entry(till, record.id or 0)
            changes = record_change(
                session,
                tournament_id,
                ENTRY_CHANGES | sync_finish(session, till, now),
                f"refunded row {row_id}",
                now,
            )
        self._cache.keep(till, changes)
        return Outcome(entry, changes)

    # ---------------------------------------------------------------- reads
    def ledger(self, tournament_id: int) -> tuple[LedgerEntry, ...]:
        """The ledger, oldest row first (voided rows included, with the void that reversed them)."""
        with self._ctx.reading() as session:
            return ledger_entries(load_till(session, tournament_id, self._cache))

    def ledger_csv(self, tournament_id: int) -> str:
        """The ledger as CSV text for the books (`ledger_export.ledger_to_csv`)."""
        return ledger_to_csv(self.ledger(tournament_id))

    def balances(self, tournament_id: int) -> LedgerBalances:
        """The ledger's totals: entries, prize pool, fees, bounties, paid out, expected cash."""
        with self._ctx.reading() as session:
            return load_till(session, tournament_id, self._cache).balances()

    def dues(self, tournament_id: int) -> tuple[PrizeDue, ...]:
        """What each player is due and was paid (prizes and bounties), by finishing place."""
        with self._ctx.reading() as session:
            view = money_view(load_till(session, tournament_id, self._cache))
            return tuple(sorted(view.dues.values(), key=_due_order))

    # ---------------------------------------------------------------- drawer
    def count_drawer(
        self, tournament_id: int, counted: int, *, note: str = "", station: str = ""
    ) -> Outcome[DrawerInfo]:
        """Record a count of the cash drawer against what the ledger expects now."""
        if isinstance(counted, int) and not isinstance(counted, bool) and counted > 0:
            check_cents(counted, "The count")  # the limit; the core words the other refusals
        with self._ctx.transaction() as session:
            till = locked_till(session, tournament_id, self._cache)
            now = self._ctx.now()  # inside the lock: times follow the order
            count = drawer_count(till.balances(), counted, opening_float=till.config.opening_float)
            row = DrawerCountRow(
                tournament_id=tournament_id,
                counted=count.counted,
                expected=count.expected,
                note=note.strip()[:500],
                created_at=now,
                station=station[:100],
            )
            session.add(row)
            session.flush()
            info = _drawer_info(row)
            changes = record_change(
                session, tournament_id, Change.LEDGER, f"drawer counted: {count.status}", now
            )
        return Outcome(info, changes)

    def drawer(self, tournament_id: int) -> DrawerCount:
        """The expected cash now against the last count (counted 0 when never counted)."""
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            last = _last_count(session, tournament_id)
            counted = last.counted if last is not None else 0
            return drawer_count(till.balances(), counted, opening_float=till.config.opening_float)

    def drawer_counts(self, tournament_id: int) -> tuple[DrawerInfo, ...]:
        """Every drawer count, oldest first."""
        with self._ctx.reading() as session:
            rows = session.exec(
                select(DrawerCountRow)
                .where(col(DrawerCountRow.tournament_id) == tournament_id)
                .order_by(col(DrawerCountRow.id))
            ).all()
            return tuple(_drawer_info(row) for row in rows)

    def summary(self, tournament_id: int) -> NightSummary:
        """The end-of-night summary (entries, rebuys, add-ons, fees, prize pool, paid, owed)."""
        with self._ctx.reading() as session:
            till = load_till(session, tournament_id, self._cache)
            last = _last_count(session, tournament_id)
            return night_summary(
                till.rows,
                opening_float=till.config.opening_float,
                counted=last.counted if last is not None else None,
            )


def _seated(
    session: Session, receipt: EntryReceipt, now: datetime, back_to: Seat | None = None
) -> EntryReceipt:
    """The receipt with the player seated in the sale's own transaction (`seat_in_session`)."""
    reg = receipt.registration
    note = seat_in_session(session, reg.tournament_id, reg.id, now, back_to=back_to)
    return replace(receipt, seat=note)


def _seat_summary(note: SeatNote | None) -> str:
    """The seat for the change log ("" when nothing happened to it)."""
    if note is None or not note.changed:
        return ""
    return f"; {note.sentence}"


def _due_order(due: PrizeDue) -> tuple[int, int]:
    return (due.place if due.place is not None else 0, due.registration_id)


def _last_count(session: Session, tournament_id: int) -> DrawerCountRow | None:
    return session.exec(
        select(DrawerCountRow)
        .where(col(DrawerCountRow.tournament_id) == tournament_id)
        .order_by(col(DrawerCountRow.id).desc())
        .limit(1)
    ).first()


def _drawer_info(row: DrawerCountRow) -> DrawerInfo:
    assert row.id is not None
    return DrawerInfo(row.id, row.counted, row.expected, row.note, row.created_at, row.station)
