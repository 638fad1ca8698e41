"""The table captains' rows: each table's switch and token hash, and the reports they send.

Writers run inside a service's write transaction that holds the tournament's lock, so a
check followed by a write (a nonce not yet taken, a token's reports this minute) sees every
report committed before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlmodel import Session, col, func, select

from clockapp.persistence.models import (
    CaptainReportRow,
    CaptainTableRow,
    PlayerRow,
    RegistrationRow,
)


def tables(session: Session, tournament_id: int) -> Sequence[CaptainTableRow]:
    """The tournament's tables that have a reporting row, by number."""
    return session.exec(
        select(CaptainTableRow)
        .where(col(CaptainTableRow.tournament_id) == tournament_id)
        .order_by(col(CaptainTableRow.table_number))
    ).all()


def table(session: Session, tournament_id: int, table_number: int) -> CaptainTableRow | None:
    """One table's reporting row (None: never switched on)."""
    return session.exec(
        select(CaptainTableRow).where(
            col(CaptainTableRow.tournament_id) == tournament_id,
            col(CaptainTableRow.table_number) == table_number,
        )
    ).first()


def table_or_new(session: Session, tournament_id: int, table_number: int) -> CaptainTableRow:
    """One table's reporting row, a new (unsaved, switched off) one when it has none."""
    found = table(session, tournament_id, table_number)
    if found is not None:
        return found
    return CaptainTableRow(tournament_id=tournament_id, table_number=table_number)


def by_token_hash(session: Session, token_hash: str) -> CaptainTableRow | None:
    """The table whose token has this hash, in any tournament (None: no such token)."""
    return session.exec(
        select(CaptainTableRow).where(col(CaptainTableRow.token_hash) == token_hash)
    ).first()


def save(session: Session, row: CaptainTableRow | CaptainReportRow) -> None:
    """Write `row` (new or changed) and give it its id."""
    session.add(row)
    session.flush()


def nonce_taken(session: Session, tournament_id: int, nonce: str) -> bool:
    """Whether a report already came with this nonce."""
    found = session.exec(
        select(CaptainReportRow.id).where(
            col(CaptainReportRow.tournament_id) == tournament_id,
            col(CaptainReportRow.nonce) == nonce,
        )
    ).first()
    return found is not None


def received_since(session: Session, token_hash: str, since: datetime) -> Sequence[datetime]:
    """When the reports of one token came in, from `since` on."""
    return session.exec(
        select(CaptainReportRow.received_at).where(
            col(CaptainReportRow.token_hash) == token_hash,
            col(CaptainReportRow.received_at) > since,
        )
    ).all()


def reports(
    session: Session, tournament_id: int, status: str | None = None
) -> Sequence[CaptainReportRow]:
    """The tournament's reports (those with `status` only, when given), oldest first."""
    query = select(CaptainReportRow).where(col(CaptainReportRow.tournament_id) == tournament_id)
    if status is not None:
        query = query.where(col(CaptainReportRow.status) == status)
    return session.exec(query.order_by(col(CaptainReportRow.id))).all()


def report(session: Session, tournament_id: int, report_id: int) -> CaptainReportRow | None:
    """One report of the tournament (None: not there, or another tournament's)."""
    row = session.get(CaptainReportRow, report_id)
    return row if row is not None and row.tournament_id == tournament_id else None


def count_pending(session: Session, tournament_id: int) -> int:
    """How many reports wait for the director."""
    return int(
        session.exec(
            select(func.count())
            .select_from(CaptainReportRow)
            .where(
                col(CaptainReportRow.tournament_id) == tournament_id,
                col(CaptainReportRow.status) == "pending",
            )
        ).one()
    )


def player_names(session: Session, tournament_id: int, ids: Iterable[int]) -> dict[int, str]:
    """The names of the tournament's registrations `ids` (a report names them by id)."""
    wanted = list(ids)
    if not wanted:
        return {}
    found = session.exec(
        select(RegistrationRow.id, PlayerRow.name)
        .join(PlayerRow, col(PlayerRow.id) == col(RegistrationRow.player_id))
        .where(
            col(RegistrationRow.tournament_id) == tournament_id,
            col(RegistrationRow.id).in_(wanted),
        )
    ).all()
    return {int(rid): name for rid, name in found if rid is not None}
