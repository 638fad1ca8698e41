"""Alembic environment: migrates the engine handed over by `clockapp.persistence.db.migrate`.

From the command line (to write a new migration):
    alembic -c clockapp/persistence/migrations/alembic.ini -x url=sqlite:///dev.db \
        revision --autogenerate -m "..." --rev-id 000N
"""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import clockapp.persistence.models  # noqa: F401  (registers every table on SQLModel.metadata)
from clockapp.persistence.db import make_engine

config = context.config
engine = config.attributes.get("engine")
if engine is None:
    engine = make_engine(context.get_x_argument(as_dictionary=True)["url"])

with engine.begin() as connection:
    context.configure(
        connection=connection,
        target_metadata=SQLModel.metadata,
        render_as_batch=True,  # SQLite cannot ALTER most things; batch mode copies the table
        compare_type=True,
    )
    context.run_migrations()
