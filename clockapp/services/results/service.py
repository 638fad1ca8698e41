"""`ResultsService`: busts recorded and undone (one hand or one player), and the results
read back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from clockapp.core.busts import BustError
from clockapp.core.chip_counts import stack_lines
from clockapp.core.money.change import NO_CHANGE, TillChange, applied, settled
from clockapp.core.money.field import BustInput, compute_standings, standing_busts
from clockapp.core.money.series import FieldPoint, field_series
from clockapp.core.money.till import Till
from clockapp.core.registration import RegistrationStatus
from clockapp.core.satellite import check_play_on
from clockapp.core.seating import Seat
from clockapp.core.text import REASON_MAX, clean_text
from clockapp.i18n import gettext as _
from clockapp.persistence.queries import chips as chip_rows
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, Ruling, money_action
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import bust_change, load_till, undo_change
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext
from clockapp.services.ending import sync_finish
from clockapp.services.results.export import results_to_csv
from clockapp.services.results.field import field_stats
from clockapp.services.results.standings import bust_report, history, result_rows
from clockapp.services.results.views import (
    BustInfo,
    BustReport,
    ChartData,
    FieldStats,
    ResultRow,
)
from clockapp.services.seating.cashier_seats import (
    balance_notice_in_session,
    follow_in_session,
    seat_in_session,
)
from clockapp.services.seating.hand_for_hand_busts import open_hand
from clockapp.services.setup import get_row

BUST_CHANGES = Change.ENTRIES | Change.PAYOUTS | Change.SEATING


def bust_ruling(
    session: Session,
    till: Till,
    busts: Sequence[BustInput],
    now: datetime,
    station: str = "",
    follow_seating: bool = False,
) -> Ruling[BustReport]:
    """The busts of one hand as a money rule (`bust_players`'s, which another action that
    busts players, the showdown's, runs in its own transaction)."""
    tournament_id = till.tournament_id
    check_play_on(compute_standings(till).players_left, till.bounty.satellite)
    # The open hand's number is kept on the hand-for-hand row as it is handed out (seating's
    # record, not the till's), in this same transaction.
    hand = open_hand(session, tournament_id, till)
    change = bust_change(session, till, busts, now, station=station, hand=hand)

    def finish(
        session: Session, after: Till, _written: Sequence[TillChange], now: datetime
    ) -> Done[BustReport]:
        if follow_seating:
            follow_in_session(session, tournament_id, now)
        ids = [b.registration_id for b in busts]
        last = {bust.registration_id: bust.id for bust in standing_busts(after)}
        report = replace(bust_report(after, ids), bust_ids=tuple(last[rid] for rid in ids))
        names = ", ".join(p.name for p in report.busted)
        return Done(report, BUST_CHANGES | sync_finish(session, after, now), f"busted {names}")

    return Ruling((change,), finish)


class ResultsService:
    """Use cases on busts and results."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache if cache is not None else LedgerCache()  # `Services` shares one

    def bust(
        self,
        tournament_id: int,
        registration_id: int,
        *,
        busted_by: int | None = None,
        chips_at_hand_start: int | None = None,
        follow_seating: bool = False,
        report_balance: bool = False,
    ) -> Outcome[BustReport]:
        """Record one player busted (alone on the hand), and who busted them (`bust_players`
        says what `follow_seating` and `report_balance` do).

        Raises:
            BustError: The player is already out, has not bought in, or the buster is
                not in play.
        """
        return self.bust_players(
            tournament_id,
            [BustInput(registration_id, chips_at_hand_start, busted_by)],
            follow_seating=follow_seating,
            report_balance=report_balance,
        )

    def bust_players(
        self,
        tournament_id: int,
        busts: Sequence[BustInput],
        *,
        follow_seating: bool = False,
        report_balance: bool = False,
    ) -> Outcome[BustReport]:
        """Record every player busted on one hand.

        Players busted on the same hand finish in the order of the chips they started it with;
        equal stacks tie and share the prizes of the places they cover. Each bounty is credited
        to the buster. The seat each player sat in is kept on the record (a rebuy or an undo
        gives it back). While hand-for-hand is on, the busts join the open hand: busts entered
        one after another as the tables report, before the next hand is dealt, are one hand.
        With `follow_seating` the seating follows in the same transaction: the
        seats free at once and a shootout table loses its players out (the cashier's bust is one
        action, not a bust and then a seating call). With `report_balance` the report says the
        move the room needs when the busts left it out of balance (`BustReport.balance`), read
        just after the bust commits so the bust's own transaction stays as short as it was.
        """

        def rule(session: Session, till: Till, now: datetime) -> Ruling[BustReport]:
            return bust_ruling(session, till, busts, now, self._ctx.station, follow_seating)

        outcome = money_action(self._ctx, self._cache, tournament_id, rule, keep=True)
        if not report_balance:
            return outcome
        with self._ctx.reading() as session:
            notice = balance_notice_in_session(session, tournament_id)
        return Outcome(replace(outcome.value, balance=notice), outcome.changes)

    def undo_bust(
        self,
        tournament_id: int,
        registration_id: int,
        reason: str = "undo",
        bust_id: int | None = None,
    ) -> Outcome[BustReport]:
        """Undo a player's last bust with a reversing record; the player is back in play.

        With `bust_id`, that record must still be the player's last bust standing (the one the
        director chose: not one recorded since at another station).

        A player who was seated gets the seat back when it is still free, else draws a seat by
        the rules, in the same transaction (`BustReport.seats` says where).

        Raises:
            BustError: The player is not out, or has rebought or re-entered since (void
                that entry first).
            LedgerError: A prize or bounty already paid would then be more than due (void the
                payment first).
        """
        ids = [bust_id] if bust_id is not None else []
        return self.undo_hand(tournament_id, [registration_id], reason, ids)

    def undo_hand(
        self,
        tournament_id: int,
        registration_ids: Sequence[int],
        reason: str = "undo",
        bust_ids: Sequence[int] = (),
    ) -> Outcome[BustReport]:
        """Undo the last bust of each player (the players of one hand) in one transaction.

        The players are put back in the order given, each with a reversing record, and each
        gets a seat back as `undo_bust` says. Refused as a whole when any one is refused.
        With `bust_ids` (one per player, as `BustReport.bust_ids` gave them) each must still be
        that player's last bust: an undo never reverses a bust recorded since elsewhere.
        """
        reason = clean_text(reason, "Undo reason", REASON_MAX)
        if not registration_ids:
            raise BustError(_("Say whose bust to undo."))
        if len(set(registration_ids)) != len(registration_ids):
            raise BustError(_("A player is named twice: each bust is undone once."))
        if bust_ids and len(bust_ids) != len(registration_ids):
            raise BustError(_("Name one bust record for each player."))
        expected = dict(zip(registration_ids, bust_ids, strict=False))

        def rule(session: Session, till: Till, now: datetime) -> Ruling[BustReport]:
            backs: list[tuple[int, Seat]] = []
            change = NO_CHANGE
            for rid in registration_ids:
                undo, back = undo_change(
                    applied(till, change), rid, reason, now, self._ctx.station, expected.get(rid)
                )
                change = change.then(undo)
                if back is not None:
                    backs.append((rid, back))
            settle_change = settled(applied(till, change))[0]
            change = change.then(settle_change)

            def finish(
                session: Session, after: Till, _written: Sequence[TillChange], now: datetime
            ) -> Done[BustReport]:
                report = bust_report(after, list(registration_ids))
                notes = []
                for rid, back in backs:
                    note = seat_in_session(session, tournament_id, rid, now, back_to=back)
                    if note is not None:
                        notes.append(note)
                report = replace(report, seats=tuple(notes))
                names = ", ".join(after.name(rid) for rid in registration_ids)
                seated = "".join(f"; {note.sentence}" for note in notes if note.changed)
                return Done(
                    report,
                    BUST_CHANGES | sync_finish(session, after, now),
                    f"undid the bust of {names}{seated}",
                )

            return Ruling((change,), finish)

        return money_action(self._ctx, self._cache, tournament_id, rule, keep=True)

    def busts(self, tournament_id: int) -> tuple[BustInfo, ...]:
        """Every bust and undo recorded, oldest first."""
        with self._ctx.reading() as session:
            return self._cache.derived(session, tournament_id, history)

    def results(self, tournament_id: int) -> tuple[ResultRow, ...]:
        """Every player who bought in: players still in first, then by finishing place.

        A player still in carries his newest chip count, when the tables have been counted.
        """
        with self._ctx.reading() as session:
            rows = self._cache.derived_from_view(session, tournament_id, result_rows)
            counts = chip_rows.latest_counts(session, tournament_id)
        return tuple(
            replace(row, chips=counts[row.registration_id])
            if row.place is None and row.registration_id in counts
            else row
            for row in rows
        )

    def results_csv(self, tournament_id: int) -> str:
        """The results as CSV text (`RESULTS_COLUMNS`)."""
        return results_to_csv(self.results(tournament_id))

    def series(self, tournament_id: int) -> tuple[FieldPoint, ...]:
        """The field over time, for the charts: players left, chips, prize pool (oldest first)."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return field_series(load_till(session, tournament_id, self._cache))

    def charts(self, tournament_id: int) -> ChartData:
        """Everything the charts draw, read at once: the field over time and the chip leaders'
        counted stacks (see `clockapp.core.chip_counts.stack_lines`)."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            till = load_till(session, tournament_id, self._cache)
            in_play = {
                rid
                for rid, reg in till.registrations.items()
                if reg.status == RegistrationStatus.PLAYING
            }
            stacks = stack_lines(
                chip_rows.count_history(session, tournament_id), till.names, in_play
            )
            return ChartData(field_series(till), stacks)

    def stats(self, tournament_id: int) -> FieldStats | None:
        """The clock's figures from the cashier (None when nobody is registered)."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return field_stats(session, tournament_id, self._cache)
