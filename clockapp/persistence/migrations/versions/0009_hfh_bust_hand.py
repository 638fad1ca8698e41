"""The hand-for-hand hand that busts join

While hand-for-hand is on, every bust entered before the director deals the next hand is part of
the same hand, whichever table reports it and in whatever order. `bust_hand` is the hand number
the cashier gave the first bust of the open hand (NULL: nobody has gone out in it yet).
SQLite adds the column in place (ALTER TABLE ADD COLUMN), without rebuilding the table.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26 05:00:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009'
down_revision: str | None = '0008'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('hand_for_hand', sa.Column('bust_hand', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('hand_for_hand', schema=None) as batch_op:
        batch_op.drop_column('bust_hand')
