"""`BountyService`: set the bounty format and the ticket places; read the bounty picture; put
the bounty board (each player's bounty, biggest first) on the wall."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from clockapp.core.bounties.board import board_lines, board_payload
from clockapp.core.bounties.mystery import audit, refill
from clockapp.core.bounties.rules import BountyError, BountyFormat, BountyRules
from clockapp.core.bounties.tickets import (
    LeftoverRule,
    Ticket,
    TicketTieRule,
    apply_tickets,
    ticket_warnings,
)
from clockapp.core.money.amounts import format_cents
from clockapp.core.money.bounty_view import bounty_settlement, mystery_box, mystery_envelopes
from clockapp.core.money.change import TillChange, applied
from clockapp.core.money.till import Till
from clockapp.core.money.view import guard_payments, money_view
from clockapp.core.payout_text import ordinal
from clockapp.core.registration import RegistrationStatus
from clockapp.core.satellite import Satellite, SatelliteError, satellite_wall_text
from clockapp.core.text import NAME_MAX, clean_text
from clockapp.core.wall import BOUNTY_BOARD
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.persistence.queries import bounties as bounties_q
from clockapp.persistence.session import Session
from clockapp.services.bounties.views import BountyView, DrawInfo, HeadInfo, TicketWon
from clockapp.services.cashier.action import Done, Finish, Ruling, money_action
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.cashier.till import clock_position, load_till
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.setup import get_row, lock_row, setup_row
from clockapp.services.wall import put_moment

BOUNTY_CHANGES = Change.TOURNAMENT | Change.PAYOUTS


def _clean_ticket(ticket: Ticket) -> Ticket:
    """`ticket` with what it is a seat in cleaned as every typed text is (`clean_text`).

    Raises:
        TextError: A description that cannot be stored (broken, invisible, too long).
    """
    what = _("The ticket for {ordinal}").format(ordinal=ordinal(ticket.place))
    return replace(ticket, description=clean_text(ticket.description, what, NAME_MAX))


def _clean_satellite(satellite: Satellite) -> Satellite:
    """`satellite` with what its seats are seats in cleaned (`clean_text`).

    Raises:
        TextError: A description that cannot be stored (broken, invisible, too long).
    """
    what = "The satellite's seats"
    return replace(satellite, description=clean_text(satellite.description, what, NAME_MAX))


class BountyService:
    """Use cases on bounty formats and ticket prizes."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache if cache is not None else LedgerCache()

    def set_rules(
        self,
        tournament_id: int,
        rules: BountyRules,
        leftover: LeftoverRule = LeftoverRule.NEXT_PLACES,
    ) -> Outcome[BountyView]:
        """Choose the bounty format (and where ticket places' left-over cash goes); the
        tickets stay as they are. See `configure`."""
        return self.configure(tournament_id, rules, leftover, None)

    def set_tickets(self, tournament_id: int, tickets: Sequence[Ticket]) -> Outcome[BountyView]:
        """Pay prize places with tickets (replacing those set before; none: all cash); the
        format stays as it is. See `configure`."""
        return self.configure(tournament_id, None, None, tickets)

    def configure(
        self,
        tournament_id: int,
        rules: BountyRules | None,
        leftover: LeftoverRule | None,
        tickets: Sequence[Ticket] | None,
        ticket_tie: TicketTieRule | None = None,
    ) -> Outcome[BountyView]:
        """Save the bounty format, the ticket places, where their left-over cash goes and what
        a tie over a ticket place does, in one transaction (None: keep what is set). A mystery
        format without a seed gets one drawn now, and so does the draw for ticket ties when it
        is chosen; they are stored and shown, so the room can replay every draw.

        Once an envelope was drawn the format and seed stay; the envelopes may change where
        they still add up to the bounty money: every envelope drawn keeps its number and amount
        (`refill`), and the box is sealed again (entries sold from now on are late).

        Raises:
            BountyError: Envelopes were drawn already and the format or seed would change (undo
                those knockouts first), or the envelopes would not add up or drop one drawn; a
                ticket for a place not paid, two for one place, or tickets worth more than the
                prize pool.
            LedgerError: Bounties or prizes already paid would be more than now due.
            TextError: What a ticket is a seat in cannot be stored.
        """
        if rules is not None and rules.format is BountyFormat.MYSTERY and rules.seed == 0:
            rules = replace(rules, seed=secrets.randbelow(2**31 - 1) + 1)
        if tickets is not None:
            tickets = [_clean_ticket(ticket) for ticket in tickets]

        def rule(_session: Session, till: Till, _now: datetime) -> Ruling[BountyView]:
            book = till.bounty
            new_rules = rules if rules is not None else book.rules
            drawn = [d for d in book.draws if d.returned_by is None]
            if drawn and (new_rules.format, new_rules.seed) != (
                book.rules.format,
                book.rules.seed,
            ):
                raise BountyError(
                    ngettext(
                        "{count} mystery envelope has been drawn: the format and seed can no "
                        "longer change (undo that knockout first).",
                        "{count} mystery envelopes have been drawn: the format and seed can no "
                        "longer change (undo those knockouts first).",
                        len(drawn),
                    ).format(count=len(drawn))
                )
            sealed: int | None = None
            if rules is not None and book.draws and new_rules.format is BountyFormat.MYSTERY:
                envelopes = mystery_envelopes(till)[0]
                new_rules = replace(
                    new_rules, envelopes=refill(envelopes, book.draws, new_rules.envelopes)
                )
                new_rules.check_envelopes(till.balances().bounty_pool)
                sealed = max((row.row_id for row in till.rows), default=0)
            settings = replace(
                book.settings,
                rules=new_rules,
                leftover=leftover if leftover is not None else book.leftover,
            )
            if ticket_tie is not None:
                settings = replace(settings, ticket_tie=ticket_tie)
                if ticket_tie is TicketTieRule.DRAW and settings.ticket_seed == 0:
                    settings = replace(settings, ticket_seed=secrets.randbelow(2**31 - 1) + 1)
            if tickets and book.satellite is not None:
                raise SatelliteError(
                    _(
                        "This tournament is a satellite: its seats are its tickets. Turn the "
                        "satellite off to pay places with tickets of their own."
                    )
                )
            chosen = None if tickets is None else tuple(sorted(tickets, key=lambda t: t.place))
            change = TillChange(sealed_row=sealed, bounty=settings, tickets=chosen)
            after = applied(till, change)
            if chosen is not None:
                table = money_view(after).table
                # Before the first entry no place is paid yet: the tickets are checked as the
                # table forms (the money view says when they do not fit).
                if table is not None and table.amounts:
                    apply_tickets(table.amounts, chosen, settings.leftover)
            guard_payments(after)
            count = len(after.bounty.tickets)
            summary = f"bounty format {settings.rules.format.value}, {count} ticket(s)"
            return Ruling((change,), viewed(summary))

        return money_action(self._ctx, self._cache, tournament_id, rule)

    def set_satellite(self, tournament_id: int, satellite: Satellite | None) -> Outcome[BountyView]:
        """Make the tournament a satellite: N equal seats as prizes, the cash left over by the
        host's rule (None: the payout table pays again). The seats replace any ticket places.

        Raises:
            SatelliteError: Players already hold more places than the seats (fewer players
                left than seats asked, once someone is out).
            LedgerError: Prizes already paid would be more than now due.
            TextError: What the seats are seats in cannot be stored.
        """
        if satellite is not None:
            satellite = _clean_satellite(satellite)

        def rule(_session: Session, till: Till, _now: datetime) -> Ruling[BountyView]:
            if satellite is not None:
                left = money_view(till).standings.players_left
                busted = any(
                    r.status is RegistrationStatus.BUSTED for r in till.registrations.values()
                )
                if busted and left < satellite.seats:
                    raise SatelliteError(
                        ngettext(
                            "Only {left} player is left: a satellite of {seats} seats would have "
                            "stopped already; give at most {left} seat.",
                            "Only {left} players are left: a satellite of {seats} seats would have "
                            "stopped already; give at most {left} seats.",
                            left,
                        ).format(left=left, seats=satellite.seats)
                    )
            settings = replace(till.bounty.settings, satellite=satellite)
            change = TillChange(bounty=settings, tickets=())
            guard_payments(applied(till, change))
            summary = (
                f"satellite: {satellite_wall_text(satellite)}, seat value "
                f"{format_cents(satellite.seat_value)}, left over {satellite.leftover.label}"
                if satellite is not None
                else "satellite off"
            )
            return Ruling((change,), viewed(summary))

        return money_action(self._ctx, self._cache, tournament_id, rule)

    def view(self, tournament_id: int) -> BountyView:
        """The bounty picture now."""
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            till = load_till(session, tournament_id, self._cache)
            return _view(session, till, self._ctx.now())

    def rules(self, tournament_id: int) -> BountyRules:
        """The bounty format alone, without the money behind it (the bust dialog asks whether
        the buster must be named)."""
        with self._ctx.reading() as session:
            return bounties_q.load_rules(session, tournament_id)

    def show_board(self, tournament_id: int) -> Outcome[BountyView]:
        """Put the bounty board on the wall: every player in play with the bounty on their head,
        biggest first, a page at a time.

        Raises:
            BountyError: The tournament has no bounty money, its bounties are mystery envelopes
                (no bounty rides on a head), or nobody in play carries a bounty; the wall is
                left as it was.
        """
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            found = _view(session, load_till(session, tournament_id), now)
            if found.bounty_pool == 0:
                raise BountyError(
                    _(
                        "This tournament has no bounties: set a bounty part in the entry price "
                        "first, then show the bounty board."
                    )
                )
            if found.rules.format is BountyFormat.MYSTERY:
                raise BountyError(
                    _(
                        "Mystery bounties are drawn from envelopes: no bounty rides on a player, "
                        "so "
                        "there is no bounty board to show."
                    )
                )
            lines = board_lines((h.name, h.bounty) for h in found.heads if h.bounty)
            if not lines:
                raise BountyError(
                    _(
                        "Nobody in play carries a bounty yet: show the board once players have "
                        "bought in."
                    )
                )
            currency = setup_row(session, tournament_id).currency
            payload = board_payload(found.rules.format.value, currency, lines)
            put_moment(session, tournament_id, BOUNTY_BOARD, payload, now)
            changes = record_change(session, tournament_id, Change.WALL, "bounty board", now)
        return Outcome(found, changes)

    def tickets_won(self, player_id: int) -> tuple[TicketWon, ...]:
        """Every ticket a player (and the duplicates merged into them) has won, oldest first
        (a ticket won in a tie's recorded draw, and a satellite's seat, included)."""
        with self._ctx.reading() as session:
            family = bounties_q.with_merged(session, player_id)
            won = bounties_q.tickets_won(session, family)
            for tid, rid in [
                *bounties_q.tied_over_tickets(session, family),
                *bounties_q.satellite_entries(session, family),
            ]:
                ticket = money_view(load_till(session, tid, self._cache)).dues[rid].ticket
                if ticket is not None:
                    won.append((tid, rid, ticket))
            won.sort(key=lambda w: (w[0], w[2].place))
            names = {tid: get_row(session, tid).name for tid in {tid for tid, _, _ in won}}
            return tuple(
                TicketWon(tid, names[tid], rid, t.place, t.value, t.description)
                for tid, rid, t in won
            )


