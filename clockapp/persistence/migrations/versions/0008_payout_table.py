"""The published payout table a tournament's preset follows

The preset payouts follow a published table the host picks (BARGE's home-game schedule by
default) instead of clockapp's own curve. Tournaments that exist before this revision keep the
curve they were paying with (the column's value for existing rows), so no table changes under a
tournament in progress; new tournaments get the model's default, the home-game table.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26 05:00:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0008'
down_revision: str | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        'cashier_config',
        sa.Column(
            'payout_table',
            sqlmodel.sql.sqltypes.AutoString(length=40),
            nullable=False,
            server_default='clockapp-curve',
        ),
    )


def downgrade() -> None:
    # ALTER TABLE DROP COLUMN in place (SQLite 3.35+ and PostgreSQL): a batch rebuild of
    # cashier_config would trip the ledger triggers of migration 0006 that name the table.
    op.execute('ALTER TABLE cashier_config DROP COLUMN payout_table')
