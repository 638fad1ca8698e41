"""Satellites: N equal seats as prizes; the waiting list of a capped field

`waiting_list` holds the players waiting for a seat, in the order they joined (`left_at` once
they leave it). `bounty_rules.satellite_seats` (0: not a satellite), `satellite_value`, `satellite_description`
and `satellite_leftover` (where the cash the seats leave over goes).

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-02 06:40:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from clockapp.persistence.types import BigInt, UTCDateTime

revision: str = '0020'
down_revision: str | None = '0019'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('bounty_rules') as batch:
        batch.add_column(
            sa.Column('satellite_seats', sa.Integer(), nullable=False, server_default='0')
        )
        batch.add_column(sa.Column('satellite_value', BigInt, nullable=False, server_default='0'))
        batch.add_column(
            sa.Column(
                'satellite_description', sa.String(length=200), nullable=False, server_default=''
            )
        )
        batch.add_column(
            sa.Column(
                'satellite_leftover', sa.String(length=20), nullable=False, server_default='bubble'
            )
        )


    op.create_table(
        'waiting_list',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('joined_at', UTCDateTime(timezone=True), nullable=False),
        sa.Column('left_at', UTCDateTime(timezone=True), nullable=True),
        sa.Column('station', sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(['player_id'], ['player.id']),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_waiting_list_tournament_id'), 'waiting_list', ['tournament_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_waiting_list_tournament_id'), table_name='waiting_list')
    op.drop_table('waiting_list')
    with op.batch_alter_table('bounty_rules') as batch:
        batch.drop_column('satellite_leftover')
        batch.drop_column('satellite_description')
        batch.drop_column('satellite_value')
        batch.drop_column('satellite_seats')
