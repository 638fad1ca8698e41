"""Bounty formats: the host's rules, knockout credits, mystery draws and prize tickets, read back
as core records (`clockapp.core.bounties`) and written from them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from clockapp.core.bounties.book import BountyBook, BountySettings, Credits
from clockapp.core.bounties.mystery import Draw
from clockapp.core.bounties.rules import BountyFormat, BountyRules, LateEntryRule, MysteryStage
from clockapp.core.bounties.tickets import LeftoverRule, Ticket, TicketTieRule
from clockapp.core.satellite import Satellite, SatelliteLeftover
from clockapp.persistence.models import (
    BountyRulesRow,
    BustRow,
    KnockoutCreditRow,
    MysteryDrawRow,
    PlayerRow,
    PrizeTicketRow,
    RegistrationRow,
)


def _rules(row: BountyRulesRow | None) -> BountyRules:
    if row is None:
        return BountyRules()
    fmt = BountyFormat(row.format)
    stage = None
    if fmt is BountyFormat.MYSTERY:
        stage = MysteryStage(row.stage_level, row.stage_players)
    envelopes = tuple(int(v) for v in json.loads(row.envelopes_json))
    return BountyRules(fmt, stage, row.seed, envelopes, LateEntryRule(row.late_entries))


def _box(text: str | None) -> tuple[int, ...] | None:
    return None if text is None else tuple(int(v) for v in json.loads(text))


def load_rules(session: Session, tournament_id: int) -> BountyRules:
    """The tournament's bounty format alone (plain knockouts without a row): one statement."""
    return _rules(session.get(BountyRulesRow, tournament_id))


def load_book(session: Session, tournament_id: int) -> BountyBook:
    """Everything the bounty rules need for one tournament."""
    rules_row = session.get(BountyRulesRow, tournament_id)
    credits: dict[int, list[tuple[int, int | None]]] = {}
    for bust_id, rid, stack in session.execute(
        sa_select(
            col(KnockoutCreditRow.bust_id),
            col(KnockoutCreditRow.registration_id),
            col(KnockoutCreditRow.stack_row),
        )
        .join(BustRow, col(BustRow.id) == col(KnockoutCreditRow.bust_id))
        .where(col(BustRow.tournament_id) == tournament_id)
        .order_by(col(KnockoutCreditRow.bust_id), col(KnockoutCreditRow.position))
    ).all():
        credits.setdefault(bust_id, []).append((rid, stack))
    undo = BustRow.__table__.alias("undo_row")  # type: ignore[attr-defined]
    draws = tuple(
        Draw(number, bust_id, envelope, amount, returned_by, _box(box))
        for number, bust_id, envelope, amount, returned_by, box in session.execute(
            sa_select(
                col(MysteryDrawRow.number),
                col(MysteryDrawRow.bust_id),
                col(MysteryDrawRow.envelope),
                col(MysteryDrawRow.amount),
                undo.c.id,
                col(MysteryDrawRow.box_json),
            )
            .outerjoin(undo, undo.c.undoes_id == col(MysteryDrawRow.bust_id))
            .where(col(MysteryDrawRow.tournament_id) == tournament_id)
            .order_by(col(MysteryDrawRow.number))
        ).all()
    )
    tickets = tuple(
        Ticket(place, value, description)
        for place, value, description in session.execute(
            sa_select(
                col(PrizeTicketRow.place),
                col(PrizeTicketRow.value),
                col(PrizeTicketRow.description),
            )
            .where(col(PrizeTicketRow.tournament_id) == tournament_id)
            .order_by(col(PrizeTicketRow.place))
        ).all()
    )
    leftover = LeftoverRule(rules_row.ticket_leftover) if rules_row else LeftoverRule.NEXT_PLACES
    return BountyBook(
        _rules(rules_row),
        {k: tuple(v) for k, v in credits.items()},
        draws,
        tickets,
        leftover,
        rules_row.sealed_row if rules_row else None,
        TicketTieRule(rules_row.ticket_tie) if rules_row else TicketTieRule.CASH,
        rules_row.ticket_seed if rules_row else 0,
        _satellite(rules_row),
    )


