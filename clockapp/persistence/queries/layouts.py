"""A tournament's wall layouts and screen sets, by name, and the choice each screen made."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from clockapp.persistence.models import ScreenSetRow, WallLayoutRow, WallScreenRow

#: The two tables of named wall texts: layouts and screen sets.
Named = WallLayoutRow | ScreenSetRow


def layouts(session: Session, tournament_id: int) -> Sequence[WallLayoutRow]:
    """The tournament's layouts, oldest first."""
    return session.exec(
        select(WallLayoutRow)
        .where(col(WallLayoutRow.tournament_id) == tournament_id)
        .order_by(col(WallLayoutRow.id))
    ).all()


def screen_sets(session: Session, tournament_id: int) -> Sequence[ScreenSetRow]:
    """The tournament's screen sets, oldest first."""
    return session.exec(
        select(ScreenSetRow)
        .where(col(ScreenSetRow.tournament_id) == tournament_id)
        .order_by(col(ScreenSetRow.id))
    ).all()


def find(rows: Sequence[Named], name: str) -> Named | None:
    """The row among `rows` whose name is `name`, whatever the letters' case."""
    wanted = name.casefold()
    return next((row for row in rows if row.name.casefold() == wanted), None)


def screens(session: Session, tournament_id: int) -> Sequence[WallScreenRow]:
    """What each screen of the tournament shows, by the screen's name."""
    return session.exec(
        select(WallScreenRow)
        .where(col(WallScreenRow.tournament_id) == tournament_id)
        .order_by(col(WallScreenRow.screen))
    ).all()


def screen(session: Session, tournament_id: int, name: str) -> WallScreenRow | None:
    """The choice of one screen, or None when it shows the default."""
    return session.exec(
        select(WallScreenRow).where(
            col(WallScreenRow.tournament_id) == tournament_id, col(WallScreenRow.screen) == name
        )
    ).first()
