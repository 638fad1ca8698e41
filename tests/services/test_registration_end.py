"""Registration closes at a defined moment; the end of the tournament is stored.

Every refused action must leave the database exactly as it was (`Unchanged`).
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest
from sqlalchemy.engine import Engine

from clockapp.core.icm import DealMethod
from clockapp.core.money.entries import EntryPrice, EntryRefused
from clockapp.core.money.entry_rules import (
    AddOnRule,
    EntryRules,
    RebuyRule,
    ReEntryRule,
    RegistrationRule,
)
from clockapp.core.money.records import CashierConfig
from clockapp.core.payout_tables import CLOCKAPP_CURVE
from clockapp.core.payouts import PayoutStructure
from clockapp.core.registration import RegistrationMode
from clockapp.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.changes import Change
from tests.fakes import FakeClock
from tests.services.cashier.test_cashier import STRUCTURE, Unchanged, at_item, player, seat

PRICE = EntryPrice(2000)
STACK = 10_000
#: These small fields (3-4 entries) pay only the winner on the published home-game table; the
#: older curve pays two or three places, so the winner screen and the reports list several.
CURVE = PayoutStructure(table=CLOCKAPP_CURVE)
NO_LATE = EntryRules(RegistrationRule(PRICE, STACK))  # late registration unticked


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.structure.replace(t, STRUCTURE)
    services.cashier.set_config(t, CashierConfig(NO_LATE, CURVE))
    return t


def configure(services: Services, tid: int, rules: EntryRules) -> None:
    services.cashier.set_config(tid, CashierConfig(rules, CURVE))


# ---------------------------------------------------------------------------- registration
@pytest.mark.slow
def test_with_late_registration_unticked_the_first_bust_closes_it(
    services: Services, tid: int
) -> None:
    ann, _bob, _cy = (seat(services, tid, name) for name in ("Ann", "Bob", "Cy"))
    assert services.registration.window(tid).wall == "Registration open until the first bust"
    services.results.bust(tid, ann)
    late = player(services, "Late")
    unchanged = Unchanged(services, tid)
    message = r"Registration closed at the first bust \(no late registration level is set\)"
    with pytest.raises(EntryRefused, match=message):
        services.cashier.buy_in(tid, late)
    for action in (
        lambda: services.cashier.register(tid, late),
        lambda: services.cashier.pre_register(tid, [late]),
        lambda: services.cashier.import_pre_registrations(tid, "Zoe\nYves\n"),
    ):
        with pytest.raises(DomainError, match="first bust"):
            action()
    unchanged.check()
    option = services.cashier.buy_in_option(tid, late)
    assert not option.allowed
    assert "first bust" in option.refusal
    assert services.registration.window(tid).wall == "Registration closed"


@pytest.mark.slow
def test_late_registration_level_is_shown_and_closes_after_its_break(
    services: Services, tid: int
) -> None:
    configure(services, tid, EntryRules(RegistrationRule(PRICE, STACK, late_until_level=2)))
    ann, _bob, _cy = (seat(services, tid, name) for name in ("Ann", "Bob", "Cy"))
    services.results.bust(tid, ann)  # a bust does not close a window that has a level
    at_item(services, tid, 2)  # the break after level 2
    assert services.registration.window(tid).wall == "Late registration until level 2"
    seat(services, tid, "Dee")
    at_item(services, tid, 3)
    eve = player(services, "Eve")
    unchanged = Unchanged(services, tid)
    with pytest.raises(EntryRefused, match=r"Registration closed after level 2 \(now level 3\)"):
        services.cashier.buy_in(tid, eve)
    unchanged.check()


@pytest.mark.slow
def test_the_director_closes_and_reopens_registration(services: Services, tid: int) -> None:
    configure(
        services,
        tid,
        EntryRules(
            RegistrationRule(PRICE, STACK, late_until_level=4),
            re_entry=ReEntryRule(PRICE, STACK),
        ),
    )
    ann, _bob, _cy = (seat(services, tid, name) for name in ("Ann", "Bob", "Cy"))
    services.results.bust(tid, ann)
    closed = services.registration.close(tid)
    assert closed.changes.touches(Change.ENTRIES)
    assert (closed.value.before, closed.value.mode) == (RegistrationMode.AUTO, "closed")
    assert services.registration.window(tid).wall == "Registration closed"
    dee = player(services, "Dee")
    unchanged = Unchanged(services, tid)
    with pytest.raises(EntryRefused, match="the director closed it"):
        services.cashier.buy_in(tid, dee)
    with pytest.raises(EntryRefused, match="Re-entry is closed: the director closed it"):
        services.cashier.re_enter(tid, ann)
    unchanged.check()
    # Reopened inside the late registration window: back to the rules, not held open.
    again = services.registration.reopen(tid).value
    assert (again.before, again.mode) == (RegistrationMode.CLOSED, RegistrationMode.AUTO)
    services.registration.close(tid)
    # The undo of the close puts back the choice it replaced.
    services.registration.set_mode(tid, closed.value.before)
    assert services.registration.window(tid).wall == "Late registration until level 4"
    at_item(services, tid, 6)  # level 5: past the late registration level
    with pytest.raises(EntryRefused, match="after level 4"):
        services.cashier.buy_in(tid, dee)
    reopened = services.registration.reopen(tid).value
    assert reopened.mode is RegistrationMode.OPEN
    assert reopened.window.open
    assert services.registration.window(tid).wall == "Registration open"
    services.cashier.buy_in(tid, dee)  # the director's word holds past the level


@pytest.mark.slow
def test_a_refused_close_or_reopen_writes_nothing(services: Services, tid: int) -> None:
    a, b = (seat(services, tid, name) for name in ("Ann", "Bob"))
    services.results.bust(tid, b, busted_by=a)
    unchanged = Unchanged(services, tid)
    with pytest.raises(DomainError, match="The tournament is over"):
        services.registration.reopen(tid)
    unchanged.check()


# ---------------------------------------------------------------------------- the end
@pytest.mark.slow
def test_the_last_bust_finishes_the_tournament_and_stops_the_clock(
    services: Services, tid: int, engine: Engine, fake_clock: FakeClock
) -> None:
    a, b, c = (seat(services, tid, name) for name in ("Ann", "Bob", "Cy"))
    at_item(services, tid, 1)
    services.results.bust(tid, c, busted_by=a)
    assert services.clock.state(tid).running
    assert services.clock.snapshot(tid).ending.final is None
    outcome = services.results.bust(tid, b, busted_by=a)
    assert outcome.changes.touches(Change.CLOCK | Change.TOURNAMENT)
    # Stored: another station (a fresh Services on the same database) sees the end.
    other = Services(engine, now=fake_clock)
    state = other.clock.state(tid)
    assert not state.running
    assert state.started
    final = other.clock.snapshot(tid).ending.final
    assert final is not None
    assert final.winner == "Ann"
    # The clock cannot be started again over the winner screen (nothing is written).
    revision = other.tournaments.revision()
    with pytest.raises(DomainError, match="The tournament is over"):
        other.clock.toggle_pause(tid)
    assert other.tournaments.revision() == revision
    assert not other.clock.state(tid).running
    assert not final.by_deal
    # 3 x $20 = $60, two places paid.
    assert [(p.label, p.name, p.prize) for p in final.places] == [
        ("1st", "Ann", 3900),
        ("2nd", "Bob", 2100),
    ]


@pytest.mark.slow
def test_nothing_at_all_enters_a_finished_tournament(services: Services, tid: int) -> None:
    rules = EntryRules(
        RegistrationRule(PRICE, STACK, late_until_level=9),
        rebuy=RebuyRule(PRICE, STACK, last_level=1),
        add_on=AddOnRule(PRICE, STACK, at_break_after_level=2),
        re_entry=ReEntryRule(PRICE, STACK, last_level=1),
    )
    configure(services, tid, rules)
    a, b = (seat(services, tid, name) for name in ("Ann", "Bob"))
    at_item(services, tid, 2)  # the break after level 2: rebuys and re-entry are over
    services.results.bust(tid, b, busted_by=a)
    services.registration.close(tid)  # the director's choice does not matter once finished
    services.registration.set_mode(tid, RegistrationMode.AUTO)
    assert services.registration.window(tid).reason.startswith("The tournament is over")
    late = player(services, "Late")
    unchanged = Unchanged(services, tid)
    over = "The tournament is over"
    with pytest.raises(EntryRefused, match=over):
        services.cashier.buy_in(tid, late)
    with pytest.raises(EntryRefused, match=over):
        services.cashier.add_on(tid, a)  # at its break, but the winner is decided
    with pytest.raises(DomainError, match=over):
        services.cashier.register(tid, late)
    with pytest.raises(DomainError, match=over):
        services.cashier.import_pre_registrations(tid, "Zoe\n")
    with pytest.raises(EntryRefused, match="Rebuys ended after level 1"):
        services.cashier.rebuy(tid, b)
    with pytest.raises(EntryRefused, match="Re-entry closed after level 1"):
        services.cashier.re_enter(tid, b)
    unchanged.check()
    option = services.cashier.buy_in_option(tid, late)
    assert option.refusal.startswith(over)


@pytest.mark.slow
def test_a_bust_while_rebuys_are_sold_does_not_end_it(services: Services, tid: int) -> None:
    configure(services, tid, replace(NO_LATE, rebuy=RebuyRule(PRICE, STACK, last_level=2)))
    a, b = (seat(services, tid, name) for name in ("Ann", "Bob"))
    at_item(services, tid, 0)
    services.results.bust(tid, b, busted_by=a)
    assert services.clock.snapshot(tid).ending.final is None
    assert services.clock.state(tid).running
    services.cashier.rebuy(tid, b)  # Bob is back


@pytest.mark.slow
def test_undoing_the_last_bust_reopens_the_tournament(services: Services, tid: int) -> None:
    a, b, c = (seat(services, tid, name) for name in ("Ann", "Bob", "Cy"))
    at_item(services, tid, 1)
    services.results.bust(tid, c, busted_by=a)
    services.results.bust(tid, b, busted_by=a)
    outcome = services.results.undo_bust(tid, b)
    assert outcome.changes.touches(Change.TOURNAMENT)
    assert services.clock.snapshot(tid).ending.final is None
    # Paused with its time: the director restarts the clock once play resumes.
    assert not services.clock.state(tid).running
    services.results.bust(tid, b, busted_by=a)  # and ends again
    assert services.clock.snapshot(tid).ending.final is not None


def _deal_field(services: Services, tid: int) -> tuple[int, int, int, int]:
    """Eight players ($160, three places paid); six bust: Ann and Bob are left."""
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    ids = tuple(seat(services, tid, name) for name in names)
    for loser in ids[:1:-1]:
        services.results.bust(tid, loser, busted_by=ids[0])
    return ids[0], ids[1], ids[2], ids[3]


@pytest.mark.slow
def test_a_deal_that_shares_every_prize_ends_the_event_and_reports_use_it(
    services: Services, tid: int
) -> None:
    at_item(services, tid, 1)
    ann, bob, cy, _dee = _deal_field(services, tid)
    before = services.results.results(tid)
    table = {r.name: r.prize for r in before if r.place is not None}
    deal = services.payouts.record_deal(
        tid, {ann: 48_000, bob: 32_000}, method=DealMethod.CHIP_CHOP
    )
    assert deal.changes.touches(Change.CLOCK)
    assert not services.clock.state(tid).running
    shares = dict(zip(deal.value.registration_ids, deal.value.amounts, strict=True))
    final = services.clock.snapshot(tid).ending.final
    assert final is not None
    assert final.by_deal
    assert final.winner == "Ann"
    paid = {p.name: (p.label, p.prize) for p in final.places}
    assert paid["Ann"] == ("1st (deal)", shares[ann])
    assert paid["Bob"] == ("2nd (deal)", shares[bob])
    assert paid["Cy"] == ("3rd", table["Cy"])
    assert table["Cy"] > 0
    # Every report: the results, their CSV and the wall's figures use the deal's amounts.
    rows = {r.name: r for r in services.results.results(tid)}
    assert (rows["Ann"].label, rows["Ann"].prize) == ("1st (deal)", shares[ann])
    assert (rows["Bob"].label, rows["Bob"].prize) == ("2nd (deal)", shares[bob])
    lines = {r["name"]: r for r in csv.DictReader(io.StringIO(services.results.results_csv(tid)))}
    assert lines["Ann"]["prize"] == f"{shares[ann] / 100:.2f}"
    assert lines["Bob"]["place"] == "2nd (deal)"
    stats = services.clock.snapshot(tid).stats
    assert stats.deal == (("Ann", shares[ann]), ("Bob", shares[bob]))
    assert all(place > 2 for place, _ in stats.payouts)
    assert cy not in shares


@pytest.mark.slow
def test_a_deal_with_money_left_to_play_for_does_not_end_it(services: Services, tid: int) -> None:
    at_item(services, tid, 1)
    ann, bob, _cy, _dee = _deal_field(services, tid)
    services.payouts.record_deal(
        tid, {ann: 48_000, bob: 32_000}, method=DealMethod.CHIP_CHOP, reserve=500
    )
    assert services.clock.snapshot(tid).ending.final is None
    assert services.clock.state(tid).running
    services.results.bust(tid, bob, busted_by=ann)
    final = services.clock.snapshot(tid).ending.final
    assert final is not None
    assert final.winner == "Ann"


@pytest.mark.slow
def test_voiding_the_deal_that_ended_it_reopens_the_tournament(
    services: Services, tid: int
) -> None:
    at_item(services, tid, 1)
    ann, bob, _cy, _dee = _deal_field(services, tid)
    deal = services.payouts.record_deal(
        tid, {ann: 48_000, bob: 32_000}, method=DealMethod.CHIP_CHOP
    ).value
    outcome = services.cashier.void(tid, deal.ledger_row_id, "misheard the chips")
    assert outcome.changes.touches(Change.TOURNAMENT)
    assert services.clock.snapshot(tid).ending.final is None


@pytest.mark.slow
def test_closing_registration_ends_a_heads_up_whose_loser_could_only_re_enter(
    services: Services, tid: int
) -> None:
    configure(services, tid, replace(NO_LATE, re_entry=ReEntryRule(PRICE, STACK)))
    a, b = (seat(services, tid, name) for name in ("Ann", "Bob"))
    at_item(services, tid, 0)
    services.results.bust(tid, b, busted_by=a)
    assert services.clock.snapshot(tid).ending.final is None  # Bob may still re-enter
    outcome = services.registration.close(tid)
    assert outcome.changes.touches(Change.CLOCK)
    final = services.clock.snapshot(tid).ending.final
    assert final is not None
    assert final.winner == "Ann"
    assert not services.clock.state(tid).running


@pytest.mark.slow
def test_a_money_action_that_opens_or_closes_registration_says_so(
    services: Services, tid: int
) -> None:
    # With late registration unticked, the first bust closes registration; a rebuy of the only
    # player out opens it again, and voiding that rebuy closes it: each outcome flags the
    # tournament, so the windows read registration again. A plain buy-in does not.
    configure(services, tid, replace(NO_LATE, rebuy=RebuyRule(PRICE, STACK, last_level=2)))
    a, _bob, c = (seat(services, tid, name) for name in ("Ann", "Bob", "Cy"))
    at_item(services, tid, 0)
    services.results.bust(tid, c, busted_by=a)
    assert not services.registration.window(tid).open

    rebuy = services.cashier.rebuy(tid, c)
    assert services.registration.window(tid).open
    assert rebuy.changes.touches(Change.TOURNAMENT)

    voided = services.cashier.void(tid, rebuy.value.rows[0].id, "wrong player")
    assert not services.registration.window(tid).open
    assert voided.changes.touches(Change.TOURNAMENT)

    plain = services.cashier.rebuy(tid, c)  # back in: open again, flagged again
    assert plain.changes.touches(Change.TOURNAMENT)
    services.results.bust(tid, c, busted_by=a)
    late = services.cashier.rebuy(tid, c)
    assert late.changes.touches(Change.TOURNAMENT)
    d = player(services, "Dee")
    buy_in = services.cashier.buy_in(tid, d)  # registration open, nobody out: nothing moves
    assert not buy_in.changes.touches(Change.TOURNAMENT)
