"""What a user action changed, so each window refreshes only what it must (Anki's OpChanges)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


class Change(enum.IntFlag):
    """Flags for the parts of a tournament an action touched."""

    NONE = 0
    TOURNAMENT = enum.auto()  # name, settings, which tournament is open
    STRUCTURE = enum.auto()  # levels, breaks, templates
    CLOCK = enum.auto()  # running, paused, level, time
    CHIPS = enum.auto()  # chip set
    PLAYERS = enum.auto()  # the player database
    ENTRIES = enum.auto()  # registrations, buy-ins, rebuys, add-ons, busts
    LEDGER = enum.auto()  # money rows
    PAYOUTS = enum.auto()  # prize pool, payout table, deals
    SEATING = enum.auto()  # tables, seats, moves
    WALL = enum.auto()  # the moment shown over the clock (showdown, ruling, chip race...)
    REPORTS = enum.auto()  # table captains: reporting switches, tokens, reports waiting
    ALL = (
        TOURNAMENT
        | STRUCTURE
        | CLOCK
        | CHIPS
        | PLAYERS
        | ENTRIES
        | LEDGER
        | PAYOUTS
        | SEATING
        | WALL
        | REPORTS
    )


@dataclass(frozen=True)
class Changes:
    """The outcome of one committed action: which tournament, what changed, at which revision.

    The revision is the tournament's (`Revision.tournament`), or the app-wide one when
    `tournament_id` is None.

    >>> c = Changes(tournament_id=1, what=Change.CLOCK | Change.STRUCTURE, revision=7)
    >>> bool(c.what & Change.CLOCK), bool(c.what & Change.LEDGER)
    (True, False)
    """

    tournament_id: int | None
    what: Change
    revision: int

    def touches(self, flags: Change) -> bool:
        """True when any of `flags` changed."""
        return bool(self.what & flags)


@dataclass(frozen=True, order=True)
class Revision:
    """How far a station has read the change feed of one tournament.

    `tournament` is the tournament's own revision, `app` the revision of app-wide changes (the
    player database, templates, a restore). Both are bumped in the committing transaction under a
    row lock, so their order is the commit order.

    >>> Revision(3, 1) < Revision(4, 0)
    True
    """

    tournament: int = 0
    app: int = 0


@dataclass(frozen=True)
class Feed:
    """What a station finds when it reads the feed: everything merged, and where it is now.

    >>> Feed(Change.CLOCK, Revision(5, 2)).what
    <Change.CLOCK: 4>
    """

    what: Change
    revision: Revision


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """A service call's result: its value and what it changed."""

    value: T
    changes: Changes
