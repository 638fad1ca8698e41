"""What the rules add to one entry sale at the desk (`core.money.entry_sale`)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from clockapp.core.money.entries import EntryKind, EntryPrice
from clockapp.core.money.entry_rules import AddOnRule, EntryRules, RebuyRule, RegistrationRule
from clockapp.core.money.entry_sale import sale_extras
from clockapp.core.money.records import RegistrationInfo
from clockapp.core.registration import RegistrationStatus

PRICE = EntryPrice(prize_pool=2000, house_fee=500)
WITH_BUY_IN = AddOnRule(EntryPrice(prize_pool=1000), chips=5_000, with_buy_in=True)
AT_BREAK = AddOnRule(EntryPrice(prize_pool=1000), chips=5_000, at_break_after_level=4)


def _rules(rebuy: RebuyRule | None = None, add_on: AddOnRule | None = None) -> EntryRules:
    return EntryRules(RegistrationRule(PRICE, chips=10_000), rebuy=rebuy, add_on=add_on)


def _reg(status: RegistrationStatus) -> RegistrationInfo:
    return RegistrationInfo(
        id=1, tournament_id=1, player_id=1, name="Ann", status=status, entries=1, rebuys=0,
        add_ons=0, place=None, tied=1, busted_by_id=None, bust_hand=None, bust_chips=None,
        created_at=datetime(2026, 1, 1, tzinfo=UTC), checked_in_at=None, busted_at=None,
    )  # fmt: skip


@pytest.mark.parametrize("kind", [EntryKind.BUY_IN, EntryKind.RE_ENTRY])
def test_the_add_on_sold_with_the_buy_in_comes_with_a_buy_in_or_re_entry(kind: EntryKind) -> None:
    extras = sale_extras(_rules(add_on=WITH_BUY_IN), kind, None)
    assert extras.add_on is not None
    assert (extras.add_on.kind, extras.add_on.chips) == (EntryKind.ADD_ON, 5_000)
    assert extras.add_on.price == WITH_BUY_IN.price


def test_an_add_on_at_a_break_or_a_rebuy_adds_nothing() -> None:
    assert sale_extras(_rules(add_on=AT_BREAK), EntryKind.BUY_IN, None).add_on is None
    assert sale_extras(_rules(add_on=WITH_BUY_IN), EntryKind.REBUY, None).add_on is None


def test_the_stack_is_asked_only_of_a_playing_rebuyer_under_a_stack_limit() -> None:
    rebuy = RebuyRule(PRICE, chips=10_000, last_level=4, stack_at_or_below=2_000)
    playing, busted = _reg(RegistrationStatus.PLAYING), _reg(RegistrationStatus.BUSTED)
    assert sale_extras(_rules(rebuy=rebuy), EntryKind.REBUY, playing).ask_stack
    assert not sale_extras(_rules(rebuy=rebuy), EntryKind.REBUY, busted).ask_stack
    no_limit = replace(rebuy, stack_at_or_below=0)
    assert not sale_extras(_rules(rebuy=no_limit), EntryKind.REBUY, playing).ask_stack


def test_a_rebuy_or_re_entry_for_a_player_in_play_records_the_bust_first() -> None:
    playing, busted = _reg(RegistrationStatus.PLAYING), _reg(RegistrationStatus.BUSTED)
    assert sale_extras(_rules(), EntryKind.REBUY, playing).at_table
    assert sale_extras(_rules(), EntryKind.RE_ENTRY, playing).at_table
    assert not sale_extras(_rules(), EntryKind.REBUY, busted).at_table
    assert not sale_extras(_rules(), EntryKind.BUY_IN, None).at_table
