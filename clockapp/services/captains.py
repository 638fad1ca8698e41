"""Use cases of the table captains: reporting switched on per table, tokens, reports decided.

The director switches reporting on or off per table (`enable`), issues a table's token for its
QR code (`issue_token`, shown once: only its hash is kept) and revokes it (`revoke`). A
captain's phone reads its page (`page`: the table's players and a fresh one-time nonce) and
sends a report (`submit`); a report waits until the director accepts it (`accept`, optionally
edited first) or rejects it (`reject`). Accepting runs the usual action in the same
transaction: a bust through the results' bust rule (`bust_ruling`, so the usual undo of a bust
undoes it), chip counts through the chip counts' own recording; a call for the floor or the
clock is answered (a call that names the player calls the shot clock on them, onto the wall).
Each is one write transaction that records `Change.REPORTS` (and what the
action changed).

A submission is checked before anything is written, and refused whole: a token that opens no
table of this tournament (forged, another tournament's, revoked), a table switched off, a nonce
not issued for this token, too old or used before (a replay), a flood (`REPORTS_PER_MINUTE`),
or a report that names players not at the table. The token is checked first in a read, so a
stranger's requests never take the write lock.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from clockapp.core.captains import (
    FLOOD_WINDOW,
    CaptainError,
    FloodRefused,
    NonceRefused,
    Report,
    ReportKind,
    ReportStatus,
    TokenRefused,
    check_at_table,
    check_nonce,
    describe,
    flood_refusal,
    issue_nonce,
    looks_like_token,
    new_token,
    token_hash,
    token_matches,
)
from clockapp.core.chip_counts import Leaderboard
from clockapp.core.money.change import TillChange
from clockapp.core.money.field import BustInput
from clockapp.core.money.till import Till
from clockapp.core.shot_clock import ShotClock
from clockapp.core.text import REASON_MAX, clean_text
from clockapp.i18n import gettext as _
from clockapp.persistence.models import CaptainReportRow, CaptainTableRow
from clockapp.persistence.queries import captains as captain_rows
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, Ruling, money_action
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.changes import Change, Outcome
from clockapp.services.chip_counts import record_in_session
from clockapp.services.chip_race import RacePlayer, RaceTable, tables_in_play
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.results.service import bust_ruling
from clockapp.services.results.views import BustReport
from clockapp.services.seating.room import load_room
from clockapp.services.setup import get_row, lock_row
from clockapp.services.shot_clock import call_in_session


@dataclass(frozen=True)
class CaptainTable:
    """One table of the room as the Captains dialog shows it.

    Attributes:
        number: The table's number.
        label: Its label ("Table 3", or its name).
        enabled: Whether its captain may report.
        has_token: Whether a token is out for it (revoked: False).
        issued_at: When that token was issued (None: none out).
        players: Players seated there now.
    """

    number: int
    label: str
    enabled: bool
    has_token: bool
    issued_at: datetime | None
    players: int


@dataclass(frozen=True)
class IssuedToken:
    """A table's new token, to put in its QR code now: it is never shown again."""

    table_number: int
    label: str
    token: str


@dataclass(frozen=True)
class CaptainPage:
    """What a captain's phone shows: the tournament, the table, its players, the page's nonce."""

    tournament: str
    table_number: int
    label: str
    players: tuple[RacePlayer, ...]
    nonce: str


@dataclass(frozen=True)
class TableReport:
    """A report as the director's Reports panel lists it.

    Attributes:
        id: The report's id.
        table_number: The table that sent it.
        label: The table's label.
        report: What it reports (as edited, once accepted edited).
        text: The report in a sentence, with the players' names.
        status: Pending, accepted or rejected.
        received_at: When it came in.
    """

    id: int
    table_number: int
    label: str
    report: Report
    text: str
    status: ReportStatus
    received_at: datetime


@dataclass(frozen=True)
class Accepted:
    """A report accepted: the report, and what its action returned (for its undo)."""

    report: TableReport
    bust: BustReport | None = None
    board: Leaderboard | None = None
    shot: ShotClock | None = None


def _report_of(row: CaptainReportRow) -> Report:
    counts = tuple((int(rid), int(chips)) for rid, chips in json.loads(row.counts))
    return Report(
        ReportKind(row.kind),
        row.table_number,
        busted=row.busted,
        busted_by=row.busted_by,
        counts=counts,
        player=row.player,
        note=row.note,
    )