def _satellite(row: BountyRulesRow | None) -> Satellite | None:
    if row is None or row.satellite_seats < 1:
        return None
    return Satellite(
        row.satellite_seats,
        row.satellite_value,
        row.satellite_description,
        SatelliteLeftover(row.satellite_leftover),
    )


def save_satellite(session: Session, tournament_id: int, satellite: Satellite | None) -> None:
    """Write the tournament's satellite (None: the payout table pays again)."""
    row = session.get(BountyRulesRow, tournament_id) or BountyRulesRow(tournament_id=tournament_id)
    row.satellite_seats = satellite.seats if satellite else 0
    row.satellite_value = satellite.seat_value if satellite else 0
    row.satellite_description = satellite.description if satellite else ""
    row.satellite_leftover = (
        satellite.leftover.value if satellite else SatelliteLeftover.BUBBLE.value
    )
    session.add(row)
    session.flush()


def save_rules(
    session: Session,
    tournament_id: int,
    rules: BountyRules,
    leftover: LeftoverRule,
    ticket_tie: TicketTieRule = TicketTieRule.CASH,
    ticket_seed: int = 0,
) -> None:
    """Write the tournament's bounty rules (insert or replace its one row)."""
    row = session.get(BountyRulesRow, tournament_id) or BountyRulesRow(tournament_id=tournament_id)
    row.format = rules.format.value
    row.stage_level = rules.stage.from_level if rules.stage else None
    row.stage_players = rules.stage.from_players_left if rules.stage else None
    row.seed = rules.seed
    row.envelopes_json = json.dumps(list(rules.envelopes))
    row.ticket_leftover = leftover.value
    row.late_entries = rules.late_entries.value
    row.ticket_tie = ticket_tie.value
    row.ticket_seed = ticket_seed
    session.add(row)
    session.flush()


def save_settings(session: Session, tournament_id: int, settings: BountySettings) -> None:
    """Write the host's bounty choices: the format, the ticket rules and the satellite."""
    save_rules(
        session,
        tournament_id,
        settings.rules,
        settings.leftover,
        settings.ticket_tie,
        settings.ticket_seed,
    )
    save_satellite(session, tournament_id, settings.satellite)


def save_seal(session: Session, tournament_id: int, sealed_row: int) -> None:
    """Record where the mystery box was sealed (`BountyBook.sealed_row`)."""
    row = session.get(BountyRulesRow, tournament_id) or BountyRulesRow(tournament_id=tournament_id)
    row.sealed_row = sealed_row
    session.add(row)
    session.flush()


def save_tickets(session: Session, tournament_id: int, tickets: Sequence[Ticket]) -> None:
    """Replace the tournament's ticket places."""
    session.execute(
        delete(PrizeTicketRow).where(col(PrizeTicketRow.tournament_id) == tournament_id)
    )
    for ticket in tickets:
        session.add(
            PrizeTicketRow(
                tournament_id=tournament_id,
                place=ticket.place,
                value=ticket.value,
                description=ticket.description,
            )
        )
    session.flush()


def insert_credits(session: Session, bust_id: int, credits: Credits) -> None:
    """Record the players credited with a bust, in position order."""
    for position, (rid, stack) in enumerate(credits):
        session.add(
            KnockoutCreditRow(
                bust_id=bust_id,
                registration_id=rid,
                stack_row=stack,
                position=position,
            )
        )
    session.flush()


def insert_draw(session: Session, tournament_id: int, draw: Draw, now: datetime) -> None:
    """Record one envelope drawn."""
    session.add(
        MysteryDrawRow(
            tournament_id=tournament_id,
            bust_id=draw.bust_id,
            number=draw.number,
            envelope=draw.envelope,
            amount=draw.amount,
            created_at=now,
            box_json=None if draw.box is None else json.dumps(list(draw.box)),
        )
    )
    session.flush()


