"""The room as one transaction reads it: its rows loaded into the core's `Seating`, and names.

`load_room` reads the tables, the valid seats (see the package docstring for stale seats), the
players in play and the move counts into a `Room`; `lock_room` serialises the actions on one
tournament. The small conversions between rows and core values (`config_of`, `core_table`,
`hfh_of`, `move_info`) and the naming of players in messages (`names_of`, `with_names`) live here
too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from clockapp.core.seating import (
    DealIn,
    MoveKind,
    Seat,
    Seating,
    SeatingError,
    Table,
    mentioned_players,
    name_players,
)
from clockapp.core.seating.balancing import BalancePolicy
from clockapp.core.seating.hand_for_hand import HandForHand
from clockapp.core.seating.planning import MoveStats
from clockapp.core.seating.shootout_state import Shootout
from clockapp.core.seating.table_breaks import TableBreakRules
from clockapp.i18n import gettext as _
from clockapp.persistence.locks import lock_tournament
from clockapp.persistence.models import (
    GameTableRow,
    HandForHandRow,
    SeatingConfigRow,
    SeatMoveRow,
    ShootoutRow,
)
from clockapp.persistence.models.seating import shootout_from_json
from clockapp.persistence.queries import seating as seating_rows
from clockapp.persistence.queries.seating import IDS_PER_STATEMENT
from clockapp.persistence.session import Session, once_per_read, one_to_one
from clockapp.persistence.upsert import insert_or_ignore
from clockapp.services.seating.room_view import MoveInfo, SeatingConfig
from clockapp.services.seating.shootout_busts import follow_cashier
from clockapp.services.setup import get_row


def numbers(text: str) -> frozenset[int]:
    return frozenset(int(n) for n in text.split())


def numbers_text(values: Iterable[int]) -> str:
    return " ".join(str(n) for n in sorted(values))


def order_text(values: Iterable[int]) -> str:
    return " ".join(str(n) for n in values)


def config_of(row: SeatingConfigRow | None) -> SeatingConfig:
    if row is None:
        return SeatingConfig(BalancePolicy(), TableBreakRules())
    policy = BalancePolicy(row.within, row.wide_within, row.wide_from_tables)
    order = tuple(int(n) for n in row.break_order.split())
    rules = TableBreakRules(order, row.final_table, row.final_table_size)
    return SeatingConfig(policy, rules)


def hand_for_hand_now(session: Session, tournament_id: int) -> HandForHand | None:
    """Hand-for-hand play as stored (None: off); asked once in a read several reads share."""
    return once_per_read(
        session,
        ("hand_for_hand", tournament_id),
        lambda: hfh_of(one_to_one(session, HandForHandRow, tournament_id)),
    )


def hfh_of(row: HandForHandRow | None) -> HandForHand | None:
    if row is None:
        return None
    return HandForHand(row.hand, numbers(row.tables), numbers(row.finished))


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
            raise not_in_play(self.name(registration_id))
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


def display_name(name: str, nickname: str) -> str:
    return f'{name} "{nickname}"' if nickname else name


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


__all__ = ["IDS_PER_STATEMENT"]  # the stores write in chunks of the same size


def names_of(session: Session, registration_ids: Iterable[int]) -> dict[int, str]:
    ids = sorted(set(registration_ids))
    if not ids:
        return {}
    rows = seating_rows.player_names(session, ids)
    return {rid: display_name(name, nick) for rid, name, nick in rows}


def split_seats(
    rows: Iterable[tuple[int, int, int, int, bool, int]],
    in_play: Mapping[int, int],
    tables: Iterable[Table],
) -> tuple[dict[int, SeatRecord], list[int], set[int]]:
    """The stored seats that stand, by registration id, and the stale ones (see the package).

    A seat row stands while its registration is in play with the entry it was drawn for
    (`in_play`: registration id -> entries) in an open seat of a table in play, and no older
    row holds that seat. Returns the seats that stand, the ids of the stale rows, and the tables
    in play where a stale row is left (their players changed when it goes).

    >>> rows = [(1, 7, 1, 2, False, 1), (2, 8, 1, 2, False, 1), (3, 9, 1, 3, False, 1)]
    >>> seats, stale, tables = split_seats(rows, {7: 1, 8: 1, 9: 2}, [Table(1, seat_count=6)])
    >>> sorted(seats), stale, tables
    ([7], [2, 3], {1})
    """
    open_seats = {t.number: frozenset(t.open_seats) for t in tables}
    seats: dict[int, SeatRecord] = {}
    stale: list[int] = []
    stale_tables: set[int] = set()
    taken: set[tuple[int, int]] = set()
    for seat_id, rid, table, number, fixed, entries in rows:
        where = (table, number)
        valid = (
            in_play.get(rid) == entries
            and number in open_seats.get(table, ())
            and where not in taken
        )
        if valid:
            seats[rid] = SeatRecord(seat_id, table, number, fixed, entries)
            taken.add(where)
        else:
            stale.append(seat_id)
            if table in open_seats:
                stale_tables.add(table)
    return seats, stale, stale_tables


def not_in_play(name: str) -> SeatingError:
    """The refusal to seat or move a player who is not in play."""
    return SeatingError(
        _(
            "{name} is not in play (out, withdrawn, or not bought in): "
            "only players in the tournament can be seated or moved."
        ).format(name=name)
    )


@dataclass(frozen=True)
class RoomRows:
    """The rows a room is made of: its tables (in play or broken), the players in play
    (registration id, entries, name, nickname, team) and the stored seats (`seat_rows`)."""

    tables: tuple[GameTableRow, ...]
    players: tuple[tuple[int, int, str, str, str], ...]
    seats: tuple[tuple[int, int, int, int, bool, int], ...]


def room_rows(session: Session, tournament_id: int) -> RoomRows:
    """The room's rows, read once in a read that several windows share (the director's balance
    notice and the tables window read the same room after a change)."""
    return once_per_read(
        session,
        ("room rows", tournament_id),
        lambda: RoomRows(
            tuple(seating_rows.game_tables(session, tournament_id)),
            tuple(seating_rows.players_in_play(session, tournament_id)),
            tuple(seating_rows.seat_rows(session, tournament_id)),
        ),
    )


def room_seating(session: Session, tournament_id: int) -> Seating:
    """The tables in play and the seats that stand (`load_room`'s seating), nothing written:
    three statements, shared with a room read in the same shared read."""
    read = room_rows(session, tournament_id)
    in_play = {rid: entries for rid, entries, *_rest in read.players}
    tables = [core_table(t) for t in read.tables if t.in_play]
    seats, _stale, _tables = split_seats(read.seats, in_play, tables)
    return Seating(
        tuple(tables),
        {rid: Seat(s.table, s.seat) for rid, s in seats.items()},
        frozenset(rid for rid, s in seats.items() if s.fixed),
    )


def load_room(session: Session, tournament_id: int, now: datetime | None = None) -> Room:
    """Read the room; seats of players who are out are left aside as stale.

    A table's button is the director's last answer, kept until the director changes it or an
    event moves it (the table breaks, a redraw, the next hand in hand-for-hand play). A shootout
    follows the busts recorded at the cashier.
    """
    get_row(session, tournament_id)
    config = one_to_one(session, SeatingConfigRow, tournament_id)
    read = room_rows(session, tournament_id)
    tables = {t.number: t for t in read.tables}
    registrations: dict[int, int] = {}
    names: dict[int, str] = {}
    teams: dict[int, str] = {}
    for rid, entries, name, nickname, team in read.players:
        registrations[rid] = entries
        names[rid] = display_name(name, nickname)
        if team.strip():
            teams[rid] = team.strip()
    raw_tables = {n: core_table(t) for n, t in tables.items() if t.in_play}
    seats, stale, stale_tables = split_seats(read.seats, registrations, raw_tables.values())
    # The director's button is kept until the director changes it or an event moves it: not
    # forgotten on a timer, nor when a player sits down or leaves.
    core_tables = dict(raw_tables)
    seating = Seating(
        tuple(core_tables.values()),
        {rid: Seat(s.table, s.seat) for rid, s in seats.items()},
        frozenset(rid for rid, s in seats.items() if s.fixed),
    )
    counts = seating_rows.move_counts(session, tournament_id)
    shootout_row = one_to_one(session, ShootoutRow, tournament_id)
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
    seating_rows.bump_seating_revision(session, tournament_id)
    row = session.get(SeatingConfigRow, tournament_id)
    assert row is not None
    session.refresh(row)
    return row


def check_not_shootout(room: Room, refusal: str) -> None:
    """Refuse with `refusal` (a whole sentence) while a shootout is under way."""
    if room.shootout is not None and room.shootout.champion is None:
        raise SeatingError(refusal)


def with_names(error: SeatingError, room: Room) -> SeatingError:
    """The same error with the players it mentions named (the core knows only their ids)."""
    return name_error(error, room.names_for)


def name_error(
    error: SeatingError, names_for: Callable[[Iterable[int]], Mapping[int, str]]
) -> SeatingError:
    """`error` with the players it mentions named by `names_for` (ids -> names)."""
    text = str(error)
    mentioned = mentioned_players(text)
    if not mentioned:
        return error
    return type(error)(name_players(text, names_for(mentioned)))
