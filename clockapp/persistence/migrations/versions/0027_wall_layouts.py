"""The wall's layouts, screen sets, and what each screen shows

`wall_layout` keeps each tournament's layouts by name and `wall_screen_set` its screen sets,
each as the JSON of its core value; `wall_screen` keeps, per named screen, the layout or screen
set it shows.

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-04 02:00:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0027'
down_revision: str | None = '0026'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _named(table: str) -> None:
    op.create_table(
        table,
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('body', sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('tournament_id', 'name'),
    )
    op.create_index(op.f(f'ix_{table}_tournament_id'), table, ['tournament_id'])


def upgrade() -> None:
    _named('wall_layout')
    _named('wall_screen_set')
    op.create_table(
        'wall_screen',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('screen', sa.String(length=80), nullable=False),
        sa.Column('layout', sa.String(length=60), nullable=False),
        sa.Column('screen_set', sa.String(length=60), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('tournament_id', 'screen'),
    )
    op.create_index(op.f('ix_wall_screen_tournament_id'), 'wall_screen', ['tournament_id'])


def downgrade() -> None:
    for table in ('wall_screen', 'wall_screen_set', 'wall_layout'):
        op.drop_index(op.f(f'ix_{table}_tournament_id'), table_name=table)
        op.drop_table(table)
