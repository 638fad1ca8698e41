"""Frozen records of the bounty picture, for the wall, the cashier and the reports."""

from __future__ import annotations

from dataclasses import dataclass

from clockapp.core.bounties.rules import BountyRules
from clockapp.core.bounties.tickets import LeftoverRule, Ticket, TicketTieRule
from clockapp.core.satellite import Satellite


@dataclass(frozen=True)
class HeadInfo:
    """The bounty on one player in play."""

    registration_id: int
    name: str
    bounty: int


@dataclass(frozen=True)
class DrawInfo:
    """One mystery envelope drawn, as the wall announces it."""

    number: int
    busted: str
    busters: tuple[str, ...]
    amount: int
    returned: bool


@dataclass(frozen=True)
class BountyView:
    """A tournament's bounty picture.

    Attributes:
        rules: The format, stage, seed and envelopes.
        leftover: Where ticket places' left-over cash goes.
        tickets: The ticket places.
        bounty_pool: Bounty money collected, in cents.
        heads: The bounty on each player in play, largest first (none for mystery).
        draws: Every envelope drawn, oldest first (returned ones marked).
        envelopes_left: The amounts still in the box, largest first.
        stage_reached: Mystery: whether knockouts draw now.
        unclaimed: Bounties of busts with nobody credited.
        audit: Problems the replay of the draw found (empty: every draw as the seed gives it).
        envelopes: Mystery: every envelope by number now (the host's and those entries sold
            after the first draw added), drawn ones included.
        warnings: What the host should know of the tickets (one worth more than its place).
        ticket_tie: What a tie over a ticket place does.
        ticket_seed: The seed of the draw for such ties (0: none drawn).
        satellite: The satellite's seats (None: not a satellite).
    """

    rules: BountyRules
    leftover: LeftoverRule
    tickets: tuple[Ticket, ...]
    bounty_pool: int
    heads: tuple[HeadInfo, ...]
    draws: tuple[DrawInfo, ...]
    envelopes_left: tuple[int, ...]
    stage_reached: bool
    unclaimed: int
    audit: tuple[str, ...]
    envelopes: tuple[int, ...] = ()
    warnings: tuple[str, ...] = ()
    ticket_tie: TicketTieRule = TicketTieRule.CASH
    ticket_seed: int = 0
    satellite: Satellite | None = None


@dataclass(frozen=True)
class TicketWon:
    """A ticket a player won (for their season)."""

    tournament_id: int
    tournament: str
    registration_id: int
    place: int
    value: int
    description: str
