"""The bounty side of recording a bust, inside the bust's transaction: who is credited (and the
stack each played with, where a progressive half goes), and the mystery envelope drawn.

Called by `clockapp.services.cashier.till.record_busts` and `undo_last_bust`; the rules are
`clockapp.core.bounties`.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from clockapp.core.bounties.mystery import Draw, draw_envelope
from clockapp.core.bounties.rules import BountyFormat
from clockapp.core.money.bounty_view import mystery_box, mystery_envelopes
from clockapp.core.money.field import BustInput, current_stack
from clockapp.core.money.till import Bust, Till
from clockapp.persistence.queries import bounties as bounties_q
from clockapp.persistence.session import Session


def record_knockout(
    session: Session,
    till: Till,
    bust_input: BustInput,
    bust: Bust,
    stacks: dict[int, dict[int, int]],
    *,
    level: int,
    players_left: int,
    now: datetime,
) -> Draw | None:
    """Record the players credited with `bust` and, from the mystery stage on, draw an envelope.

    `stacks` are the players' stacks before the hand (`lives`), `level` and `players_left` where
    the tournament was when the hand began. Returns the envelope drawn, if any.

    The first draw seals the box: the envelopes must then add up to the bounty money, and
    entries sold later follow the host's rule (`BountyRules.late_entries`), so no later
    knockout is refused for the envelopes' total.

    Raises:
        BountyError: At the first draw the envelopes do not add up to the bounty money; or none
            is left.
    """
    if not bust_input.busters:
        return None
    credits = tuple((b, current_stack(stacks.get(b, {}))) for b in bust_input.busters)
    bounties_q.insert_credits(session, bust.id, credits)
    till.bounty.credits[bust.id] = credits
    rules = till.bounty.rules
    if rules.format is not BountyFormat.MYSTERY or rules.stage is None:
        return None
    if not rules.stage.reached(level=level, players_left=players_left):
        return None
    book = till.bounty
    if book.sealed_row is None:
        if not book.draws:
            rules.check_envelopes(till.balances().bounty_pool)
        # Sealed here (also for a box drawn from before the seal was kept).
        book.sealed_row = max((row.row_id for row in till.rows), default=0)
        bounties_q.save_seal(session, till.tournament_id, book.sealed_row)
    envelopes, _ = mystery_envelopes(till)
    box = mystery_box(till)
    number = max((d.number for d in book.draws), default=0) + 1
    index = draw_envelope(rules.seed, number, box)
    draw = Draw(number, bust.id, index, envelopes[index], box=box)
    bounties_q.insert_draw(session, till.tournament_id, draw, now)
    book.draws.append(draw)
    return draw


def return_draw(till: Till, undone: Bust, undo: Bust) -> None:
    """Put the envelope an undone bust drew back in the box (the database reads it from the
    undo record; this keeps the till in step inside the transaction)."""
    draws = till.bounty.draws
    for i, draw in enumerate(draws):
        if draw.bust_id == undone.id:
            draws[i] = replace(draw, returned_by=undo.id)
