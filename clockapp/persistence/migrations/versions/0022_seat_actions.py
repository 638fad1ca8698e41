"""Seating actions the director can undo

`seat_action` keeps, per balancing, table break or final-table redraw, the state of the tables
it changed before and after (JSON), so an undo can reopen a broken table and give the final
table its seats and button back. Actions made before have no row and cannot be undone.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-02 13:40:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from clockapp.persistence.types import UTCDateTime

revision: str = '0022'
down_revision: str | None = '0021'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'seat_action',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('action', sa.Integer(), nullable=False),
        sa.Column('what', sa.String(length=40), nullable=False),
        sa.Column('tables_before', sa.Text(), nullable=False),
        sa.Column('tables_after', sa.Text(), nullable=False),
        sa.Column('undone', sa.Boolean(), nullable=False),
        sa.Column('created_at', UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('tournament_id', 'action'),
    )
    op.create_index(op.f('ix_seat_action_tournament_id'), 'seat_action', ['tournament_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_seat_action_tournament_id'), table_name='seat_action')
    op.drop_table('seat_action')
