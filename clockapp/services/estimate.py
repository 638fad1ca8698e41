"""The estimated end of the night, read from the structure, the clock and the busts so far.

`estimate` reads where the clock is in the structure (the play minutes so far), the busts that
put a player out (an undone bust, and one followed by a rebuy or re-entry, are left out) and the
field (players left, chips in play, players to the money), and asks `clockapp.core.estimate`
when the bubble and the end are likely; the minutes become times of day from the injected clock.
`show` puts it on the wall (one action). A bust's play minute is taken as its age before now
(the clock assumed running since).

The simulation is the costly part, and the windows ask for the estimate after every entry, every
clock change and every minute. `EstimateService` keeps the last few answers keyed by exactly what
the simulation is given, so it runs again only when one of those changed. To let the key hold
still within a minute, the simulation starts from the whole play minute the clock is in (it steps
by whole minutes anyway) and busts are placed to the second; the answer is then read from the
moment that minute began, so the times come out the same whenever in the minute it is asked.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta

from clockapp.core.clock import view
from clockapp.core.estimate import EndEstimate, Range, estimate_end
from clockapp.core.money.field import busts_out
from clockapp.core.structure import Structure
from clockapp.core.wall import ESTIMATE
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.persistence.session import Session
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import load_till
from clockapp.services.changes import Change, Outcome
from clockapp.services.clock import tournament_stats
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.ending import is_finished
from clockapp.services.setup import load_clock, load_structure, lock_row, setup_row
from clockapp.services.wall import put_moment


@dataclass(frozen=True)
class TimeRange:
    """Likely between `low` and `high` (80%), most likely at `likely` (aware UTC)."""

    low: datetime
    likely: datetime
    high: datetime


@dataclass(frozen=True)
class NightEstimate:
    """When the bubble (None: in the money, or no payouts set) and the end are likely."""

    bubble: TimeRange | None
    end: TimeRange
    source: str  # "prior" or "fit"
    busts: int
    players_left: int

    def how_sure(self) -> str:
        """What the estimate stands on, for the director and the wall."""
        if self.source == "prior":
            return ngettext(
                "An early guess: {busts} bust so far, so a typical night's pace; 80% ranges",
                "An early guess: {busts} busts so far, so a typical night's pace; 80% ranges",
                self.busts,
            ).format(busts=self.busts)
        return ngettext(
            "From the pace of the night's {busts} bust; 80% ranges",
            "From the pace of the night's {busts} busts; 80% ranges",
            self.busts,
        ).format(busts=self.busts)

    def to_payload(self) -> dict[str, object]:
        """The wall's self-contained payload (times as ISO UTC)."""

        def times(r: TimeRange | None) -> dict[str, str] | None:
            if r is None:
                return None
            return {k: getattr(r, k).isoformat() for k in ("low", "likely", "high")}

        return {
            "bubble": times(self.bubble),
            "end": times(self.end),
            "how_sure": self.how_sure(),
            "players_left": self.players_left,
        }


def played_minutes(
    structure: Structure, tournament_id: int, session: Session, now: datetime
) -> float:
    """The play minutes since the start: the items before the current one, and this one's part."""
    state = load_clock(session, tournament_id)
    if not state.started:
        return 0.0
    shown = view(state, structure, now)
    before = sum(item.minutes for item in structure.levels[: shown.index])
    item = structure.levels[shown.index]
    return before + max(0.0, item.minutes - shown.remaining_ms / 60_000)


def _at(start: datetime, r: Range) -> TimeRange:
    return TimeRange(*(start + timedelta(minutes=m) for m in (r.low, r.likely, r.high)))


@dataclass(frozen=True)
class EstimateInputs:
    """What the estimate is made from (`estimate_end`'s arguments, and whether payouts are set):
    the cache's key."""

    structure: Structure
    played_minutes: int
    busts_at: tuple[float, ...]
    players_left: int
    paid: int
    chips_in_play: int
    to_money: int | None


