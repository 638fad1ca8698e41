"""App-wide settings: one text value per key (`AppSetting`)."""

from __future__ import annotations

from sqlmodel import Session

from clockapp.persistence.models import AppSetting
from clockapp.persistence.upsert import get_or_create


def get(session: Session, key: str) -> str | None:
    """The value stored under `key`, or None."""
    setting = session.get(AppSetting, key)
    return None if setting is None else setting.value


def put(session: Session, key: str, value: str) -> None:
    """Store `value` under `key`; race-free when two stations write the first value at once."""
    setting = get_or_create(session, AppSetting(key=key, value=value))
    setting.value = value
    session.add(setting)


def get_locked(session: Session, key: str) -> str | None:
    """`get`, holding the setting's row until the transaction ends (SELECT ... FOR UPDATE on
    PostgreSQL; SQLite's write transaction already holds the whole database)."""
    setting = session.get(AppSetting, key, with_for_update=True)
    return None if setting is None else setting.value
