"""Player rows inside a transaction: read, written, found by name, ranked for search-as-you-type."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from clockapp.i18n import gettext as _
from clockapp.persistence.models import PlayerRow
from clockapp.persistence.queries import players as player_rows
from clockapp.persistence.queries.players import PlayerRecord
from clockapp.persistence.session import Session
from clockapp.services.players.values import PlayerDetails, PlayerError, PlayerInfo, fold


def player_info(row: PlayerRecord) -> PlayerInfo:
    """The frozen view of a player row."""
    assert row.id is not None
    return PlayerInfo(
        id=row.id,
        name=row.name,
        nickname=row.nickname,
        phone=row.phone,
        email=row.email,
        team=row.team,
        notes=row.notes,
        created_at=row.created_at,
        merged_into_id=row.merged_into_id,
    )


def apply_details(row: PlayerRow, details: PlayerDetails) -> None:
    """Copy the details onto a player row (and its folded search text)."""
    row.name = details.name
    row.nickname = details.nickname
    row.phone = details.phone
    row.email = details.email
    row.team = details.team
    row.notes = details.notes
    row.search_text = search_text(details)


def search_text(details: PlayerDetails) -> str:
    """What the search looks in: the name and nickname folded (`fold`), 'name | nickname'."""
    return f"{fold(details.name)} | {fold(details.nickname)}"


def get_player(session: Session, player_id: int) -> PlayerRow:
    """A player row, or a clear error."""
    row = player_rows.get(session, player_id)
    if row is None:
        raise PlayerError(_("Player #{player_id} does not exist.").format(player_id=player_id))
    return row


def live_player(session: Session, player_id: int) -> PlayerRow:
    """A player row that was not merged away (a merged one leads to the player it became)."""
    row = get_player(session, player_id)
    seen = {player_id}
    while row.merged_into_id is not None:
        if row.merged_into_id in seen:  # pragma: no cover - merge refuses cycles
            raise PlayerError(
                _("Player #{player_id} is merged in a loop.").format(player_id=player_id)
            )
        seen.add(row.merged_into_id)
        row = get_player(session, row.merged_into_id)
    return row


def add_player(session: Session, details: PlayerDetails, now: datetime) -> PlayerRow:
    """Insert a player inside the caller's transaction."""
    row = PlayerRow(name=details.name, created_at=now)
    apply_details(row, details)
    return player_rows.add(session, row)


def find_by_name(session: Session, name: str) -> PlayerRow | None:
    """The oldest live player whose folded name equals `name`'s (for imports), or None."""
    rows = same_name(session, name)
    return rows[0] if rows else None


def same_name(session: Session, name: str) -> Sequence[PlayerRow]:
    """Live players whose name is `name` to a reader: case, accents and spacing aside."""
    return player_rows.live_with_search_prefix(session, f"{fold(name)} |")


def search_rank(row: PlayerRow, term: str) -> tuple[int, str, int]:
    name, _sep, nickname = row.search_text.partition(" | ")
    words = f"{name} {nickname}".split()
    if name.startswith(term) or nickname.startswith(term):
        score = 0
    elif any(word.startswith(term) for word in words):
        score = 1
    else:
        score = 2
    assert row.id is not None
    return (score, name, row.id)
