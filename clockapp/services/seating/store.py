"""The room's rows in and out of the core's `Seating`, inside one transaction.

`load_room` reads the tables, the valid seats (see the package docstring for stale seats), the
players in play and the move counts; `store_room` writes a new `Seating` over them; `log_moves`
appends moves. `SeatingBase._write` is the unit of work every action runs in.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TypeVar

from sqlalchemy import delete, update
from sqlalchemy import select as sa_select  # wider column lists than sqlmodel's select types
from sqlmodel import Session, col, select

from clockapp.core.balancing import BalancePolicy, BreakRules, MoveStats, NeedButton
from clockapp.core.hand_for_hand import HandForHand
from clockapp.core.seating import (
    DealIn,
    Move,
    MoveKind,
    Seat,
    Seating,
    SeatingError,
    Table,
    mentioned_players,
    name_players,
)
from clockapp.core.shootout import Shootout
from clockapp.persistence.locks import lock_tournament
from clockapp.persistence.models import (
    GameTableRow,
    HandForHandRow,
    MoveCountRow,
    PlayerRow,
    RegistrationRow,
    SeatingConfigRow,
    SeatMoveRow,
    SeatRow,
    ShootoutRow,
)
from clockapp.persistence.models.cashier import STATUS_PLAYING
from clockapp.persistence.models.seating import shootout_from_json, shootout_to_json
from clockapp.persistence.upsert import insert_or_ignore
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.seating.follow import follow_cashier
from clockapp.services.seating.views import (
    BalanceResult,
    MoveInfo,
    SeatInfo,
    SeatingConfig,
    TableInfo,
)
from clockapp.services.setup import get_row

T = TypeVar("T")


def numbers(text: str) -> frozenset[int]:
    return frozenset(int(n) for n in text.split())


def numbers_text(values: Iterable[int]) -> str:
    return " ".join(str(n) for n in sorted(values))


def config_of(row: SeatingConfigRow | None) -> SeatingConfig:
    if row is None:
        return SeatingConfig(BalancePolicy(), BreakRules())
    policy = BalancePolicy(row.within, row.wide_within, row.wide_from_tables)
    order = tuple(int(n) for n in row.break_order.split())
    rules = BreakRules(order, row.final_table, row.final_table_size)
    return SeatingConfig(policy, rules)


@dataclass(frozen=True)
class SeatRecord:
    """A seat row as read (plain values: a room of 1,000 loads in milliseconds without ORM
    objects)."""

    id: int
    table: int
    seat: int
    fixed: bool
    entries: int


@dataclass
class Room:
    """A tournament's room loaded inside one transaction (mutable, never leaves it)."""

    session: Session
    tournament_id: int
    config: SeatingConfigRow | None
    tables: dict[int, GameTableRow]  # every table row, by number (out of play ones too)
    seats: dict[int, SeatRecord]  # valid seats, by registration id
    stale: list[int]  # ids of seat rows whose player is no longer in play with that entry
    registrations: dict[int, int]  # players in play: registration id -> entries
    names: dict[int, str]  # of the players in play (others are read when asked for)
    teams: dict[int, str]
    counts: dict[int, int]  # moves per registration, as stored
    seating: Seating
    shootout: Shootout | None
    action: int = 0  # numbers this write (the config row's counter): its moves share it
    # The tables as loaded or last stored: a store writes a button only when it differs from
    # these (so an answer keeps the time it was given).
    core_tables: dict[int, Table] = field(default_factory=dict)
    stale_tables: set[int] = field(default_factory=set)  # tables where a stale seat is left
    shootout_changed: bool = False  # followed busts recorded at the cashier; to be stored
    shootout_notes: tuple[str, ...] = ()  # what the shootout could not follow
    round_started_at: datetime | None = None

    @property
    def settings(self) -> SeatingConfig:
        return config_of(self.config)

    def stats(self) -> MoveStats:
        return MoveStats(
            dict(self.counts), {n: t.gives for n, t in self.tables.items() if t.in_play}
        )

    def name(self, registration_id: int) -> str:
        if registration_id not in self.names:
            self.names.update(names_of(self.session, [registration_id]))
        return self.names.get(registration_id, f"Registration #{registration_id}")

    def names_for(self, registration_ids: Iterable[int]) -> dict[int, str]:
        missing = [rid for rid in registration_ids if rid not in self.names]
        if missing:
            self.names.update(names_of(self.session, missing))
        return dict(self.names)

    def in_play(self, registration_id: int) -> int:
        """The entries of a player in play (a SeatingError for anyone else)."""
        entries = self.registrations.get(registration_id)
        if entries is None:
            raise SeatingError(
                f"{self.name(registration_id)} is not in play (out, withdrawn, or not bought in):"
                " only players in the tournament can be seated or moved."
            )
        return entries

    def move_info(self, row: SeatMoveRow) -> MoveInfo:
        self.name(row.registration_id)
        return move_info(row, self.names)


