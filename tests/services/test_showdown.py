"""The showdown through the services: kept and shown street by street, busts, the worst beat."""

from __future__ import annotations

from fractions import Fraction

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.core.wall import SHOWDOWN
from clockapp.errors import DomainError
from clockapp.poker.allin import AllInHand
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.players import PlayerDetails
from tests.dbdump import dump_database as dump


@pytest.fixture
def tid(services: Services) -> int:
    tid = services.tournaments.create("Friday").value.id
    rules = EntryRules(RegistrationRule(EntryPrice(2000, house_fee=0), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    return tid


def buy_in(services: Services, tid: int, name: str) -> int:
    player = services.players.create(PlayerDetails(name)).value.id
    return services.cashier.buy_in(tid, player).value.registration.id


def hands(ann: int | None = None, bo: int | None = None) -> list[AllInHand]:
    return [
        AllInHand("Ann", "As Ad", 500, 500, ann),
        AllInHand("Bo", "Kh Qh", 900, 500, bo),
    ]


@pytest.mark.slow
def test_each_street_updates_the_kept_showdown_and_the_wall(services: Services, tid: int) -> None:
    first = services.showdown.show(tid, hands(), "2s Ah Ac")
    assert first.changes.touches(Change.WALL)
    sid = first.value.showdown_id
    wall = services.wall.current(tid)
    assert wall is not None
    assert wall.kind == SHOWDOWN
    assert wall.payload["street"] == "flop"
    assert [h["name"] for h in wall.payload["hands"]] == ["Ann", "Bo"]
    assert wall.payload["hands"][1]["win"] == pytest.approx(1 / 990)
    river = services.showdown.show(tid, hands(), "2s Ah Ac Th Jh", showdown_id=sid)
    assert river.value.showdown_id == sid
    shown = services.wall.current(tid)
    assert shown is not None
    assert shown.payload["result"]["pots"][0]["winners"] == ["Bo"]
    assert shown.payload["result"]["busts"] == [{"name": "Ann", "busted_by": "Bo"}]
    assert services.showdown.latest(tid) == sid


@pytest.mark.slow
def test_bad_input_changes_neither_the_wall_nor_the_database(services: Services, tid: int) -> None:
    services.showdown.show(tid, hands(), "2s Ah Ac")
    before = dump(services.ctx.engine)
    wall = services.wall.current(tid)
    for bad_hands, board in (
        ([hands()[0], AllInHand("Bo", "Ad As", 500, 500)], "2s Kh Kc"),  # a hand twice
        ([hands()[0], AllInHand("Bo", "As Kd", 500, 500)], ""),  # a card on two hands
        (hands(), "2s Ah Ac Th Jh 9h"),  # more cards than the river
        (hands(), "2s Ah"),  # no street
    ):
        with pytest.raises(DomainError):
            services.showdown.show(tid, bad_hands, board, showdown_id=1)
    assert services.wall.current(tid) == wall
    assert dump(services.ctx.engine) == before


@pytest.mark.slow
def test_the_director_confirms_the_busts_with_the_winner_as_buster(
    services: Services, tid: int
) -> None:
    ann, bo = buy_in(services, tid, "Ann"), buy_in(services, tid, "Bo")
    buy_in(services, tid, "Cy")
    sid = services.showdown.show(tid, hands(ann, bo), "2s Ah Ac").value.showdown_id
    with pytest.raises(DomainError, match="river"):
        services.showdown.confirm_busts(tid, sid)
    services.showdown.show(tid, hands(ann, bo), "2s Ah Ac Th Jh", showdown_id=sid)
    outcome = services.showdown.confirm_busts(tid, sid)
    assert outcome.changes.touches(Change.ENTRIES | Change.WALL)
    reg = services.cashier.registration(tid, ann)
    assert reg.status == RegistrationStatus.BUSTED
    assert reg.busted_by_id == bo
    assert reg.bust_chips == 500
    wall = services.wall.current(tid)
    assert wall is not None
    assert wall.payload["busts_recorded"] is True
    before = dump(services.ctx.engine)
    with pytest.raises(DomainError, match="already"):
        services.showdown.confirm_busts(tid, sid)
    assert dump(services.ctx.engine) == before


@pytest.mark.slow
def test_busts_of_players_unknown_to_the_cashier_are_refused(services: Services, tid: int) -> None:
    sid = services.showdown.show(tid, hands(), "2s Ah Ac Th Jh").value.showdown_id
    before = dump(services.ctx.engine)
    with pytest.raises(DomainError, match="Ann is not a player in play"):
        services.showdown.confirm_busts(tid, sid)
    assert dump(services.ctx.engine) == before


@pytest.mark.slow
def test_the_worst_beat_is_the_least_likely_candidate(services: Services, tid: int) -> None:
    assert services.showdown.worst_beat(tid) is None
    sid = services.showdown.show(tid, hands(), "2s Ah Ac").value.showdown_id
    services.showdown.show(tid, hands(), "2s Ah Ac Th Jh", showdown_id=sid)
    kept = services.showdown.record_beat(tid, sid).value
    assert (kept.winner, kept.beaten, kept.street) == ("Bo", ("Ann",), "flop")
    assert kept.chance == Fraction(1, 990)
    assert kept.odds == "1 in 990"
    # A milder beat entered from the rulings window: the flush comes on the river.
    entered = services.showdown.enter_beat(
        tid, [("Cy", "Ac Kc"), ("Di", "9d 9h")], "2c 7c Jd 3s", "2c 7c Jd 3s Qc"
    ).value
    assert entered.street == "turn"
    assert entered.chance == Fraction(15, 44)  # nine clubs, three aces, three kings
    ranked = services.showdown.beats(tid)
    assert [b.odds for b in ranked] == ["1 in 990", "1 in 2.9"]
    worst = services.showdown.worst_beat(tid)
    assert worst is not None
    assert worst.showdown_id == sid


@pytest.mark.slow
def test_a_beat_needs_a_river_and_a_single_winner(services: Services, tid: int) -> None:
    sid = services.showdown.show(tid, hands(), "2s Ah Ac").value.showdown_id
    before = dump(services.ctx.engine)
    with pytest.raises(DomainError):
        services.showdown.record_beat(tid, sid)
    with pytest.raises(DomainError, match="split"):
        services.showdown.enter_beat(tid, [("A", "As Kd"), ("B", "Ac Kh")], "", "2s 3d 7h 9c Jd")
    with pytest.raises(DomainError, match="a bad beat is a hand the favourite lost"):
        services.showdown.enter_beat(
            tid, [("A", "Ac Kc"), ("B", "9d 9h")], "2c 7c Jd", "2c 7c Jd Qc 3s"
        )
    assert dump(services.ctx.engine) == before


@pytest.mark.slow
def test_a_chopped_pot_is_shared_in_the_smallest_chip_in_play(services: Services, tid: int) -> None:
    # T25 is the smallest chip here: Ann and Bo chop a main pot of 3,225 that Cy put 1,075
    # into; a share of 1,613 could not be paid, so the odd chip of 25 goes to one of them.
    assert services.rulings.smallest_chip(tid) == 25
    entries = [
        AllInHand("Ann", "As Kd", 4000, 4000),
        AllInHand("Bo", "Ac Kh", 5000, 4000),
        AllInHand("Cy", "7c 2d", 1075, 1075),
    ]
    shown = services.showdown.show(tid, entries, "Qs Jd Tc 3h 3s").value.reading
    assert shown.result is not None
    main = shown.result.pots[0]
    assert main.amount == 3225
    assert sorted(main.shares) == [1600, 1625]
    assert all(pot.amount == sum(pot.shares) for pot in shown.result.pots)


@pytest.mark.slow
def test_an_omaha_showdown_goes_on_the_wall_with_its_busts(services: Services, tid: int) -> None:
    ann, bo = buy_in(services, tid, "Ann"), buy_in(services, tid, "Bo")
    omaha = [
        AllInHand("Ann", "As Ad 7c 2s", 500, 500, ann),
        AllInHand("Bo", "Kh Qh 3c 4d", 900, 500, bo),
    ]
    sid = services.showdown.show(tid, omaha, "Ah Jh Th").value.showdown_id
    flop = services.wall.current(tid)
    assert flop is not None
    assert [h["cards"] for h in flop.payload["hands"]] == [
        ["As", "Ad", "7c", "2s"],
        ["Kh", "Qh", "3c", "4d"],
    ]
    assert flop.payload["boards"] == 820
    assert [h["margin"] for h in flop.payload["hands"]] == [0.0, 0.0]
    services.showdown.show(tid, omaha, "Ah Jh Th 5c 9s", showdown_id=sid)
    services.showdown.confirm_busts(tid, sid)
    assert services.cashier.registration(tid, ann).status == RegistrationStatus.BUSTED
    assert services.cashier.registration(tid, ann).busted_by_id == bo


@pytest.mark.slow
def test_five_omaha_hands_preflop_carry_their_margin_to_the_wall(
    services: Services, tid: int
) -> None:
    cards = ["As Ad Kc Qd", "Kh Qh Jh Th", "9c 9d 8h 7h", "2s 3s 4c 5c", "6d 6h 7s 8s"]
    entries = [AllInHand(name, c, 100, 100) for name, c in zip("ABCDE", cards, strict=True)]
    services.showdown.show(tid, entries)
    wall = services.wall.current(tid)
    assert wall is not None
    assert all(0 < h["margin"] < 0.01 for h in wall.payload["hands"])
