"""Eliminations and results: who busted whom, finishing places, prizes and bounties, CSV export.

Busts are recorded in the `elimination` table, one row per player per hand; undoing one appends a
row that points at it, so the history keeps both. Places follow the TDA rules of
`clockapp.core.eliminations` (same-hand busts ranked by the chips they started the hand with,
equal stacks share the places and their prizes). The figures the clock shows come from
`field_stats` once a tournament has registrations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from clockapp.core.eliminations import EliminationError
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.field import BustInput, chips_in_play
from clockapp.core.money.ledger import RowKind, voided_rows
from clockapp.core.money.records import PrizeDue, RegistrationStatus
from clockapp.core.money.till import Till
from clockapp.core.money.view import check_not_overpaid, money_view
from clockapp.core.seating import Seat
from clockapp.core.userfiles import csv_text
from clockapp.persistence.models.cashier import STATUS_PLAYING
from clockapp.persistence.queries import registrations
from clockapp.persistence.session import Session
from clockapp.services.cashier.action import Done, money_action
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import (
    load_till,
    record_busts,
    save_settled,
    undo_last_bust,
)
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext
from clockapp.services.ending import final_places, sync_finish
from clockapp.services.payouts import payout_view
from clockapp.services.seating.hand import open_hand
from clockapp.services.seating.late import SeatNote, follow_in_session, seat_in_session
from clockapp.services.setup import get_row

BUST_CHANGES = Change.ENTRIES | Change.PAYOUTS | Change.SEATING

#: Columns of the results CSV.
RESULTS_COLUMNS = (
    "place",
    "name",
    "entries",
    "rebuys",
    "add_ons",
    "paid_in",
    "prize",
    "bounties",
    "knockouts",
    "total_won",
    "paid_out",
    "still_owed",
    "busted_by",
)


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
    """

    busted: tuple[PrizeDue, ...]
    players_left: int
    players_to_money: int | None
    seats: tuple[SeatNote, ...] = ()


@dataclass(frozen=True)
class EliminationInfo:
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
    """

    entries: int
    players_left: int
    chips_in_play: int
    average_stack: int
    prize_pool_cents: int
    payouts: tuple[tuple[int, int], ...]
    players_to_money: int | None
    deal: tuple[tuple[str, int], ...] = ()


def has_registrations(session: Session, tournament_id: int) -> bool:
    """Whether the cashier has any player on the tournament's list."""
    return registrations.any_listed(session, tournament_id)


def field_stats(
    session: Session, tournament_id: int, cache: LedgerCache | None = None
) -> FieldStats | None:
    """The clock's figures from the cashier, or None when nobody is registered yet."""
    if not has_registrations(session, tournament_id):
        return None
    till = load_till(session, tournament_id, cache)
    view = money_view(till)
    payouts = payout_view(till, view)
    left = sum(1 for reg in till.registrations.values() if reg.status == STATUS_PLAYING)
    chips = chips_in_play(till)
    deal = sorted(
        ((due.name, due.prize) for due in view.dues.values() if due.in_deal),
        key=lambda pair: (-pair[1], pair[0].casefold()),
    )
    ladder = payouts.ladder
    if deal:  # the dealers' places are paid by the deal: the wall shows their shares instead
        ladder = tuple((place, cents) for place, cents in ladder if place > len(deal))
    return FieldStats(
        entries=view.balances.entries,
        players_left=left,
        chips_in_play=chips,
        average_stack=chips // left if left else 0,
        prize_pool_cents=payouts.prize_pool,
        payouts=ladder,
        players_to_money=payouts.players_to_money,
        deal=tuple(deal),
    )


def _report(till: Till, ids: Sequence[int]) -> BustReport:
    view = money_view(till)
    check_not_overpaid(view)
    payouts = payout_view(till, view)
    return BustReport(
        busted=tuple(view.dues[rid] for rid in ids),
        players_left=payouts.players_left,
        players_to_money=payouts.players_to_money,
    )


