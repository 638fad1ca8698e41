"""The shootout a tournament's template plans, before it is drawn

`shootout_plan` holds how a tournament's shootout will play (round 1's time limit, the later
rounds' limit, the players each round-1 table sends on), set when the tournament is created
from a template such as the two-round team event; the tables window starts from it.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-02 13:40:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0021'
down_revision: str | None = '0020'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'shootout_plan',
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('first_round_minutes', sa.Integer(), nullable=True),
        sa.Column('later_minutes', sa.Integer(), nullable=True),
        sa.Column('through', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('tournament_id'),
    )


def downgrade() -> None:
    op.drop_table('shootout_plan')
