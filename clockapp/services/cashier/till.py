"""The cashier's till inside one write transaction: lock it, load it, write what a rule changed.

A money action (`clockapp.services.cashier.action.money_action`) starts with `lock_till`: on
SQLite its transaction began with the write lock, on PostgreSQL the tournament's row is locked
until commit, so two stations cannot both read the same balances and both pay. It takes its time
(`now`) only then, inside the lock. The rules are pure (`clockapp.core.money.actions`): they read
the till and return the change they make (`clockapp.core.money.change.TillChange`), and
`write_change` writes it through the persistence queries, giving back the change with the ids the
database gave. `bust_change` and `undo_change` read what a bust rule needs beside the till
(where each player sits, the level) and check the undo.

The services over it: `clockapp.services.cashier.service` (entries, voids, drawer),
`clockapp.services.payouts` (table, prizes, deals) and `.results` (busts, results).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from clockapp.core import clock as clock_engine
from clockapp.core.busts import BustError
from clockapp.core.money.actions import bust_undone, hand_busts
from clockapp.core.money.change import NewCount, NewRegistration, NewRow, TillChange, applied
from clockapp.core.money.entries import ClockPosition, EntryRefused
from clockapp.core.money.field import (
    BustInput,
    RegistrationUpdate,
    check_busts,
    chips_in_play,
    standing_busts,
    standing_entry_rows,
)
from clockapp.core.money.records import CashierConfig
from clockapp.core.money.sales_line import position_at
from clockapp.core.money.till import BUST_FIELDS, DealInfo, RowMeta, Till
from clockapp.core.money.till import display_name as _display
from clockapp.core.registration import RegistrationStatus
from clockapp.core.seating import Seat
from clockapp.i18n import gettext as _
from clockapp.persistence.locks import bring_rows, lock_tournament
from clockapp.persistence.models import (
    BustRow,
    CashierConfigRow,
    ClockRow,
    DealRow,
    DrawerCountRow,
    PlayerRow,
    RegistrationRow,
    SetupRow,
)
from clockapp.persistence.queries import bounties as bounties_q
from clockapp.persistence.queries import busts as busts_q
from clockapp.persistence.queries import cashier_config, ledger, registrations
from clockapp.persistence.queries import deals as deals_q
from clockapp.persistence.queries import drawer as drawer_q
from clockapp.persistence.session import WRITING, Session
from clockapp.services.cashier.cache import LedgerCache, read_till
from clockapp.services.changes import Revision
from clockapp.services.setup import get_row, load_clock, load_structure, setup_row


def lock_till(session: Session, tournament_id: int) -> tuple[object, ...]:
    """Serialise money actions on one tournament: lock it, then get or create its config row.

    The tournament's row is locked first (`lock_tournament`; on SQLite the transaction already
    holds the write lock), so two stations never both read the same balances and both pay. The
    config row is created race-free (INSERT ... ON CONFLICT DO NOTHING, then read) when the
    tournament has none yet. Take the action's time after this call, inside the lock, so rows
    written one after the other carry times in the same order.

    Returns the rows read on the way (the tournament and its config): a caller that keeps them
    referenced for the transaction lets the session find them again without a query (its
    identity map holds them weakly).
    """
    tournament = lock_tournament(session, tournament_id)
    if tournament is None:
        tournament = get_row(session, tournament_id)  # a clear error for an unknown tournament
    # The rows every money action reads next, in one statement.
    bring_rows(session, tournament, (CashierConfigRow, SetupRow, ClockRow))
    row = cashier_config.config_row(session, tournament_id)
    if row is None:
        stack = setup_row(session, tournament_id).starting_stack
        row = cashier_config.ensure_config_row(session, tournament_id, stack)
    return tournament, row


def load_till(session: Session, tournament_id: int, cache: LedgerCache | None = None) -> Till:
    """Load everything the cashier reasons about, for one tournament.

    In a read session the cache's till is used while the revision has not moved; in a write
    transaction the database is read (the transaction may have written already: see
    `snapshot` for the start of an action).
    """
    if cache is not None and not session.info.get(WRITING):
        return cache.till(session, tournament_id)
    return read_till(session, tournament_id, cache)


def chips_on_the_tables(till: Till) -> int:
    """The chips in play: those handed out with the standing entries, plus or minus what each
    chip race's rounding added or took away at a colour-up (a table raced again counts once)."""
    return chips_in_play(till) + till.chips_raced


