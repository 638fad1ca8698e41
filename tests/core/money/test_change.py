"""Tests for clockapp.core.money.change and .actions: a rule returns its change, the till stays.

Every money rule takes a till and returns a `TillChange`; the till it was given is never
changed (a cache keeps it for its revision), and `applied` gives the till after the change.
Records the database has not numbered carry provisional ids above the till's.
"""

from __future__ import annotations

import copy
from datetime import UTC, datetime

import pytest

from clockapp.core.money.actions import (
    bust_undone,
    check_in,
    hand_busts,
    new_registration,
    reversal,
    sale,
)
from clockapp.core.money.change import (
    NO_CHANGE,
    TillChange,
    applied,
    next_bust_id,
    next_row_id,
    settled,
)
from clockapp.core.money.entries import EntryKind, EntryOffer, EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.field import BustInput, check_busts, standing_busts
from clockapp.core.money.ledger import LedgerError, RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.core.money.till import Till
from clockapp.core.registration import RegistrationStatus

AT = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
PRICE = EntryPrice(2000, house_fee=500, bounty=500)
BUY_IN = EntryOffer(EntryKind.BUY_IN, PRICE, 10_000)


def empty_till() -> Till:
    config = CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000)))
    return Till(7, config, [], {}, {}, {}, [], {})


def bought_in(till: Till, *player_ids: int) -> Till:
    """`till` with each player registered and bought in (provisional ids kept as real)."""
    for player_id in player_ids:
        buyer = new_registration(till, player_id, f"P{player_id}", AT, checked_in=True)
        change, _ = sale(till, buyer, [BUY_IN], AT, "desk")
        till = applied(till, change)
    return till


def frozen_copy(till: Till) -> Till:
    return copy.deepcopy(till)


def test_a_sale_returns_its_change_and_leaves_the_till_as_it_was() -> None:
    till = bought_in(empty_till(), 1)
    before = frozen_copy(till)
    buyer = new_registration(till, 2, "Bob", AT, checked_in=True)
    change, note = sale(till, buyer, [BUY_IN], AT, "desk")
    assert till == before
    assert note == ""
    # The new registration, its buy-in row and the settlement, numbered after the till's.
    assert [new.reg.id for new in change.registered] == [max(till.registrations) + 1]
    assert [(new.row.row_id, new.row.kind) for new in change.rows] == [
        (next_row_id(till), RowKind.BUY_IN)
    ]
    assert change.rows[0].row.player_id == buyer.reg.id
    after = applied(till, change)
    assert after.registration(buyer.reg.id).status is RegistrationStatus.PLAYING
    assert after.registration(buyer.reg.id).entries == 1
    assert after.name(buyer.reg.id) == "Bob"
    assert len(after.rows) == len(till.rows) + 1
    assert till == before


def test_a_check_in_and_the_settlement_update_the_same_registration_in_order() -> None:
    till = empty_till()
    pre = new_registration(till, 1, "Ann", AT, checked_in=False)
    till = applied(till, TillChange(registered=(pre,)))
    change, _ = sale(till, check_in(pre.reg, AT), [BUY_IN], AT, "desk")
    fields = [dict(update.fields) for update in change.registrations]
    assert fields[0] == {"checked_in_at": AT}
    assert fields[-1]["status"] is RegistrationStatus.PLAYING
    assert applied(till, change).registration(pre.reg.id).checked_in_at == AT


def test_a_void_settles_the_field_and_a_refused_one_changes_nothing() -> None:
    till = bought_in(empty_till(), 1, 2)
    before = frozen_copy(till)
    first = till.rows[0]
    change = reversal(till, RowKind.VOID, first.row_id, " wrong player ", AT, "desk")
    assert till == before
    assert change.rows[0].row.target == first.row_id
    assert change.rows[0].row.reason == "wrong player"
    after = applied(till, change)
    assert after.registration(first.player_id or 0).status is RegistrationStatus.CHECKED_IN
    with pytest.raises(LedgerError, match="already voided"):
        reversal(after, RowKind.VOID, first.row_id, "again", AT, "desk")
    with pytest.raises(LedgerError, match="not in this tournament's ledger"):
        reversal(till, RowKind.VOID, 999, "gone", AT, "desk")
    assert till == before


def test_a_hand_of_busts_credits_the_buster_under_the_provisional_bust_id() -> None:
    till = bought_in(empty_till(), 1, 2, 3)
    ann, bob, _cat = list(till.registrations)
    before = frozen_copy(till)
    busts = [BustInput(ann, 5000, busted_by=bob)]
    change = hand_busts(
        till,
        busts,
        hand=check_busts(till, busts),
        seats={ann: (1, 4)},
        level=1,
        now=AT,
        station="floor",
    )
    assert till == before
    (bust,) = change.busts
    assert bust.id == next_bust_id(till)
    assert (bust.table_number, bust.seat_number) == (1, 4)
    assert change.credits == ((bust.id, ((bob, till.rows[1].row_id),)),)
    after = applied(till, change)
    assert after.registration(ann).status is RegistrationStatus.BUSTED
    assert after.bounty.credits[bust.id] == change.credits[0][1]
    assert till.bounty.credits == {}
    # The undo puts the player back once the field is settled again.
    undo, last = bust_undone(after, ann, "", AT, "floor")
    assert last == bust
    assert undo.busts[0].undoes_id == bust.id
    assert undo.busts[0].reason == "undo"
    undone = applied(after, undo)
    settle_change, _ = settled(undone)
    back = applied(undone, settle_change)
    assert back.registration(ann).status is RegistrationStatus.PLAYING
    assert standing_busts(back) == []


def test_changes_compose_in_order_and_nothing_changes_nothing() -> None:
    till = bought_in(empty_till(), 1)
    assert applied(till, NO_CHANGE) == till
    assert applied(till, NO_CHANGE) is not till
    first = reversal(till, RowKind.VOID, till.rows[0].row_id, "oops", AT, "")
    later = TillChange(registrations=first.registrations)
    both = first.then(later)
    assert both.rows == first.rows
    assert both.registrations == first.registrations + later.registrations
    assert applied(till, both) == applied(applied(till, first), later)
