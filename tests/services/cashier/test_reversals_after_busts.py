"""A void, a refund or an undo never reverses more than the cashier meant, once busts follow.

Each case was a defect found by a tester: voiding a rebuy or re-entry the player had busted
again on put a busted player back in play without a seat; voiding the buy-in of a player
credited with a knockout left a player out of the tournament holding the knockout and its
bounty; the undo of a bust reversed a newer bust recorded at another station. Each refusal
writes nothing, and the same answer is given before the button is pressed.
"""

from __future__ import annotations

import pytest

from clockapp.core.busts import BustError
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RebuyRule, ReEntryRule, RegistrationRule
from clockapp.core.money.field import BustInput
from clockapp.core.money.ledger import LedgerError, RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails

PRICE = EntryPrice(2000, house_fee=500)
BOUNTY_PRICE = EntryPrice(2000, bounty=1000)


def night(services: Services, price: EntryPrice = PRICE) -> tuple[int, list[int]]:
    """A started tournament with rebuys and re-entries, four players bought in and seated."""
    tid = services.tournaments.create("Reversals").value.id
    rules = EntryRules(
        RegistrationRule(price, 10_000, late_until_level=3),
        rebuy=RebuyRule(EntryPrice(2000), 10_000, last_level=4),
        re_entry=ReEntryRule(price, 10_000),
    )
    services.cashier.set_config(tid, CashierConfig(rules))
    services.seating.add_tables(tid, 1, 9)
    regs = []
    for name in ("Ann", "Bob", "Cy", "Dee"):
        player = services.players.create(PlayerDetails(name)).value.id
        regs.append(services.cashier.buy_in(tid, player, seat=True).value.registration.id)
    services.clock.start(tid)
    return tid, regs


def entry_row(services: Services, tid: int, reg: int, kind: RowKind) -> int:
    return [
        r.id for r in services.cashier.ledger(tid) if r.kind is kind and r.registration_id == reg
    ][-1]


def status(services: Services, tid: int, reg: int) -> RegistrationStatus:
    return services.cashier.registration(tid, reg).status


@pytest.mark.slow
@pytest.mark.parametrize("kind", [RowKind.REBUY, RowKind.RE_ENTRY, RowKind.BUY_IN])
@pytest.mark.parametrize("reversal", ["void", "refund"])
def test_an_entry_the_player_busted_on_cannot_be_reversed(
    services: Services, kind: RowKind, reversal: str
) -> None:
    tid, (ann, bob, *_) = night(services)
    services.results.bust(tid, ann, busted_by=bob, follow_seating=True)
    if kind is RowKind.REBUY:
        services.cashier.rebuy(tid, ann)
    elif kind is RowKind.RE_ENTRY:
        services.cashier.re_enter(tid, ann, seat=True)
    if kind is not RowKind.BUY_IN:
        services.results.bust(tid, ann, busted_by=bob, follow_seating=True)
    row = entry_row(services, tid, ann, kind)
    corrections = services.corrections
    asked = (
        corrections.void_refusal(tid, [row])
        if reversal == "void"
        else corrections.refund_refusal(tid, row)
    )
    assert "Ann busted playing the chips of this entry" in asked
    assert "undo that bust first" in asked
    revision = services.tournaments.revision()
    reverse = (
        (lambda: services.cashier.void(tid, row, "wrong player"))
        if reversal == "void"
        else (lambda: services.cashier.refund(tid, row, "changed her mind"))
    )
    with pytest.raises(LedgerError, match="undo that bust first"):
        reverse()
    assert services.tournaments.revision() == revision  # nothing written
    assert status(services, tid, ann) is RegistrationStatus.BUSTED
    assert services.seating.room(tid).waiting == ()
    # Undo the bust first, as the message says: then the entry can be reversed, and the
    # player is where the records before it put them.
    services.results.undo_bust(tid, ann, "wrong player")
    assert (
        corrections.void_refusal(tid, [row])
        if reversal == "void"
        else corrections.refund_refusal(tid, row)
    ) == ""
    reverse()
    expected = (
        RegistrationStatus.CHECKED_IN if kind is RowKind.BUY_IN else RegistrationStatus.BUSTED
    )
    assert status(services, tid, ann) is expected


