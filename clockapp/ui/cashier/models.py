"""Table models of the cashier window: each a `QAbstractTableModel` over a tuple of frozen rows.

`RowsModel` (`rows_model.py`) does the Qt plumbing; each model only lists its columns (header,
text, right alignment for numbers) and, for the ledger, how a voided row looks (struck through,
greyed).
The rows come straight from the services (`PlayerInfo`, `RegistrationInfo`, `LedgerEntry`,
`ResultRow`, `BustInfo`) or are small frozen rows built here (`DeskRow`, `PayoutLine`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from PySide6.QtGui import QBrush, QFont

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import LedgerEntry, RegistrationInfo, cash_effect
from clockapp.core.money.reversals import signed_amount
from clockapp.core.payouts import ordinal
from clockapp.core.registration import RegistrationStatus
from clockapp.formats import chips as format_chips
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.players import PlayerInfo
from clockapp.ui.cashier.rows_model import Column, RowsModel, styled_font
from clockapp.ui.inks import ink_on

#: What the cashier calls each registration status.
STATUS_TEXT = {
    RegistrationStatus.PRE_REGISTERED: N_("pre-registered"),
    RegistrationStatus.CHECKED_IN: N_("checked in"),
    RegistrationStatus.PLAYING: N_("playing"),
    RegistrationStatus.BUSTED: N_("busted"),
    RegistrationStatus.WITHDRAWN: N_("withdrawn"),
}


def money(cents: int) -> str:
    """Cents as the cashier reads them: '$1,234.50'."""
    return format_cents(cents)


def local_time(row_time: datetime) -> str:
    """A stored UTC time as the local wall-clock time, 'HH:MM:SS'."""
    return row_time.astimezone().strftime("%H:%M:%S")


def entries_text(reg: RegistrationInfo | None) -> str:
    """'1', '2 + 3R + A': entries, rebuys (R) and add-ons (A) of a registration."""
    if reg is None or reg.entries == 0:
        return ""
    parts = [str(reg.entries)]
    if reg.rebuys:
        parts.append(_("{count}R").format(count=reg.rebuys))
    if reg.add_ons:
        parts.append(_("A") if reg.add_ons == 1 else _("{count}A").format(count=reg.add_ons))
    return " + ".join(parts)


def place_text(place: int | None, tied: int = 1) -> str:
    """'3rd', '3rd-4th', or '' while the player is still in."""
    if place is None:
        return ""
    if tied > 1:
        return _("{first}-{last}").format(first=ordinal(place), last=ordinal(place + tied - 1))
    return ordinal(place)


# ------------------------------------------------------------------------------ the desk
@dataclass(frozen=True)
class DeskRow:
    """A player found by the search, with their registration in this tournament (if any)."""

    player: PlayerInfo
    registration: RegistrationInfo | None

    @property
    def status(self) -> str:
        """'not registered', 'checked in', 'playing', 'out'..."""
        if self.registration is None:
            return _("not registered")
        return _(STATUS_TEXT[self.registration.status])


# Built once: a view asks for a row's font and colour on every paint.
_GREY = "#78909c"
_VOIDED = "#90a4ae"
_VOID = "#c62828"
_CASH_OUT = "#1565c0"
_STRUCK = styled_font(strike_out=True)
_ITALIC = styled_font(italic=True)


class DeskModel(RowsModel[DeskRow]):
    """The players matching what the cashier types."""

    COLUMNS = (
        Column(N_("Name"), lambda r: r.player.display_name),
        Column(N_("Team"), lambda r: r.player.team),
        Column(N_("Status"), lambda r: r.status),
        Column(N_("Entries"), lambda r: entries_text(r.registration), numeric=True),
        Column(
            N_("Place"),
            lambda r: (
                place_text(r.registration.place, r.registration.tied)
                if r.registration is not None
                else ""
            ),
            numeric=True,
        ),
    )

    def row_key(self, row: DeskRow) -> Hashable:
        return row.player.id

    def row_of_player(self, player_id: int) -> int | None:
        """The row showing `player_id`, or None."""
        return next((i for i, r in enumerate(self._rows) if r.player.id == player_id), None)

    def _foreground(self, row: DeskRow) -> QBrush | None:
        if row.registration is not None and row.registration.status is RegistrationStatus.BUSTED:
            return ink_on(_GREY)
        return None


class RegistrationsModel(RowsModel[RegistrationInfo]):
    """The tournament's field: everyone registered, in the order they registered."""

    COLUMNS = (
        Column("#", lambda r: str(r.id), numeric=True),
        Column(N_("Name"), lambda r: r.name),
        Column(N_("Status"), lambda r: _(STATUS_TEXT[r.status])),
        Column(N_("Entries"), lambda r: str(r.entries), numeric=True),
        Column(N_("Rebuys"), lambda r: str(r.rebuys), numeric=True),
        Column(N_("Add-ons"), lambda r: str(r.add_ons), numeric=True),
        Column(N_("Place"), lambda r: place_text(r.place, r.tied), numeric=True),
    )

    def row_key(self, row: RegistrationInfo) -> Hashable:
        return row.id


