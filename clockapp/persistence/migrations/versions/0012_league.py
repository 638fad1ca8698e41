"""Leagues and the team event

A league groups tournaments into a season with a points formula and tie-breaks
(`league`, `league_tournament`); a tournament run as a team event keeps its formula and the
worst beat's winner (`team_event`), and who came to it (`attendance`: helpers and spectators
checking in and out, a player's longest time away). New tables only: nothing existing changes.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-26 07:30:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

from clockapp.persistence.types import UTCDateTime

revision: str = '0012'
down_revision: str | None = '0011'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'league',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column('formula', sa.Text(), nullable=False),
        sa.Column('tie_breaks', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column('created_at', UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('name'),
    )
    op.create_table(
        'league_tournament',
        sa.Column('league_id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['league_id'], ['league.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('league_id', 'tournament_id'),
    )
    op.create_index(
        op.f('ix_league_tournament_tournament_id'), 'league_tournament', ['tournament_id']
    )
    op.create_table(
        'team_event',
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('formula', sa.Text(), nullable=False),
        sa.Column('worst_beat_id', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['worst_beat_id'], ['registration.id']),
        sa.PrimaryKeyConstraint('tournament_id'),
    )
    op.create_table(
        'attendance',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.Integer(), nullable=False),
        sa.Column('registration_id', sa.Integer(), nullable=True),
        sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column('team', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column('role', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column('checked_in_at', UTCDateTime(timezone=True), nullable=True),
        sa.Column('checked_out_at', UTCDateTime(timezone=True), nullable=True),
        sa.Column('away_minutes', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['registration_id'], ['registration.id']),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('registration_id'),
    )
    op.create_index(op.f('ix_attendance_tournament_id'), 'attendance', ['tournament_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_attendance_tournament_id'), table_name='attendance')
    op.drop_table('attendance')
    op.drop_table('team_event')
    op.drop_index(op.f('ix_league_tournament_tournament_id'), table_name='league_tournament')
    op.drop_table('league_tournament')
    op.drop_table('league')
