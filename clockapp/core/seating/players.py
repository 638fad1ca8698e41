"""Players in seating messages: the core knows players only by id.

Every message names them the same way ("player 7", "players 3 and 4"), so the service layer, which
knows the names, can put them in (`name_players`) before a message reaches the director.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

#: A player's id, as the persistence layer numbers them.
PlayerId = int

_PLAYER_REFERENCE = re.compile(r"\b[Pp]layers? (\d+(?:(?:, | and )\d+)*)\b")


def players_text(players: Iterable[PlayerId]) -> str:
    """Players as every core message names them.

    >>> players_text([7]), players_text([4, 3]), players_text([5, 3, 4])
    ('player 7', 'players 3 and 4', 'players 3, 4 and 5')
    """
    listed = [str(p) for p in sorted(players)]
    if len(listed) == 1:
        return f"player {listed[0]}"
    return "players " + ", ".join(listed[:-1]) + " and " + listed[-1]


def mentioned_players(text: str) -> tuple[PlayerId, ...]:
    """The player ids a core message names, in order of appearance.

    >>> mentioned_players("Seat 2 is taken by player 12; players 3 and 4 are fixed.")
    (12, 3, 4)
    """
    found: list[PlayerId] = []
    for match in _PLAYER_REFERENCE.finditer(text):
        found.extend(int(n) for n in re.findall(r"\d+", match.group(1)))
    return tuple(found)


def name_players(text: str, names: Mapping[PlayerId, str]) -> str:
    """A core message with each "player 7" replaced by the player's name.

    A reference is left as it is when a name is missing.

    >>> name_players("Table 1, seat 2 is taken by player 7.", {7: "Ann"})
    'Table 1, seat 2 is taken by Ann.'
    >>> name_players("Players 3 and 4 share the chip lead; player 9 left.", {3: "Bo", 4: "Cy"})
    'Bo and Cy share the chip lead; player 9 left.'
    """

    def named(match: re.Match[str]) -> str:
        ids = [int(n) for n in re.findall(r"\d+", match.group(1))]
        if not all(i in names for i in ids):
            return match.group(0)
        return re.sub(r"\d+", lambda m: names[int(m.group(0))], match.group(1))

    return _PLAYER_REFERENCE.sub(named, text)
