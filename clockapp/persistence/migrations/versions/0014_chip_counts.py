"""The chip races run at colour-ups and the players' chip counts

`chip_race` keeps each race (its seed or the real cards, and who took what) so a disputed race
can be dealt again; `chip_count` keeps every stack counted at a table, the newest per player
being his stack.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26 07:30:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

import clockapp.persistence.types

revision: str = '0014'
down_revision: str | None = '0013'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('chip_race',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=True),
    sa.Column('created_at', clockapp.persistence.types.UTCDateTime(timezone=True), nullable=False),
    sa.Column('rounding', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('seed', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=True),
    sa.Column('race_json', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('chip_race', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_chip_race_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('chip_count',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('registration_id', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=True),
    sa.Column('chips', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('counted_at', clockapp.persistence.types.UTCDateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['registration_id'], ['registration.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('chip_count', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_chip_count_tournament_id'), ['tournament_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('chip_count', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_chip_count_tournament_id'))
    op.drop_table('chip_count')
    with op.batch_alter_table('chip_race', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_chip_race_tournament_id'))
    op.drop_table('chip_race')
