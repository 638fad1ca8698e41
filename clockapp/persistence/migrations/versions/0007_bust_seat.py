"""The seat a busted player left, on the elimination record

A bust frees the player's seat; a rebuy or an undone bust gives it back when it is still free.
The seat is kept on the elimination row (nullable: older busts and players who had no seat).
SQLite adds the columns in place (ALTER TABLE ADD COLUMN), without rebuilding the table.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26 02:00:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0007'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('elimination', sa.Column('table_number', sa.Integer(), nullable=True))
    op.add_column('elimination', sa.Column('seat_number', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('elimination', schema=None) as batch_op:
        batch_op.drop_column('seat_number')
        batch_op.drop_column('table_number')
