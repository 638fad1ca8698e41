"""The frozen values of busts and results: a bust's report, the history, result rows and
the clock's field figures."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from clockapp.core.chip_counts import StackLine
from clockapp.core.money.records import PrizeDue
from clockapp.core.money.series import FieldPoint
from clockapp.core.registration import RegistrationStatus
from clockapp.services.seating.sale_seat import SeatNote


@dataclass(frozen=True)
class BustReport:
    """What recording (or undoing) busts did.

    Attributes:
        busted: Each player concerned, with the place and prize now due.
        players_left: Players still in.
        players_to_money: Busts still needed before everyone left is paid (None without a
            payout table).
        seats: For an undone bust, where the player sits again (the seat left, or one drawn
            when it was taken; empty when the player had no seat).
        bust_ids: For busts recorded, the record of each, in the order the busts were given
            (an undo names them, so it never reverses a bust recorded since elsewhere).
        balance: When the busts left the tables out of balance, the notice naming the move to
            make (asked with `bust_players(report_balance=True)`); None otherwise.
    """

    busted: tuple[PrizeDue, ...]
    players_left: int
    players_to_money: int | None
    seats: tuple[SeatNote, ...] = ()
    bust_ids: tuple[int, ...] = ()
    balance: str | None = None


@dataclass(frozen=True)
class BustInfo:
    """One recorded bust (or the undoing of one), for the history."""

    id: int
    registration_id: int
    name: str
    hand: int
    chips_at_hand_start: int
    busted_by_id: int | None
    busted_by: str
    bounty: int
    undoes_id: int | None
    undone_by: int | None
    reason: str
    created_at: datetime
    station: str


@dataclass(frozen=True)
class ResultRow:
    """One player's result.

    Attributes:
        place: Finishing place (None while still in; the best place covered when tied).
        label: '3rd', '3rd-4th (tied)', or 'in play'.
        paid_in: Cents the player paid for entries and was not handed back (entries not voided,
            less refunds).
        prize: Prize due (finish or deal share).
        bounties: Bounties credited.
        paid_out: Prizes and bounties already paid.
        in_deal: The prize is the player's share of a recorded deal.
        chips: A player still in: his newest chip count (None when not counted, or out).
        bounty_on_head: The bounty on the player now, while in play (0 when none or out).
        ticket: The ticket their place is paid with ("" for none), and its value in cents.
    """

    registration_id: int
    player_id: int
    name: str
    status: RegistrationStatus
    place: int | None
    tied: int
    label: str
    entries: int
    rebuys: int
    add_ons: int
    paid_in: int
    prize: int
    bounties: int
    knockouts: int
    paid_out: int
    busted_by: str
    in_deal: bool = False
    chips: int | None = None
    bounty_on_head: int = 0
    ticket: str = ""
    ticket_value: int = 0

    @property
    def total_won(self) -> int:
        """Prize plus bounties."""
        return self.prize + self.bounties

    @property
    def still_owed(self) -> int:
        """What is left to pay this player."""
        return max(0, self.total_won - self.paid_out)


@dataclass(frozen=True)
class FieldStats:
    """The figures around the clock, from the cashier's records.

    Attributes:
        entries: Buy-ins and re-entries.
        players_left: Players still in.
        chips_in_play: Chips handed out with every standing entry, rebuy and add-on.
        average_stack: Chips in play per player left (0 when nobody is left).
        prize_pool_cents: What the payout table pays (with any guaranteed overlay).
        payouts: (place, cents) of every paid place; after a deal only the places below the
            players in it (theirs are paid by the deal, not by place).
        players_to_money: Busts still needed before everyone left is paid.
        deal: (name, cents) each player in a standing deal is paid, the largest first.
        bounty: The bounty picture for the wall (None: no bounty money in this tournament).
        payouts_refit: Said beside the payouts when a custom table was refitted to the field
            ("" when it is paid as typed).
        seats: A satellite's seats (0: not a satellite); `players_to_money` then counts the
            busts to a seat.
        satellite: What the seats are seats in ("" when not a satellite).
    """

    entries: int
    players_left: int
    chips_in_play: int
    average_stack: int
    prize_pool_cents: int
    payouts: tuple[tuple[int, int], ...]
    players_to_money: int | None
    deal: tuple[tuple[str, int], ...] = ()
    bounty: WallBounty | None = None
    payouts_refit: str = ""
    seats: int = 0
    satellite: str = ""


@dataclass(frozen=True)
class WallBounty:
    """What the wall shows of the bounties.

    Attributes:
        format: "knockout", "progressive" or "mystery".
        leader: Knockout formats: (name, cents) of the biggest bounty on a head in play.
        heads: Knockout formats: players in play carrying a bounty.
        last_draw: Mystery: (the buster's names, cents) of the last envelope drawn.
        envelopes_left: Mystery: envelopes still in the box.
        stage: Mystery: when the draws start ("from level 6").
    """

    format: str
    leader: tuple[str, int] | None = None
    heads: int = 0
    last_draw: tuple[str, int] | None = None
    envelopes_left: int = 0
    stage: str = ""


@dataclass(frozen=True)
class ChartData:
    """What the tournament's charts draw.

    Attributes:
        field: Players left, chips and prize pool after each entry and bust, oldest first.
        stacks: The chip leaders' counted stacks over the night (players in play first).
    """

    field: tuple[FieldPoint, ...]
    stacks: tuple[StackLine, ...]
