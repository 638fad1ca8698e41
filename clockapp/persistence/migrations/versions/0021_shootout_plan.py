"""The shootout a tournament's template plans, before it is drawn

Three columns of `seating_config` hold how a tournament's shootout will play (round 1's time
limit, the later rounds' limit, the players each round-1 table sends on), set when the
tournament is created from a template such as the two-round team event; the tables window
starts from it. They sit on the row every room read loads, so reading them costs nothing.

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
    with op.batch_alter_table('seating_config') as batch:
        batch.add_column(sa.Column('plan_first_round_minutes', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('plan_later_minutes', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('plan_through', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('seating_config') as batch:
        batch.drop_column('plan_through')
        batch.drop_column('plan_later_minutes')
        batch.drop_column('plan_first_round_minutes')