def _history(till: Till) -> tuple[EliminationInfo, ...]:
    undone_by = {e.undoes_id: e.id for e in till.eliminations if e.undoes_id is not None}
    result = []
    for e in till.eliminations:
        assert e.id is not None
        result.append(
            EliminationInfo(
                id=e.id,
                registration_id=e.registration_id,
                name=till.name(e.registration_id),
                hand=e.hand,
                chips_at_hand_start=e.chips_at_hand_start,
                busted_by_id=e.busted_by_id,
                busted_by=till.name(e.busted_by_id),
                bounty=e.bounty,
                undoes_id=e.undoes_id,
                undone_by=undone_by.get(e.id),
                reason=e.reason,
                created_at=e.created_at,
                station=e.station,
            )
        )
    return tuple(result)


def _paid_in(till: Till) -> dict[int, int]:
    """Cents each registration paid for entries and still has in: entries not voided, less the
    refunds not voided (a refunded rebuy is money handed back, not money paid in)."""
    voided = set(voided_rows(till.rows))
    result: dict[int, int] = {}
    for row in till.rows:
        if row.player_id is None or row.row_id in voided:
            continue
        if row.kind.is_entry:
            result[row.player_id] = result.get(row.player_id, 0) + row.amount
        elif row.kind is RowKind.REFUND:
            result[row.player_id] = result.get(row.player_id, 0) - row.amount
    return result


def _result_rows(till: Till) -> tuple[ResultRow, ...]:
    view = money_view(till)
    paid = _paid_in(till)
    # Places as they finished; after a deal that ended the event, the dealers' by their chips.
    places = final_places(till, view)
    rows = []
    for rid, reg in till.registrations.items():
        if reg.entries == 0:
            continue
        due = view.dues[rid]
        place, tied, label = places.get(rid, (None, 1, "in play (deal)" if due.in_deal else ""))
        label = label or "in play"
        rows.append(
            ResultRow(
                registration_id=rid,
                player_id=reg.player_id,
                name=till.name(rid),
                status=RegistrationStatus(reg.status),
                place=place,
                tied=tied,
                label=label,
                entries=reg.entries,
                rebuys=reg.rebuys,
                add_ons=reg.add_ons,
                paid_in=paid.get(rid, 0),
                prize=due.prize,
                bounties=due.bounties,
                knockouts=due.knockouts,
                paid_out=due.prize_paid + due.bounties_paid,
                busted_by=till.name(reg.busted_by_id),
                in_deal=due.in_deal,
            )
        )
    # Players still in first (they are ahead of every busted player), then by place.
    rows.sort(key=lambda r: (r.place is not None, r.place or 0, r.name.casefold()))
    return tuple(rows)


def results_to_csv(rows: Sequence[ResultRow]) -> str:
    """Results as CSV text; money as plain decimals (12.50) so spreadsheets can add them up.

    Names a spreadsheet would run as a formula get a leading quote (`core.userfiles.safe_cell`);
    amounts, negative ones too, stay numbers.

    >>> results_to_csv(()).strip()
    'place,name,entries,rebuys,add_ons,paid_in,prize,bounties,knockouts,total_won,paid_out,still_owed,busted_by'
    """

    def money(cents: int) -> str:
        return format_cents(cents, symbol="").replace(",", "")

    return csv_text(
        RESULTS_COLUMNS,
        (
            [
                r.label if r.place is not None else "",
                r.name,
                r.entries,
                r.rebuys,
                r.add_ons,
                money(r.paid_in),
                money(r.prize),
                money(r.bounties),
                r.knockouts,
                money(r.total_won),
                money(r.paid_out),
                money(r.still_owed),
                r.busted_by,
            ]
            for r in rows
        ),
    )