def _write_report(row: CaptainReportRow, report: Report) -> None:
    row.kind = str(report.kind)
    row.table_number = report.table_number
    row.busted, row.busted_by, row.player = report.busted, report.busted_by, report.player
    row.counts = json.dumps([list(pair) for pair in report.counts])
    row.note = report.note


def _labels(session: Session, tournament_id: int) -> dict[int, str]:
    return {t.number: t.label for t in load_room(session, tournament_id).seating.tables}


def _view(row: CaptainReportRow, labels: dict[int, str], names: dict[int, str]) -> TableReport:
    assert row.id is not None
    report = _report_of(row)
    return TableReport(
        id=row.id,
        table_number=row.table_number,
        label=labels.get(row.table_number, _("Table {number}").format(number=row.table_number)),
        report=report,
        text=describe(report, names),
        status=ReportStatus(row.status),
        received_at=row.received_at,
    )


def _names(tables: Sequence[RaceTable]) -> dict[int, str]:
    return {p.registration_id: p.name for t in tables for p in t.players}


def _table_of(tables: Sequence[RaceTable], number: int) -> RaceTable | None:
    return next((t for t in tables if t.number == number), None)


def _token_row(session: Session, tournament_id: int, token: str) -> CaptainTableRow:
    """The table `token` opens in this tournament; refused alike when forged, foreign, revoked."""
    refused = TokenRefused(
        _("This QR code opens no table of this tournament: ask the director for a new one.")
    )
    if not looks_like_token(token):
        raise refused
    row = captain_rows.by_token_hash(session, token_hash(token))
    if row is None or row.tournament_id != tournament_id:
        raise refused
    if not token_matches(token, row.token_hash):
        raise refused
    if not row.enabled:
        raise TokenRefused(
            _("Reporting from this table is switched off: call the floor the usual way.")
        )
    return row


