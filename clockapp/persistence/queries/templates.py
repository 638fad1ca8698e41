"""Structure templates saved by name for later tournaments."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from clockapp.persistence.models import TemplateRow
from clockapp.persistence.upsert import insert_or_ignore


def by_name(session: Session) -> Sequence[TemplateRow]:
    """Every template, by name."""
    return session.exec(select(TemplateRow).order_by(col(TemplateRow.name))).all()


def get(session: Session, template_id: int) -> TemplateRow | None:
    """One template, or None."""
    return session.get(TemplateRow, template_id)


def save(session: Session, row: TemplateRow) -> tuple[TemplateRow, bool]:
    """Insert `row` unless its name is taken; the stored row, and whether it was inserted.

    The database decides between two stations saving the same name at once.
    """
    inserted = insert_or_ignore(session, row, unique=("name",))
    stored = session.exec(select(TemplateRow).where(TemplateRow.name == row.name)).one()
    return stored, inserted


def delete(session: Session, row: TemplateRow) -> None:
    """Forget a template."""
    session.delete(row)