class ResultsService:
    """Use cases on eliminations and results."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache if cache is not None else LedgerCache()  # `Services` shares one

    def eliminate(
        self,
        tournament_id: int,
        registration_id: int,
        *,
        busted_by: int | None = None,
        chips_at_hand_start: int | None = None,
        station: str = "",
        follow_seating: bool = False,
    ) -> Outcome[BustReport]:
        """Record one player busted (alone on the hand), and who busted them.

        Raises:
            EliminationError: The player is already out, has not bought in, or the buster is
                not in play.
        """
        return self.eliminate_hand(
            tournament_id,
            [BustInput(registration_id, chips_at_hand_start, busted_by)],
            station=station,
            follow_seating=follow_seating,
        )

    def eliminate_hand(
        self,
        tournament_id: int,
        busts: Sequence[BustInput],
        *,
        station: str = "",
        follow_seating: bool = False,
    ) -> Outcome[BustReport]:
        """Record every player busted on one hand.

        Players busted on the same hand finish in the order of the chips they started it with;
        equal stacks tie and share the prizes of the places they cover. Each bounty is credited
        to the buster. The seat each player sat in is kept on the record (a rebuy or an undo
        gives it back). While hand-for-hand is on, the busts join the open hand: busts entered
        one after another as the tables report, before the next hand is dealt, are one hand.
        With `follow_seating` the seating follows in the same transaction: the
        seats free at once and a shootout table loses its players out (the cashier's bust is one
        action, not a bust and then a seating call).
        """

        def apply(session: Session, till: Till, now: datetime) -> Done[BustReport]:
            hand = open_hand(session, tournament_id, till)
            record_busts(session, till, busts, now, station=station, hand=hand)
            if follow_seating:
                follow_in_session(session, tournament_id, now)
            report = _report(till, [b.registration_id for b in busts])
            names = ", ".join(p.name for p in report.busted)
            return Done(report, BUST_CHANGES | sync_finish(session, till, now), f"busted {names}")

        return money_action(self._ctx, self._cache, tournament_id, apply, keep=True)

    def undo_elimination(
        self,
        tournament_id: int,
        registration_id: int,
        reason: str = "undo",
        *,
        station: str = "",
    ) -> Outcome[BustReport]:
        """Undo a player's last bust with a reversing record; the player is back in play.

        A player who was seated gets the seat back when it is still free, else draws a seat by
        the rules, in the same transaction (`BustReport.seats` says where).

        Raises:
            EliminationError: The player is not out, or has rebought or re-entered since (void
                that entry first).
            LedgerError: A prize or bounty already paid would then be more than due (void the
                payment first).
        """
        return self.undo_hand(tournament_id, [registration_id], reason, station=station)

    def undo_hand(
        self,
        tournament_id: int,
        registration_ids: Sequence[int],
        reason: str = "undo",
        *,
        station: str = "",
    ) -> Outcome[BustReport]:
        """Undo the last bust of each player (the players of one hand) in one transaction.

        The players are put back in the order given, each with a reversing record, and each
        gets a seat back as `undo_elimination` says. Refused as a whole when any one is refused.
        """
        if not registration_ids:
            raise EliminationError("Say whose bust to undo.")
        if len(set(registration_ids)) != len(registration_ids):
            raise EliminationError("A player is named twice: each bust is undone once.")

        def apply(session: Session, till: Till, now: datetime) -> Done[BustReport]:
            backs: list[tuple[int, Seat]] = []
            for rid in registration_ids:
                back = undo_last_bust(session, till, rid, reason, now, station)
                if back is not None:
                    backs.append((rid, back))
            save_settled(session, till)
            report = _report(till, list(registration_ids))
            notes = []
            for rid, back in backs:
                note = seat_in_session(session, tournament_id, rid, now, back_to=back)
                if note is not None:
                    notes.append(note)
            report = replace(report, seats=tuple(notes))
            names = ", ".join(till.name(rid) for rid in registration_ids)
            seated = "".join(f"; {note.sentence}" for note in notes if note.changed)
            return Done(
                report,
                BUST_CHANGES | sync_finish(session, till, now),
                f"undid the bust of {names}{seated}",
            )

        return money_action(self._ctx, self._cache, tournament_id, apply, keep=True)

    def eliminations(self, tournament_id: int) -> tuple[EliminationInfo, ...]:
        """Every bust and undo recorded, oldest first."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return _history(load_till(session, tournament_id, self._cache))

    def results(self, tournament_id: int) -> tuple[ResultRow, ...]:
        """Every player who bought in: players still in first, then by finishing place."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return _result_rows(load_till(session, tournament_id, self._cache))

    def results_csv(self, tournament_id: int) -> str:
        """The results as CSV text (`RESULTS_COLUMNS`)."""
        return results_to_csv(self.results(tournament_id))

    def stats(self, tournament_id: int) -> FieldStats | None:
        """The clock's figures from the cashier (None when nobody is registered)."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            return field_stats(session, tournament_id, self._cache)
