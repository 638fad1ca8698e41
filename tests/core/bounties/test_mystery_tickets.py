"""Mystery envelopes (seeded, replayable draws; the stage; adding up) and ticket prizes."""

from __future__ import annotations

import pytest

from clockapp.core.bounties import BountyError, BountyFormat, BountyRules, MysteryStage
from clockapp.core.bounties.mystery import Draw, audit, draw_envelope, in_box
from clockapp.core.bounties.tickets import LeftoverRule, Ticket, apply_tickets

ENVELOPES = (10000, 5000, 2500, 2500, 1000, 1000)


def _draw_all(seed: int) -> list[Draw]:
    draws: list[Draw] = []
    for number in range(1, len(ENVELOPES) + 1):
        index = draw_envelope(seed, number, in_box(ENVELOPES, draws))
        draws.append(Draw(number, 100 + number, index, ENVELOPES[index]))
    return draws


def test_the_draw_is_replayable_and_empties_the_box() -> None:
    draws = _draw_all(2026)
    assert _draw_all(2026) == draws
    assert sorted(d.envelope for d in draws) == list(range(len(ENVELOPES)))
    assert audit(2026, ENVELOPES, draws) == []
    assert sum(d.amount for d in draws) == sum(ENVELOPES)


def test_different_seeds_draw_differently() -> None:
    orders = {tuple(d.envelope for d in _draw_all(seed)) for seed in range(20)}
    assert len(orders) > 10


def test_audit_finds_a_tampered_draw() -> None:
    draws = _draw_all(7)
    first = draws[0]
    other = (first.envelope + 1) % len(ENVELOPES)
    forged = [Draw(1, first.bust_id, other, ENVELOPES[other]), *draws[1:]]
    assert any("Draw 1" in p for p in audit(7, ENVELOPES, forged))


def test_an_undone_knockout_puts_its_envelope_back() -> None:
    first = draw_envelope(5, 1, in_box(ENVELOPES, []))
    undone = Draw(1, 11, first, ENVELOPES[first], returned_by=12)
    assert in_box(ENVELOPES, [undone]) == tuple(range(len(ENVELOPES)))
    second = draw_envelope(5, 2, in_box(ENVELOPES, [undone]))
    assert audit(5, ENVELOPES, [undone, Draw(2, 13, second, ENVELOPES[second])]) == []


def test_an_empty_box_is_a_clear_error() -> None:
    with pytest.raises(BountyError, match="Every mystery envelope has been drawn"):
        draw_envelope(1, 1, ())


def test_envelopes_must_add_up_to_the_bounty_money() -> None:
    rules = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_players_left=9), 3, ENVELOPES)
    rules.check_envelopes(22000)
    with pytest.raises(BountyError, match=r"\$1.00 over"):
        rules.check_envelopes(21900)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({}, "either from a level"),
        ({"from_level": 3, "from_players_left": 9}, "either from a level"),
        ({"from_level": 0}, "1 or more"),
    ],
)
def test_a_stage_needs_one_start(kwargs: dict[str, int], match: str) -> None:
    with pytest.raises(BountyError, match=match):
        MysteryStage(**kwargs)


def test_mystery_needs_envelopes_and_others_refuse_them() -> None:
    with pytest.raises(BountyError, match="need envelopes"):
        BountyRules(BountyFormat.MYSTERY, MysteryStage(from_level=1), 1, ())
    with pytest.raises(BountyError, match="belong to mystery"):
        BountyRules(BountyFormat.PROGRESSIVE, None, 0, (100,))


def test_stage_reached() -> None:
    assert MysteryStage(from_players_left=9).reached(level=1, players_left=9)
    assert not MysteryStage(from_level=5).reached(level=4, players_left=2)


AMOUNTS = (40000, 30000, 20000, 10000)


def test_tickets_left_over_to_the_next_places() -> None:
    prizes = apply_tickets(AMOUNTS, [Ticket(1, 25000, "League final")], LeftoverRule.NEXT_PLACES)
    assert [p.cash for p in prizes] == [0, 37500, 25000, 12500]
    assert sum(p.value for p in prizes) == sum(AMOUNTS)


def test_tickets_left_over_to_the_holders_and_first_cash() -> None:
    tickets = [Ticket(1, 25000, "Final"), Ticket(2, 25000, "Final")]
    holders = apply_tickets(AMOUNTS, tickets, LeftoverRule.TICKET_HOLDERS)
    assert [p.cash for p in holders] == [10000, 10000, 20000, 10000]
    first = apply_tickets(AMOUNTS, tickets, LeftoverRule.FIRST_CASH)
    assert [p.cash for p in first] == [0, 0, 40000, 10000]


def test_a_ticket_worth_more_than_its_place_is_paid_by_the_cash_places() -> None:
    prizes = apply_tickets(AMOUNTS, [Ticket(4, 20000, "Main event")], LeftoverRule.NEXT_PLACES)
    assert [p.cash for p in prizes] == [35555, 26667, 17778, 0]
    assert sum(p.value for p in prizes) == sum(AMOUNTS)


@pytest.mark.parametrize(
    ("tickets", "match"),
    [
        ([Ticket(1, 60000, "A"), Ticket(2, 50000, "B")], "more than the prize pool"),
        ([Ticket(5, 100, "A")], "does not pay"),
        ([Ticket(1, 100, "A"), Ticket(1, 100, "B")], "two tickets"),
    ],
)
def test_bad_tickets_are_refused(tickets: list[Ticket], match: str) -> None:
    with pytest.raises(BountyError, match=match):
        apply_tickets(AMOUNTS, tickets, LeftoverRule.NEXT_PLACES)


def test_a_ticket_needs_a_value_and_a_name() -> None:
    with pytest.raises(BountyError, match="what the ticket"):
        Ticket(1, 100, " ")
    with pytest.raises(Exception, match="ticket for place 1"):
        Ticket(1, 0, "Final")
