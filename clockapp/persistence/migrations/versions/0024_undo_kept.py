"""Seating undo puts the final-table rules back; the clock's Redo comes back after a restart

`seat_action` gains `rules_before` and `rules_after`: the final table and its size in the
seating rules before and after an action that saved new ones (the final-table redraw with a
size), so its undo puts them back. Older actions have none: they leave the rules alone.

`clock_step` gains `undone`: an undo marks its step instead of deleting it, so the Redo offers
it again after a restart. The steps kept so far are all done. It gains `kind` too: the
director closing or reopening registration is kept in the same line as the clock's presses
("registration"); the steps kept so far are all "clock".

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-02 15:00:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0024'
down_revision: str | None = '0023'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('seat_action') as batch:
        batch.add_column(sa.Column('rules_before', sa.Text(), nullable=True))
        batch.add_column(sa.Column('rules_after', sa.Text(), nullable=True))
    with op.batch_alter_table('clock_step') as batch:
        batch.add_column(
            sa.Column('undone', sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(
            sa.Column('kind', sa.String(length=20), nullable=False, server_default='clock')
        )


def downgrade() -> None:
    with op.batch_alter_table('clock_step') as batch:
        batch.drop_column('kind')
        batch.drop_column('undone')
    with op.batch_alter_table('seat_action') as batch:
        batch.drop_column('rules_after')
        batch.drop_column('rules_before')
