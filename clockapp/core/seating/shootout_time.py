"""Shootout time limits: a table's time is up, its chip leaders go on, the others go out.

Each round has its own limit (`Shootout.limit_of`), counted from the round's draw; a time-out
before it is refused. Every table of a round reaches the limit at the same moment, so the players
out at the time limit in one round rank together by chips, whichever table is entered first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import timedelta

from clockapp.core.seating import PlayerId, players_text
from clockapp.core.seating.hand_for_hand import rank_busts
from clockapp.core.seating.room import is_int
from clockapp.core.seating.shootout_state import ExitCause, Shootout, ShootoutError, with_exits
from clockapp.i18n import gettext as _


def shootout_time_limit(
    shootout: Shootout,
    table: int,
    chips: Mapping[PlayerId, int],
    *,
    elapsed: timedelta | None = None,
) -> Shootout:
    """A table's time is up: its chip leader wins it and the others go out by chip count.

    Every table of a round reaches the round's limit at the same moment, so the players out at
    the time limit in one round are ranked together by chips, whichever table's counts were
    entered first: their places sit where the round's first time-out was recorded, and equal
    counts at different tables share a place (see `shootout_places`).

    Args:
        shootout: The shootout.
        table: The table whose time is up.
        chips: The chip count of every player still at the table.
        elapsed: How long the round has been playing; a time-out before the round's limit is
            refused (None: the caller has checked the time).

    Raises:
        ShootoutError: The round has no time limit (or it is not up yet), the table is not
            playing, the counts do not cover exactly the players at the table, or two players
            share the chip lead.

    >>> import random
    >>> from clockapp.core.seating import Table
    >>> from clockapp.core.seating.shootout import shootout_places, start_shootout
    >>> s = start_shootout([1, 2, 3], [Table(1, seat_count=3)], random.Random(1),
    ...                    time_limit_minutes=60)
    >>> s = shootout_time_limit(s, 1, {1: 5000, 2: 2000, 3: 2000})
    >>> s.champion, [(p.place, p.player) for p in shootout_places(s)]
    (1, [(1, 1), (2, 2), (2, 3)])
    """
    current = shootout.current
    limit = shootout.limit_of()
    if limit is None:
        if shootout.time_limit_minutes is None and not shootout.round_limits:
            raise ShootoutError(_("This shootout has no time limit: tables play to one winner."))
        what = "The final table" if current.is_final else f"Round {current.number}"
        raise ShootoutError(
            _("{what} has no time limit: it plays to one winner.").format(what=what)
        )
    if elapsed is not None and elapsed < timedelta(minutes=limit):
        played = int(elapsed.total_seconds() // 60)
        left = timedelta(minutes=limit) - elapsed
        raise ShootoutError(
            _(
                "Time is not up at table {table}: {played} of round {number}'s {limit} "
                "minutes played, {minutes_text} left."
            ).format(
                table=table,
                played=played,
                number=current.number,
                limit=limit,
                minutes_text=_minutes_text(left),
            )
        )
    if not current.seating.has_table(table):
        raise ShootoutError(
            _("Table {table} is not playing in round {number}.").format(
                table=table, number=current.number
            )
        )
    if table in current.winners:
        raise ShootoutError(_("Table {table} already has its winner.").format(table=table))
    at_table = set(current.remaining(table))
    if set(chips) != at_table:
        missing = sorted(at_table - set(chips))
        extra = sorted(set(chips) - at_table)
        if missing and extra:
            text = _(
                "Chip counts for table {table} must cover exactly its players; missing "
                "{missing}; not at the table: {extra}."
            )
        elif missing:
            text = _(
                "Chip counts for table {table} must cover exactly its players; missing {missing}."
            )
        else:
            text = _(
                "Chip counts for table {table} must cover exactly its players; not at the table: "
                "{extra}."
            )
        raise ShootoutError(
            text.format(
                table=table,
                missing=players_text(missing) if missing else "",
                extra=players_text(extra) if extra else "",
            )
        )
    for player, count in chips.items():
        if not is_int(count) or count < 1:
            raise ShootoutError(
                _("Player {player} has {count!r} chips; a player still in has 1+.").format(
                    player=player, count=count
                )
            )
    ranked = rank_busts(chips)
    going = shootout.advance_of()
    if going >= len(at_table):
        raise ShootoutError(
            _("Table {table} already has no more than {going} players: all go on.").format(
                table=table, going=going
            )
        )
    kept = 0
    cut = 0
    while kept < going:
        kept += len(ranked[cut])
        cut += 1
    if kept > going:
        tied = players_text(ranked[cut - 1]).capitalize()
        what = "the chip lead" if going == 1 else f"the last place through ({going} go on)"
        raise ShootoutError(
            _(
                "{tied} share {what} at table {table} ({chips}): play on until one of them leads."
            ).format(tied=tied, what=what, table=table, chips=chips[ranked[cut - 1][0]])
        )
    leaders = [p for group in ranked[:cut] for p in group]
    return _time_outs(shootout, table, ranked[cut:][::-1], chips, leaders)


def _minutes_text(left: timedelta) -> str:
    seconds = max(0, int(left.total_seconds()))
    return f"{seconds // 60}:{seconds % 60:02d}"


def _time_outs(
    shootout: Shootout,
    table: int,
    groups: Sequence[tuple[PlayerId, ...]],
    chips: Mapping[PlayerId, int],
    leaders: Sequence[PlayerId],
) -> Shootout:
    """Record a table's time-out, ranked with the round's earlier time-outs by chips."""
    after = with_exits(shootout, table, groups, ExitCause.TIME_LIMIT, leaders)
    number = shootout.current.number
    kept = after.exits[: len(shootout.exits)]
    new = [replace(e, chips=chips[e.players[0]]) for e in after.exits[len(kept) :]]
    earlier = [e for e in kept if e.round == number and e.cause is ExitCause.TIME_LIMIT]
    if not earlier:
        return replace(after, exits=(*kept, *new))
    at = kept.index(earlier[0])
    rest = [e for e in kept if e not in earlier]
    # Worst first: fewest chips; equal chips at different tables stay side by side.
    merged = sorted([*earlier, *new], key=lambda e: (e.chips or 0, e.table))
    return replace(after, exits=(*rest[:at], *merged, *rest[at:]))