class CaptainService:
    """The table captains' reports, from the phone to the director's decision."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache if cache is not None else LedgerCache()

    # ---------------------------------------------------------------- the director's switches

    def tables(self, tournament_id: int) -> tuple[CaptainTable, ...]:
        """Every table of the room, with its reporting switch and whether a token is out."""
        with self._ctx.reading() as session:
            room = load_room(session, tournament_id, self._ctx.now())
            rows = {r.table_number: r for r in captain_rows.tables(session, tournament_id)}
            found = []
            for table in room.seating.tables:
                row = rows.get(table.number)
                found.append(
                    CaptainTable(
                        number=table.number,
                        label=table.label,
                        enabled=row is not None and row.enabled,
                        has_token=row is not None and row.token_hash is not None,
                        issued_at=row.issued_at if row is not None else None,
                        players=len(room.seating.players_at(table.number)),
                    )
                )
        return tuple(found)

    def _table_action(
        self, tournament_id: int, table_number: int, summary: str, token: bool | None, on: bool
    ) -> Outcome[IssuedToken | None]:
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            labels = _labels(session, tournament_id)
            if table_number not in labels:
                raise CaptainError(
                    _("Table {number} is not in the room.").format(number=table_number)
                )
            row = captain_rows.table_or_new(session, tournament_id, table_number)
            row.enabled = on
            issued: IssuedToken | None = None
            if token is True:
                secret = new_token()
                row.token_hash, row.issued_at = token_hash(secret), now
                issued = IssuedToken(table_number, labels[table_number], secret)
            elif token is False:
                row.token_hash, row.issued_at = None, None
            captain_rows.save(session, row)
            changes = record_change(
                session, tournament_id, Change.REPORTS, f"{summary} at {labels[table_number]}", now
            )
        return Outcome(issued, changes)

    def enable(self, tournament_id: int, table_number: int, on: bool = True) -> Outcome[None]:
        """Switch reporting on (or off) at one table; its token, if any, is kept."""
        outcome = self._table_action(
            tournament_id,
            table_number,
            "reporting on" if on else "reporting off",
            None,
            on,
        )
        return Outcome(None, outcome.changes)

    def issue_token(self, tournament_id: int, table_number: int) -> Outcome[IssuedToken]:
        """A new token for one table (reporting switched on); the old token stops working."""
        outcome = self._table_action(tournament_id, table_number, "new captain's code", True, True)
        assert outcome.value is not None
        return Outcome(outcome.value, outcome.changes)

    def revoke(self, tournament_id: int, table_number: int) -> Outcome[None]:
        """Revoke one table's token and switch its reporting off."""
        outcome = self._table_action(
            tournament_id, table_number, "captain's code revoked", False, False
        )
        return Outcome(None, outcome.changes)

    # ---------------------------------------------------------------- the captain's phone

    def page(self, tournament_id: int, token: str) -> CaptainPage:
        """The captain's page of the table `token` opens, with a fresh nonce (reads only).

        Raises:
            TokenRefused: The token opens no table of this tournament, or reporting is off.
        """
        with self._ctx.reading() as session:
            row = _token_row(session, tournament_id, token)
            now = self._ctx.now()
            table = _table_of(tables_in_play(session, tournament_id, now), row.table_number)
            labels = _labels(session, tournament_id)
            name = get_row(session, tournament_id).name
        label = labels.get(row.table_number, _("Table {number}").format(number=row.table_number))
        players = table.players if table is not None and table.number is not None else ()
        return CaptainPage(name, row.table_number, label, players, issue_nonce(token, now))

    def table_number(self, tournament_id: int, token: str) -> int:
        """The number of the table `token` opens (reads only; `TokenRefused` as `page` says)."""
        with self._ctx.reading() as session:
            return _token_row(session, tournament_id, token).table_number

    def submit(
        self, tournament_id: int, token: str, nonce: str, report: Report
    ) -> Outcome[TableReport]:
        """Keep one report from a captain's phone, to wait for the director.

        Raises:
            TokenRefused: Forged, another tournament's or revoked token; reporting off.
            NonceRefused: A nonce not issued for this token, too old, or used before.
            FloodRefused: The table sent too many reports this minute.
            CaptainError: The report names players not at the table, or another table.
        """
        with self._ctx.reading() as session:  # a stranger's request never takes the lock
            _token_row(session, tournament_id, token)
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            row = _token_row(session, tournament_id, token)
            if report.table_number != row.table_number:
                raise TokenRefused(_("This QR code reports for another table."))
            check_nonce(nonce, token, now)
            if captain_rows.nonce_taken(session, tournament_id, nonce):
                raise NonceRefused(
                    _("This report was sent already: reload the page to send another.")
                )
            assert row.token_hash is not None
            recent = captain_rows.received_since(session, row.token_hash, now - FLOOD_WINDOW)
            flood = flood_refusal(recent, now)
            if flood is not None:
                raise FloodRefused(flood)
            tables = tables_in_play(session, tournament_id, now)
            table = _table_of(tables, row.table_number)
            labels = _labels(session, tournament_id)
            label = labels.get(row.table_number, str(row.table_number))
            seated = _names([table]) if table is not None and table.number is not None else {}
            check_at_table(report, seated, label)
            stored = CaptainReportRow(
                tournament_id=tournament_id,
                table_number=row.table_number,
                kind=str(report.kind),
                nonce=nonce,
                token_hash=row.token_hash,
                status=str(ReportStatus.PENDING),
                received_at=now,
            )
            _write_report(stored, report)
            captain_rows.save(session, stored)
            view = _view(stored, labels, _names(tables))
            changes = record_change(
                session, tournament_id, Change.REPORTS, f"report from {label}: {view.text}", now
            )
        return Outcome(view, changes)

    # ---------------------------------------------------------------- the director's decision

    def reports(
        self, tournament_id: int, status: ReportStatus | None = ReportStatus.PENDING
    ) -> tuple[TableReport, ...]:
        """The reports with `status` (default: those waiting), oldest first; None: all."""
        with self._ctx.reading() as session:
            rows = captain_rows.reports(
                session, tournament_id, str(status) if status is not None else None
            )
            if not rows:
                return ()
            labels = _labels(session, tournament_id)
            names = _names(tables_in_play(session, tournament_id, self._ctx.now()))
            names.update(_out_names(session, tournament_id, rows))
        return tuple(_view(row, labels, names) for row in rows)

    def accept(
        self, tournament_id: int, report_id: int, edited: Report | None = None
    ) -> Outcome[Accepted]:
        """Accept a report (as `edited`, when the director changed it) and run its action.

        Raises:
            CaptainError: The report was decided already, or the edit names another table.
            BustError: The bust is refused (the player is out already...); nothing is written.
            ChipCountError: A count is refused; nothing is written.
        """
        with self._ctx.reading() as session:
            row = self._pending(session, tournament_id, report_id)
            report = edited if edited is not None else _report_of(row)
        if report.table_number != row.table_number:
            raise CaptainError(_("An edited report stays the report of its own table."))
        if report.kind is ReportKind.BUST:
            return self._accept_bust(tournament_id, report_id, report)
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            row = self._pending(session, tournament_id, report_id)
            tables = tables_in_play(session, tournament_id, now)
            labels = _labels(session, tournament_id)
            label = labels.get(row.table_number, str(row.table_number))
            table = _table_of(tables, row.table_number)
            check_at_table(report, _names([table]) if table is not None else {}, label)
            board = shot = None
            what = Change.REPORTS
            if report.kind is ReportKind.CHIP_COUNTS:
                board, label = record_in_session(
                    session, tournament_id, row.table_number, report.counts, now
                )
                what |= Change.ENTRIES
            elif report.kind is ReportKind.CLOCK and report.player is not None:
                shot = call_in_session(session, tournament_id, report.player, now)
                what |= Change.WALL
            view = self._decide(session, row, report, ReportStatus.ACCEPTED, now, "", tables)
            changes = record_change(
                session, tournament_id, what, f"accepted from {label}: {view.text}", now
            )
        return Outcome(Accepted(view, board=board, shot=shot), changes)

    def _accept_bust(self, tournament_id: int, report_id: int, report: Report) -> Outcome[Accepted]:
        assert report.busted is not None

        def rule(session: Session, till: Till, now: datetime) -> Ruling[Accepted]:
            row = self._pending(session, tournament_id, report_id)
            tables = tables_in_play(session, tournament_id, now)
            table = _table_of(tables, row.table_number)
            labels = _labels(session, tournament_id)
            label = labels.get(row.table_number, str(row.table_number))
            check_at_table(report, _names([table]) if table is not None else {}, label)
            assert report.busted is not None
            busts = [BustInput(report.busted, None, report.busted_by)]
            busted = bust_ruling(session, till, busts, now, self._ctx.station, True)

            def finish(
                session: Session, after: Till, written: Sequence[TillChange], now: datetime
            ) -> Done[Accepted]:
                done = busted.finish(session, after, written, now)
                view = self._decide(session, row, report, ReportStatus.ACCEPTED, now, "", tables)
                return Done(
                    Accepted(view, bust=done.value),
                    done.what | Change.REPORTS,
                    f"accepted from {label}: {done.summary}",
                )

            return Ruling(busted.changes, finish)

        return money_action(self._ctx, self._cache, tournament_id, rule, keep=True)

    def reject(self, tournament_id: int, report_id: int, reason: str = "") -> Outcome[TableReport]:
        """Reject a report: nothing else changes; it leaves the list of those waiting."""
        reason = clean_text(reason, "Reason", REASON_MAX) if reason.strip() else ""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            row = self._pending(session, tournament_id, report_id)
            tables = tables_in_play(session, tournament_id, now)
            view = self._decide(
                session, row, _report_of(row), ReportStatus.REJECTED, now, reason, tables
            )
            changes = record_change(
                session, tournament_id, Change.REPORTS, f"rejected: {view.text}", now
            )
        return Outcome(view, changes)

    @staticmethod
    def _pending(session: Session, tournament_id: int, report_id: int) -> CaptainReportRow:
        row = captain_rows.report(session, tournament_id, report_id)
        if row is None:
            raise CaptainError(_("That report is not one of this tournament's."))
        if row.status != ReportStatus.PENDING:
            raise CaptainError(_("That report was decided already (at another station?)."))
        return row

    def _decide(
        self,
        session: Session,
        row: CaptainReportRow,
        report: Report,
        status: ReportStatus,
        now: datetime,
        reason: str,
        tables: Sequence[RaceTable],
    ) -> TableReport:
        _write_report(row, report)
        row.status = str(status)
        row.decided_at, row.decided_by, row.reason = now, self._ctx.station[:80], reason
        captain_rows.save(session, row)
        names = _names(tables)
        names.update(_out_names(session, row.tournament_id, [row]))
        return _view(row, _labels(session, row.tournament_id), names)


def _out_names(
    session: Session, tournament_id: int, rows: Sequence[CaptainReportRow]
) -> dict[int, str]:
    """The names of players the reports name who are no longer seated (busted since)."""
    wanted = {rid for row in rows for rid in _report_of(row).names()}
    return captain_rows.player_names(session, tournament_id, wanted)