@pytest.mark.slow
@pytest.mark.parametrize("kind", [RowKind.REBUY, RowKind.RE_ENTRY])
def test_undoing_a_bust_after_a_rebuy_says_to_void_the_rebuy_first(
    services: Services, kind: RowKind
) -> None:
    tid, (ann, bob, *_) = night(services)
    services.results.bust(tid, ann, busted_by=bob, follow_seating=True)
    if kind is RowKind.REBUY:
        services.cashier.rebuy(tid, ann)
    else:
        services.cashier.re_enter(tid, ann, seat=True)
    revision = services.tournaments.revision()
    with pytest.raises(BustError) as refused:
        services.results.undo_bust(tid, ann, "wrong player")
    assert str(refused.value) == (
        f"Ann is back in play with a {kind.value} sold after that bust: void the {kind.value} "
        "at the cashier first, then undo the bust."
    )
    assert services.tournaments.revision() == revision
    # As the message says: void the entry, then the bust can be undone.
    services.cashier.void(tid, entry_row(services, tid, ann, kind), "sold by mistake")
    services.results.undo_bust(tid, ann, "wrong player")
    assert status(services, tid, ann) is RegistrationStatus.PLAYING


def test_a_rebuy_voided_before_any_new_bust_leaves_the_earlier_bust(services: Services) -> None:
    tid, (ann, bob, *_) = night(services)
    services.results.bust(tid, ann, busted_by=bob, follow_seating=True)
    services.cashier.rebuy(tid, ann)
    row = entry_row(services, tid, ann, RowKind.REBUY)
    assert services.corrections.void_refusal(tid, [row]) == ""
    services.cashier.void(tid, row, "rang up the wrong player")
    assert status(services, tid, ann) is RegistrationStatus.BUSTED
    assert services.seating.room(tid).seat_of(ann) is None


def test_the_buy_in_of_a_player_credited_with_a_knockout_stays(services: Services) -> None:
    tid, (ann, bob, *_) = night(services, BOUNTY_PRICE)
    services.results.bust(tid, ann, busted_by=bob, follow_seating=True)
    row = entry_row(services, tid, bob, RowKind.BUY_IN)
    asked = services.corrections.void_refusal(tid, [row])
    assert "Bob is credited with knocking out Ann" in asked
    assert "Bob is credited with knocking out Ann" in services.corrections.refund_refusal(tid, row)
    revision = services.tournaments.revision()
    with pytest.raises(LedgerError, match="credited with knocking out Ann"):
        services.cashier.void(tid, row, "wrong player")
    assert services.tournaments.revision() == revision
    (bob_due,) = [d for d in services.cashier.dues(tid) if d.registration_id == bob]
    assert (bob_due.knockouts, bob_due.bounties) == (1, 1000)
    # Once the bust is undone, the buy-in may go.
    services.results.undo_bust(tid, ann, "wrong buster")
    services.cashier.void(tid, row, "wrong player")
    assert status(services, tid, bob) is not RegistrationStatus.PLAYING