def snapshot(
    session: Session, tournament_id: int, cache: LedgerCache | None
) -> tuple[Revision | None, Till]:
    """The till as the action starts (after `lock_till`), and the revision the cache read it at.

    Nothing is written yet, so the cache's till serves when the revision has not moved; the
    revision (None without a cache) lets the cache keep the till the action leaves
    (`LedgerCache.keep`).
    """
    if cache is None:
        return None, read_till(session, tournament_id)
    return cache.snapshot(session, tournament_id)


def display_name(player: PlayerRow) -> str:
    """The player's name, with the nickname in quotes when there is one."""
    return _display(player.name, player.nickname)


def write_change(
    session: Session, tournament_id: int, change: TillChange, now: datetime
) -> TillChange:
    """Write what a money rule changes, in order; the change as written (the database's ids).

    The provisional ids a rule gave its new records (`clockapp.core.money.change`) are replaced
    by the ones the database gives, wherever the change names those records.

    Raises:
        EntryRefused: A player to add was registered at another station meanwhile.
    """
    reg_ids, registered = write_registered(session, tournament_id, change.registered)
    row_ids: dict[int, int] = {}
    rows = []
    for new in change.rows:
        asked = new.row
        player = asked.player_id
        if player is not None:
            player = reg_ids.get(player, player)
        target = row_ids.get(asked.target, asked.target) if asked.target is not None else None
        shares = tuple(
            replace(s, player_id=reg_ids.get(s.player_id, s.player_id)) for s in asked.shares
        )
        asked = replace(asked, player_id=player, target=target, shares=shares)
        record = ledger.insert_row(
            session,
            tournament_id,
            asked,
            chips=new.meta.chips,
            now=new.meta.created_at,
            station=new.meta.station,
        )
        written = ledger.core_row(record)
        row_ids[new.row.row_id] = written.row_id
        rows.append(NewRow(written, RowMeta(new.meta.chips, new.meta.created_at, record.station)))
    bust_ids: dict[int, int] = {}
    busts = []
    for bust in change.busts:
        values = {name: getattr(bust, name) for name in BUST_FIELDS if name != "id"}
        if bust.undoes_id is not None:
            values["undoes_id"] = bust_ids.get(bust.undoes_id, bust.undoes_id)
        recorded = busts_q.insert_bust(session, BustRow(tournament_id=tournament_id, **values))
        bust_ids[bust.id] = recorded.id
        busts.append(recorded)
    credits = tuple((bust_ids.get(bid, bid), held) for bid, held in change.credits)
    for bid, held in credits:
        bounties_q.insert_credits(session, bid, held)
    sealed = change.sealed_row
    if sealed is not None:
        sealed = row_ids.get(sealed, sealed)
        bounties_q.save_seal(session, tournament_id, sealed)
    draws = tuple(replace(d, bust_id=bust_ids.get(d.bust_id, d.bust_id)) for d in change.draws)
    for draw in draws:
        bounties_q.insert_draw(session, tournament_id, draw, now)
    returned = tuple((number, bust_ids.get(by, by)) for number, by in change.returned)
    recorded_deals = tuple(
        deals_q.insert_deal(session, deal_row(tournament_id, deal, row_ids))
        for deal in change.deals
    )
    # One statement per registration, whatever the number of updates the change makes to it.
    updates: list[RegistrationUpdate] = []
    pending: dict[int, dict[str, object]] = {}
    for update in change.registrations:
        rid = reg_ids.get(update.reg.id, update.reg.id)
        updates.append(RegistrationUpdate(replace(update.reg, id=rid), update.fields))
        if update.fields:
            pending[rid] = {**pending.get(rid, {}), **update.fields}
    for rid, fields in pending.items():
        registrations.update_fields(session, rid, fields)
    config = change.config
    if config is not None:
        config = write_config(session, tournament_id, config)
    if change.registration_mode is not None:
        # The tournament's row, which the lock holds: found again without a statement.
        row = get_row(session, tournament_id)
        row.registration = change.registration_mode
        session.add(row)
    if change.bounty is not None:
        bounties_q.save_settings(session, tournament_id, change.bounty)
    if change.tickets is not None:
        bounties_q.save_tickets(session, tournament_id, change.tickets)
    counts = tuple(write_count(session, tournament_id, count) for count in change.counts)
    return TillChange(
        registered,
        tuple(rows),
        tuple(busts),
        credits,
        sealed,
        draws,
        returned,
        recorded_deals,
        tuple(updates),
        config,
        change.registration_mode,
        change.bounty,
        change.tickets,
        counts,
    )


