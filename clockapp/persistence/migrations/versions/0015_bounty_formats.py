"""Bounty formats and tickets: progressive and mystery bounties, split knockouts, ticket prizes

`bounty_rules` holds a tournament's format (no row: plain knockouts, as before), the mystery
stage, seed and envelopes, and where the cash left over by ticket places goes;
`knockout_credit` the players credited with a bust (several for a split pot) and the stack each
played with; `mystery_draw` every envelope drawn; `prize_ticket` the places paid with a ticket.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-26 07:30:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from clockapp.persistence.types import BigInt, UTCDateTime

revision: str = '0015'
down_revision: str | None = '0014'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'bounty_rules',
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('format', sa.String(length=20), nullable=False),
        sa.Column('stage_level', sa.Integer(), nullable=True),
        sa.Column('stage_players', sa.Integer(), nullable=True),
        sa.Column('seed', BigInt, nullable=False),
        sa.Column('envelopes_json', sa.Text(), nullable=False),
        sa.Column('ticket_leftover', sa.String(length=20), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id']),
        sa.PrimaryKeyConstraint('tournament_id'),
    )
    op.create_table(
        'knockout_credit',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('elimination_id', sa.Integer(), nullable=False),
        sa.Column('registration_id', sa.Integer(), nullable=False),
        sa.Column('stack_row', sa.Integer(), nullable=True),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['elimination_id'], ['elimination.id']),
        sa.ForeignKeyConstraint(['registration_id'], ['registration.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('elimination_id', 'registration_id'),
    )
    op.create_index(
        op.f('ix_knockout_credit_elimination_id'), 'knockout_credit', ['elimination_id']
    )
    op.create_table(
        'mystery_draw',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('elimination_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('envelope', sa.Integer(), nullable=False),
        sa.Column('amount', BigInt, nullable=False),
        sa.Column('created_at', UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['elimination_id'], ['elimination.id']),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('elimination_id'),
        sa.UniqueConstraint('tournament_id', 'number'),
    )
    op.create_index(op.f('ix_mystery_draw_tournament_id'), 'mystery_draw', ['tournament_id'])
    op.create_table(
        'prize_ticket',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('place', sa.Integer(), nullable=False),
        sa.Column('value', BigInt, nullable=False),
        sa.Column('description', sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('tournament_id', 'place'),
    )
    op.create_index(op.f('ix_prize_ticket_tournament_id'), 'prize_ticket', ['tournament_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_prize_ticket_tournament_id'), table_name='prize_ticket')
    op.drop_table('prize_ticket')
    op.drop_index(op.f('ix_mystery_draw_tournament_id'), table_name='mystery_draw')
    op.drop_table('mystery_draw')
    op.drop_index(op.f('ix_knockout_credit_elimination_id'), table_name='knockout_credit')
    op.drop_table('knockout_credit')
    op.drop_table('bounty_rules')
