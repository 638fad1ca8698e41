"""Busts: finishing places and prizes from the order of busts, bounties, the money bubble.

The caller keeps the bust events in the order they were recorded; `standings` turns them into
finishing places. Undoing a bust is removing its event and computing again, so the result
never drifts from the record.

Rules (the TDA's):
    * Players busted on an earlier hand finish below those busted on a later one.
    * Players busted on the same hand are ranked by the chips they started that hand with: more
      chips, better place.
    * Players busted on the same hand with the same starting stack tie: they share the places
      they cover, and each gets an equal share of those places' prizes. The share is split
      exactly in cents; the odd cents go one each to the tied players in the order their busts
      were recorded.
    * A bust's bounty is credited to the player who busted them (`busted_by`); with no buster
      named it stays unclaimed.

Ids are whatever the caller uses to tell entries apart: a player id in a freeze-out, an entry id
when a re-entered player should have one finish per entry.

>>> events = [BustEvent(4, hand=10, chips_at_hand_start=900, busted_by=1),
...           BustEvent(2, hand=25, chips_at_hand_start=3000, busted_by=1),
...           BustEvent(3, hand=25, chips_at_hand_start=1500, busted_by=1)]
>>> result = standings([1, 2, 3, 4], events, prizes=[6000, 3000, 1000])
>>> [(f.player_id, f.place, f.prize) for f in result.finishes]
[(1, 1, 6000), (2, 2, 3000), (3, 3, 1000), (4, 4, 0)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clockapp.core.money.amounts import allocate
from clockapp.core.payouts import ordinal
from clockapp.errors import DomainError, ValidationError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _


class BustError(DomainError):
    """A bust that cannot be recorded (the player is already out, not in the field, ...)."""


def players_to_the_money(players_left: int, places_paid: int) -> int:
    """How many more players must bust before everyone left is paid (0: in the money).

    >>> players_to_the_money(12, 9), players_to_the_money(10, 9), players_to_the_money(9, 9)
    (3, 1, 0)
    """
    for value, message in (
        (players_left, N_("Players left must be a whole number, 0 or more, not {value!r}.")),
        (places_paid, N_("Places paid must be a whole number, 0 or more, not {value!r}.")),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValidationError(_(message).format(value=value))
    return max(0, players_left - places_paid)


@dataclass(frozen=True)
class BustEvent:
    """One player busted on one hand.

    Attributes:
        player_id: Who busted.
        hand: The hand's number; busts on the same hand are recorded one after another with the
            same number, and numbers never go down.
        chips_at_hand_start: The player's chips when the hand began (ranks same-hand busts).
        busted_by: The player credited with the knockout (None: nobody, or not recorded).
        bounty: The bounty on the busted player, in cents, credited to `busted_by`.
    """

    player_id: int
    hand: int
    chips_at_hand_start: int
    busted_by: int | None = None
    bounty: int = 0

    def __post_init__(self) -> None:
        for value, name in (
            (self.hand, "hand number"),
            (self.chips_at_hand_start, "chips at the start of the hand"),
            (self.bounty, "bounty"),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValidationError(
                    _(
                        "Bust of player {player_id}: the {name} must be a whole number, 0 or "
                        "more, not {value!r}."
                    ).format(player_id=self.player_id, name=name, value=value)
                )
        if self.chips_at_hand_start == 0:
            raise ValidationError(
                _(
                    "Bust of player {player_id}: a player who started the hand with no chips "
                    "was already out."
                ).format(player_id=self.player_id)
            )
        if self.busted_by == self.player_id:
            raise ValidationError(
                _("Player {player_id} cannot be credited with their own bust.").format(
                    player_id=self.player_id
                )
            )


@dataclass(frozen=True)
class Finish:
    """Where one player finished and what they won.

    Attributes:
        player_id: The player.
        place: The best place covered (1 = winner).
        tied: How many players share the places `place` .. `place + tied - 1` (1: no tie).
        prize: The prize due, in cents.
        hand: The hand they busted on (None for the winner).
        busted_by: Who busted them (None for the winner or when not recorded).
    """

    player_id: int
    place: int
    tied: int = 1
    prize: int = 0
    hand: int | None = None
    busted_by: int | None = None

    @property
    def places(self) -> range:
        """The places this finish covers (more than one when tied)."""
        return range(self.place, self.place + self.tied)

    @property
    def label(self) -> str:
        """'3rd', or '3rd-4th (tied)'.

        >>> Finish(5, place=3, tied=2).label
        '3rd-4th (tied)'
        """
        if self.tied == 1:
            return ordinal(self.place)
        return f"{ordinal(self.place)}-{ordinal(self.place + self.tied - 1)} (tied)"


@dataclass(frozen=True)
class BountyCredit:
    """The bounties one player collected."""

    player_id: int
    knockouts: int
    amount: int


@dataclass(frozen=True)
class Standings:
    """The field after the recorded busts.

    Attributes:
        finishes: Every decided finish, best place first (the winner once one player is left).
        remaining: Players still in, in the order the field was given.
        bounties: Bounties per player credited, in the order of their first knockout.
        unclaimed_bounties: Bounty money of busts with no buster named, in cents.
        places_paid: How many places the prizes pay.
    """

    finishes: tuple[Finish, ...]
    remaining: tuple[int, ...]
    bounties: tuple[BountyCredit, ...]
    unclaimed_bounties: int
    places_paid: int

    @property
    def players_left(self) -> int:
        """Players still in (the winner counts until the end)."""
        return len(self.remaining)

    @property
    def players_to_the_money(self) -> int:
        """Busts still needed before every player left is paid."""
        return players_to_the_money(self.players_left, self.places_paid)

    def finish_of(self, player_id: int) -> Finish | None:
        """The player's finish, or None while they are still in (and not yet the winner)."""
        for finish in self.finishes:
            if finish.player_id == player_id:
                return finish
        return None


