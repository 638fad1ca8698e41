"""A shootout follows the cashier: a player busted at the cashier leaves his shootout table too.

The cashier's busts are the record of who is out (and they give the places and prizes);
the shootout keeps who sits at which table and who won it. Whenever the room is read, players of
the current round who are no longer in play at the cashier are put out of the shootout, in the
order the cashier recorded them: players out on the same cashier hand at one table go out
together, ranked by the chips they started the hand with (as `shootout_hand_busts` does). A
seating write stores the result; until then an undone bust at the cashier simply puts the player
back.

What the shootout cannot follow is said in `Followed.notes` (a table winner busted at the cashier,
a whole table busted on one hand, a player put back in play at the cashier after the shootout
stored him out).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from clockapp.core.seating.shootout import shootout_bust, shootout_hand_busts
from clockapp.core.seating.shootout_state import Shootout, ShootoutError
from clockapp.persistence.queries import seating as seating_rows
from clockapp.persistence.session import Session


@dataclass(frozen=True)
class Followed:
    """The shootout after following the cashier (the same object when nothing changed)."""

    shootout: Shootout
    notes: tuple[str, ...] = ()


def _group_exits(
    shootout: Shootout, gone: list[int], recorded: Mapping[int, tuple[int | None, int | None]]
) -> tuple[list[tuple[int, list[int]]], list[int]]:
    """The players out at the cashier grouped by (cashier hand, table), in the cashier's order;
    and the table winners among them (who cannot go out of a table they won)."""
    current = shootout.current
    groups: dict[tuple[int, int, int], list[int]] = {}
    winners = []
    for player in gone:
        seat = current.seating.seat_of(player)
        assert seat is not None
        if current.is_done(seat.table):
            winners.append(player)
            continue
        hand, _chips = recorded.get(player, (None, None))
        # A player out with no recorded hand (withdrawn) goes alone, after the recorded ones.
        key = (1, player, seat.table) if hand is None else (0, hand, seat.table)
        groups.setdefault(key, []).append(player)
    return [(key[2], groups[key]) for key in sorted(groups)], winners


def follow_cashier(
    session: Session,
    shootout: Shootout,
    in_play: Mapping[int, int],
    name: Callable[[int], str],
) -> Followed:
    """Put out of the shootout the players of its current round the cashier has out.

    Args:
        session: The open session (reads the registrations of the players gone).
        shootout: The shootout as stored.
        in_play: The registrations in play at the cashier (id -> entries).
        name: A player's name, for the notes.
    """
    if shootout.champion is not None:
        return Followed(shootout)
    current = shootout.current
    notes: list[str] = []
    out_before = {p for e in shootout.exits for p in e.players}
    back = sorted(p for p in in_play if p in out_before)
    for player in back:
        notes.append(
            f"{name(player)} is back in play at the cashier but already out of the shootout: "
            "record the bust again at the cashier, or seat the player by hand."
        )
    gone = sorted(p for p in current.seating.players if p not in in_play)
    if not gone:
        return Followed(shootout, tuple(notes))
    recorded = seating_rows.bust_records(session, gone)
    groups, winners = _group_exits(shootout, gone, recorded)
    for player in winners:
        seat = current.seating.seat_of(player)
        assert seat is not None
        notes.append(
            f"{name(player)} won table {seat.table} but is out at the cashier: undo that bust, "
            "or the next round cannot be drawn."
        )
    followed = shootout
    for table, players in groups:
        try:
            if len(players) == 1:
                followed = shootout_bust(followed, players[0])
            else:
                chips = {p: recorded[p][1] or 1 for p in players}
                followed = shootout_hand_busts(followed, chips)
        except ShootoutError as error:
            who = " and ".join(name(p) for p in players)
            notes.append(f"{who}, out at the cashier, still play at table {table}: {error}")
    return Followed(followed, tuple(notes))
