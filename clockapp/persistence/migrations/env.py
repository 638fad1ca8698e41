"""Alembic environment: migrates the engine handed over by `clockapp.persistence.db.migrate`.

Every pending migration runs in one transaction (`migration_transaction`): a crash or an error
leaves the database exactly as it was, never half upgraded.

From the command line (to write a new migration):
    alembic -c clockapp/persistence/migrations/alembic.ini -x url=sqlite:///dev.db \
        revision --autogenerate -m "..." --rev-id 000N
"""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import clockapp.persistence.models  # noqa: F401  (registers every table on SQLModel.metadata)
from clockapp.persistence.db import make_engine, migration_transaction

config = context.config
engine = config.attributes.get("engine")
if engine is None:
    engine = make_engine(context.get_x_argument(as_dictionary=True)["url"])

with migration_transaction(engine) as connection:
    context.configure(
        connection=connection,
        target_metadata=SQLModel.metadata,
        render_as_batch=True,  # SQLite cannot ALTER most things; batch mode copies the table
        compare_type=True,
    )
    context.run_migrations()