def write_registered(
    session: Session, tournament_id: int, added: Sequence[NewRegistration]
) -> tuple[dict[int, int], tuple[NewRegistration, ...]]:
    """Insert the registrations a change adds: the database's id for each provisional one, and
    the registrations as written (in the change's order).

    More than one goes in one INSERT (an imported list may add hundreds).

    Raises:
        EntryRefused: A player to add was registered at another station meanwhile.
    """
    new = [
        RegistrationRow(
            tournament_id=tournament_id,
            player_id=one.reg.player_id,
            status=one.reg.status,
            created_at=one.reg.created_at,
            checked_in_at=one.reg.checked_in_at,
        )
        for one in added
    ]
    try:
        if len(new) == 1:
            rows: Sequence[RegistrationRow] = [registrations.insert_one(session, new[0])]
        else:
            rows = registrations.insert_many(session, new) if new else []
    except registrations.DuplicateRegistration as error:  # another station, just now
        if len(added) == 1:
            raise EntryRefused(
                _("{name} is already registered.").format(name=added[0].name)
            ) from error
        raise EntryRefused(
            _(
                "A player on the list was registered at another station meanwhile; add the "
                "list again (players already on it are kept)."
            )
        ) from error
    by_player = {row.player_id: row for row in rows}  # RETURNING gives no order: by player
    written = tuple(
        NewRegistration(registrations.reg_from_row(by_player[one.reg.player_id]), one.name)
        for one in added
    )
    return {a.reg.id: w.reg.id for a, w in zip(added, written, strict=True)}, written


def write_config(session: Session, tournament_id: int, config: CashierConfig) -> CashierConfig:
    """Store the entry rules and payout choices, the buy-in stack as the tournament's starting
    stack; the config as it now reads back."""
    setup = setup_row(session, tournament_id)  # held by the lock's caller: no statement
    setup.starting_stack = config.rules.registration.chips
    session.add(setup)
    # Created by `lock_till` and held by the caller: found without a statement.
    row = cashier_config.ensure_config_row(session, tournament_id, setup.starting_stack)
    cashier_config.save_config(session, row, config)
    session.flush()
    return cashier_config.config_from_row(row, setup.starting_stack)


def write_count(session: Session, tournament_id: int, count: NewCount) -> NewCount:
    """Record a count of the drawer; the count with its id."""
    row = drawer_q.insert_count(
        session,
        DrawerCountRow(
            tournament_id=tournament_id,
            counted=count.count.counted,
            expected=count.count.expected,
            note=count.note.strip()[:500],
            created_at=count.created_at,
            station=count.station[:100],
        ),
    )
    assert row.id is not None
    return replace(count, note=row.note, station=row.station, id=row.id)


def deal_row(tournament_id: int, deal: DealInfo, row_ids: dict[int, int]) -> DealRow:
    """The row of a deal to record, on the ledger row written for it (`row_ids`)."""
    return DealRow(
        tournament_id=tournament_id,
        ledger_row_id=row_ids.get(deal.ledger_row_id, deal.ledger_row_id),
        method=deal.method.value,
        description=deal.description[:500],
        registrations_json=json.dumps(list(deal.registration_ids)),
        stacks_json=json.dumps(list(deal.stacks)),
        amounts_json=json.dumps(list(deal.amounts)),
        prizes_json=json.dumps(list(deal.prizes)),
        reserved=deal.reserved,
        exact=deal.exact,
        created_at=deal.created_at,
    )


