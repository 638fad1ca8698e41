"""The waiting list of a capped field through the services: join, the next offered a seat when
one frees or the cap is raised, a buy-in ahead of the list refused, and bad input refused with
nothing written."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.core.waiting_list import WaitingListError
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.services.web.state import build

RULE = RegistrationRule(EntryPrice(2000), 10_000, max_entrants=2)


def _full(services: Services) -> tuple[int, list[int], list[int]]:
    """A field capped at 2, full, and three more players (not registered)."""
    tid = services.tournaments.create("Capped").value.id
    services.cashier.set_config(tid, CashierConfig(EntryRules(RULE)))
    pids = [
        services.players.create(PlayerDetails(n)).value.id for n in ("Ann", "Bo", "Cy", "Di", "Ed")
    ]
    sold = [services.cashier.buy_in(tid, pid).value.registration.id for pid in pids[:2]]
    return tid, sold, pids[2:]


def test_the_next_on_the_list_is_offered_a_freed_seat_and_seated(services: Services) -> None:
    tid, sold, (cy, di, _ed) = _full(services)
    services.waiting.join(tid, cy)
    view = services.waiting.join(tid, di).value
    assert [w.name for w in view.waiters] == ["Cy", "Di"]
    assert view.offered == ()
    assert view.line == "WAITING: Cy · Di"
    # A seat frees: the buy-in is voided.
    row = next(r for r in services.cashier.ledger(tid) if r.registration_id == sold[1])
    services.cashier.void(tid, row.id, "left before the start")
    view = services.waiting.view(tid)
    assert [w.name for w in view.offered] == ["Cy"]
    assert view.line == "WAITING: Cy (a seat is free) · Di"
    revision = services.tournaments.revision()
    with pytest.raises(WaitingListError, match="offered to Cy, first on the waiting list"):
        services.cashier.buy_in(tid, di)
    assert services.tournaments.revision() == revision
    services.cashier.buy_in(tid, cy)
    view = services.waiting.view(tid)
    assert [w.name for w in view.waiters] == ["Di"]
    assert view.offered == ()


def test_raising_the_cap_offers_the_next_players(services: Services) -> None:
    tid, _, (cy, di, ed) = _full(services)
    for pid in (cy, di, ed):
        services.waiting.join(tid, pid)
    services.cashier.set_config(tid, CashierConfig(EntryRules(replace(RULE, max_entrants=4))))
    assert [w.name for w in services.waiting.view(tid).offered] == ["Cy", "Di"]
    services.waiting.leave(tid, cy)
    assert [w.name for w in services.waiting.view(tid).offered] == ["Di", "Ed"]


def test_waiting_list_refusals_leave_the_database_unchanged(services: Services) -> None:
    tid, _, (cy, _di, _ed) = _full(services)
    ann = services.cashier.registrations(tid)[0].player_id
    revision = services.tournaments.revision()
    with pytest.raises(WaitingListError, match="is registered in this tournament"):
        services.waiting.join(tid, ann)
    with pytest.raises(WaitingListError, match="Cy is not on the waiting list"):
        services.waiting.leave(tid, cy)
    assert services.tournaments.revision() == revision
    services.waiting.join(tid, cy)
    revision = services.tournaments.revision()
    with pytest.raises(WaitingListError, match=r"on the waiting list already \(number 1\)"):
        services.waiting.join(tid, cy)
    assert services.tournaments.revision() == revision
    assert len(services.waiting.view(tid).waiters) == 1


@pytest.mark.slow
def test_the_wall_and_the_web_view_show_the_list(services: Services) -> None:
    tid, _sold, (cy, di, _ed) = _full(services)
    services.waiting.join(tid, cy)
    services.waiting.join(tid, di)
    assert services.clock.snapshot(tid).waiting == "WAITING: Cy · Di"
    field = build(services, tid, datetime(2026, 12, 2, 20, tzinfo=UTC)).state["field"]
    assert field["waiting"] == "WAITING: Cy · Di"


@pytest.mark.slow
def test_a_pre_registered_player_waits_then_buys_in_from_the_list(services: Services) -> None:
    tid, sold, (cy, di, _ed) = _full(services)
    services.cashier.pre_register(tid, [cy, di])
    services.waiting.join(tid, cy)
    row = next(r for r in services.cashier.ledger(tid) if r.registration_id == sold[0])
    services.cashier.void(tid, row.id, "went home")
    with pytest.raises(WaitingListError, match="offered to Cy"):
        services.cashier.buy_in(tid, di)
    services.cashier.buy_in(tid, cy)
    reg = services.cashier.registration_of(tid, cy)
    assert reg is not None
    assert reg.status is RegistrationStatus.PLAYING
    assert services.waiting.view(tid).waiters == ()


def test_nobody_joins_the_list_of_a_field_with_a_seat_for_them(services: Services) -> None:
    tid = services.tournaments.create("No cap").value.id
    ann, bo, cy = (services.players.create(PlayerDetails(n)).value.id for n in ("Ann", "Bo", "Cy"))
    revision = services.tournaments.revision()
    with pytest.raises(WaitingListError, match="no cap on entrants: sell Ann the buy-in"):
        services.waiting.join(tid, ann)
    assert services.tournaments.revision() == revision
    services.cashier.set_config(tid, CashierConfig(EntryRules(RULE)))
    services.cashier.buy_in(tid, ann)
    revision = services.tournaments.revision()
    with pytest.raises(WaitingListError, match=r"not full \(1 of 2 entrants\): sell Bo the buy-in"):
        services.waiting.join(tid, bo)
    assert services.tournaments.revision() == revision
    assert services.waiting.view(tid).waiters == ()
    services.cashier.buy_in(tid, bo)
    services.waiting.join(tid, cy)  # full now: Cy waits
    assert [w.name for w in services.waiting.view(tid).waiters] == ["Cy"]


def test_a_seat_offered_to_the_list_is_no_reason_to_skip_it(services: Services) -> None:
    tid, sold, (cy, di, _ed) = _full(services)
    services.waiting.join(tid, cy)
    row = next(r for r in services.cashier.ledger(tid) if r.registration_id == sold[0])
    services.cashier.void(tid, row.id, "went home")
    # The seat free is Cy's: Di waits behind him.
    services.waiting.join(tid, di)
    assert [w.name for w in services.waiting.view(tid).offered] == ["Cy"]


@pytest.mark.slow
def test_a_player_who_left_the_list_is_put_back_at_their_place(services: Services) -> None:
    tid, _sold, (cy, di, ed) = _full(services)
    for pid in (cy, di, ed):
        services.waiting.join(tid, pid)
    services.waiting.leave(tid, di)
    assert [w.name for w in services.waiting.view(tid).waiters] == ["Cy", "Ed"]
    view = services.waiting.rejoin(tid, di).value
    assert [w.name for w in view.waiters] == ["Cy", "Di", "Ed"]
    fay = services.players.create(PlayerDetails("Fay")).value.id
    revision = services.tournaments.revision()
    with pytest.raises(WaitingListError, match=r"Di is on the waiting list already \(number 2\)"):
        services.waiting.rejoin(tid, di)
    ann = services.cashier.registrations(tid)[0].player_id
    with pytest.raises(WaitingListError, match="is registered in this tournament"):
        services.waiting.rejoin(tid, ann)
    with pytest.raises(WaitingListError, match="Fay has not been on the waiting list"):
        services.waiting.rejoin(tid, fay)
    assert services.tournaments.revision() == revision


@pytest.mark.slow
def test_a_withdrawn_player_leaves_the_list_and_undo_puts_him_back(services: Services) -> None:
    tid, sold, (cy, di, ed) = _full(services)
    services.cashier.pre_register(tid, [di])
    for pid in (cy, di, ed):
        services.waiting.join(tid, pid)
    reg = services.cashier.registration_of(tid, di)
    assert reg is not None
    revision = services.tournaments.revision_of(tid).tournament

    outcome = services.cashier.withdraw(tid, reg.id)

    # One action: the list and the waiting list change together.
    assert outcome.changes.revision == revision + 1
    assert [w.name for w in services.waiting.view(tid).waiters] == ["Cy", "Ed"]
    assert outcome.value.waiting_place == 2
    # Seats freed go to those still waiting, never to the player withdrawn.
    for rid in sold:
        row = next(r for r in services.cashier.ledger(tid) if r.registration_id == rid)
        services.cashier.void(tid, row.id, "went home")
    assert [w.name for w in services.waiting.view(tid).offered] == ["Cy", "Ed"]

    back = services.cashier.reinstate(tid, outcome.value)

    assert back.value.status is RegistrationStatus.PRE_REGISTERED
    assert [w.name for w in services.waiting.view(tid).waiters] == ["Cy", "Di", "Ed"]
    assert [w.name for w in services.waiting.view(tid).offered] == ["Cy", "Di"]


@pytest.mark.slow
def test_undoing_the_withdrawal_of_a_player_not_waiting_puts_nobody_on_the_list(
    services: Services,
) -> None:
    tid, _sold, (cy, di, _ed) = _full(services)
    reg = services.cashier.register(tid, di).value  # checked in, not waiting
    services.waiting.join(tid, cy)
    withdrawal = services.cashier.withdraw(tid, reg.id).value
    assert withdrawal.waiting_place is None
    back = services.cashier.reinstate(tid, withdrawal).value
    assert back.status is RegistrationStatus.CHECKED_IN
    assert [w.name for w in services.waiting.view(tid).waiters] == ["Cy"]