def _inputs(
    session: Session, tournament_id: int, now: datetime, cache: LedgerCache | None = None
) -> tuple[EstimateInputs, datetime]:
    """What the simulation needs now, and the moment its first minute began (the till from
    `cache` while its revision has not moved)."""
    structure = load_structure(session, tournament_id)
    played = played_minutes(structure, tournament_id, session, now)
    whole = math.floor(played)
    start = now - timedelta(minutes=played - whole)
    # Only the busts that put a player out: one followed by a rebuy or a re-entry left the
    # field as it was, so it neither counts as a bust nor adds a player before it.
    standing = busts_out(load_till(session, tournament_id, cache))
    # Each bust's play minute, to the second, counted back from the start of this minute: the
    # same all through the minute while the clock runs.
    busts_at = tuple(whole - round((start - b.created_at).total_seconds()) / 60 for b in standing)
    stats = tournament_stats(session, setup_row(session, tournament_id), cache)
    to_money = stats.players_to_money
    paid = stats.players_left - to_money if to_money is not None else 1
    inputs = EstimateInputs(
        structure, whole, busts_at, stats.players_left, max(1, paid), stats.chips_in_play, to_money
    )
    return inputs, start


def _night(
    found: EndEstimate | None, inputs: EstimateInputs, start: datetime
) -> NightEstimate | None:
    if found is None:
        return None
    bubble = None if found.bubble is None or inputs.to_money is None else _at(start, found.bubble)
    return NightEstimate(
        bubble, _at(start, found.end), found.source, found.busts, inputs.players_left
    )


#: How many answers the service keeps (a few tournaments, an undo and its redo).
CACHED_ESTIMATES = 8


class EstimateService:
    """The estimated end: read it, show it on the wall (the last answers kept, by their inputs)."""

    def __init__(self, ctx: ServiceContext, tills: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._tills = tills  # the money services' cache (`Services` shares one)
        self._found: OrderedDict[EstimateInputs, EndEstimate | None] = OrderedDict()
        self._lock = threading.Lock()  # the windows may ask from more than one thread

    def estimate(self, tournament_id: int) -> NightEstimate | None:
        """When the bubble and the end are likely; None with fewer than two players or no chips,
        and once the tournament is over."""
        with self._ctx.reading() as session:
            if is_finished(session, tournament_id):
                return None
            inputs, start = _inputs(session, tournament_id, self._ctx.now(), self._tills)
        return _night(self._simulated(inputs), inputs, start)

    def is_over(self, tournament_id: int) -> bool:
        """Whether the tournament is over (a winner, or a deal that ended it)."""
        with self._ctx.reading() as session:
            return is_finished(session, tournament_id)

    def show(self, tournament_id: int) -> Outcome[NightEstimate | None]:
        """Put the estimate on the wall (refused, with a reason, when there is nothing to say)."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            if is_finished(session, tournament_id):
                raise DomainError(_("The tournament is over: there is no end to estimate."))
            now = self._ctx.now()
            inputs, start = _inputs(session, tournament_id, now)
            found = _night(self._simulated(inputs), inputs, start)
            if found is None:
                raise DomainError(
                    _("Nothing to estimate yet: the wall needs two players or more with chips.")
                )
            put_moment(session, tournament_id, ESTIMATE, found.to_payload(), now)
            changes = record_change(session, tournament_id, Change.WALL, "estimated end", now)
        return Outcome(found, changes)

    def _simulated(self, inputs: EstimateInputs) -> EndEstimate | None:
        """`estimate_end` over `inputs`, run only when they are not among the last answers."""
        with self._lock:
            if inputs in self._found:
                self._found.move_to_end(inputs)
                return self._found[inputs]
        found = estimate_end(
            inputs.structure,
            inputs.played_minutes,
            inputs.busts_at,
            inputs.players_left,
            inputs.paid,
            inputs.chips_in_play,
        )
        with self._lock:
            self._found[inputs] = found
            while len(self._found) > CACHED_ESTIMATES:
                self._found.popitem(last=False)
        return found
