"""Table models of the league and team-event windows (flat tables over frozen rows)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt

from clockapp.core.money.amounts import format_cents
from clockapp.core.points import EventResult, LeagueStanding, TeamStanding, format_points
from clockapp.i18n import gettext as _
from clockapp.i18n import pgettext
from clockapp.services.leagues import AttendanceInfo, PreviewLine
from clockapp.ui.table_model import RowTableModel

AnyIndex = QModelIndex | QPersistentModelIndex
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def _cells_data(cells: tuple[Any, ...], index: AnyIndex, role: int, numeric: set[int]) -> Any:
    if role == Qt.ItemDataRole.DisplayRole:
        return cells[index.column()]
    if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in numeric:
        return RIGHT
    return None


class PreviewModel(RowTableModel[PreviewLine]):
    """Each person's points under a formula."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__((_("Place"), _("Name"), _("Role"), _("Team"), _("Points")), parent)

    def set_lines(self, lines: Iterable[PreviewLine]) -> None:
        """Show these lines."""
        self._set_rows(lines)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Place, name, role, team, points."""
        line = self.row_at(index)
        if line is None:
            return None
        cells = (
            str(line.place) if line.place else "",
            line.name,
            line.role.value,
            line.team,
            format_points(line.points),
        )
        return _cells_data(cells, index, role, {0, 4})


class StandingsModel(RowTableModel[LeagueStanding]):
    """A league's standings with each player's season."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(
            (
                _("Rank"),
                _("Player"),
                _("Points"),
                _("Events"),
                _("Cashes"),
                _("Wins"),
                _("Best"),
                _("Average"),
                _("Paid in"),
                _("Won"),
                _("Profit"),
                _("Tickets"),
            ),
            parent,
        )

    def set_standings(self, lines: Iterable[LeagueStanding]) -> None:
        """Show these standings."""
        self._set_rows(lines)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """One player's line."""
        line = self.row_at(index)
        if line is None:
            return None
        s = line.season
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 11 and s.tickets:
            return f"{'; '.join(s.tickets)} (worth {format_cents(s.ticket_value)})"
        cells = (
            str(line.rank),
            s.name,
            format_points(s.points),
            str(s.events),
            str(s.cashes),
            str(s.wins),
            str(s.best_finish) if s.best_finish is not None else "",
            f"{s.average_finish:.1f}" if s.average_finish is not None else "",
            format_cents(s.paid_in),
            format_cents(s.won),
            format_cents(s.profit),
            str(len(s.tickets)) if s.tickets else "",
        )
        return _cells_data(cells, index, role, {0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})


class EventsModel(RowTableModel[tuple[str, EventResult]]):
    """One player's tournaments in a league: (tournament name, result)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(
            (_("Tournament"), _("Place"), _("Points"), _("Paid in"), _("Won"), _("Ticket")), parent
        )

    def set_events(self, events: Iterable[tuple[str, EventResult]]) -> None:
        """Show these tournaments."""
        self._set_rows(events)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Tournament, place, points, money, the ticket won."""
        row = self.row_at(index)
        if row is None:
            return None
        name, r = row
        cells = (
            name,
            str(r.place) if r.place is not None else _("in play"),
            format_points(r.points),
            format_cents(r.paid_in),
            format_cents(r.won),
            _("{ticket} ({worth})").format(ticket=r.ticket, worth=format_cents(r.ticket_value))
            if r.ticket
            else "",
        )
        return _cells_data(cells, index, role, {1, 2, 3, 4})


class TeamStandingsModel(RowTableModel[TeamStanding]):
    """The team standings: share of the 100 points, from the raw points."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(
            (_("Rank"), _("Team"), _("Players"), _("Points"), _("Share of 100")), parent
        )

    def set_standings(self, lines: Iterable[TeamStanding]) -> None:
        """Show these standings."""
        self._set_rows(lines)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """One team's line."""
        s = self.row_at(index)
        if s is None:
            return None
        cells = (str(s.rank), s.team, str(s.players), format_points(s.raw), str(s.share))
        return _cells_data(cells, index, role, {0, 2, 3, 4})


class AttendanceModel(RowTableModel[AttendanceInfo]):
    """Helpers and spectators with their check-in and check-out times, players' time away."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(
            (
                _("Name"),
                _("Team"),
                pgettext("attendance column", "Role"),
                pgettext("attendance column", "In"),
                pgettext("attendance column", "Out"),
                pgettext("attendance column", "Away"),
            ),
            parent,
        )

    def set_attendance(self, rows: Iterable[AttendanceInfo]) -> None:
        """Show these people."""
        self._set_rows(rows)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """One person's line."""
        a = self.row_at(index)
        if a is None:
            return None
        cells = (
            a.name,
            a.team,
            a.role.value,
            a.checked_in_at.astimezone().strftime("%H:%M") if a.checked_in_at else "",
            a.checked_out_at.astimezone().strftime("%H:%M") if a.checked_out_at else "",
            f"{a.away_minutes} min" if a.registration_id is not None else "",
        )
        return _cells_data(cells, index, role, {5})
