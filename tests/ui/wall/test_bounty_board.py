"""The bounty board on the wall: the director puts it up, it lists every player in play biggest
bounty first, turns its pages by itself, and reads across a room; one with nothing to show is
refused and the wall stays as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from clockapp.core.bounties import BountyError, BountyFormat, BountyRules, MysteryStage
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.wall import BOUNTY_BOARD
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import Action
from clockapp.ui.bus import TournamentBus
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.bounty_board import BountyBoardMoment
from clockapp.ui.wall.demos import demo_kinds
from clockapp.ui.wall.stage import registered_kinds
from tests.fakes import FakeClock
from tests.ui.polling import refusal, settle, submit_and_wait


def field_of(
    qtbot, services: Services, bus: TournamentBus, rules: BountyRules, count: int
) -> list[int]:
    """Players P01, P02... bought in with 10.00 of bounty each; their registration ids."""
    tid = bus.tournament_id
    price = EntryPrice(2000, house_fee=500, bounty=1000)
    services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(price, 10_000))))
    submit_and_wait(qtbot, bus, lambda: services.bounties.set_rules(tid, rules))
    regs = []
    for n in range(1, count + 1):
        pid = services.players.create(PlayerDetails(f"P{n:02d}")).value.id
        regs.append(
            submit_and_wait(
                qtbot, bus, lambda pid=pid: services.cashier.buy_in(tid, pid)
            ).registration.id
        )
    return regs


def test_the_bounty_board_is_a_wall_kind_with_a_demo() -> None:
    assert BOUNTY_BOARD in registered_kinds()
    assert BOUNTY_BOARD in demo_kinds()


@pytest.mark.slow
def test_the_director_shows_the_board_sorted_and_it_turns_its_pages(
    services: Services, bus: TournamentBus, station: ClockStation, fake_clock: FakeClock, qtbot
) -> None:
    regs = field_of(qtbot, services, bus, BountyRules(BountyFormat.PROGRESSIVE), 14)
    tid = bus.tournament_id
    # P03 busts P14 and P13 (head 20.00), P05 busts P12 (15.00): 11 players left.
    for busted, buster in ((13, 2), (12, 2), (11, 4)):
        submit_and_wait(
            qtbot,
            bus,
            lambda b=busted, by=buster: services.results.bust(tid, regs[b], busted_by=regs[by]),
        )
    station.director_actions[Action.BOUNTY_BOARD].trigger()
    settle(qtbot, bus)
    stage = station.display.wall_stage
    qtbot.waitUntil(stage.isVisible)
    board = stage.current_widget()
    assert isinstance(board, BountyBoardMoment)
    assert board.title_label.text() == "Bounties on each head"
    shown = [line for line in board.lines if line.isVisible()]
    assert len(shown) == 10
    assert [
        (x.rank_label.text(), x.name_label.text(), x.figure_labels[0].text()) for x in shown[:3]
    ] == [
        ("1.", "P03", "$20"),
        ("2.", "P05", "$15"),
        ("3.", "P01", "$10"),
    ]
    assert (
        board.summary_label.text() == "Page 1 of 2  ·  11 players in play  ·  $125 on their heads"
    )
    # The second page comes up by itself after its seconds, then the first again.
    fake_clock.advance(seconds=10)
    board.tick(fake_clock())
    shown = [line for line in board.lines if line.isVisible()]
    assert [x.name_label.text() for x in shown] == ["P11"]
    assert board.summary_label.text().startswith("Page 2 of 2")
    fake_clock.advance(seconds=10)
    board.tick(fake_clock())
    assert board.index == 0
    # Readable across a room on a 1080p wall.
    station.display.resize(1920, 1080)
    QApplication.processEvents()
    assert board.lines[0].name_label.fitted_pixel() >= 40
    assert board.title_label.fitted_pixel() >= 60


@pytest.mark.slow
def test_a_board_of_mystery_envelopes_is_refused_and_the_wall_unchanged(
    services: Services, bus: TournamentBus, station: ClockStation, qtbot
) -> None:
    rules = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_players_left=2), 5, (2000, 2000))
    field_of(qtbot, services, bus, rules, 4)
    error = refusal(qtbot, bus, station.wall.show_bounty_board)
    assert isinstance(error, BountyError)
    assert "drawn from envelopes" in str(error)
    assert services.wall.current(bus.tournament_id) is None
    assert not station.display.wall_stage.isVisible()


@pytest.mark.slow
def test_the_board_draws_to_a_png_at_1080p(tmp_path: Path, qapp) -> None:
    from PySide6.QtGui import QImage

    from clockapp.ui.shell.entry import run_app

    out = tmp_path / "board.png"
    db = str(tmp_path / "empty.db")
    args = ["--db", db, "--screenshot", str(out), "--size", "1920x1080", "--wall", BOUNTY_BOARD]
    assert run_app(args) == 0
    assert QImage(str(out)).width() == 1920
