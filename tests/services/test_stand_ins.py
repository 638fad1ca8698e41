"""A teammate stands in for a player who leaves: recorded with the time, only for a teammate no
longer in play; every other case refused in words with nothing written."""

from __future__ import annotations

import pytest

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.stand_ins import StandInError
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock


def _night(services: Services) -> tuple[int, dict[str, int], dict[str, int]]:
    tid = services.tournaments.create("Team night").value.id
    rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    players = {
        name: services.players.create(PlayerDetails(name, team=team)).value.id
        for name, team in (("Ann", "Reds"), ("Bo", "Reds"), ("Cy", "Blues"), ("Di", "Reds"))
    }
    regs = {
        name: services.cashier.buy_in(tid, players[name]).value.registration.id
        for name in ("Ann", "Bo", "Cy")
    }
    return tid, players, regs


def test_a_teammate_out_of_play_stands_in(services: Services, fake_clock: FakeClock) -> None:
    tid, players, regs = _night(services)
    services.results.bust(tid, regs["Bo"], busted_by=regs["Cy"])
    info = services.stand_ins.stand_in(tid, regs["Ann"], players["Bo"]).value
    assert (info.leaving, info.teammate, info.at) == ("Ann", "Bo", fake_clock())
    assert services.stand_ins.stand_ins(tid) == (info,)
    # A teammate never registered tonight is not in play either.
    services.stand_ins.stand_in(tid, regs["Ann"], players["Di"])
    assert [s.teammate for s in services.stand_ins.stand_ins(tid)] == ["Bo", "Di"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("leaving", "teammate", "said"),
    [
        ("Ann", "Cy", "Cy is not on Ann's team (Reds): only a teammate may stand in."),
        ("Ann", "Bo", "Bo is still in play: only a teammate no longer in the tournament"),
        ("Ann", "Ann", "Ann cannot stand in for themselves"),
    ],
)
def test_anyone_else_is_refused(services: Services, leaving, teammate, said) -> None:
    tid, players, regs = _night(services)
    revision = services.tournaments.revision()
    with pytest.raises(StandInError, match=said.replace("(", r"\(").replace(")", r"\)")):
        services.stand_ins.stand_in(tid, regs[leaving], players[teammate])
    assert services.tournaments.revision() == revision
    assert services.stand_ins.stand_ins(tid) == ()


def test_a_stand_in_for_a_player_out_is_refused(services: Services) -> None:
    tid, players, regs = _night(services)
    services.results.bust(tid, regs["Ann"], busted_by=regs["Cy"])
    with pytest.raises(StandInError, match="Ann is not in play"):
        services.stand_ins.stand_in(tid, regs["Ann"], players["Di"])


@pytest.mark.slow
def test_a_teammate_already_standing_in_is_in_play(services: Services) -> None:
    tid, players, regs = _night(services)
    services.stand_ins.stand_in(tid, regs["Ann"], players["Di"])
    with pytest.raises(StandInError, match="Di is still in play"):
        services.stand_ins.stand_in(tid, regs["Bo"], players["Di"])
