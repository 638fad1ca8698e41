"""The display PIN's throttle, kept in the database

The count of wrong PINs in a row and the end of the wait they earned lived in the display's
memory: restarting the display started the count again, and two displays counted apart. One row
(id 1) now holds it for every station on the database, written in the same transaction that
reads it.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02 00:30:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from clockapp.persistence.types import UTCDateTime

revision: str = '0017'
down_revision: str | None = '0016'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'pin_throttle',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('failures', sa.Integer(), nullable=False),
        sa.Column('wait_until', UTCDateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    # The one row exists from the start: a try locks it (no two stations insert it at once).
    op.execute('INSERT INTO pin_throttle (id, failures) VALUES (1, 0)')


def downgrade() -> None:
    op.drop_table('pin_throttle')
