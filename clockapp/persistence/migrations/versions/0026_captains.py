"""Table captains: each table's reporting switch and token hash, and the reports they send

`captain_table` keeps, per tournament and table, whether the table may report and the hash of
its token (the token itself is never stored; unique, so a token names one table of one
tournament). `captain_report` keeps each report with its one-time nonce (unique per
tournament, so a replay is refused) and what the director made of it.

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-04 01:30:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from clockapp.persistence.types import UTCDateTime

revision: str = '0026'
down_revision: str | None = '0025'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'captain_table',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('table_number', sa.Integer(), nullable=False),
        sa.Column('enabled', sa.Boolean(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=True),
        sa.Column('issued_at', UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('tournament_id', 'table_number'),
        sa.UniqueConstraint('token_hash'),
    )
    op.create_index(op.f('ix_captain_table_tournament_id'), 'captain_table', ['tournament_id'])
    op.create_table(
        'captain_report',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('table_number', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=20), nullable=False),
        sa.Column('busted', sa.Integer(), nullable=True),
        sa.Column('busted_by', sa.Integer(), nullable=True),
        sa.Column('player', sa.Integer(), nullable=True),
        sa.Column('counts', sa.Text(), nullable=False),
        sa.Column('note', sa.Text(), nullable=False),
        sa.Column('nonce', sa.String(length=100), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('status', sa.String(length=10), nullable=False),
        sa.Column('received_at', UTCDateTime(timezone=True), nullable=False),
        sa.Column('decided_at', UTCDateTime(timezone=True), nullable=True),
        sa.Column('decided_by', sa.String(length=80), nullable=False),
        sa.Column('reason', sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('tournament_id', 'nonce'),
    )
    op.create_index(
        op.f('ix_captain_report_tournament_id'), 'captain_report', ['tournament_id']
    )
    op.create_index(op.f('ix_captain_report_token_hash'), 'captain_report', ['token_hash'])


def downgrade() -> None:
    op.drop_index(op.f('ix_captain_report_token_hash'), table_name='captain_report')
    op.drop_index(op.f('ix_captain_report_tournament_id'), table_name='captain_report')
    op.drop_table('captain_report')
    op.drop_index(op.f('ix_captain_table_tournament_id'), table_name='captain_table')
    op.drop_table('captain_table')
