"""The stacks the cashier hands out, as checked against the chips owned

`tournament_setup.stacks_json` keeps the starting, rebuy and add-on stacks the structure
generator checked against the chips the host owns, so every receipt hands out those chips.
Empty for tournaments set up before: the cashier works the stacks out as it did.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-02 06:40:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0019'
down_revision: str | None = '0018'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('tournament_setup') as batch:
        batch.add_column(sa.Column('stacks_json', sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('tournament_setup') as batch:
        batch.drop_column('stacks_json')
