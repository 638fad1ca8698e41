"""Persistence: SQLModel tables, the engine, sessions and Alembic migrations.

Only this package (and services, for sessions) talks to SQLModel/SQLAlchemy. Rows never leave a
service call: services convert them to frozen core types before returning.
"""