def test_an_undo_never_reverses_a_bust_recorded_since_elsewhere(services: Services) -> None:
    tid, (ann, bob, cy, _dee) = night(services)
    report = services.results.bust(tid, ann, busted_by=bob, follow_seating=True).value
    (first,) = report.bust_ids
    # Another station sells Ann a rebuy and records her new bust.
    services.cashier.rebuy(tid, ann)
    services.results.bust(tid, ann, busted_by=cy, follow_seating=True)
    asked = services.corrections.undo_bust_refusal(tid, [ann], bust_ids=[first])
    assert "Ann's bust on hand 1 is not the last bust standing" in asked
    revision = services.tournaments.revision()
    with pytest.raises(BustError, match="last bust standing"):
        services.results.undo_hand(tid, [ann], "undone at the cashier", bust_ids=[first])
    with pytest.raises(BustError, match="last bust standing"):
        services.results.undo_bust(tid, ann, "undone", bust_id=first)
    assert services.tournaments.revision() == revision
    assert status(services, tid, ann) is RegistrationStatus.BUSTED
    # Without a record named, the undo takes the last bust, as the Busts page shows it.
    services.results.undo_bust(tid, ann, "wrong hand")
    assert status(services, tid, ann) is RegistrationStatus.PLAYING


def test_a_refund_voided_never_brings_back_chips_older_than_a_later_bust(
    services: Services,
) -> None:
    tid, (ann, bob, *_) = night(services)
    services.results.bust(tid, ann, busted_by=bob, follow_seating=True)
    services.cashier.rebuy(tid, ann)
    rebuy = entry_row(services, tid, ann, RowKind.REBUY)
    refund = services.cashier.refund(tid, rebuy, "changed her mind").value.id
    services.cashier.re_enter(tid, ann, seat=True)
    services.results.bust(tid, ann, busted_by=bob, follow_seating=True)
    asked = services.corrections.void_refusal(tid, [refund])
    assert asked == "Ann has busted since on later chips (hand 2): undo that bust first."
    revision = services.tournaments.revision()
    with pytest.raises(LedgerError, match="busted since on later chips"):
        services.cashier.void(tid, refund, "refunded by mistake")
    assert services.tournaments.revision() == revision
    reg = services.cashier.registration(tid, ann)
    assert (reg.entries, reg.rebuys, reg.status) == (2, 0, RegistrationStatus.BUSTED)


@pytest.mark.slow
def test_a_refusal_behind_later_busts_says_to_undo_from_the_newest(services: Services) -> None:
    # Bob busts Ann, Ann rebuys, Cy busts her again: Bob's buy-in was rung up by mistake, but
    # the bust it won is no longer Ann's last, so an undo cannot reach it directly.
    tid, (ann, bob, cy, _dee) = night(services)
    services.results.bust(tid, ann, busted_by=bob, follow_seating=True)
    services.cashier.rebuy(tid, ann)
    services.results.bust(tid, ann, busted_by=cy, follow_seating=True)
    row = entry_row(services, tid, bob, RowKind.BUY_IN)
    asked = services.corrections.void_refusal(tid, [row])
    assert asked.startswith("Bob is credited with knocking out Ann (hand 1)")
    assert "Ann busted again later (hand 2), so undo from the newest back" in asked
    # The way the message gives works: the last bust, the rebuy, the first bust, then the void.
    services.results.undo_bust(tid, ann, "wrong buster")
    services.cashier.void(tid, entry_row(services, tid, ann, RowKind.REBUY), "wrong buster")
    services.results.undo_bust(tid, ann, "wrong buster")
    assert services.corrections.void_refusal(tid, [row]) == ""


def test_a_pre_check_for_several_players_needs_a_record_each(services: Services) -> None:
    tid, (ann, bob, *_) = night(services)
    report = services.results.bust(tid, ann, busted_by=bob, follow_seating=True).value
    assert "one bust record for each player" in services.corrections.undo_bust_refusal(
        tid, [ann, bob], bust_ids=report.bust_ids
    )


@pytest.mark.slow
def test_a_player_sharing_a_knockout_keeps_the_buy_in_too(services: Services) -> None:
    tid, (ann, bob, cy, _dee) = night(services, BOUNTY_PRICE)
    services.results.bust_players(tid, [BustInput(ann, None, bob, co_busters=(cy,))])
    asked = services.corrections.void_refusal(tid, [entry_row(services, tid, cy, RowKind.BUY_IN)])
    assert asked.startswith("Cy is credited with knocking out Ann (hand 1)")
