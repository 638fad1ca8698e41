"""The end of a tournament and the director's word on registration

`finished_at` is set in the transaction that leaves one player (or records a deal that ends the
event) and cleared when that is undone; `registration` holds the director's choice (auto,
closed, open). SQLite adds the columns in place (ALTER TABLE ADD COLUMN).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26 05:00:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from clockapp.persistence.types import UTCDateTime

revision: str = '0010'
down_revision: str | None = '0009'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('tournament', sa.Column('finished_at', UTCDateTime(timezone=True), nullable=True))
    op.add_column(
        'tournament',
        sa.Column(
            'registration', sa.String(length=20), nullable=False, server_default='auto'
        ),
    )


def downgrade() -> None:
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('registration')
        batch_op.drop_column('finished_at')
