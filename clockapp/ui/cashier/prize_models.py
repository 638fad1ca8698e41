"""Table models of the prize pages: the payout ladder, results, and the bust history.

Built on `RowsModel` (see `clockapp.ui.cashier.models`): each lists its columns over frozen rows.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from PySide6.QtGui import QFont

from clockapp.core.payouts import format_percent, ordinal
from clockapp.formats import chips as format_chips
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.results import BustInfo, ResultRow
from clockapp.ui.cashier.models import local_time, money
from clockapp.ui.cashier.rows_model import Column, RowsModel, styled_font

_BOLD = styled_font(bold=True)
_STRUCK = styled_font(strike_out=True)


# ------------------------------------------------------------------------------ payouts
@dataclass(frozen=True)
class PayoutLine:
    """One paid place: its prize, its share of the pool, and who finished there (if known)."""

    place: int
    amount: int
    prize_pool: int
    winner: str = ""

    @property
    def share(self) -> str:
        """The prize's share of the pool, '31.25%' (to the basis point, rounded down)."""
        if self.prize_pool <= 0:
            return ""
        return format_percent(self.amount * 10_000 // self.prize_pool)


class PayoutsModel(RowsModel[PayoutLine]):
    """The payout ladder, place 1 first."""

    COLUMNS = (
        Column(N_("Place"), lambda r: ordinal(r.place)),
        Column(N_("Prize"), lambda r: money(r.amount), numeric=True),
        Column(N_("Share"), lambda r: r.share, numeric=True),
        Column(N_("Finished"), lambda r: r.winner),
    )

    def row_key(self, row: PayoutLine) -> Hashable:
        return row.place

    def total(self) -> int:
        """What the ladder pays in all, in cents."""
        return sum(line.amount for line in self._rows)


# ------------------------------------------------------------------------------ results
class ResultsModel(RowsModel[ResultRow]):
    """Every player who bought in: players still in first, then by finishing place."""

    COLUMNS = (
        Column(N_("Place"), lambda r: r.label),
        Column(N_("Name"), lambda r: r.name),
        Column(N_("Entries"), lambda r: str(r.entries), numeric=True),
        Column(N_("Rebuys"), lambda r: str(r.rebuys), numeric=True),
        Column(N_("Add-ons"), lambda r: str(r.add_ons), numeric=True),
        Column(N_("Paid in"), lambda r: money(r.paid_in), numeric=True),
        Column(N_("Prize"), lambda r: money(r.prize), numeric=True),
        Column(
            N_("Ticket"),
            lambda r: (
                _("{ticket} ({value})").format(ticket=r.ticket, value=money(r.ticket_value))
                if r.ticket
                else ""
            ),
        ),
        Column(N_("Bounties"), lambda r: money(r.bounties), numeric=True),
        Column(N_("KOs"), lambda r: str(r.knockouts), numeric=True),
        Column(N_("On head"), lambda r: money(r.bounty_on_head) if r.bounty_on_head else "", True),
        Column(N_("Paid out"), lambda r: money(r.paid_out), numeric=True),
        Column(N_("Owed"), lambda r: money(r.still_owed), numeric=True),
        Column(N_("Busted by"), lambda r: r.busted_by),
        # A player still in: his newest chip count (Wall > Chip counts…).
        Column(
            N_("Chips"), lambda r: "" if r.chips is None else format_chips(r.chips), numeric=True
        ),
    )

    def row_key(self, row: ResultRow) -> Hashable:
        return row.registration_id

    def _font(self, row: ResultRow) -> QFont | None:
        return _BOLD if row.still_owed > 0 else None


@dataclass(frozen=True)
class BustLine:
    """One bust (or undo) with the place and prize it gave, when it is the player's final bust.

    Attributes:
        info: The recorded bust (`BustInfo`).
        place: '9th', '3rd-4th', or '' (an undone bust, or a player who rebought since).
        prize: The prize the finish pays (0 out of the money).
        alone: Whether the player was the only one busted on the hand (the chips at the start of
            the hand then do not rank anyone and are not shown).
    """

    info: BustInfo
    place: str = ""
    prize: int = 0
    alone: bool = True


def _bust_note(line: BustLine) -> str:
    info = line.info
    if info.undoes_id is not None:
        return _("undoes the bust of hand {hand}: {reason}").format(
            hand=info.hand, reason=info.reason
        )
    if info.undone_by is not None:
        return _("undone")
    return info.reason


class BustsModel(RowsModel[BustLine]):
    """Every bust and undo, oldest first; players busted on the same hand share a hand number."""

    COLUMNS = (
        Column(N_("Hand"), lambda r: str(r.info.hand), numeric=True),
        Column(N_("Time"), lambda r: local_time(r.info.created_at)),
        Column(N_("Player"), lambda r: r.info.name),
        Column(N_("Busted by"), lambda r: r.info.busted_by),
        Column(
            N_("Chips at start"),
            lambda r: "" if r.alone else format_chips(r.info.chips_at_hand_start),
            numeric=True,
        ),
        Column(N_("Place"), lambda r: r.place),
        Column(N_("Prize"), lambda r: money(r.prize) if r.prize else "", numeric=True),
        Column(N_("Bounty"), lambda r: money(r.info.bounty), numeric=True),
        Column(N_("Note"), _bust_note),
    )

    def row_key(self, row: BustLine) -> Hashable:
        return row.info.id

    def _font(self, row: BustLine) -> QFont | None:
        return _STRUCK if row.info.undone_by is not None else None
