"""A revision per tournament, in commit order, for the change feed

Stations read "what changed after revision N of tournament T". The change log was read by row id,
but PostgreSQL hands out sequence values when a transaction inserts, not when it commits, so a
station that had seen id 58 never saw a row 57 committed after it. Each tournament now carries a
`revision` bumped inside every action's transaction (the row stays locked until the commit, so the
numbers follow the commit order); app-wide changes (players, templates, a restore) are numbered by
the one row of `app_revision`. Existing change rows are numbered in id order within their scope.
A ledger row is voided at most once (a partial unique index backs the cashier's check).

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-26 07:30:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0016'
down_revision: str | None = '0015'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        'tournament', sa.Column('revision', sa.Integer(), nullable=False, server_default='0')
    )
    op.add_column(
        'change', sa.Column('revision', sa.Integer(), nullable=False, server_default='0')
    )
    op.create_table(
        'app_revision',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('revision', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    # Number the existing rows 1, 2, ... in id order within each tournament (and the app-wide ones).
    op.execute(
        'UPDATE "change" SET revision = numbered.n FROM ('
        ' SELECT id, ROW_NUMBER() OVER (PARTITION BY tournament_id ORDER BY id) AS n'
        ' FROM "change") AS numbered WHERE "change".id = numbered.id'
    )
    op.execute(
        'UPDATE tournament SET revision = COALESCE('
        '(SELECT MAX(c.revision) FROM "change" c WHERE c.tournament_id = tournament.id), 0)'
    )
    op.execute(
        'INSERT INTO app_revision (id, revision) SELECT 1, COALESCE(MAX(revision), 0)'
        ' FROM "change" WHERE tournament_id IS NULL'
    )
    op.create_index(
        'uq_change_tournament_revision', 'change', ['tournament_id', 'revision'], unique=True
    )
    op.create_index(
        'uq_change_app_revision',
        'change',
        ['revision'],
        unique=True,
        sqlite_where=sa.text('tournament_id IS NULL'),
        postgresql_where=sa.text('tournament_id IS NULL'),
    )
    # A ledger row is voided at most once: two stations undoing one sale cannot both land.
    op.create_index(
        'ux_ledger_row_one_void',
        'ledger_row',
        ['target_id'],
        unique=True,
        sqlite_where=sa.text("kind = 'void'"),
        postgresql_where=sa.text("kind = 'void'"),
    )


def downgrade() -> None:
    op.drop_index('ux_ledger_row_one_void', table_name='ledger_row')
    op.drop_index('uq_change_app_revision', table_name='change')
    op.drop_index('uq_change_tournament_revision', table_name='change')
    op.drop_table('app_revision')
    with op.batch_alter_table('change', schema=None) as batch_op:
        batch_op.drop_column('revision')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('revision')
