"""The player values: the details a director types, a player as read, an import's report, the
errors, and `fold` (names compared as a reader does)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, fields
from datetime import datetime

from clockapp.core.text import LABEL_MAX, NAME_MAX, NOTES_MAX, clean_text
from clockapp.errors import DomainError, ValidationError
from clockapp.i18n import gettext as _

#: Each field as its messages name it, and its length limit.
_FIELDS = {
    "name": ("Player name", NAME_MAX),
    "nickname": ("Player nickname", LABEL_MAX),
    "phone": ("Player phone", 50),
    "email": ("Player e-mail", 200),
    "team": ("Team name", NAME_MAX),
    "notes": ("Player notes", NOTES_MAX),
}


class PlayerError(DomainError):
    """A player operation that cannot be done (unknown player, merge conflict, bad CSV)."""


class DuplicateNameError(PlayerError):
    """A new player would share a name with a player already in the database.

    Attributes:
        namesakes: The live players of that name, oldest first.
    """

    def __init__(self, name: str, namesakes: tuple[PlayerInfo, ...]) -> None:
        first = namesakes[0]
        super().__init__(
            _(
                "There is already a player called {name} (#{id}): use that "
                "player, or add the new one with a note that tells them "
                "apart, such as '{new_name} (blue hat)'."
            ).format(name=first.name, id=first.id, new_name=name)
        )
        self.namesakes = namesakes


def fold(text: str) -> str:
    """Text folded for searching: lower case, accents removed, spaces collapsed.

    >>> fold("  Zoé   O'NEILL ")
    "zoe o'neill"
    """
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.casefold().split())


@dataclass(frozen=True)
class PlayerDetails:
    """What the director types about a player; only the name is required.

    >>> PlayerDetails("  Ann   Lee ").name
    'Ann Lee'
    >>> PlayerDetails("")
    Traceback (most recent call last):
    ...
    clockapp.errors.ValidationError: A player needs a name.
    """

    name: str
    nickname: str = ""
    phone: str = ""
    email: str = ""
    team: str = ""
    notes: str = ""

    def __post_init__(self) -> None:
        for item in fields(self):
            what, limit = _FIELDS[item.name]
            cleaned = clean_text(getattr(self, item.name), what, limit, lines=item.name == "notes")
            object.__setattr__(self, item.name, cleaned)
        if not self.name:
            raise ValidationError(_("A player needs a name."))
        if self.email and ("@" not in self.email or " " in self.email):
            raise ValidationError(
                _("Player e-mail {email!r} is not an e-mail address.").format(email=self.email)
            )


@dataclass(frozen=True)
class PlayerInfo:
    """A player as the UI sees it."""

    id: int
    name: str
    nickname: str
    phone: str
    email: str
    team: str
    notes: str
    created_at: datetime
    merged_into_id: int | None = None

    @property
    def display_name(self) -> str:
        """'Ann Lee "Ace"' when a nickname is set, else the name."""
        return f'{self.name} "{self.nickname}"' if self.nickname else self.name

    @property
    def details(self) -> PlayerDetails:
        """The editable fields."""
        return PlayerDetails(
            self.name, self.nickname, self.phone, self.email, self.team, self.notes
        )


@dataclass(frozen=True)
class ImportReport:
    """What a CSV import did."""

    created: int
    already_there: int
    players: tuple[PlayerInfo, ...]  # every player named in the file, in file order