def tickets_won(session: Session, player_ids: Sequence[int]) -> list[tuple[int, int, Ticket]]:
    """The tickets won by these players (a player and the duplicates merged into them):
    (tournament id, registration id, ticket), oldest tournament first. A place shared by a tie
    pays no ticket (the money view pays it in cash), so only a place held alone counts."""
    if not player_ids:
        return []
    rows = session.execute(
        sa_select(
            col(PrizeTicketRow.tournament_id),
            col(RegistrationRow.id),
            col(PrizeTicketRow.place),
            col(PrizeTicketRow.value),
            col(PrizeTicketRow.description),
        )
        .join(
            RegistrationRow,
            (col(RegistrationRow.tournament_id) == col(PrizeTicketRow.tournament_id))
            & (col(RegistrationRow.place) == col(PrizeTicketRow.place))
            & (col(RegistrationRow.tied) == 1),
        )
        .where(col(RegistrationRow.player_id).in_(list(player_ids)))
        .order_by(col(PrizeTicketRow.tournament_id), col(PrizeTicketRow.place))
    ).all()
    return [(tid, rid, Ticket(place, value, text)) for tid, rid, place, value, text in rows]


def tied_over_tickets(session: Session, player_ids: Sequence[int]) -> list[tuple[int, int]]:
    """(tournament id, registration id) of these players' finishes tied over a ticket place in
    a tournament whose ticket ties go to a draw (`tickets_won` cannot tell who won those)."""
    if not player_ids:
        return []
    rows = session.execute(
        sa_select(col(PrizeTicketRow.tournament_id), col(RegistrationRow.id))
        .join(
            RegistrationRow,
            (col(RegistrationRow.tournament_id) == col(PrizeTicketRow.tournament_id))
            & (col(RegistrationRow.tied) > 1)
            & (col(RegistrationRow.place) <= col(PrizeTicketRow.place))
            & (col(RegistrationRow.place) + col(RegistrationRow.tied) > col(PrizeTicketRow.place)),
        )
        .join(
            BountyRulesRow,
            (col(BountyRulesRow.tournament_id) == col(PrizeTicketRow.tournament_id))
            & (col(BountyRulesRow.ticket_tie) == TicketTieRule.DRAW.value),
        )
        .where(col(RegistrationRow.player_id).in_(list(player_ids)))
        .distinct()
        .order_by(col(PrizeTicketRow.tournament_id))
    ).all()
    return [(tid, rid) for tid, rid in rows]


def satellite_entries(session: Session, player_ids: Sequence[int]) -> list[tuple[int, int]]:
    """(tournament id, registration id) of these players' registrations in satellites (whose
    seats are not ticket rows: the money view says who holds one)."""
    if not player_ids:
        return []
    rows = session.execute(
        sa_select(col(RegistrationRow.tournament_id), col(RegistrationRow.id))
        .join(
            BountyRulesRow,
            (col(BountyRulesRow.tournament_id) == col(RegistrationRow.tournament_id))
            & (col(BountyRulesRow.satellite_seats) > 0),
        )
        .where(col(RegistrationRow.player_id).in_(list(player_ids)))
        .order_by(col(RegistrationRow.tournament_id))
    ).all()
    return [(tid, rid) for tid, rid in rows]


def with_merged(session: Session, player_id: int) -> list[int]:
    """The player and every duplicate merged into them (directly or through another)."""
    found = [player_id]
    frontier = [player_id]
    while frontier:
        rows = session.execute(
            sa_select(col(PlayerRow.id)).where(col(PlayerRow.merged_into_id).in_(frontier))
        ).all()
        frontier = [pid for (pid,) in rows if pid not in found]
        found.extend(frontier)
    return found