def core_table(row: GameTableRow) -> Table:
    return Table(
        row.number,
        seat_count=row.seat_count,
        name=row.name,
        closed_seats=numbers(row.closed_seats),
        button=row.button,
    )


def _display_name(name: str, nickname: str) -> str:
    return f'{name} "{nickname}"' if nickname else name


def load_room(session: Session, tournament_id: int, now: datetime | None = None) -> Room:
    """Read the room; seats of players who are out are left aside as stale.

    A table's button is the director's last answer, kept until the director changes it or an
    event moves it (the table breaks, a redraw, the next hand in hand-for-hand play). A shootout
    follows the busts recorded at the cashier.
    """
    get_row(session, tournament_id)
    config = session.get(SeatingConfigRow, tournament_id)
    table_rows = session.exec(
        select(GameTableRow).where(col(GameTableRow.tournament_id) == tournament_id)
    ).all()
    tables = {t.number: t for t in table_rows}
    players = session.execute(
        sa_select(
            col(RegistrationRow.id),
            col(RegistrationRow.entries),
            col(PlayerRow.name),
            col(PlayerRow.nickname),
            col(PlayerRow.team),
        )
        .join(PlayerRow, col(PlayerRow.id) == col(RegistrationRow.player_id))
        .where(col(RegistrationRow.tournament_id) == tournament_id)
        .where(col(RegistrationRow.status) == STATUS_PLAYING)
    ).all()
    registrations: dict[int, int] = {}
    names: dict[int, str] = {}
    teams: dict[int, str] = {}
    for rid, entries, name, nickname, team in players:
        assert rid is not None
        registrations[rid] = entries
        names[rid] = _display_name(name, nickname)
        if team.strip():
            teams[rid] = team.strip()
    seats: dict[int, SeatRecord] = {}
    stale: list[int] = []
    stale_tables: set[int] = set()
    raw_tables = {n: core_table(t) for n, t in tables.items() if t.in_play}
    open_seats = {n: frozenset(t.open_seats) for n, t in raw_tables.items()}
    taken: set[tuple[int, int]] = set()
    rows = session.execute(
        sa_select(
            col(SeatRow.id),
            col(SeatRow.registration_id),
            col(SeatRow.table_number),
            col(SeatRow.seat_number),
            col(SeatRow.fixed),
            col(SeatRow.entries),
        )
        .where(col(SeatRow.tournament_id) == tournament_id)
        .order_by(col(SeatRow.id))
    ).all()
    for seat_id, rid, table, number, fixed, entries in rows:
        assert seat_id is not None
        where = (table, number)
        valid = (
            registrations.get(rid) == entries
            and number in open_seats.get(table, ())
            and where not in taken
        )
        if valid:
            seats[rid] = SeatRecord(seat_id, table, number, fixed, entries)
            taken.add(where)
        else:
            stale.append(seat_id)
            if table in raw_tables:
                stale_tables.add(table)
    # The director's button is kept until the director changes it or an event moves it: not
    # forgotten on a timer, nor when a player sits down or leaves (issue 11).
    core_tables = dict(raw_tables)
    seating = Seating(
        tuple(core_tables.values()),
        {rid: Seat(s.table, s.seat) for rid, s in seats.items()},
        frozenset(rid for rid, s in seats.items() if s.fixed),
    )
    counts = {
        rid: moves
        for rid, moves in session.exec(
            select(MoveCountRow.registration_id, MoveCountRow.moves).where(
                col(MoveCountRow.tournament_id) == tournament_id
            )
        ).all()
    }
    shootout_row = session.get(ShootoutRow, tournament_id)
    shootout = None if shootout_row is None else shootout_from_json(shootout_row.state_json)
    room = Room(
        session,
        tournament_id,
        config,
        tables,
        seats,
        stale,
        registrations,
        names,
        teams,
        counts,
        seating,
        shootout,
        core_tables=core_tables,
        stale_tables=stale_tables,
        round_started_at=None if shootout_row is None else shootout_row.round_started_at,
    )
    if shootout is not None:
        followed = follow_cashier(session, shootout, registrations, room.name)
        room.shootout = followed.shootout
        room.shootout_changed = followed.shootout is not shootout
        room.shootout_notes = followed.notes
    return room