def bust_change(
    session: Session,
    till: Till,
    busts: Sequence[BustInput],
    now: datetime,
    *,
    station: str = "",
    reason: str = "",
    hand: int | None = None,
) -> TillChange:
    """The change recording the busts of one hand (`hand_busts`), with what it reads: where
    each player sits and the level; raises when one is refused (`check_busts`).

    `hand` joins the busts to a hand already recorded (hand-for-hand: the open hand); by
    default they are a new hand.
    """
    new_hand = check_busts(till, busts)
    return hand_busts(
        till,
        busts,
        hand=new_hand if hand is None else hand,
        seats=busts_q.seats_of(session, [b.registration_id for b in busts]),
        level=clock_position(session, till.tournament_id, now).level,
        now=now,
        station=station,
        reason=reason,
    )


def record_busts(
    session: Session,
    till: Till,
    busts: Sequence[BustInput],
    now: datetime,
    *,
    station: str = "",
    reason: str = "",
    hand: int | None = None,
) -> Till:
    """Write the busts of one hand (`bust_change`) in the caller's transaction, for an action
    that records them beside its own writes (a shootout's seating); the till they leave."""
    change = bust_change(session, till, busts, now, station=station, reason=reason, hand=hand)
    return applied(till, write_change(session, till.tournament_id, change, now))


def clock_position(session: Session, tournament_id: int, now: datetime) -> ClockPosition:
    """Where the tournament clock is at `now`, as the entry rules count levels."""
    state = load_clock(session, tournament_id)
    if not state.started:
        return ClockPosition(0)
    structure = load_structure(session, tournament_id)
    shown = clock_engine.view(state, structure, now)
    return position_at(structure.levels, shown.index)


def undo_change(
    till: Till,
    registration_id: int,
    reason: str,
    now: datetime,
    station: str,
    bust_id: int | None = None,
) -> tuple[TillChange, Seat | None]:
    """The change undoing the player's last bust (`bust_undone`), and the seat left at it.

    Raises:
        BustError: The player is not out, or (with `bust_id`) that record is no longer
            the player's last bust standing.
    """
    why = undo_refusal(till, registration_id, bust_id)
    if why:
        raise BustError(why)
    change, last = bust_undone(till, registration_id, reason, now, station)
    if last.table_number is None or last.seat_number is None:
        return change, None
    return change, Seat(last.table_number, last.seat_number)


def undo_refusal(till: Till, registration_id: int, bust_id: int | None = None) -> str:
    """Why the player's last bust cannot be undone now ('' when it can): the player is not out,
    or `bust_id` (the bust an undo was recorded for) is no longer the last one standing, as
    when another station sold a rebuy and recorded a new bust since."""
    if registration_id not in till.registrations:
        return _("registration #{registration_id} is not in this tournament.").format(
            registration_id=registration_id
        )
    name = till.name(registration_id)
    busts = [b for b in standing_busts(till) if b.registration_id == registration_id]
    standing = [b.id for b in busts]
    reg = till.registration(registration_id)
    if reg.status != RegistrationStatus.BUSTED and busts:
        # Out, then back in with an entry sold since: the bust stands under that entry.
        since = [
            row.kind.value
            for row in standing_entry_rows(till)
            if row.player_id == reg.player_id
            and till.meta[row.row_id].created_at >= busts[-1].created_at
        ]
        entry = since[-1] if since else "rebuy or re-entry"
        return _(
            "{name} is back in play with a {entry} sold after that "
            "bust: void the {entry} at the cashier first, then undo "
            "the bust."
        ).format(name=name, entry=entry)
    if reg.status != RegistrationStatus.BUSTED or not standing:
        return _("{name} is not out; there is no bust to undo.").format(name=name)
    if bust_id is not None and standing[-1] != bust_id:
        hand = next((f" on hand {b.hand}" for b in till.busts if b.id == bust_id), "")
        return _(
            "{name}'s bust{hand} is not the last bust standing: a "
            "newer one was recorded since, or it was undone."
        ).format(name=name, hand=hand)
    return ""
