"""The end of a tournament, and whether anything may still enter it.

The tournament ends when one player is left (the last bust), or when a deal shares every prize
left among the players still in with nothing kept back to play for. `sync_finish` runs inside
the action that may end (or un-end) it, after its records are written: it stores the end on the
tournament row and stops the clock in that same transaction, so a restart and every station see
it; an undo that brings a player back (or a voided deal) reopens the tournament.

`entry_context` gives the entry rules everything that decides whether registration is open (the
clock's level, whether anyone is out, the director's choice, the end): every way into the field
asks it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from clockapp.core import clock as engine
from clockapp.core.money.entries import (
    EntryContext,
    EntryRefused,
    PlayerEntries,
    PlayerState,
)
from clockapp.core.money.entry_checks import (
    check_re_entry,
    check_rebuy,
)
from clockapp.core.money.sales_line import SaleWindows
from clockapp.core.money.till import Till
from clockapp.core.money.view import MoneyView, money_view, standing_deal
from clockapp.core.payouts import ordinal
from clockapp.core.registration import (
    RegistrationFacts,
    RegistrationMode,
    RegistrationStatus,
    RegistrationWindow,
    check_not_finished,
    registration_window,
)
from clockapp.persistence.codec import clock_state, store_clock_state
from clockapp.persistence.models import TournamentRow
from clockapp.persistence.session import Session
from clockapp.services.cashier.till import clock_position
from clockapp.services.changes import Change
from clockapp.services.setup import clock_row, get_row, load_structure

#: What the end of a tournament (or its reopening) changes, besides the action's own flags.
END_CHANGES = Change.TOURNAMENT | Change.CLOCK


@dataclass(frozen=True)
class FinalPlace:
    """One finisher on the winner screen and in the reports.

    Attributes:
        place: The place (the best one covered when tied).
        tied: How many share it.
        label: '1st', '3rd-4th (tied)', '2nd (deal)'.
        name: The player.
        prize: The prize actually paid: the place's prize, or the deal's share after a deal.
        bounties: Bounties credited.
    """

    place: int
    tied: int
    label: str
    name: str
    prize: int
    bounties: int


@dataclass(frozen=True)
class FinalResult:
    """A finished tournament: the winner and every place paid.

    Attributes:
        winner: The winner's name (names joined when a deal ended it level).
        by_deal: A deal ended the tournament (places among the dealers follow their chips).
        places: Every finisher who won something, place 1 first.
        finished_at: When it ended.
    """

    winner: str
    by_deal: bool
    places: tuple[FinalPlace, ...]
    finished_at: datetime


def _remaining(till: Till) -> list[int]:
    return [
        rid for rid, reg in till.registrations.items() if reg.status == RegistrationStatus.PLAYING
    ]


def anyone_busted(till: Till) -> bool:
    """Whether any player is out (with no late registration level, the first bust closes
    registration, and a rebuy of the only busted player opens it again)."""
    return any(reg.status == RegistrationStatus.BUSTED for reg in till.registrations.values())


def _ending_deal(till: Till, view: MoneyView | None = None) -> dict[int, int] | None:
    """The chips of each dealer, when a standing deal ended the event (None otherwise)."""
    deal = view.deal if view is not None else standing_deal(till, till.balances())
    if deal is None or deal.reserved != 0:
        return None  # money left to play for: play goes on
    ids, stacks = deal.registration_ids, deal.stacks
    if set(ids) != set(_remaining(till)):
        return None  # someone still in is not in the deal (an entry since): play goes on
    return dict(zip(ids, stacks, strict=True))


def _way_back(session: Session, till: Till, now: datetime) -> bool:
    """Whether a busted player may still rebuy or re-enter now (the field is not settled)."""
    rules = till.config.rules
    if rules.rebuy is None and rules.re_entry is None:
        return False
    ctx = replace(entry_context(session, till, now), finished=False)
    for rid, reg in till.registrations.items():
        if reg.status != RegistrationStatus.BUSTED:
            continue
        player = PlayerEntries(
            till.name(rid),
            stack=None,
            rebuys=reg.rebuys,
            add_ons=reg.add_ons,
            re_entries=max(0, reg.entries - 1),
            state=PlayerState.BUSTED,
        )
        for check in (check_rebuy, check_re_entry):
            try:
                check(rules, player, ctx)
            except EntryRefused:
                continue
            return True
    return False


def is_over(session: Session, till: Till, now: datetime) -> bool:
    """Whether the records say the tournament is over: one player left after a bust (a lone
    entrant has not won) with no busted player able to rebuy or re-enter now, or a deal that
    shares every prize left among the players still in."""
    if anyone_busted(till) and len(_remaining(till)) <= 1:
        return not _way_back(session, till, now)
    return _ending_deal(till) is not None


def is_finished(session: Session, tournament_id: int) -> bool:
    """Whether the tournament is stored as finished."""
    return get_row(session, tournament_id).finished_at is not None


def refuse_if_finished(session: Session, tournament_id: int) -> None:
    """Refuse an action that would put a player into a finished tournament."""
    check_not_finished(is_finished(session, tournament_id))


def sync_finish(session: Session, till: Till, now: datetime) -> Change:
    """Store the end (and stop the clock), or reopen, as the records now say; in the caller's
    write transaction, after its records are written. Returns the flags it changed.

    The till is not changed: the end is stored on the tournament's row, which a money action
    holds (`money_action` takes the till it keeps from it).
    """
    over = is_over(session, till, now)
    if over == (till.finished_at is not None):
        return Change.NONE
    row: TournamentRow = get_row(session, till.tournament_id)
    row.finished_at = now if over else None
    session.add(row)
    if over:
        clock = clock_row(session, till.tournament_id)
        state = clock_state(clock)
        if state.running:
            structure = load_structure(session, till.tournament_id)
            store_clock_state(clock, engine.pause(state, structure, now))
            session.add(clock)
    # Reopened by an undo: the clock stays paused with its time; the director restarts it.
    return END_CHANGES


def registration_facts(session: Session, till: Till, now: datetime) -> RegistrationFacts:
    """Everything that decides whether registration is open now."""
    rule = till.config.rules.registration
    return RegistrationFacts(
        clock_position(session, till.tournament_id, now),
        now,
        late_until_level=rule.late_until_level,
        deadline=rule.deadline,
        anyone_busted=anyone_busted(till),
        mode=RegistrationMode.parse(till.registration_mode),
        finished=till.finished_at is not None,
    )


def window(session: Session, till: Till, now: datetime) -> RegistrationWindow:
    """Whether registration is open now, why not, and the wall's line."""
    return registration_window(registration_facts(session, till, now))


