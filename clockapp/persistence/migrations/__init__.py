"""Alembic migrations, run by `clockapp.persistence.db.migrate` when the app starts."""