def _name(player_id: int, names: Mapping[int, str] | None) -> str:
    if names is not None and player_id in names:
        return names[player_id]
    return f"Player {player_id}"


def standings(
    players: Sequence[int],
    busts: Sequence[BustEvent],
    prizes: Sequence[int] = (),
    *,
    names: Mapping[int, str] | None = None,
) -> Standings:
    """Finishing places, prizes and bounties from the busts recorded so far.

    Args:
        players: Everyone in the field (each id once).
        busts: The bust events in the order they were recorded.
        prizes: The prize for each place, place 1 first (the payout table's amounts).
        names: Player names for error messages (ids are used otherwise).

    Returns:
        The standings; prizes of shared places are split exactly in cents.

    Raises:
        BustError: A bust of a player already out or not in the field, a player busted
            twice on one hand, hands out of order, a buster who is out, or a hand that busts
            every player left.

    >>> standings([1, 2, 3], [BustEvent(2, 5, 800), BustEvent(2, 9, 700)], names={2: "Bea"})
    Traceback (most recent call last):
    ...
    clockapp.core.busts.BustError: Bea is already out: busted on hand 5, 3rd.
    """
    if len(set(players)) != len(players):
        raise BustError(_("A player appears twice in the field."))
    in_field = set(players)
    out: dict[int, Finish] = {}
    left = len(players)
    finishes: list[Finish] = []
    credits: dict[int, list[int]] = {}
    unclaimed = 0
    prizes = tuple(prizes)
    index = 0
    last_hand: int | None = None
    while index < len(busts):
        hand = busts[index].hand
        group: list[BustEvent] = []
        while index < len(busts) and busts[index].hand == hand:
            group.append(busts[index])
            index += 1
        if last_hand is not None and hand < last_hand:
            raise BustError(
                _(
                    "The bust of {name} on hand {hand} is recorded after hand {last_hand}; "
                    "record busts in the order the hands were played."
                ).format(name=_name(group[0].player_id, names), hand=hand, last_hand=last_hand)
            )
        last_hand = hand
        _check_group(group, in_field, out, left, names)
        ranked = sorted(group, key=lambda event: -event.chips_at_hand_start)
        best_place = left - len(group) + 1
        start = 0
        while start < len(ranked):
            end = start
            while (
                end < len(ranked)
                and ranked[end].chips_at_hand_start == ranked[start].chips_at_hand_start
            ):
                end += 1
            tied = ranked[start:end]
            place = best_place + start
            covered = sum(_prize(prizes, p) for p in range(place, place + len(tied)))
            shares = allocate(covered, [1] * len(tied)) if covered else (0,) * len(tied)
            for event, share in zip(tied, shares, strict=True):
                finish = Finish(
                    event.player_id,
                    place,
                    tied=len(tied),
                    prize=share,
                    hand=event.hand,
                    busted_by=event.busted_by,
                )
                out[event.player_id] = finish
                finishes.append(finish)
            start = end
        left -= len(group)
        for event in group:
            if event.busted_by is None:
                unclaimed += event.bounty
            else:
                credits.setdefault(event.busted_by, []).append(event.bounty)
    remaining = tuple(player for player in players if player not in out)
    if len(remaining) == 1:
        finishes.append(Finish(remaining[0], 1, prize=_prize(prizes, 1)))
    finishes.sort(key=lambda finish: finish.place)
    bounties = tuple(
        BountyCredit(player, len(amounts), sum(amounts)) for player, amounts in credits.items()
    )
    places_paid = sum(1 for prize in prizes if prize > 0)
    return Standings(tuple(finishes), remaining, bounties, unclaimed, places_paid)


def _prize(prizes: tuple[int, ...], place: int) -> int:
    return prizes[place - 1] if place <= len(prizes) else 0


def _check_group(
    group: list[BustEvent],
    in_field: set[int],
    out: dict[int, Finish],
    left: int,
    names: Mapping[int, str] | None,
) -> None:
    """Refuse a hand's busts that cannot happen, naming the player."""
    hand = group[0].hand
    seen: set[int] = set()
    for event in group:
        who = _name(event.player_id, names)
        if event.player_id not in in_field:
            raise BustError(_("{who} is not in this tournament's field.").format(who=who))
        if event.player_id in out:
            earlier = out[event.player_id]
            raise BustError(
                _("{who} is already out: busted on hand {hand}, {label}.").format(
                    who=who, hand=earlier.hand, label=earlier.label
                )
            )
        if event.player_id in seen:
            raise BustError(
                _("{who} is recorded twice as busted on hand {hand}.").format(who=who, hand=hand)
            )
        seen.add(event.player_id)
    if len(group) >= left:
        if left == 1:
            text = _(
                "Hand {hand} would bust the last player left; the winner of the hand stays in."
            )
        else:
            text = _(
                "Hand {hand} would bust all {left} players left; the winner of the hand stays in."
            )
        raise BustError(text.format(hand=hand, left=left))
    for event in group:
        if event.busted_by is None:
            continue
        buster = _name(event.busted_by, names)
        if event.busted_by not in in_field:
            raise BustError(
                _(
                    "{buster}, credited with busting {name}, is not in this tournament's field."
                ).format(buster=buster, name=_name(event.player_id, names))
            )
        if event.busted_by in out or event.busted_by in seen:
            raise BustError(
                _(
                    "{buster}, credited with busting {name} on hand {hand}, is out by then; "
                    "the knockout goes to a player still in."
                ).format(buster=buster, name=_name(event.player_id, names), hand=hand)
            )
