"""Clock actions the director's Undo offers again after a restart

`clock_step` keeps, per station and tournament, each undoable clock action with its name and the
clock state before and after it (JSON). Actions made before have no row: the Undo offers them
only until the app closes, as before.

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-02 14:00:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from clockapp.persistence.types import UTCDateTime

revision: str = '0023'
down_revision: str | None = '0022'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'clock_step',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('station', sa.String(length=100), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('before', sa.Text(), nullable=False),
        sa.Column('after', sa.Text(), nullable=False),
        sa.Column('created_at', UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_clock_step_tournament_id'), 'clock_step', ['tournament_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_clock_step_tournament_id'), table_name='clock_step')
    op.drop_table('clock_step')