def entry_context(session: Session, till: Till, now: datetime) -> EntryContext:
    """The moment an entry is asked for, as the entry rules need it."""
    facts = registration_facts(session, till, now)
    entrants = sum(1 for reg in till.registrations.values() if reg.entries > 0)
    return EntryContext(
        facts.position,
        now,
        entrants,
        anyone_busted=facts.anyone_busted,
        registration=facts.mode,
        finished=facts.finished,
    )


def _label(place: int, tied: int, by_deal: bool) -> str:
    text = ordinal(place) if tied == 1 else f"{ordinal(place)}-{ordinal(place + tied - 1)} (tied)"
    return f"{text} (deal)" if by_deal else text


def final_places(till: Till, view: MoneyView | None = None) -> dict[int, tuple[int, int, str]]:
    """(place, tied, label) of every finisher; after a deal that ended the event the dealers
    take the top places by their chips at the deal (equal chips share a place)."""
    view = view if view is not None else money_view(till)
    result: dict[int, tuple[int, int, str]] = {}
    for rid, due in view.dues.items():
        if due.place is not None:
            result[rid] = (due.place, due.tied, _label(due.place, due.tied, False))
    dealers = _ending_deal(till, view)
    if dealers:
        ordered = sorted(dealers.items(), key=lambda item: -item[1])
        for rid, chips in ordered:
            better = sum(1 for other in dealers.values() if other > chips)
            tied = sum(1 for other in dealers.values() if other == chips)
            result[rid] = (better + 1, tied, _label(better + 1, tied, True))
    return result


def final_result(till: Till) -> FinalResult | None:
    """The winner and the places paid, with the amounts actually paid (None while playing)."""
    if till.finished_at is None:
        return None
    view = money_view(till)
    places = final_places(till, view)
    by_deal = _ending_deal(till, view) is not None
    rows = sorted(
        (
            FinalPlace(
                place, tied, label, till.name(rid), view.dues[rid].prize, view.dues[rid].bounties
            )
            for rid, (place, tied, label) in places.items()
        ),
        key=lambda p: (p.place, p.name.casefold()),
    )
    winners = [p.name for p in rows if p.place == 1]
    paid = tuple(p for p in rows if p.place == 1 or p.prize > 0 or p.bounties > 0)
    return FinalResult(" and ".join(winners), by_deal, paid, till.finished_at)


@dataclass(frozen=True)
class WallEnding:
    """What the wall shows about registration and the end.

    Attributes:
        registration: The registration line ("Late registration until level 6", "Registration
            closed"; "" before the cashier has anyone on the list).
        final: The winner and the places paid, once the tournament is finished.
        registration_open: Whether a new player may register now.
        sales: When rebuys and the add-on are sold: the wall says so at every tick from the
            clock it shows (`SaleWindows.line`), so the line moves with the levels.
    """

    registration: str = ""
    final: FinalResult | None = None
    registration_open: bool = False
    sales: SaleWindows = field(default_factory=SaleWindows)


#: Nothing to say: before the cashier has anyone on the list.
NO_ENDING = WallEnding()


def wall_ending(session: Session, till: Till, now: datetime) -> WallEnding:
    """The registration line and, once finished, the winner screen's contents."""
    shown = window(session, till, now)
    final = final_result(till)
    # Nothing is on sale once the tournament is over.
    sales = SaleWindows.of(till.config.rules) if final is None else SaleWindows()
    return WallEnding(shown.wall, final, shown.open, sales)
