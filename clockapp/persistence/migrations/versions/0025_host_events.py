"""Events the host defines, and the occurrences already fired

`host_event` keeps each tournament's events (a trigger and what it does); `host_event_claim`
keeps the key of every occurrence a display fired, unique per tournament, so two displays
cannot both fire it and an undo or a restart does not fire it again.

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-03 12:00:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from clockapp.persistence.types import UTCDateTime

revision: str = '0025'
down_revision: str | None = '0024'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'host_event',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('trigger', sa.String(length=40), nullable=False),
        sa.Column('minutes', sa.Integer(), nullable=False),
        sa.Column('players', sa.Integer(), nullable=False),
        sa.Column('at', sa.String(length=5), nullable=False),
        sa.Column('sound', sa.Text(), nullable=False),
        sa.Column('spoken', sa.Text(), nullable=False),
        sa.Column('wall_text', sa.Text(), nullable=False),
        sa.Column('seconds', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_host_event_tournament_id'), 'host_event', ['tournament_id'])
    op.create_table(
        'host_event_claim',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=80), nullable=False),
        sa.Column('claimed_at', UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('tournament_id', 'key'),
    )
    op.create_index(
        op.f('ix_host_event_claim_tournament_id'), 'host_event_claim', ['tournament_id']
    )


def downgrade() -> None:
    op.drop_index(op.f('ix_host_event_claim_tournament_id'), table_name='host_event_claim')
    op.drop_table('host_event_claim')
    op.drop_index(op.f('ix_host_event_tournament_id'), table_name='host_event')
    op.drop_table('host_event')
