"""Mystery entries after the first draw, each draw's box, ticket ties, teammates standing in

`bounty_rules.late_entries` says what an entry sold after the first mystery envelope was drawn
does with its bounty share (one more envelope, or the prize pool) and `bounty_rules.sealed_row`
the last ledger row when the box was sealed; `mystery_draw.box_json` the envelopes in the box at
each draw, so a box that grew or was changed after a draw still replays. `bounty_rules.ticket_tie`
and `ticket_seed` are the host's rule for players tied over a ticket place (its value shared in
cash, as before, or a draw with the seed kept). `stand_in` records a teammate standing in for a
player who left, with the time.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-02 05:30:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from clockapp.persistence.types import BigInt, UTCDateTime

revision: str = '0018'
down_revision: str | None = '0017'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('bounty_rules') as batch:
        batch.add_column(
            sa.Column(
                'late_entries', sa.String(length=20), nullable=False, server_default='envelopes'
            )
        )
        batch.add_column(sa.Column('sealed_row', sa.Integer(), nullable=True))
        batch.add_column(
            sa.Column('ticket_tie', sa.String(length=20), nullable=False, server_default='cash')
        )
        batch.add_column(sa.Column('ticket_seed', BigInt, nullable=False, server_default='0'))
    with op.batch_alter_table('mystery_draw') as batch:
        batch.add_column(sa.Column('box_json', sa.Text(), nullable=True))


    op.create_table(
        'stand_in',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('registration_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('created_at', UTCDateTime(timezone=True), nullable=False),
        sa.Column('station', sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(['player_id'], ['player.id']),
        sa.ForeignKeyConstraint(['registration_id'], ['registration.id']),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_stand_in_tournament_id'), 'stand_in', ['tournament_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_stand_in_tournament_id'), table_name='stand_in')
    op.drop_table('stand_in')
    with op.batch_alter_table('mystery_draw') as batch:
        batch.drop_column('box_json')
    with op.batch_alter_table('bounty_rules') as batch:
        batch.drop_column('ticket_seed')
        batch.drop_column('ticket_tie')
        batch.drop_column('sealed_row')
        batch.drop_column('late_entries')
