"""A tournament's bounty records as the till carries them: rules, credits, draws, tickets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from clockapp.core.bounties.mystery import Draw
from clockapp.core.bounties.rules import BountyRules
from clockapp.core.bounties.tickets import LeftoverRule, Ticket, TicketTieRule
from clockapp.core.satellite import Satellite

#: Who is credited with a bust: (registration, the stack they played with), position order.
Credits = tuple[tuple[int, int | None], ...]


@dataclass(frozen=True)
class BountySettings:
    """What the host chooses of the bounty side: the format, the ticket places' left-over cash,
    a tie over a ticket place, the satellite. A rule that changes them returns the new value
    (`clockapp.core.money.change.TillChange.bounty`), the ticket places beside it.

    Attributes: as `BountyBook`'s of the same names.
    """

    rules: BountyRules = field(default_factory=BountyRules)
    leftover: LeftoverRule = LeftoverRule.NEXT_PLACES
    ticket_tie: TicketTieRule = TicketTieRule.CASH
    ticket_seed: int = 0
    satellite: Satellite | None = None


@dataclass(frozen=True)
class BountyBook:
    """The bounty side of a till (frozen, like the till: a rule returns what it changes and
    `clockapp.core.money.change.applied` makes the new book).

    Attributes:
        rules: The format (plain knockouts by default).
        credits: By bust id, the players credited when more than one is, or with the
            stack they played with (a bust without an entry here credits `busted_by_id`).
        draws: Every mystery envelope drawn, oldest first (`Draw.returned_by` set when undone).
        tickets: Prize places paid with a ticket.
        leftover: Where the cash left over by the ticket places goes.
        sealed_row: Mystery: the last ledger row when the first envelope was drawn (or when the
            host last changed the envelopes after a draw); entries written after it are late
            (`BountyRules.late_entries`). None: no envelope drawn yet.
        ticket_tie: What happens when players tie over a ticket place.
        ticket_seed: The seed of the draw for such a tie (`draw_ties`), drawn when the rule
            is chosen and kept (0: none drawn).
        satellite: The satellite's seats, when the prizes are N equal seats (None: the
            payout table pays, with `tickets` on its places).
    """

    rules: BountyRules = field(default_factory=BountyRules)
    credits: Mapping[int, Credits] = field(default_factory=dict)
    draws: tuple[Draw, ...] = ()
    tickets: tuple[Ticket, ...] = ()
    leftover: LeftoverRule = LeftoverRule.NEXT_PLACES
    sealed_row: int | None = None
    ticket_tie: TicketTieRule = TicketTieRule.CASH
    ticket_seed: int = 0
    satellite: Satellite | None = None

    @property
    def settings(self) -> BountySettings:
        """The host's choices (`BountySettings`)."""
        return BountySettings(
            self.rules, self.leftover, self.ticket_tie, self.ticket_seed, self.satellite
        )

    def with_settings(self, settings: BountySettings) -> BountyBook:
        """This book with the host's choices replaced.

        >>> BountyBook().with_settings(BountySettings(ticket_seed=7)).ticket_seed
        7
        """
        return replace(
            self,
            rules=settings.rules,
            leftover=settings.leftover,
            ticket_tie=settings.ticket_tie,
            ticket_seed=settings.ticket_seed,
            satellite=settings.satellite,
        )

    def draw_of(self, bust_id: int) -> Draw | None:
        """The envelope a bust drew (None: it drew none)."""
        return next((d for d in self.draws if d.bust_id == bust_id), None)