def lock_room(session: Session, tournament_id: int) -> SeatingConfigRow:
    """Serialise seating actions on one tournament: lock it, then bump its seating revision.

    The tournament's row is locked first (`lock_tournament`; on SQLite the transaction already
    holds the write lock); the seating config row is created race-free (INSERT ... ON CONFLICT DO
    NOTHING, then read) when the tournament has none yet. Its revision numbers the action.
    """
    if lock_tournament(session, tournament_id) is None:
        get_row(session, tournament_id)  # a clear error for an unknown tournament
    insert_or_ignore(session, SeatingConfigRow(tournament_id=tournament_id, revision=0))
    session.execute(
        update(SeatingConfigRow)
        .where(col(SeatingConfigRow.tournament_id) == tournament_id)
        .values(revision=SeatingConfigRow.revision + 1)
        .execution_options(synchronize_session=False)
    )
    row = session.get(SeatingConfigRow, tournament_id)
    assert row is not None
    session.refresh(row)
    return row


#: Ids per DELETE statement (older SQLite allows 999 bound values in one statement).
_CHUNK = 500


def _delete_seats(session: Session, ids: list[int]) -> None:
    for start in range(0, len(ids), _CHUNK):
        session.execute(
            delete(SeatRow)
            .where(col(SeatRow.id).in_(ids[start : start + _CHUNK]))
            .execution_options(synchronize_session=False)
        )


def store_room(session: Session, room: Room, after: Seating, now: datetime) -> None:
    """Write the room `after` over the loaded one: tables, seats (stale ones go), fixed flags.

    Only what changed is written: a moved player's seat row is replaced (deleted first, so the
    seat it frees can be taken in the same transaction), the others are left alone.
    """
    _delete_seats(session, room.stale)
    seats_changed = set(room.stale_tables)
    room.stale, room.stale_tables = [], set()
    before = room.seating
    after_tables = {t.number: t for t in after.tables}
    for number, table_row in room.tables.items():
        table = after_tables.get(number)
        if table is None:
            if table_row.in_play:
                table_row.in_play = False
                table_row.button, table_row.button_set_at = None, None
                session.add(table_row)
            continue
        dirty = False
        fields = (table.name, table.seat_count, numbers_text(table.closed_seats))
        now_fields = (table_row.name, table_row.seat_count, table_row.closed_seats)
        if fields != now_fields or not table_row.in_play:
            table_row.name, table_row.seat_count, table_row.closed_seats = fields
            table_row.in_play = True
            dirty = True
        loaded = room.core_tables.get(number)
        if table.button != (table_row.button if loaded is None else loaded.button):
            table_row.button = table.button
            table_row.button_set_at = None if table.button is None else now
            dirty = True
        had = before.players_at(number) if before.has_table(number) else {}
        if number in seats_changed or had != after.players_at(number):
            table_row.seats_changed_at = now
            dirty = True
        if dirty:
            session.add(table_row)
    room.core_tables = dict(after_tables)
    changed: list[int] = []
    gone: list[int] = []
    for rid, record in list(room.seats.items()):
        seat = after.seat_of(rid)
        if seat is None or seat != Seat(record.table, record.seat):
            gone.append(record.id)
            del room.seats[rid]
            if seat is not None:
                changed.append(rid)
        elif (rid in after.fixed) != record.fixed:
            fixed = rid in after.fixed
            session.execute(
                update(SeatRow)
                .where(col(SeatRow.id) == record.id)
                .values(fixed=fixed)
                .execution_options(synchronize_session=False)
            )
            room.seats[rid] = replace(record, fixed=fixed)
    changed.extend(rid for rid in after.seats if rid not in room.seats and rid not in changed)
    _delete_seats(session, gone)  # seats given up are free before anyone takes them
    rows = [
        SeatRow(
            tournament_id=room.tournament_id,
            registration_id=rid,
            table_number=after.seats[rid].table,
            seat_number=after.seats[rid].number,
            fixed=rid in after.fixed,
            entries=room.in_play(rid),
            seated_at=now,
        )
        for rid in sorted(changed)
    ]
    session.add_all(rows)
    session.flush()
    for row in rows:
        assert row.id is not None
        room.seats[row.registration_id] = SeatRecord(
            row.id, row.table_number, row.seat_number, row.fixed, row.entries
        )
    room.seating = after