def viewed(summary: str) -> Finish[BountyView]:
    """The finish of a bounty action: the bounty picture of the till it left."""

    def finish(
        session: Session, after: Till, _written: Sequence[TillChange], now: datetime
    ) -> Done[BountyView]:
        return Done(_view(session, after, now), BOUNTY_CHANGES, summary)

    return finish


def _view(session: Session, till: Till, now: datetime) -> BountyView:
    book = till.bounty
    rules = book.rules
    view = money_view(till)
    settlement = bounty_settlement(till)
    heads = sorted(
        (HeadInfo(rid, till.name(rid), cents) for rid, cents in view.heads.items()),
        key=lambda h: (-h.bounty, h.name.casefold()),
    )
    busts = {b.id: b for b in till.busts}
    draws = tuple(
        DrawInfo(
            d.number,
            till.name(busts[d.bust_id].registration_id),
            tuple(till.name(rid) for rid, _ in book.credits.get(d.bust_id, ())),
            d.amount,
            d.returned_by is not None,
        )
        for d in book.draws
    )
    envelopes = mystery_envelopes(till)[0]
    left = tuple(sorted((envelopes[i] for i in mystery_box(till)), reverse=True))
    reached = False
    if rules.stage is not None:
        playing = sum(
            1 for r in till.registrations.values() if r.status == RegistrationStatus.PLAYING
        )
        level = clock_position(session, till.tournament_id, now).level
        reached = rules.stage.reached(level=level, players_left=playing)
    return BountyView(
        rules=rules,
        leftover=book.leftover,
        tickets=book.tickets,
        ticket_tie=book.ticket_tie,
        ticket_seed=book.ticket_seed,
        satellite=book.satellite,
        bounty_pool=view.balances.bounty_pool,
        heads=tuple(heads),
        draws=draws,
        envelopes_left=left,
        stage_reached=reached,
        unclaimed=settlement.unclaimed,
        audit=tuple(audit(rules.seed, envelopes, book.draws)) if book.draws else (),
        envelopes=envelopes,
        warnings=ticket_warnings(view.table.amounts, book.tickets) if view.table else (),
    )
