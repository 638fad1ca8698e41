"""The preflop showdown shown at once, its exact odds filled in later, and stale odds dropped."""

from __future__ import annotations

import pytest

from clockapp.core.wall import SHOWDOWN
from clockapp.poker.allin import AllInHand, read_allin
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.showdown import ShowdownError
from tests.dbdump import dump_database as dump

HANDS = [AllInHand("Ann", "As Ad", 500, 500), AllInHand("Bo", "Kh Qh", 900, 500)]


@pytest.fixture
def tid(services: Services) -> int:
    return services.tournaments.create("Friday").value.id


@pytest.mark.slow
def test_the_hands_go_up_at_once_and_the_exact_odds_follow(services: Services, tid: int) -> None:
    shown = services.showdown.show(tid, HANDS, "", odds_later=True)
    wall = services.wall.current(tid)
    assert wall is not None
    assert wall.kind == SHOWDOWN
    assert wall.payload["pending"] is True
    assert [h["cards"] for h in wall.payload["hands"]] == [["As", "Ad"], ["Kh", "Qh"]]
    assert not any(h["leader"] for h in wall.payload["hands"])
    exact = services.showdown.read(HANDS, "")
    filled = services.showdown.fill_odds(tid, shown.value.showdown_id, exact)
    assert filled.value is True
    assert filled.changes.touches(Change.WALL)
    assert filled.changes.revision == shown.changes.revision + 1
    wall = services.wall.current(tid)
    assert wall is not None
    assert wall.payload["pending"] is False
    assert [h["win"] for h in wall.payload["hands"]] == [h.win for h in exact.hands]
    assert wall.payload["boards"] == 1_712_304
    assert wall.payload["hands"][0]["leader"]


@pytest.mark.slow
@pytest.mark.parametrize("newer", ["the flop", "a new showdown", "the wall cleared"])
def test_odds_overtaken_by_a_newer_show_are_dropped(
    services: Services, tid: int, newer: str
) -> None:
    first = services.showdown.show(tid, HANDS, "", odds_later=True)
    sid = first.value.showdown_id
    exact = read_allin(HANDS, "")  # worked out while the director moved on
    if newer == "the flop":
        services.showdown.show(tid, HANDS, "2s Ah Ac", showdown_id=sid)
    elif newer == "a new showdown":
        services.showdown.show(tid, HANDS, "", odds_later=True)
    else:
        services.wall.clear(tid)
    before = dump(services.ctx.engine)
    dropped = services.showdown.fill_odds(tid, sid, exact)
    assert dropped.value is False
    assert dropped.changes.what == Change.NONE
    assert dump(services.ctx.engine) == before


@pytest.mark.slow
def test_odds_for_other_hands_are_dropped(services: Services, tid: int) -> None:
    sid = services.showdown.show(tid, HANDS, "", odds_later=True).value.showdown_id
    other = [AllInHand("Ann", "As Ad", 500, 500), AllInHand("Bo", "Kh Jh", 900, 500)]
    before = dump(services.ctx.engine)
    assert services.showdown.fill_odds(tid, sid, read_allin(other, "")).value is False
    assert dump(services.ctx.engine) == before


def test_a_pending_reading_is_no_odds(services: Services, tid: int) -> None:
    sid = services.showdown.show(tid, HANDS, "", odds_later=True).value.showdown_id
    before = dump(services.ctx.engine)
    with pytest.raises(ShowdownError, match="not worked out"):
        services.showdown.fill_odds(tid, sid, read_allin(HANDS, "", odds=False))
    assert dump(services.ctx.engine) == before


def test_the_river_is_never_pending(services: Services, tid: int) -> None:
    shown = services.showdown.show(tid, HANDS, "2s Ah Ac Th Jh", odds_later=True)
    assert not shown.value.reading.pending
    assert shown.value.payload["result"]["busts"] == [{"name": "Ann", "busted_by": "Bo"}]