def store_stats(session: Session, room: Room, stats: MoveStats) -> None:
    for rid, moves in stats.player_moves.items():
        stored = room.counts.get(rid)
        if stored == moves:
            continue
        if stored is None:
            session.add(
                MoveCountRow(registration_id=rid, tournament_id=room.tournament_id, moves=moves)
            )
        else:
            session.execute(
                update(MoveCountRow)
                .where(col(MoveCountRow.registration_id) == rid)
                .values(moves=moves)
                .execution_options(synchronize_session=False)
            )
        room.counts[rid] = moves
    for number, gives in stats.table_gives.items():
        table = room.tables.get(number)
        if table is not None and table.gives != gives:
            table.gives = gives
            session.add(table)


def log_moves(
    session: Session, room: Room, moves: Iterable[Move], now: datetime
) -> tuple[MoveInfo, ...]:
    rows = [
        SeatMoveRow(
            tournament_id=room.tournament_id,
            registration_id=m.player,
            from_table=m.from_seat.table,
            from_seat=m.from_seat.number,
            to_table=m.to_seat.table,
            to_seat=m.to_seat.number,
            kind=str(m.kind),
            reason=m.reason[:500],
            deal_in=str(m.deal_in),
            action=room.action,
            created_at=now,
        )
        for m in moves
    ]
    session.add_all(rows)
    session.flush()
    return tuple(move_info(row, room.names) for row in rows)


def move_info(row: SeatMoveRow, names: Mapping[int, str]) -> MoveInfo:
    assert row.id is not None
    return MoveInfo(
        id=row.id,
        registration_id=row.registration_id,
        name=names.get(row.registration_id, f"Registration #{row.registration_id}"),
        from_seat=Seat(row.from_table, row.from_seat),
        to_seat=Seat(row.to_table, row.to_seat),
        kind=MoveKind(row.kind),
        reason=row.reason,
        deal_in=DealIn(row.deal_in),
        acknowledged=row.acknowledged,
        undone=row.undone,
        created_at=row.created_at,
        action=row.action,
    )


def table_infos(room: Room) -> tuple[TableInfo, ...]:
    seating = room.seating
    infos = []
    for table in seating.tables:
        players = seating.players_at(table.number)
        seats = []
        for number in range(1, table.seat_count + 1):
            rid = players.get(number)
            if rid is None:
                seats.append(SeatInfo(number, closed=number in table.closed_seats))
            else:
                seats.append(
                    SeatInfo(
                        number,
                        rid,
                        room.name(rid),
                        fixed=rid in seating.fixed,
                        moves=room.counts.get(rid, 0),
                    )
                )
        row = room.tables[table.number]
        infos.append(
            TableInfo(
                table.number,
                table.name,
                table.label,
                table.seat_count,
                table.button,
                tuple(seats),
                row.gives,
                last_button=row.button,
                button_set_at=row.button_set_at,
            )
        )
    return tuple(infos)


def balance_status(seating: Seating, policy: BalancePolicy) -> tuple[str, bool]:
    counts = {n: c for n, c in seating.counts().items()}
    if len(counts) < 2:
        return ("One table: nothing to balance." if counts else "No tables set up."), False
    allowed = policy.allowed_difference(len(counts))
    most, least = max(counts.values()), min(counts.values())
    if most - least <= allowed:
        return f"Balanced ({policy}): {least} to {most} players a table.", False
    short = [n for n, c in counts.items() if c == least]
    which = f"Table {short[0]}" if len(short) == 1 else f"Tables {', '.join(map(str, short))}"
    return (
        f"Out of balance ({policy}): {which} has {least} players, the fullest {most}. Balance.",
        True,
    )


def hfh_of(row: HandForHandRow | None) -> HandForHand | None:
    if row is None:
        return None
    return HandForHand(row.hand, numbers(row.tables), numbers(row.finished))


def store_hfh(session: Session, row: HandForHandRow, hfh: HandForHand) -> None:
    row.hand = hfh.hand
    row.tables = numbers_text(hfh.tables)
    row.finished = numbers_text(hfh.finished)
    session.add(row)


def check_not_shootout(room: Room, what: str) -> None:
    if room.shootout is not None and room.shootout.champion is None:
        raise SeatingError(
            f"A shootout is under way: {what} is not possible (tables play down to one winner "
            "without balancing)."
        )


@dataclass(frozen=True)
class Plan:
    """What a balancing, break or final-table plan decided, ready to store."""

    seating: Seating
    stats: MoveStats
    moves: tuple[Move, ...]
    broken: tuple[int, ...] = ()
    final_table: int | None = None
    need: NeedButton | None = None
    warnings: tuple[str, ...] = ()


