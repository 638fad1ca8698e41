"""The all-in showdowns kept for the night's worst beat

One row a showdown shown on the wall (or a bad beat entered from the rulings window): the
players with their hole cards, stacks and chips in, the board by street, the result, whether its
busts went into the eliminations, and a bad-beat candidate's exact chance.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-26 07:45:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

from clockapp.persistence.types import UTCDateTime

revision: str = '0013'
down_revision: str | None = '0012'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'showdown',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('source', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column('players_json', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column('allin_board', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column('flop', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column('turn', sqlmodel.sql.sqltypes.AutoString(length=3), nullable=False),
        sa.Column('river', sqlmodel.sql.sqltypes.AutoString(length=3), nullable=False),
        sa.Column('result_json', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column('busts_recorded', sa.Boolean(), nullable=False),
        sa.Column('beat_wins', sa.Integer(), nullable=True),
        sa.Column('beat_boards', sa.Integer(), nullable=True),
        sa.Column('created_at', UTCDateTime(timezone=True), nullable=False),
        sa.Column('updated_at', UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('showdown', schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f('ix_showdown_tournament_id'), ['tournament_id'], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table('showdown', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_showdown_tournament_id'))
    op.drop_table('showdown')