# ------------------------------------------------------------------------------ the ledger
def ledger_note(entry: LedgerEntry) -> str:
    """The reason column: why a row was written, and what a void reverses."""
    if entry.kind is RowKind.VOID:
        return _("voids #{row}: {reason}").format(row=entry.target_id, reason=entry.reason)
    if entry.kind is RowKind.REFUND:
        return _("refunds #{row}: {reason}").format(row=entry.target_id, reason=entry.reason)
    note = entry.reason
    if entry.voided_by is not None:
        note = _("{reason} (voided by #{row})").format(reason=note, row=entry.voided_by).strip()
    if entry.chips:
        note = (
            _("T{chips} in chips. {reason}")
            .format(chips=format_chips(entry.chips), reason=note)
            .strip()
        )
    return note


class LedgerModel(RowsModel[LedgerEntry]):
    """Every money row, oldest first; voided rows struck through, next to the void that says why."""

    COLUMNS = (
        Column("#", lambda r: str(r.id), numeric=True),
        Column(N_("Time"), lambda r: local_time(r.created_at)),
        Column(N_("Kind"), lambda r: r.kind.value),
        Column(N_("Player"), lambda r: r.name),
        # A reversal (void, refund) shows its minus sign: it takes money back, it adds none.
        Column(N_("Amount"), lambda r: money(signed_amount(r.kind, r.amount)), numeric=True),
        # Who recorded it: "cashier@laptop2" (the station's role and machine).
        Column(N_("Station"), lambda r: r.station),
        Column(N_("Reason"), ledger_note),  # last: the free text takes the rest of the width
    )

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._by_id: dict[int, LedgerEntry] = {}

    def row_key(self, row: LedgerEntry) -> Hashable:
        return row.id

    def _rows_changed(self) -> None:
        super()._rows_changed()
        self._by_id = {entry.id: entry for entry in self._rows}

    def cash(self, row: int) -> int | None:
        """The drawer movement of the row at `row` (see `cash_effect`)."""
        return cash_effect(self._rows[row], self._by_id)

    def row_of_id(self, row_id: int) -> int | None:
        """The table row showing ledger row `row_id`."""
        return next((i for i, e in enumerate(self._rows) if e.id == row_id), None)

    def _font(self, row: LedgerEntry) -> QFont | None:
        if row.voided:
            return _STRUCK
        if row.kind is RowKind.VOID:
            return _ITALIC
        return None

    def _foreground(self, row: LedgerEntry) -> QBrush | None:
        if row.voided:
            return ink_on(_VOIDED)
        if row.kind is RowKind.VOID:
            return ink_on(_VOID)
        effect = cash_effect(row, self._by_id)
        if effect is not None and effect < 0:
            return ink_on(_CASH_OUT)
        return None

    def _tooltip(self, row: LedgerEntry) -> str | None:
        parts = []
        if row.split is not None:
            parts.append(
                _("prize pool {pool}, fee {fee}, bounty {bounty}").format(
                    pool=money(row.split.prize_pool),
                    fee=money(row.split.house_fee),
                    bounty=money(row.split.bounty),
                )
            )
        return "; ".join(parts) or None


class LinesModel(RowsModel[tuple[str, str]]):
    """(label, value) pairs: the end-of-night summary."""

    COLUMNS = (
        Column(N_("Item"), lambda r: r[0]),
        Column(N_("Value"), lambda r: r[1], numeric=True),
    )

    def row_key(self, row: tuple[str, str]) -> Hashable:
        return row[0]


# ------------------------------------------------------------------------------ the player database
@dataclass(frozen=True)
class PlayerRow:
    """A player of the database, with their registration in this tournament (if any) and
    their place on its waiting list ("waiting, number 2"; "" when not waiting)."""

    player: PlayerInfo
    registration: RegistrationInfo | None
    waiting: str = ""

    @property
    def tonight(self) -> str:
        """'' when neither on this tournament's list nor waiting, else the registration's
        status and the place on the waiting list."""
        status = _(STATUS_TEXT[self.registration.status]) if self.registration is not None else ""
        return " · ".join(part for part in (status, self.waiting) if part)


class PlayersModel(RowsModel[PlayerRow]):
    """The player database: every player not merged away, with their status tonight."""

    COLUMNS = (
        Column("#", lambda r: str(r.player.id), numeric=True),
        Column(N_("Name"), lambda r: r.player.name),
        Column(N_("Nickname"), lambda r: r.player.nickname),
        Column(N_("Team"), lambda r: r.player.team),
        Column(N_("Phone"), lambda r: r.player.phone),
        Column(N_("E-mail"), lambda r: r.player.email),
        Column(N_("Tonight"), lambda r: r.tonight),
        Column(N_("Notes"), lambda r: " ".join(r.player.notes.split())),
    )

    def row_key(self, row: PlayerRow) -> Hashable:
        return row.player.id

    def row_of_player(self, player_id: int) -> int | None:
        """The row showing `player_id`, or None."""
        return next((i for i, r in enumerate(self._rows) if r.player.id == player_id), None)

    def _tooltip(self, row: PlayerRow) -> str | None:
        return row.player.notes or None