def apply_plan(
    session: Session, room: Room, now: datetime, plan: Plan, what: str
) -> tuple[BalanceResult, Change, str]:
    """Store a plan's room, move counts and moves; the broken tables' hands are over."""
    changed = plan.seating is not room.seating
    if changed:
        store_room(session, room, plan.seating, now)
    store_stats(session, room, plan.stats)
    if plan.broken:
        hfh_row = session.get(HandForHandRow, room.tournament_id)
        hfh = hfh_of(hfh_row)
        if hfh_row is not None and hfh is not None:
            gone = hfh.tables & set(plan.broken)
            store_hfh(session, hfh_row, replace(hfh, finished=hfh.finished | gone))
    logged = log_moves(session, room, plan.moves, now)
    result = BalanceResult(logged, plan.need, plan.broken, plan.final_table, plan.warnings)
    count = len(plan.moves)
    summary = f"{what}: {count} move{'s' if count != 1 else ''}"
    if plan.need is not None:
        summary += f"; asked for the button at table {plan.need.table}"
    return result, Change.SEATING if changed else Change.NONE, summary


def order_text(values: Iterable[int]) -> str:
    return " ".join(str(n) for n in values)


def names_of(session: Session, registration_ids: Iterable[int]) -> dict[int, str]:
    ids = sorted(set(registration_ids))
    if not ids:
        return {}
    found: dict[int, str] = {}
    for start in range(0, len(ids), _CHUNK):
        rows = session.exec(
            select(RegistrationRow.id, PlayerRow.name, PlayerRow.nickname)
            .join(PlayerRow, col(PlayerRow.id) == col(RegistrationRow.player_id))
            .where(col(RegistrationRow.id).in_(ids[start : start + _CHUNK]))
        ).all()
        found.update((rid, _display_name(n, nick)) for rid, n, nick in rows if rid is not None)
    return found


def round_moves(before: Shootout, after: Shootout) -> tuple[Move, ...]:
    """The winners' walk from their old seats to the next round's, for the display."""
    old = before.current.seating
    new = after.current
    kind = MoveKind.FINAL_TABLE if new.is_final else MoveKind.BREAK
    reason = (
        "Shootout final table: redraw for seats"
        if new.is_final
        else f"Shootout round {new.number}: table winners redraw for seats"
    )
    moves = []
    for player, seat in sorted(new.seating.seats.items()):
        was = old.seat_of(player)
        if was is not None:
            moves.append(Move(player, was, seat, kind, reason))
    return tuple(moves)


def with_names(error: SeatingError, room: Room) -> SeatingError:
    """The same error with the players it mentions named (the core knows only their ids)."""
    text = str(error)
    mentioned = mentioned_players(text)
    if not mentioned:
        return error
    names = room.names_for(mentioned)
    return type(error)(name_players(text, names))


def store_shootout_state(
    session: Session, room: Room, now: datetime, *, new_round: bool = False
) -> None:
    """Write the room's shootout (its JSON); `new_round` starts the round's time limit now."""
    assert room.shootout is not None
    row = session.get(ShootoutRow, room.tournament_id)
    if row is None:
        row = ShootoutRow(tournament_id=room.tournament_id, state_json="", updated_at=now)
    row.state_json = shootout_to_json(room.shootout)
    row.updated_at = now
    if new_round:
        row.round_started_at = now
        room.round_started_at = now
    session.add(row)
    room.shootout_changed = False


class SeatingBase:
    """What every group of seating actions shares: the context, the random source, the unit of
    work."""

    def __init__(self, ctx: ServiceContext, rng: random.Random | None = None) -> None:
        """Build the service.

        Args:
            ctx: The engine and the time source.
            rng: The random source for draws (tests pass a seeded one); by default every draw
                gets a fresh generator seeded from `secrets`.
        """
        self._ctx = ctx
        self._fixed_rng = rng

    def _rng(self) -> random.Random:
        if self._fixed_rng is not None:
            return self._fixed_rng
        return random.Random(secrets.randbits(128))

    def _write(
        self,
        tournament_id: int,
        action: Callable[[Session, Room, datetime], tuple[T, Change, str]],
    ) -> Outcome[T]:
        """Run one seating action: lock, load, act, drop stale seats, record the change."""
        with self._ctx.transaction() as session:
            config = lock_room(session, tournament_id)
            now = self._ctx.now()  # inside the lock: actions' times follow their order
            room = load_room(session, tournament_id, now)
            room.action = config.revision
            try:
                value, what, summary = action(session, room, now)
            except SeatingError as error:
                raise with_names(error, room) from error
            if room.stale:
                store_room(session, room, room.seating, now)
            if room.shootout_changed:
                store_shootout_state(session, room, now)
                what |= Change.SEATING
            changes = record_change(session, tournament_id, what, summary, now)
        return Outcome(value, changes)
