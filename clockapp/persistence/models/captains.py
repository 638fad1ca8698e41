"""Tables of the table captains: each table's reporting switch and token, and their reports."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Column, Field, SQLModel, Text

from clockapp.persistence.types import UTCDateTime


class CaptainTableRow(SQLModel, table=True):
    """Whether a table may report, and the hash of its token (None: no token, or revoked)."""

    __tablename__ = "captain_table"
    __table_args__ = (UniqueConstraint("tournament_id", "table_number"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    table_number: int
    enabled: bool = False
    token_hash: str | None = Field(default=None, max_length=64, unique=True)
    issued_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))


class CaptainReportRow(SQLModel, table=True):
    """One report a table sent (`clockapp.core.captains.Report`), and what became of it.

    The nonce is unique per tournament: a page's nonce is taken once, so a replayed request
    is refused. `token_hash` says which token sent it (the flood rule counts by it).
    """

    __tablename__ = "captain_report"
    __table_args__ = (UniqueConstraint("tournament_id", "nonce"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True, ondelete="CASCADE")
    table_number: int
    kind: str = Field(max_length=20)
    busted: int | None = None
    busted_by: int | None = None
    player: int | None = None
    counts: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    note: str = Field(default="", sa_column=Column(Text, nullable=False))
    nonce: str = Field(max_length=100)
    token_hash: str = Field(max_length=64, index=True)
    status: str = Field(default="pending", max_length=10)
    received_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    decided_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )
    decided_by: str = Field(default="", max_length=80)
    reason: str = Field(default="", sa_column=Column(Text, nullable=False))
