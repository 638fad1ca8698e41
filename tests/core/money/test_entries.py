"""Tests for clockapp.core.money.entries: kinds, prices and the rules of each entry."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.money.entries import (
    ClockPosition,
    EntryContext,
    EntryKind,
    EntryPrice,
    EntryRefused,
    PlayerEntries,
    TournamentKind,
)
from clockapp.core.money.entry_checks import (
    check_add_on,
    check_buy_in,
    check_entry,
    check_re_entry,
    check_rebuy,
    entry_options,
)
from clockapp.core.money.entry_rules import (
    AddOnRule,
    EntryRules,
    RebuyRule,
    ReEntryRule,
    RegistrationRule,
)
from clockapp.errors import DomainError, ValidationError

START = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)
BUY_IN = EntryPrice(prize_pool=2000, house_fee=500)
REBUY = EntryPrice(prize_pool=2000)
ADD_ON = EntryPrice(prize_pool=1500, house_fee=500)


def ctx(
    level: int = 0, *, on_break: bool = False, minutes: int = 0, entrants: int = 0
) -> EntryContext:
    return EntryContext(
        ClockPosition(level, on_break), START + timedelta(minutes=minutes), entrants
    )


def ann(**kwargs: object) -> PlayerEntries:
    return PlayerEntries("Ann", **kwargs)  # type: ignore[arg-type]


def rebuy_rules(**rebuy: object) -> EntryRules:
    defaults: dict[str, object] = {"last_level": 6, "max_per_player": 3}
    defaults.update(rebuy)
    return EntryRules(
        RegistrationRule(BUY_IN, 5000, late_until_level=4),
        rebuy=RebuyRule(REBUY, 5000, **defaults),  # type: ignore[arg-type]
        add_on=AddOnRule(ADD_ON, 8000, at_break_after_level=6),
    )


# ------------------------------------------------------------------ prices and kinds


def test_entry_price_total_and_split() -> None:
    price = EntryPrice.from_total(5500, house_fee=500, bounty=1000)
    assert (price.prize_pool, price.house_fee, price.bounty, price.total) == (4000, 500, 1000, 5500)


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: EntryPrice(-1), "Prize-pool part of the price"),
        (lambda: EntryPrice(100, house_fee=-5), "House fee"),
        (lambda: EntryPrice(100, bounty=2.5), "Bounty"),  # type: ignore[arg-type]
        (lambda: EntryPrice.from_total(1000, house_fee=600, bounty=500), "more than the price"),
        (lambda: EntryPrice(True), "whole number"),
    ],
)
def test_entry_price_refuses(build: object, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        build()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("rules", "kinds", "label"),
    [
        (EntryRules(RegistrationRule(BUY_IN, 5000)), {TournamentKind.FREEZE_OUT}, "Freeze-out"),
        (
            EntryRules(RegistrationRule(BUY_IN, 5000), rebuy=RebuyRule(REBUY, 5000, 4)),
            {TournamentKind.REBUY},
            "Rebuy",
        ),
        (rebuy_rules(), {TournamentKind.REBUY, TournamentKind.ADD_ON}, "Rebuy + add-on"),
        (
            EntryRules(RegistrationRule(BUY_IN, 5000), re_entry=ReEntryRule(BUY_IN, 5000)),
            {TournamentKind.RE_ENTRY},
            "Re-entry",
        ),
        (
            EntryRules(
                RegistrationRule(BUY_IN, 5000),
                re_entry=ReEntryRule(BUY_IN, 5000),
                add_on=AddOnRule(ADD_ON, 3000, with_buy_in=True),
            ),
            {TournamentKind.RE_ENTRY, TournamentKind.ADD_ON},
            "Re-entry + add-on",
        ),
        (
            EntryRules(
                RegistrationRule(BUY_IN, 5000), add_on=AddOnRule(ADD_ON, 3000, with_buy_in=True)
            ),
            {TournamentKind.ADD_ON},
            "Add-on",
        ),
    ],
)
def test_kinds_and_labels(rules: EntryRules, kinds: set[TournamentKind], label: str) -> None:
    assert rules.kinds == kinds
    assert rules.label == label


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: AddOnRule(ADD_ON, 3000), "needs a window"),
        (lambda: AddOnRule(ADD_ON, 0, with_buy_in=True), "Add-on chips"),
        (lambda: RebuyRule(REBUY, 5000, last_level=0), "Last rebuy level"),
        (lambda: RebuyRule(REBUY, 5000, last_level=3, max_per_player=0), "Rebuys per player"),
        (lambda: RegistrationRule(BUY_IN, 0), "Starting stack"),
        (lambda: RegistrationRule(BUY_IN, 100, max_entrants=0), "Cap on entrants"),
        (lambda: RegistrationRule(BUY_IN, 100, deadline=datetime(2025, 1, 1)), "time zone"),
        (lambda: ReEntryRule(BUY_IN, 100, last_level=0), "Last re-entry level"),
        (lambda: ClockPosition(0, on_break=True), "level 0 cannot be on a break"),
        (lambda: ClockPosition(-1), "Level"),
        (lambda: EntryContext(ClockPosition(1), datetime(2025, 1, 1)), "time zone"),
        (lambda: PlayerEntries("  "), "needs a name"),
        (lambda: PlayerEntries("Ann", stack=-1), "Ann's stack"),
    ],
)
def test_rules_refuse_nonsense(build: object, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        build()  # type: ignore[operator]


# ------------------------------------------------------------------ buy-in


def test_buy_in_offers_the_price_and_stack() -> None:
    offer = check_buy_in(rebuy_rules(), ann(), ctx())
    assert (offer.kind, offer.price, offer.chips) == (EntryKind.BUY_IN, BUY_IN, 5000)


@pytest.mark.parametrize(
    ("registration", "player", "moment", "message"),
    [
        (
            RegistrationRule(BUY_IN, 5000),
            ann(registered=True),
            ctx(),
            "Ann is already registered.",
        ),
        (
            RegistrationRule(BUY_IN, 5000, late_until_level=4),
            ann(),
            ctx(5),
            "Registration closed after level 4 (now level 5).",
        ),
        (
            RegistrationRule(BUY_IN, 5000, late_until_level=0),
            ann(),
            ctx(1),
            "Registration closed when the clock started (now level 1).",
        ),
        (
            RegistrationRule(BUY_IN, 5000, deadline=START + timedelta(hours=1)),
            ann(),
            ctx(2, minutes=60),
            "Registration closed at the deadline, 2025-03-01 20:00.",
        ),
        (
            RegistrationRule(BUY_IN, 5000, max_entrants=40),
            ann(),
            ctx(1, entrants=40),
            "The field is full: 40 of 40 entrants are registered.",
        ),
    ],
)
def test_buy_in_refusals_say_why(
    registration: RegistrationRule, player: PlayerEntries, moment: EntryContext, message: str
) -> None:
    with pytest.raises(EntryRefused) as refused:
        check_buy_in(EntryRules(registration), player, moment)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    "moment",
    [ctx(), ctx(4), ctx(4, on_break=True), ctx(4, minutes=59, entrants=39)],
)
def test_late_registration_open_through_the_level_and_its_break(moment: EntryContext) -> None:
    registration = RegistrationRule(
        BUY_IN, 5000, late_until_level=4, deadline=START + timedelta(hours=1), max_entrants=40
    )
    assert check_buy_in(EntryRules(registration), ann(), moment).kind is EntryKind.BUY_IN


def test_registering_twice_suggests_re_entry_when_offered() -> None:
    rules = EntryRules(RegistrationRule(BUY_IN, 5000), re_entry=ReEntryRule(BUY_IN, 5000))
    with pytest.raises(EntryRefused, match=r"already registered\. A busted player may re-enter"):
        check_buy_in(rules, ann(registered=True), ctx())


# ------------------------------------------------------------------ rebuy


@pytest.mark.parametrize(
    ("rules", "player", "moment", "message"),
    [
        (
            EntryRules(RegistrationRule(BUY_IN, 5000)),
            ann(registered=True),
            ctx(2),
            "This tournament (Freeze-out) has no rebuys.",
        ),
        (rebuy_rules(), ann(), ctx(2), "Ann is not registered; a first entry is a buy-in."),
        (
            rebuy_rules(),
            ann(registered=True),
            ctx(0),
            "Rebuys start when the clock starts; this is still before the start.",
        ),
        (
            rebuy_rules(),
            ann(registered=True),
            ctx(7),
            "Rebuys ended after level 6 (now level 7).",
        ),
        (
            rebuy_rules(),
            ann(registered=True, stack=1200),
            ctx(3),
            "Ann still has 1,200 chips; only a busted player may rebuy.",
        ),
        (
            rebuy_rules(stack_at_or_below=5000),
            ann(registered=True, stack=5001),
            ctx(3),
            "Ann has 5,001 chips; a rebuy is allowed only at or below 5,000 chips.",
        ),
        (
            rebuy_rules(),
            ann(registered=True, rebuys=3),
            ctx(3),
            "Ann has used all 3 rebuys allowed per player.",
        ),
        (
            rebuy_rules(max_per_player=1),
            ann(registered=True, rebuys=1),
            ctx(3),
            "Ann has used all 1 rebuy allowed per player.",
        ),
    ],
)
def test_rebuy_refusals_say_why(
    rules: EntryRules, player: PlayerEntries, moment: EntryContext, message: str
) -> None:
    with pytest.raises(EntryRefused) as refused:
        check_rebuy(rules, player, moment)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("rules", "player", "moment"),
    [
        (rebuy_rules(), ann(registered=True), ctx(1)),
        (rebuy_rules(), ann(registered=True, rebuys=2), ctx(6)),
        (rebuy_rules(), ann(registered=True), ctx(6, on_break=True)),
        (rebuy_rules(stack_at_or_below=5000), ann(registered=True, stack=5000), ctx(3)),
        (rebuy_rules(max_per_player=None), ann(registered=True, rebuys=40), ctx(3)),
    ],
)
def test_rebuy_allowed(rules: EntryRules, player: PlayerEntries, moment: EntryContext) -> None:
    offer = check_rebuy(rules, player, moment)
    assert (offer.kind, offer.price, offer.chips) == (EntryKind.REBUY, REBUY, 5000)


@pytest.mark.slow
@settings(deadline=None, max_examples=300)
@given(
    level=st.integers(min_value=0, max_value=12),
    on_break=st.booleans(),
    registered=st.booleans(),
    stack=st.integers(min_value=0, max_value=20000),
    rebuys=st.integers(min_value=0, max_value=5),
    last_level=st.integers(min_value=1, max_value=10),
    max_per_player=st.none() | st.integers(min_value=1, max_value=4),
    threshold=st.sampled_from([0, 1000, 5000]),
)
def test_rebuy_matches_the_written_rule(
    level: int,
    on_break: bool,
    registered: bool,
    stack: int,
    rebuys: int,
    last_level: int,
    max_per_player: int | None,
    threshold: int,
) -> None:
    on_break = on_break and level > 0
    rules = rebuy_rules(
        last_level=last_level, max_per_player=max_per_player, stack_at_or_below=threshold
    )
    player = ann(registered=registered, stack=stack, rebuys=rebuys)
    expected = (
        registered
        and 1 <= level <= last_level
        and (stack == 0 or stack <= threshold)
        and (max_per_player is None or rebuys < max_per_player)
    )
    moment = ctx(level, on_break=on_break)
    if expected:
        assert check_rebuy(rules, player, moment).kind is EntryKind.REBUY
    else:
        with pytest.raises(EntryRefused, match=r"^(Ann|Rebuys) .*\.$"):
            check_rebuy(rules, player, moment)


# ------------------------------------------------------------------ add-on


def test_add_on_at_its_break() -> None:
    offer = check_add_on(rebuy_rules(), ann(registered=True, stack=4000), ctx(6, on_break=True))
    assert (offer.kind, offer.price, offer.chips) == (EntryKind.ADD_ON, ADD_ON, 8000)


@pytest.mark.parametrize(
    ("rules", "player", "moment", "with_buy_in", "message"),
    [
        (
            EntryRules(RegistrationRule(BUY_IN, 5000)),
            ann(registered=True, stack=10),
            ctx(6, on_break=True),
            False,
            "This tournament (Freeze-out) has no add-on.",
        ),
        (
            rebuy_rules(),
            ann(registered=True, stack=10),
            ctx(6),
            False,
            "The add-on is sold at the break after level 6 (now level 6).",
        ),
        (
            rebuy_rules(),
            ann(registered=True, stack=10),
            ctx(5, on_break=True),
            False,
            "The add-on is sold at the break after level 6 (now the break after level 5).",
        ),
        (
            rebuy_rules(),
            ann(registered=True, stack=10, add_ons=1),
            ctx(6, on_break=True),
            False,
            "Ann already bought the add-on.",
        ),
        (
            rebuy_rules(),
            ann(registered=True, stack=0),
            ctx(6, on_break=True),
            False,
            "Ann has no chips; only a player still in may add on (rebuy first).",
        ),
        (
            rebuy_rules(),
            ann(),
            ctx(6, on_break=True),
            False,
            "Ann is not registered; only players in may add on.",
        ),
        (
            rebuy_rules(),
            ann(),
            ctx(0),
            True,
            "The add-on is sold at the break after level 6, not with the buy-in.",
        ),
        (
            EntryRules(
                RegistrationRule(BUY_IN, 5000), add_on=AddOnRule(ADD_ON, 3000, with_buy_in=True)
            ),
            ann(registered=True, stack=10),
            ctx(3, on_break=True),
            False,
            "The add-on is sold only with the buy-in, in the same payment.",
        ),
        (
            EntryRules(
                RegistrationRule(BUY_IN, 5000),
                add_on=AddOnRule(ADD_ON, 3000, with_buy_in=True, max_per_player=2),
            ),
            ann(add_ons=2),
            ctx(0),
            True,
            "Ann has bought all 2 add-ons allowed per player.",
        ),
    ],
)
def test_add_on_refusals_say_why(
    rules: EntryRules,
    player: PlayerEntries,
    moment: EntryContext,
    with_buy_in: bool,
    message: str,
) -> None:
    with pytest.raises(EntryRefused) as refused:
        check_add_on(rules, player, moment, with_buy_in=with_buy_in)
    assert str(refused.value) == message


def test_add_on_with_the_buy_in() -> None:
    rules = EntryRules(
        RegistrationRule(BUY_IN, 5000), add_on=AddOnRule(ADD_ON, 3000, with_buy_in=True)
    )
    assert check_add_on(rules, ann(), ctx(), with_buy_in=True).chips == 3000


# ------------------------------------------------------------------ re-entry


def re_entry_rules(**re_entry: object) -> EntryRules:
    return EntryRules(
        RegistrationRule(BUY_IN, 5000, late_until_level=6, deadline=START + timedelta(hours=3)),
        re_entry=ReEntryRule(BUY_IN, 5000, **re_entry),  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("rules", "player", "moment", "message"),
    [
        (
            rebuy_rules(),
            ann(registered=True),
            ctx(2),
            "This tournament (Rebuy + add-on) has no re-entry.",
        ),
        (re_entry_rules(), ann(), ctx(2), "Ann is not registered; a first entry is a buy-in."),
        (
            re_entry_rules(),
            ann(registered=True, stack=300),
            ctx(2),
            "Ann still has 300 chips; only a busted player may re-enter.",
        ),
        (
            re_entry_rules(),
            ann(registered=True),
            ctx(7),
            "Re-entry closed after level 6 (now level 7).",
        ),
        (
            re_entry_rules(),
            ann(registered=True),
            ctx(5, minutes=180),
            "Re-entry closed at the deadline, 2025-03-01 22:00.",
        ),
        (
            re_entry_rules(last_level=3),
            ann(registered=True),
            ctx(4),
            "Re-entry closed after level 3 (now level 4).",
        ),
        (
            re_entry_rules(max_per_player=1),
            ann(registered=True, re_entries=1),
            ctx(2),
            "Ann has used all 1 re-entry allowed per player.",
        ),
        (
            re_entry_rules(max_per_player=2),
            ann(registered=True, re_entries=2),
            ctx(2),
            "Ann has used all 2 re-entries allowed per player.",
        ),
    ],
)
def test_re_entry_refusals_say_why(
    rules: EntryRules, player: PlayerEntries, moment: EntryContext, message: str
) -> None:
    with pytest.raises(EntryRefused) as refused:
        check_re_entry(rules, player, moment)
    assert str(refused.value) == message


def test_re_entry_allowed_and_ignores_the_cap() -> None:
    rules = EntryRules(
        RegistrationRule(BUY_IN, 5000, max_entrants=10, late_until_level=6),
        re_entry=ReEntryRule(EntryPrice(2500), 5000, max_per_player=2),
    )
    offer = check_re_entry(
        rules, ann(registered=True, re_entries=1), ctx(6, on_break=True, entrants=10)
    )
    assert (offer.kind, offer.price.total) == (EntryKind.RE_ENTRY, 2500)


# ------------------------------------------------------------------ options


def test_entry_options_give_an_offer_or_a_reason_for_each_kind() -> None:
    options = entry_options(rebuy_rules(), ann(registered=True, stack=0), ctx(3))
    assert [(o.kind, o.allowed) for o in options] == [
        (EntryKind.BUY_IN, False),
        (EntryKind.REBUY, True),
        (EntryKind.ADD_ON, False),
        (EntryKind.RE_ENTRY, False),
    ]
    assert options[0].refusal == "Ann is already registered."
    assert options[1].refusal == ""
    assert options[3].refusal == "This tournament (Rebuy + add-on) has no re-entry."


def test_check_entry_dispatches() -> None:
    rules = rebuy_rules()
    player = ann(registered=True, stack=100)
    assert check_entry(EntryKind.ADD_ON, rules, player, ctx(6, on_break=True)).chips == 8000
    with pytest.raises(EntryRefused):
        check_entry(EntryKind.RE_ENTRY, rules, player, ctx(2))


def test_refusal_is_a_domain_error() -> None:
    assert issubclass(EntryRefused, DomainError)


def test_a_deadline_is_told_in_the_rooms_local_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setenv("TZ", "IST-5:30")
    time.tzset()
    try:
        rule = RegistrationRule(BUY_IN, 5000, deadline=START + timedelta(hours=1))
        with pytest.raises(EntryRefused, match="deadline, 2025-03-02 01:30"):
            check_buy_in(EntryRules(rule), ann(), ctx(2, minutes=60))
    finally:
        monkeypatch.undo()
        time.tzset()
