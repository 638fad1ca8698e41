"""Money and chips in 64-bit columns; the player's state checked by the database

Every money column (cents) and chip count becomes BIGINT on PostgreSQL, whose INTEGER stops at
2^31 - 1 ($21,474,836.47). SQLite's INTEGER already holds 64 bits, so its tables are not rebuilt
(a rebuild of `registration` or `ledger_row` would drop the ledger's triggers and, with foreign
keys on inside the migration's transaction, cascade-delete the seats).

A registration's status is one of five values (a CHECK constraint on PostgreSQL, triggers on
SQLite, where adding a CHECK needs a table rebuild); rows with any other value are first derived
again from what the row says (bought in or not, out or not). The ledger refuses an entry that the
player's state does not allow: a buy-in for a player already in, a re-entry for a player not out, a
rebuy for a player not out (unless the rules sell rebuys at or below a stack), anything for a
withdrawn registration. On PostgreSQL the check locks the registration's row, so two stations
selling one rebuy at the same moment cannot both land.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 22:50:00.000000
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0006'
down_revision: str | None = '0005'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: (table, column, nullable) of every money or chip column.
BIG_COLUMNS = (
    *(('cashier_config', f'{kind}_{part}', False)
      for kind in ('buy_in', 'rebuy', 'add_on', 're_entry')
      for part in ('prize', 'fee', 'bounty')),
    ('cashier_config', 'rebuy_chips', False),
    ('cashier_config', 'rebuy_stack_threshold', False),
    ('cashier_config', 'add_on_chips', False),
    ('cashier_config', 're_entry_chips', False),
    ('cashier_config', 'rounding_unit', False),
    ('cashier_config', 'minimum_cash', False),
    ('cashier_config', 'guarantee', False),
    ('cashier_config', 'opening_float', False),
    ('ledger_row', 'amount', False),
    ('ledger_row', 'prize_part', True),
    ('ledger_row', 'fee_part', True),
    ('ledger_row', 'bounty_part', True),
    ('ledger_row', 'chips', True),
    ('elimination', 'chips_at_hand_start', False),
    ('elimination', 'bounty', False),
    ('drawer_count', 'counted', False),
    ('drawer_count', 'expected', False),
    ('deal', 'reserved', False),
    ('registration', 'bust_chips', True),
    ('tournament_setup', 'starting_stack', False),
)

STATUSES = ('pre-registered', 'checked-in', 'playing', 'busted', 'withdrawn')
STATUS_LIST = ", ".join(f"'{s}'" for s in STATUSES)
STATUS_CHECK = f"status IN ({STATUS_LIST})"
BAD_STATUS = "registration.status must be one of " + ", ".join(STATUSES)

#: What the ledger says when an entry does not fit the player's state (the service refuses first,
#: with the player's name; this is the last guard, for a bug or a SQL console).
REFUSED = {
    'buy-in': "ledger_row: a buy-in is only for a registered player who has not bought in",
    're-entry': "ledger_row: a re-entry is only for a busted player",
    'rebuy': "ledger_row: a rebuy is only for a busted player (or one in play when rebuys are "
             "sold at or below a stack)",
    'withdrawn': "ledger_row: no entry for a withdrawn registration",
}
ENTRY_KINDS = "'buy-in', 'rebuy', 'add-on', 're-entry'"


def _sqlite_status_triggers() -> None:
    for event in ("INSERT", "UPDATE OF status"):
        name = "registration_status_" + event.split()[0].lower()
        op.execute(
            f"CREATE TRIGGER {name} BEFORE {event} ON registration "
            f"WHEN NEW.status NOT IN ({STATUS_LIST}) "
            f"BEGIN SELECT RAISE(ABORT, '{BAD_STATUS}'); END"
        )


def _sqlite_entry_trigger() -> None:
    status = "(SELECT status FROM registration WHERE id = NEW.registration_id)"
    threshold = (
        "COALESCE((SELECT rebuy_stack_threshold FROM cashier_config "
        "WHERE tournament_id = NEW.tournament_id), 0)"
    )
    op.execute(
        "CREATE TRIGGER ledger_row_entry_state BEFORE INSERT ON ledger_row "
        f"WHEN NEW.kind IN ({ENTRY_KINDS}) AND NEW.registration_id IS NOT NULL BEGIN "
        f"SELECT RAISE(ABORT, '{REFUSED['withdrawn']}') WHERE {status} = 'withdrawn'; "
        f"SELECT RAISE(ABORT, '{REFUSED['buy-in']}') WHERE NEW.kind = 'buy-in' "
        f"AND {status} NOT IN ('pre-registered', 'checked-in'); "
        f"SELECT RAISE(ABORT, '{REFUSED['re-entry']}') WHERE NEW.kind = 're-entry' "
        f"AND {status} != 'busted'; "
        f"SELECT RAISE(ABORT, '{REFUSED['rebuy']}') WHERE NEW.kind = 'rebuy' "
        f"AND {status} != 'busted' AND NOT ({status} = 'playing' AND {threshold} > 0); "
        "END"
    )


def _postgresql_entry_trigger() -> None:
    op.execute(
        "CREATE FUNCTION ledger_row_entry_state() RETURNS trigger AS $$ "
        "DECLARE st text; threshold bigint; "
        "BEGIN "
        f"IF NEW.registration_id IS NULL OR NEW.kind NOT IN ({ENTRY_KINDS}) THEN RETURN NEW; "
        "END IF; "
        # FOR UPDATE: a second station's entry for the same player waits here for the first to
        # commit, then sees the state it left.
        "SELECT status INTO st FROM registration WHERE id = NEW.registration_id FOR UPDATE; "
        "SELECT rebuy_stack_threshold INTO threshold FROM cashier_config "
        "WHERE tournament_id = NEW.tournament_id; "
        f"IF st = 'withdrawn' THEN RAISE EXCEPTION '{REFUSED['withdrawn']}'; END IF; "
        "IF NEW.kind = 'buy-in' AND st NOT IN ('pre-registered', 'checked-in') THEN "
        f"RAISE EXCEPTION '{REFUSED['buy-in']}'; END IF; "
        "IF NEW.kind = 're-entry' AND st <> 'busted' THEN "
        f"RAISE EXCEPTION '{REFUSED['re-entry']}'; END IF; "
        "IF NEW.kind = 'rebuy' AND st <> 'busted' "
        "AND NOT (st = 'playing' AND COALESCE(threshold, 0) > 0) THEN "
        f"RAISE EXCEPTION '{REFUSED['rebuy']}'; END IF; "
        "RETURN NEW; "
        "END; $$ LANGUAGE plpgsql"
    )
    op.execute(
        "CREATE TRIGGER ledger_row_entry_state BEFORE INSERT ON ledger_row "
        "FOR EACH ROW EXECUTE FUNCTION ledger_row_entry_state()"
    )


def _derive_statuses() -> None:
    """Give every registration with an unknown status the one its row implies."""
    op.execute(
        "UPDATE registration SET status = CASE "
        "WHEN entries > 0 AND busted_at IS NOT NULL THEN 'busted' "
        "WHEN entries > 0 THEN 'playing' "
        "WHEN checked_in_at IS NOT NULL THEN 'checked-in' "
        "ELSE 'pre-registered' END "
        f"WHERE status IS NULL OR status NOT IN ({STATUS_LIST})"
    )


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    _derive_statuses()
    if dialect == "postgresql":
        for table, column, nullable in BIG_COLUMNS:
            op.alter_column(
                table, column, type_=sa.BigInteger(), existing_type=sa.Integer(),
                existing_nullable=nullable,
            )
        op.create_check_constraint("ck_registration_status", "registration", STATUS_CHECK)
        _postgresql_entry_trigger()
    elif dialect == "sqlite":
        _sqlite_status_triggers()
        _sqlite_entry_trigger()


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS ledger_row_entry_state ON ledger_row")
        op.execute("DROP FUNCTION IF EXISTS ledger_row_entry_state()")
        op.drop_constraint("ck_registration_status", "registration", type_="check")
        # Fails, leaving the database as it was, when an amount no longer fits 32 bits.
        for table, column, nullable in BIG_COLUMNS:
            op.alter_column(
                table, column, type_=sa.Integer(), existing_type=sa.BigInteger(),
                existing_nullable=nullable,
            )
    elif dialect == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS ledger_row_entry_state")
        op.execute("DROP TRIGGER IF EXISTS registration_status_insert")
        op.execute("DROP TRIGGER IF EXISTS registration_status_update")
