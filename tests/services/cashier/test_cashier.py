"""The cashier through the services: registration, buy-ins, rebuys, add-ons, re-entries, voids.

Each refused action must leave the ledger and the revision exactly as they were.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from clockapp.core.money.entries import EntryKind, EntryPrice, EntryRefused
from clockapp.core.money.entry_rules import (
    AddOnRule,
    EntryRules,
    RebuyRule,
    ReEntryRule,
    RegistrationRule,
)
from clockapp.core.money.ledger import LedgerError, RowKind
from clockapp.core.money.records import CashierConfig, CashierError
from clockapp.core.registration import RegistrationStatus
from clockapp.core.structure import Break, Level, Structure
from clockapp.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock

PRICE = EntryPrice(2000, house_fee=500, bounty=500)  # $30: $20 prize pool, $5 fee, $5 bounty
STACK = 10_000
#: Index: 0 L1, 1 L2, 2 break after L2, 3 L3, 4 L4, 5 break after L4, 6 L5.
STRUCTURE = Structure(
    "Test",
    (
        Level(25, 50, minutes=20),
        Level(50, 100, minutes=20),
        Break(10),
        Level(100, 200, minutes=20),
        Level(200, 400, minutes=20),
        Break(10),
        Level(300, 600, minutes=20),
    ),
)
FREEZE_OUT = EntryRules(RegistrationRule(PRICE, STACK))


def configure(services: Services, tid: int, rules: EntryRules, **more: object) -> None:
    services.cashier.set_config(tid, CashierConfig(rules, **more))  # type: ignore[arg-type]


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.structure.replace(t, STRUCTURE)
    configure(services, t, FREEZE_OUT)
    return t


def player(services: Services, name: str) -> int:
    return services.players.create(PlayerDetails(name)).value.id


def seat(services: Services, tid: int, name: str, **kw: object) -> int:
    """Register and buy in a new player; returns the registration id."""
    return services.cashier.buy_in(tid, player(services, name), **kw).value.registration.id  # type: ignore[arg-type]


def at_item(services: Services, tid: int, index: int) -> None:
    """Put the running clock on structure item `index`."""
    if not services.clock.state(tid).started:
        services.clock.start(tid)
    services.clock.jump(tid, index)


class Unchanged:
    """Asserts that a refused action wrote nothing: same ledger, registrations and revision."""

    def __init__(self, services: Services, tid: int) -> None:
        self.services, self.tid = services, tid
        self.before = self._state()

    def _state(self) -> tuple[object, ...]:
        s = self.services
        return (
            s.cashier.ledger(self.tid),
            s.cashier.registrations(self.tid, include_withdrawn=True),
            s.tournaments.revision(),
        )

    def check(self) -> None:
        assert self._state() == self.before


# ---------------------------------------------------------------------------- buy-in
def test_buy_in_registers_takes_the_money_and_gives_chips_and_change(
    services: Services, tid: int
) -> None:
    ann = player(services, "Ann")
    outcome = Services(services.ctx.engine, now=services.ctx.now, station="Desk 1").cashier.buy_in(
        tid, ann, tendered=5000
    )
    receipt = outcome.value
    assert outcome.changes.touches(Change.ENTRIES | Change.LEDGER | Change.PAYOUTS)
    assert receipt.kind is EntryKind.BUY_IN
    assert (receipt.total, receipt.change_due, receipt.chips) == (3000, 2000, STACK)
    reg = receipt.registration
    assert (reg.status, reg.entries, reg.name) == (RegistrationStatus.PLAYING, 1, "Ann")
    (row,) = receipt.rows
    assert (row.kind, row.amount, row.split, row.chips, row.station) == (
        RowKind.BUY_IN,
        3000,
        PRICE,
        STACK,
        "Desk 1",
    )
    (handout,) = receipt.handouts
    assert handout.breakdown is not None
    assert handout.breakdown.total == STACK
    assert services.cashier.ledger(tid) == receipt.rows
    b = services.cashier.balances(tid)
    assert (b.entries, b.prize_pool, b.house_fees, b.bounty_pool) == (1, 2000, 500, 500)


def test_exact_money_gives_no_change_and_no_tender_gives_none(services: Services, tid: int) -> None:
    assert services.cashier.buy_in(tid, player(services, "A"), tendered=3000).value.change_due == 0
    assert services.cashier.buy_in(tid, player(services, "B")).value.change_due is None


@pytest.mark.parametrize(
    ("tendered", "message"),
    [(2999, r"\$29.99 tendered is less than the \$30.00 due \(\$0.01 short\)"), (-5, "0 or more")],
)
def test_too_little_tendered_writes_nothing(
    services: Services, tid: int, tendered: int, message: str
) -> None:
    ann = player(services, "Ann")
    unchanged = Unchanged(services, tid)
    with pytest.raises(DomainError, match=message):
        services.cashier.buy_in(tid, ann, tendered=tendered)
    unchanged.check()


def test_registering_the_same_player_twice_is_refused(services: Services, tid: int) -> None:
    ann = player(services, "Ann")
    services.cashier.buy_in(tid, ann)
    unchanged = Unchanged(services, tid)
    with pytest.raises(EntryRefused, match="Ann is already registered"):
        services.cashier.buy_in(tid, ann)
    unchanged.check()


def test_the_cap_on_entrants(services: Services, tid: int) -> None:
    configure(
        services,
        tid,
        replace(FREEZE_OUT, registration=replace(FREEZE_OUT.registration, max_entrants=2)),
    )
    seat(services, tid, "A")
    seat(services, tid, "B")
    cy = player(services, "Cy")
    unchanged = Unchanged(services, tid)
    with pytest.raises(EntryRefused, match="The field is full: 2 of 2"):
        services.cashier.buy_in(tid, cy)
    unchanged.check()


def test_late_registration_closes_after_its_level_from_the_clock(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    late = replace(FREEZE_OUT.registration, late_until_level=2)
    configure(services, tid, replace(FREEZE_OUT, registration=late))
    at_item(services, tid, 2)  # the break after level 2: still open
    seat(services, tid, "On time")
    # Time passes on the clock itself: the break ends and level 3 starts, with nobody pressing.
    fake_clock.advance(minutes=10, seconds=1)
    bob = player(services, "Bob")
    unchanged = Unchanged(services, tid)
    with pytest.raises(EntryRefused, match=r"Registration closed after level 2 \(now level 3\)"):
        services.cashier.buy_in(tid, bob)
    unchanged.check()


def test_a_registration_deadline(services: Services, tid: int, fake_clock: FakeClock) -> None:
    deadline = fake_clock() + timedelta(hours=1)
    configure(
        services,
        tid,
        replace(FREEZE_OUT, registration=replace(FREEZE_OUT.registration, deadline=deadline)),
    )
    seat(services, tid, "Early")
    fake_clock.advance(minutes=60)
    with pytest.raises(EntryRefused, match="closed at the deadline"):
        seat(services, tid, "Late")


@pytest.mark.slow
def test_pre_registration_list_check_in_and_withdraw(services: Services, tid: int) -> None:
    player(services, "Zoé Durand")
    outcome = services.cashier.import_pre_registrations(tid, "name\nzoe durand\nAnn Lee\n\nBob\n")
    assert outcome.changes.touches(Change.ENTRIES | Change.PLAYERS)
    regs = outcome.value
    assert [r.name for r in regs] == ["Zoé Durand", "Ann Lee", "Bob"]
    assert {r.status for r in regs} == {RegistrationStatus.PRE_REGISTERED}
    assert len(services.players.list()) == 3  # Zoé was reused, not duplicated
    # Importing the same list again adds nobody.
    assert [r.id for r in services.cashier.import_pre_registrations(tid, "Bob").value] == [
        regs[2].id
    ]
    checked = services.cashier.check_in(tid, regs[1].id).value
    assert checked.status is RegistrationStatus.CHECKED_IN
    assert checked.checked_in_at == services.now()
    receipt = services.cashier.buy_in_registration(tid, regs[1].id).value
    assert receipt.registration.id == regs[1].id
    assert receipt.registration.status is RegistrationStatus.PLAYING
    withdrawn = services.cashier.withdraw(tid, regs[2].id).value
    assert withdrawn.registration.status is RegistrationStatus.WITHDRAWN
    assert [r.name for r in services.cashier.registrations(tid)] == ["Zoé Durand", "Ann Lee"]
    with pytest.raises(CashierError, match="money on the ledger"):
        services.cashier.withdraw(tid, regs[1].id)
    # A withdrawn player may come back later.
    assert services.cashier.buy_in(tid, regs[2].player_id).value.registration.id != regs[2].id


def test_an_empty_pre_registration_list_is_refused(services: Services, tid: int) -> None:
    with pytest.raises(CashierError, match="no names"):
        services.cashier.import_pre_registrations(tid, "name\n\n")


@pytest.mark.slow
def test_prices_edited_later_do_not_change_what_was_paid(services: Services, tid: int) -> None:
    seat(services, tid, "Early")
    dearer = EntryRules(RegistrationRule(EntryPrice(4000, 1000), STACK + 5000))
    configure(services, tid, dearer)
    seat(services, tid, "Late")
    first, second = services.cashier.ledger(tid)
    assert (first.amount, first.split, first.chips) == (3000, PRICE, STACK)
    assert (second.amount, second.chips) == (5000, STACK + 5000)
    assert services.cashier.balances(tid).prize_pool == 6000
    assert services.clock.snapshot(tid).settings.starting_stack == STACK + 5000


# ---------------------------------------------------------------------------- rebuys
REBUY = replace(
    FREEZE_OUT,
    rebuy=RebuyRule(EntryPrice(2000), chips=STACK, last_level=2, max_per_player=2),
)


@pytest.mark.slow
def test_rebuy_for_a_busted_player_until_the_cutoff_and_the_limit(
    services: Services, tid: int
) -> None:
    configure(services, tid, REBUY)
    at_item(services, tid, 0)
    ann = seat(services, tid, "Ann")
    seat(services, tid, "Bob")
    services.results.bust(tid, ann)
    receipt = services.cashier.rebuy(tid, ann, tendered=2000).value
    assert (receipt.kind, receipt.total, receipt.change_due) == (EntryKind.REBUY, 2000, 0)
    assert receipt.registration.status is RegistrationStatus.PLAYING
    assert receipt.registration.rebuys == 1
    (handout,) = receipt.handouts
    assert handout.breakdown is not None
    assert handout.breakdown.total == STACK
    # A player recorded as playing is not busted: a rebuy without a bust is refused...
    unchanged = Unchanged(services, tid)
    with pytest.raises(EntryRefused, match=r"Ann is still in play \(no bust is recorded\)"):
        services.cashier.rebuy(tid, ann)
    unchanged.check()
    # ...unless the cashier says she busted at the table: the bust is recorded too.
    second = services.cashier.rebuy(tid, ann, busted_at_table=True).value
    assert second.registration.rebuys == 2
    assert len(services.results.busts(tid)) == 2
    unchanged = Unchanged(services, tid)
    with pytest.raises(EntryRefused, match="Ann has used all 2 rebuys"):
        services.cashier.rebuy(tid, ann, busted_at_table=True)
    unchanged.check()


@pytest.mark.slow
def test_a_second_rebuy_for_a_player_no_longer_busted_is_refused(
    services: Services, tid: int
) -> None:
    # Two desks both saw Ann busted; the first sold her a rebuy, the second tries to.
    configure(services, tid, REBUY)
    at_item(services, tid, 0)
    ann = seat(services, tid, "Ann")
    seat(services, tid, "Bob")
    services.results.bust(tid, ann)
    Services(services.ctx.engine, now=services.ctx.now, station="Desk 1").cashier.rebuy(tid, ann)
    unchanged = Unchanged(services, tid)
    with pytest.raises(EntryRefused, match="only a busted player may rebuy"):
        Services(services.ctx.engine, now=services.ctx.now, station="Desk 2").cashier.rebuy(
            tid, ann
        )
    with pytest.raises(EntryRefused, match="only a busted player may rebuy"):
        services.cashier.rebuy(tid, ann, stack=None, tendered=2000)
    unchanged.check()
    reg = services.cashier.registration(tid, ann)
    assert (reg.status, reg.rebuys) == (RegistrationStatus.PLAYING, 1)
    # A count of 0 chips is a bust at the table, said outright.
    assert services.cashier.rebuy(tid, ann, stack=0).value.registration.rebuys == 2


@pytest.mark.slow
def test_no_rebuy_after_the_cutoff_level(services: Services, tid: int) -> None:
    configure(services, tid, REBUY)
    ann = seat(services, tid, "Ann")
    seat(services, tid, "Bob")
    at_item(services, tid, 3)
    services.results.bust(tid, ann)
    unchanged = Unchanged(services, tid)
    with pytest.raises(EntryRefused, match=r"Rebuys ended after level 2 \(now level 3\)"):
        services.cashier.rebuy(tid, ann)
    unchanged.check()


@pytest.mark.slow
def test_rebuy_at_or_below_a_stack(services: Services, tid: int) -> None:
    rules = replace(REBUY, rebuy=replace(REBUY.rebuy, stack_at_or_below=5000))  # type: ignore[type-var]
    configure(services, tid, rules)
    at_item(services, tid, 1)
    ann = seat(services, tid, "Ann")
    with pytest.raises(EntryRefused, match="only at or below 5,000 chips"):
        services.cashier.rebuy(tid, ann, stack=6000)
    receipt = services.cashier.rebuy(tid, ann, stack=4000).value
    assert receipt.registration.status is RegistrationStatus.PLAYING
    assert services.results.busts(tid) == ()  # nobody busted


@pytest.mark.slow
def test_freeze_out_has_no_rebuys(services: Services, tid: int) -> None:
    ann = seat(services, tid, "Ann")
    with pytest.raises(EntryRefused, match=r"This tournament \(Freeze-out\) has no rebuys"):
        services.cashier.rebuy(tid, ann)


# ---------------------------------------------------------------------------- add-ons
ADD_ON = replace(
    REBUY, add_on=AddOnRule(EntryPrice(1500, 500), chips=15_000, at_break_after_level=2)
)


@pytest.mark.slow
def test_add_on_only_at_its_break_and_only_once(services: Services, tid: int) -> None:
    configure(services, tid, ADD_ON)
    at_item(services, tid, 1)
    ann = seat(services, tid, "Ann")
    seat(services, tid, "Bob")
    with pytest.raises(EntryRefused, match=r"at the break after level 2 \(now level 2\)"):
        services.cashier.add_on(tid, ann)
    at_item(services, tid, 2)
    receipt = services.cashier.add_on(tid, ann, tendered=2000).value
    assert (receipt.kind, receipt.total, receipt.chips) == (EntryKind.ADD_ON, 2000, 15_000)
    assert receipt.registration.add_ons == 1
    (handout,) = receipt.handouts
    assert handout.breakdown is not None
    assert handout.breakdown.values[0] == 5000  # the big chips: fewest to count out
    with pytest.raises(EntryRefused, match="Ann already bought the add-on"):
        services.cashier.add_on(tid, ann)
    stats = services.clock.snapshot(tid).stats
    assert stats.chips_in_play == 2 * STACK + 15_000


@pytest.mark.slow
def test_add_on_sold_with_the_buy_in(services: Services, tid: int) -> None:
    rules = replace(FREEZE_OUT, add_on=AddOnRule(EntryPrice(1000), 5000, with_buy_in=True))
    configure(services, tid, rules)
    receipt = services.cashier.buy_in(tid, player(services, "Ann"), with_add_on=True).value
    assert [r.kind for r in receipt.rows] == [RowKind.BUY_IN, RowKind.ADD_ON]
    assert (receipt.total, receipt.chips) == (4000, STACK + 5000)
    assert [h.chips for h in receipt.handouts] == [STACK, 5000]
    assert receipt.registration.add_ons == 1


@pytest.mark.slow
def test_options_say_what_each_button_would_do(services: Services, tid: int) -> None:
    configure(services, tid, ADD_ON)
    at_item(services, tid, 1)
    ann = seat(services, tid, "Ann")
    options = {o.kind: o for o in services.cashier.options(tid, ann)}
    assert not options[EntryKind.BUY_IN].allowed
    assert options[EntryKind.REBUY].allowed
    assert "break after level 2" in options[EntryKind.ADD_ON].refusal
    assert "no re-entry" in options[EntryKind.RE_ENTRY].refusal


@pytest.mark.parametrize(
    ("level", "message"),
    [
        (
            1,
            r"no break follows level 1 in the structure 'Test' \(breaks follow levels 2 and "
            r"4\)\. Choose one of those levels, or sell the add-on with the buy-in\.",
        ),
        (3, "no break follows level 3"),
        (5, "no break follows level 5"),  # the last level: nothing follows it
        (9, "the structure 'Test' has only 5 levels"),
    ],
)
def test_an_add_on_at_a_break_the_structure_does_not_have_is_refused(
    services: Services, tid: int, level: int, message: str
) -> None:
    rules = replace(
        FREEZE_OUT, add_on=AddOnRule(EntryPrice(1000), 5000, at_break_after_level=level)
    )
    before = services.cashier.config(tid)
    unchanged = Unchanged(services, tid)
    with pytest.raises(CashierError, match=message):
        services.cashier.check_config(tid, CashierConfig(rules))
    with pytest.raises(CashierError, match=message):
        configure(services, tid, rules)
    unchanged.check()
    assert services.cashier.config(tid) == before


@pytest.mark.parametrize("level", [2, 4])
def test_an_add_on_at_a_real_break_is_saved(services: Services, tid: int, level: int) -> None:
    rules = replace(
        FREEZE_OUT, add_on=AddOnRule(EntryPrice(1000), 5000, at_break_after_level=level)
    )
    services.cashier.check_config(tid, CashierConfig(rules))
    configure(services, tid, rules)
    assert services.cashier.config(tid).rules == rules


def test_a_structure_without_breaks_says_so(services: Services, tid: int) -> None:
    services.structure.replace(
        tid, Structure("Turbo", (Level(25, 50, minutes=10), Level(50, 100, minutes=10)))
    )
    rules = replace(FREEZE_OUT, add_on=AddOnRule(EntryPrice(1000), 5000, at_break_after_level=1))
    with pytest.raises(CashierError, match=r"\(it has no breaks\)\. Add a break after level 1"):
        configure(services, tid, rules)
    # Sold with the buy-in, the add-on needs no break.
    with_buy_in = replace(rules, add_on=AddOnRule(EntryPrice(1000), 5000, with_buy_in=True))
    configure(services, tid, with_buy_in)
    assert services.cashier.config(tid).rules == with_buy_in


# ---------------------------------------------------------------------------- buy-in option
@pytest.mark.slow
def test_buy_in_option_refuses_before_any_money_like_buy_in_does(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    rules = replace(
        FREEZE_OUT,
        registration=replace(
            FREEZE_OUT.registration,
            late_until_level=2,
            max_entrants=2,
            deadline=fake_clock() + timedelta(hours=3),
        ),
    )
    configure(services, tid, rules)
    ann = player(services, "Ann")
    option = services.cashier.buy_in_option(tid, ann)
    assert option.kind is EntryKind.BUY_IN
    assert option.allowed
    assert option.offer is not None
    assert (option.offer.price, option.offer.chips) == (PRICE, STACK)
    services.cashier.buy_in(tid, ann)
    refusals = []
    refusals.append(services.cashier.buy_in_option(tid, ann).refusal)  # already in
    at_item(services, tid, 3)  # level 3: late registration is over
    bob = player(services, "Bob")
    refusals.append(services.cashier.buy_in_option(tid, bob).refusal)
    assert refusals == [
        "Ann is already registered.",
        "Registration closed after level 2 (now level 3).",
    ]
    # Each refusal is the one buy_in itself would raise, and reading writes nothing.
    unchanged = Unchanged(services, tid)
    with pytest.raises(EntryRefused, match=r"closed after level 2 \(now level 3\)"):
        services.cashier.buy_in(tid, bob)
    unchanged.check()


def test_buy_in_option_sees_a_full_field_and_the_deadline(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    deadline = fake_clock() + timedelta(hours=1)
    registration = replace(FREEZE_OUT.registration, max_entrants=1, deadline=deadline)
    configure(services, tid, replace(FREEZE_OUT, registration=registration))
    seat(services, tid, "First")
    cy = player(services, "Cy")
    assert services.cashier.buy_in_option(tid, cy).refusal == (
        "The field is full: 1 of 1 entrants are registered."
    )
    fake_clock.advance(minutes=60)
    assert "closed at the deadline" in services.cashier.buy_in_option(tid, cy).refusal


# ---------------------------------------------------------------------------- re-entry
RE_ENTRY = EntryRules(
    RegistrationRule(PRICE, STACK, late_until_level=4),
    re_entry=ReEntryRule(PRICE, STACK, max_per_player=1),
)


@pytest.mark.slow
def test_re_entry_counts_as_an_entry_and_is_limited(services: Services, tid: int) -> None:
    configure(services, tid, RE_ENTRY)
    at_item(services, tid, 1)
    ann = seat(services, tid, "Ann")
    seat(services, tid, "Bob")
    services.results.bust(tid, ann)
    receipt = services.cashier.re_enter(tid, ann).value
    assert receipt.kind is EntryKind.RE_ENTRY
    assert receipt.registration.entries == 2
    assert receipt.registration.status is RegistrationStatus.PLAYING
    stats = services.clock.snapshot(tid).stats
    assert (stats.entries, stats.players_left, stats.chips_in_play) == (3, 2, 3 * STACK)
    assert stats.prize_pool_cents == 3 * 2000
    with pytest.raises(EntryRefused, match="only a busted player may re-enter"):
        services.cashier.re_enter(tid, ann)
    with pytest.raises(EntryRefused, match="Ann has used all 1 re-entry"):
        services.cashier.re_enter(tid, ann, busted_at_table=True)


@pytest.mark.slow
def test_re_entry_closes_with_late_registration(services: Services, tid: int) -> None:
    configure(services, tid, RE_ENTRY)
    ann = seat(services, tid, "Ann")
    seat(services, tid, "Bob")
    at_item(services, tid, 6)
    services.results.bust(tid, ann)
    with pytest.raises(EntryRefused, match=r"Re-entry closed after level 4 \(now level 5\)"):
        services.cashier.re_enter(tid, ann)


# ---------------------------------------------------------------------------- voids, refunds
@pytest.mark.slow
def test_void_reverses_a_row_with_a_reason_and_keeps_both_in_history(
    services: Services, tid: int
) -> None:
    ann = seat(services, tid, "Ann")
    seat(services, tid, "Bob")
    first = services.cashier.ledger(tid)[0]
    outcome = Services(services.ctx.engine, now=services.ctx.now, station="Desk 2").cashier.void(
        tid, first.id, "  typed the wrong player "
    )
    assert outcome.changes.touches(Change.LEDGER | Change.ENTRIES)
    void = outcome.value
    assert (void.kind, void.amount, void.target_id, void.reason, void.station) == (
        RowKind.VOID,
        3000,
        first.id,
        "typed the wrong player",
        "Desk 2",
    )
    history = services.cashier.ledger(tid)
    assert [r.kind for r in history] == [RowKind.BUY_IN, RowKind.BUY_IN, RowKind.VOID]
    assert history[0].voided_by == void.id
    reg = services.cashier.registration(tid, ann)
    assert (reg.status, reg.entries) == (RegistrationStatus.CHECKED_IN, 0)
    assert services.cashier.balances(tid).entries == 1
    # Paying again puts the player back in.
    services.cashier.buy_in_registration(tid, ann)
    assert services.cashier.registration(tid, ann).status is RegistrationStatus.PLAYING


@pytest.mark.slow
@pytest.mark.parametrize(
    ("which", "reason", "message"),
    [
        ("first", "   ", "give a reason"),
        ("void", "again", "is itself a void"),
        ("voided", "again", "already voided by row"),
        ("missing", "why", "not in this tournament's ledger"),
    ],
)
def test_bad_voids_change_nothing(
    services: Services, tid: int, which: str, reason: str, message: str
) -> None:
    seat(services, tid, "Ann")
    first = services.cashier.ledger(tid)[0].id
    void = services.cashier.void(tid, first, "mistake").value.id
    target = {"first": first, "void": void, "voided": first, "missing": 999}[which]
    unchanged = Unchanged(services, tid)
    with pytest.raises(LedgerError, match=message):
        services.cashier.void(tid, target, reason)
    unchanged.check()


def test_a_row_of_another_tournament_cannot_be_voided_here(services: Services, tid: int) -> None:
    other = services.tournaments.create("Other").value.id
    seat(services, other, "Ann")
    row = services.cashier.ledger(other)[0].id
    with pytest.raises(LedgerError, match="not in this tournament's ledger"):
        services.cashier.void(tid, row, "wrong tournament")


def test_refund_takes_the_entry_out_of_the_field(services: Services, tid: int) -> None:
    ann = seat(services, tid, "Ann")
    row = services.cashier.ledger(tid)[0].id
    refund = services.cashier.refund(tid, row, "sick, left before cards were dealt").value
    assert (refund.kind, refund.amount, refund.target_id) == (RowKind.REFUND, 3000, row)
    assert services.cashier.registration(tid, ann).entries == 0
    b = services.cashier.balances(tid)
    assert (b.entries, b.prize_pool, b.expected_cash, b.refunded) == (0, 0, 0, 3000)
    with pytest.raises(LedgerError, match="hand back"):
        services.cashier.refund(tid, row, "twice")


# ---------------------------------------------------------------------------- drawer, summary
@pytest.mark.slow
def test_drawer_count_and_end_of_night_summary(services: Services, tid: int) -> None:
    configure(services, tid, FREEZE_OUT, opening_float=10_000)
    for name in ("A", "B", "C"):
        seat(services, tid, name)
    assert services.cashier.drawer(tid).expected == 19_000
    outcome = services.cashier.count_drawer(tid, 18_500, note="end of level 2")
    assert outcome.changes.touches(Change.LEDGER)
    count = outcome.value
    assert (count.expected, count.counted, count.count.status) == (19_000, 18_500, "short by $5.00")
    assert services.cashier.drawer_counts(tid) == (count,)
    lines = dict(services.cashier.summary(tid).lines())
    assert lines["Entries"] == "3"
    assert lines["House fees"] == "$15.00"
    assert lines["Prize pool"] == "$60.00"
    assert lines["Bounties"] == "$15.00"
    assert lines["Still owed"] == "$75.00"
    assert lines["Expected cash"] == "$190.00"
    assert lines["Drawer"] == "short by $5.00"


def test_unknown_registration_and_tournament_are_clear_errors(services: Services, tid: int) -> None:
    with pytest.raises(CashierError, match="Registration #42 is not in this tournament"):
        services.cashier.rebuy(tid, 42)
    with pytest.raises(DomainError, match="Tournament #77 does not exist"):
        services.cashier.buy_in(77, player(services, "Ann"))
