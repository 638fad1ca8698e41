"""The station that made each change-log row

Every action's change row names the station that made it ("cashier@laptop2"), as the ledger rows
already do. Rows made before this revision keep an empty station. SQLite adds the column in place
(ALTER TABLE ADD COLUMN).

Revision ID: 0012_station
Revises: 0010
Create Date: 2026-11-26 07:40:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0012_station'
# 0010_tournament_end's revision id; the lead re-chains this after 0011 when merging.
down_revision: str | None = '0010'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        'change',
        sa.Column('station', sa.String(length=100), nullable=False, server_default=''),
    )


def downgrade() -> None:
    with op.batch_alter_table('change', schema=None) as batch_op:
        batch_op.drop_column('station')
