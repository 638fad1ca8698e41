"""Chip counts at the tables, and the chip leaders on the wall.

`record` is one transaction per table: every count must be of a player in play seated at that
table, a whole positive number of chips (`clockapp.core.chip_counts`); a refusal writes nothing.
`leaderboard` ranks each player's newest count against the chips in play (the clock's figure:
entries' chips, or the director's manual count) and the big blind of the level on now (the next
level's during a break). `show_leaders` puts the top ten on the wall, self-contained.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from clockapp.core.chip_counts import Leaderboard, PlayerCount, check_table_counts, leaderboard
from clockapp.core.clock import view
from clockapp.core.structure import Level
from clockapp.core.wall import CHIP_LEADERS
from clockapp.persistence.queries import chips as chip_rows
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.chip_race import RaceTable, tables_in_play
from clockapp.services.clock import tournament_stats
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.setup import load_clock, load_structure, lock_row, setup_row
from clockapp.services.wall import put_moment


def big_blind_now(session: Session, tournament_id: int, now: datetime) -> int:
    """The big blind of the level on now; during a break, the next level's (0 if none)."""
    structure = load_structure(session, tournament_id)
    index = view(load_clock(session, tournament_id), structure, now).index
    for item in structure.levels[index:]:
        if isinstance(item, Level):
            return item.big_blind
    return 0


def _board(session: Session, tournament_id: int, now: datetime) -> Leaderboard:
    tables = tables_in_play(session, tournament_id, now)
    in_play = {p.registration_id: p.name for t in tables for p in t.players}
    latest = chip_rows.latest_counts(session, tournament_id)
    counts = [PlayerCount(rid, name, latest[rid]) for rid, name in in_play.items() if rid in latest]
    stats = tournament_stats(session, setup_row(session, tournament_id))
    return leaderboard(
        counts,
        stats.chips_in_play,
        stats.players_left,
        big_blind_now(session, tournament_id, now),
        uncounted=len(in_play) - len(counts),
    )


def record_in_session(
    session: Session,
    tournament_id: int,
    table_number: int | None,
    counts: Sequence[tuple[int, int]],
    now: datetime,
) -> tuple[Leaderboard, str]:
    """Record one table's counts in the caller's locked transaction: the board, the table's label.

    `ChipCountService.record` runs it on its own; a captain's report accepted runs it inside the
    acceptance's transaction, so the counts and the report's answer commit together.
    """
    tables = tables_in_play(session, tournament_id, now)
    table = next((t for t in tables if t.number == table_number), None)
    label = table.label if table is not None else f"table {table_number}"
    seated = {p.registration_id: p.name for p in table.players} if table else {}
    checked = check_table_counts(list(counts), seated, label)
    chip_rows.add_counts(
        session,
        tournament_id,
        table_number,
        [(c.registration_id, c.chips) for c in checked],
        now,
    )
    return _board(session, tournament_id, now), label


def leaders_payload(board: Leaderboard) -> dict[str, object]:
    """The wall's chip leaders: the top ten, the average, what the counts add up to."""
    return {
        "leaders": [
            {"rank": x.rank, "name": x.name, "chips": x.chips, "big_blinds": x.big_blinds}
            for x in board.top()
        ],
        "average": board.average,
        "average_big_blinds": round(board.average / board.big_blind, 1) if board.big_blind else 0,
        "big_blind": board.big_blind,
        "counted": board.counted,
        "chips_in_play": board.chips_in_play,
        "summary": board.difference_text(),
    }


class ChipCountService:
    """Record each table's counts; rank them; show the chip leaders."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def tables(self, tournament_id: int) -> tuple[RaceTable, ...]:
        """The tables to count, with their players in play in seat order."""
        with self._ctx.reading() as session:
            return tables_in_play(session, tournament_id, self._ctx.now())

    def counts(self, tournament_id: int) -> dict[int, int]:
        """Each player's newest count (registration id -> chips)."""
        with self._ctx.reading() as session:
            return chip_rows.latest_counts(session, tournament_id)

    def leaderboard(self, tournament_id: int) -> Leaderboard:
        """The newest counts of the players in play, ranked."""
        with self._ctx.reading() as session:
            return _board(session, tournament_id, self._ctx.now())

    def record(
        self, tournament_id: int, table_number: int | None, counts: Sequence[tuple[int, int]]
    ) -> Outcome[Leaderboard]:
        """Record one table's counts, (registration id, chips); refused whole if one is wrong."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            board, label = record_in_session(session, tournament_id, table_number, counts, now)
            changes = record_change(
                session, tournament_id, Change.ENTRIES, f"chip counts at {label}", now
            )
        return Outcome(board, changes)

    def show_leaders(self, tournament_id: int) -> Outcome[Leaderboard]:
        """Put the chip leaders on the wall."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            board = _board(session, tournament_id, now)
            put_moment(session, tournament_id, CHIP_LEADERS, leaders_payload(board), now)
            changes = record_change(session, tournament_id, Change.WALL, "chip leaders", now)
        return Outcome(board, changes)
