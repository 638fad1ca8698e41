"""Finishing places by chip count: what the director records when the hard end stops play.

When the hard end is reached (or whenever the director calls the game), the players still in
finish in the order of their chips. It is recorded exactly like several players busting on one
hand at the cashier: every player but the chip leader is busted on one "hand" whose starting
chips are the counts, so more chips is a better place, equal counts share their places and split
those places' prizes in exact cents (`clockapp.core.busts`), and the leader is left as the
winner. Everything happens in one transaction under the till lock, so the field is never half
ranked.

Two or more players sharing the biggest count cannot be ranked by chips: everyone below them is
recorded, and they stay in play to settle first place between them (a deal at the cashier, or a
hand). Bounties of players out on the count go unclaimed: nobody knocked them out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from clockapp import formats
from clockapp.core.money.change import TillChange, applied
from clockapp.core.money.field import BustInput, count_gap_refusal
from clockapp.core.money.till import Till
from clockapp.core.money.view import check_not_overpaid, money_view
from clockapp.core.registration import RegistrationStatus
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, Ruling, money_action
from clockapp.services.cashier.till import bust_change, chips_on_the_tables, load_till
from clockapp.services.changes import Outcome
from clockapp.services.context import ServiceContext
from clockapp.services.ending import sync_finish
from clockapp.services.results import BUST_CHANGES
from clockapp.services.setup import get_row

#: The reason written on each bust recorded from the count.
REASON = "hard end: places by chip count"


class ChipCountError(DomainError):
    """Chip counts that cannot be turned into places (a player missing, a count of 0, ...)."""


@dataclass(frozen=True)
class PlayerStillIn:
    """A player in play, to be counted.

    >>> PlayerStillIn(7, "Ann Lee").name
    'Ann Lee'
    """

    registration_id: int
    name: str


@dataclass(frozen=True)
class FieldToCount:
    """The players still in and the chips they should hold between them.

    Attributes:
        players: Everyone in play, in registration order.
        chips_in_play: Chips handed out with every standing entry, rebuy and add-on (the counts
            should add up to this).

    >>> FieldToCount((PlayerStillIn(1, "Ann"),), 10_000).players[0].registration_id
    1
    """

    players: tuple[PlayerStillIn, ...]
    chips_in_play: int


@dataclass(frozen=True)
class CountedFinish:
    """One counted player's result.

    Attributes:
        place: The place (the best one covered when tied); None for a player left in play
            because of a tie for first.
        tied: Players sharing the places from `place` (1: nobody).
        prize: The prize now due, in cents.

    >>> CountedFinish(3, "Ann", 5_000, place=2, tied=2, prize=4_500).label
    '2nd-3rd (tied)'
    >>> CountedFinish(4, "Bob", 9_000, place=None, tied=1, prize=0).label
    'in play'
    """

    registration_id: int
    name: str
    chips: int
    place: int | None
    tied: int
    prize: int

    @property
    def label(self) -> str:
        """'1st', '2nd-3rd (tied)', or 'in play'."""
        from clockapp.core.payouts import ordinal

        if self.place is None:
            return "in play"
        if self.tied == 1:
            return ordinal(self.place)
        return f"{ordinal(self.place)}-{ordinal(self.place + self.tied - 1)} (tied)"


@dataclass(frozen=True)
class ChipCountResult:
    """What finishing by chip count recorded.

    Attributes:
        finishes: Every counted player, best first.
        tied_for_first: Players who share the biggest count and stay in play (empty when the
            chip leader has won).
        counted: The chips counted in all.
        chips_in_play: The chips that should be on the tables.
    """

    finishes: tuple[CountedFinish, ...]
    tied_for_first: tuple[int, ...]
    counted: int
    chips_in_play: int

    @property
    def summary(self) -> str:
        """One line for the director.

        >>> ann = CountedFinish(1, "Ann", 9_000, place=1, tied=1, prize=600)
        >>> bob = CountedFinish(2, "Bob", 3_000, place=2, tied=1, prize=0)
        >>> ChipCountResult((ann, bob), (), 12_000, 12_000).summary
        'Places by chip count recorded for 2 players. Ann wins.'
        """
        ranked = [f for f in self.finishes if f.place is not None]
        recorded = ngettext(
            "Places by chip count recorded for {count} player.",
            "Places by chip count recorded for {count} players.",
            len(ranked),
        ).format(count=len(ranked))
        if self.tied_for_first:
            names = formats.listing([f.name for f in self.finishes if f.place is None])
            outcome = _(
                "{names} tie for the chip lead and stay in play: settle 1st between them (a deal "
                "at the cashier, or a hand)."
            ).format(names=names)
        elif ranked:
            outcome = _("{name} wins.").format(name=ranked[0].name)
        else:
            return recorded
        # Two sentences side by side: each is whole, the space between them is every language's.
        return f"{recorded} {outcome}"


def _check_counts(till: Till, counts: Mapping[int, int]) -> list[int]:
    """The players in play, refusing counts that miss one, name another, or are not chips."""
    in_play = [
        rid for rid, reg in till.registrations.items() if reg.status == RegistrationStatus.PLAYING
    ]
    if len(in_play) < 2:
        who = f"Only {till.name(in_play[0])} is" if in_play else "Nobody is"
        raise ChipCountError(
            _("{who} in play: there is no one to rank by chip count.").format(who=who)
        )
    for rid in counts:
        if rid not in in_play:
            name = till.name(rid) if rid in till.registrations else f"Registration #{rid}"
            raise ChipCountError(
                _("{name} is not in play, so has no chips to count.").format(name=name)
            )
    missing = [till.name(rid) for rid in in_play if rid not in counts]
    if missing:
        raise ChipCountError(
            _("Count the chips of every player still in: {names}.").format(names=", ".join(missing))
        )
    for rid in in_play:
        chips = counts[rid]
        if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
            raise ChipCountError(
                _(
                    "{name}: the chip count must be a whole number above 0, not {chips!r} (a "
                    "player with no chips is out: record the bust at the cashier)."
                ).format(name=till.name(rid), chips=chips)
            )
    return in_play


def _check_total(counted: int, in_play: int, accepted: int | None) -> None:
    """Refuse counts that do not add up to the chips in play, unless that gap was confirmed.

    >>> _check_total(100_000, 100_000, None)
    >>> _check_total(435_007, 100_000, None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    clockapp.services.hard_end.ChipCountError: ... 100,000 are in play: 335,007 too many. ...
    >>> _check_total(99_000, 100_000, -1_000)
    """
    refusal = count_gap_refusal(counted, in_play, accepted)
    if refusal is not None:
        raise ChipCountError(refusal)


class HardEndService:
    """Finishing the tournament by chip count (at the hard end, or when the director says)."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def field_to_count(self, tournament_id: int) -> FieldToCount:
        """The players still in (from the cashier) and the chips in play.

        Raises:
            TournamentNotFoundError: No tournament has this id.
        """
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            till = load_till(session, tournament_id)
            players = tuple(
                PlayerStillIn(rid, till.name(rid))
                for rid, reg in till.registrations.items()
                if reg.status == RegistrationStatus.PLAYING
            )
            return FieldToCount(players, chips_on_the_tables(till))

    def finish_by_chips(
        self,
        tournament_id: int,
        counts: Mapping[int, int],
        *,
        accept_difference: int | None = None,
    ) -> Outcome[ChipCountResult]:
        """Rank the players still in by their chips and record their places and prizes.

        Args:
            tournament_id: The tournament.
            counts: Each player in play (registration id) -> chips counted, for every player
                still in.
            accept_difference: The director saw that the counts differ from the chips in play
                by this many (counted minus in play) and confirms them anyway (a lost chip, a
                chip race nobody recorded).

        Raises:
            ChipCountError: A player in play is not counted, a count is not above 0, a player
                counted is not in play, every player has the same count, or the counts do not
                add up to the chips in play and that difference was not confirmed.
        """

        def rule(session: Session, till: Till, now: datetime) -> Ruling[ChipCountResult]:
            in_play = _check_counts(till, counts)
            most = max(counts[rid] for rid in in_play)
            leaders = [rid for rid in in_play if counts[rid] == most]
            others = [rid for rid in in_play if counts[rid] != most]
            if not others:
                names = formats.listing([till.name(rid) for rid in leaders])
                raise ChipCountError(
                    _(
                        "{names} all have {most} chips: a tie for first cannot be ranked by "
                        "chips. "
                        "Settle it with a deal at the cashier, or play on."
                    ).format(names=names, most=formats.chips(most))
                )
            in_play_chips = chips_on_the_tables(till)
            _check_total(sum(counts[rid] for rid in in_play), in_play_chips, accept_difference)
            busts = [BustInput(rid, chips_at_hand_start=counts[rid]) for rid in others]
            change = bust_change(
                session, till, busts, now, station=self._ctx.station, reason=REASON
            )
            counted = applied(till, change)
            view = money_view(counted)
            check_not_overpaid(view)  # a prize already paid above the new finish: void it first
            dues = view.dues
            finishes = []
            for rid in sorted(in_play, key=lambda r: -counts[r]):
                due = dues[rid]
                place = due.place if len(leaders) == 1 or rid in others else None
                finishes.append(
                    CountedFinish(
                        registration_id=rid,
                        name=counted.name(rid),
                        chips=counts[rid],
                        place=place,
                        tied=due.tied if place is not None else 1,
                        prize=due.prize if place is not None else 0,
                    )
                )
            result = ChipCountResult(
                finishes=tuple(finishes),
                tied_for_first=tuple(leaders) if len(leaders) > 1 else (),
                counted=sum(counts[rid] for rid in in_play),
                chips_in_play=in_play_chips,
            )

            def finish(
                session: Session, after: Till, _written: Sequence[TillChange], now: datetime
            ) -> Done[ChipCountResult]:
                what = BUST_CHANGES | sync_finish(session, after, now)
                return Done(result, what, "places by chip count")

            return Ruling((change,), finish)

        return money_action(self._ctx, None, tournament_id, rule)  # read fresh: a rare action
