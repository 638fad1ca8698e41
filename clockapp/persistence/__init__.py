"""Persistence: SQLModel tables, the engine, sessions and Alembic migrations.

Only this package talks to SQLModel/SQLAlchemy: `session` opens the unit of work and `queries`
holds the statements, one module per aggregate, that services compose (the cashier, till and
seating services still hold their own, pending; see the SQL contract in pyproject.toml). Rows never
leave a service call: services convert them to frozen core types before returning.
"""
