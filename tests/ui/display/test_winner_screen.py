"""The last bust at the cashier desk ends the tournament on the wall.

The clock stops in the same action, and the wall turns into the winner screen: the winner's name,
then the final places with what each was actually paid.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from clockapp.ui.actions import Action
from clockapp.ui.cashier.bust_dialog import BustDialog
from clockapp.ui.director.closing import in_play_now
from tests.ui.cashier.waiting import then_settle
from tests.ui.polling import poll

PRICE = EntryPrice(2000, house_fee=500)  # $25: $20 to the prize pool
NAMES = (
    "Ann Lee",
    "Bob Marley",
    "Cy Young",
    "Dana Scully",
    "Eve Online",
    "Fay Wray",
    "Gus Grissom",
    "Hal Jordan",
    "Ida Wells",
)


@pytest.fixture
def field(services, tournament_id) -> dict[str, int]:
    """Nine players bought in (three places paid on the home-game table), the clock running;
    seven busted: two left."""
    services.cashier.set_config(
        tournament_id, CashierConfig(EntryRules(RegistrationRule(PRICE, 10_000)))
    )
    regs = {}
    for name in NAMES:
        pid = services.players.create(PlayerDetails(name)).value.id
        regs[name] = services.cashier.buy_in(tournament_id, pid).value.registration.id
    services.clock.start(tournament_id)
    for name in reversed(NAMES[2:]):
        services.results.bust(tournament_id, regs[name], busted_by=regs["Ann Lee"])
    return regs


def _bust_at_the_desk(qtbot, desk, name: str, busted_by: int, rid: int) -> None:
    desk.refresh()
    desk.search.clear()
    qtbot.keyClicks(desk.search, name)
    qtbot.keyClick(desk.search, Qt.Key.Key_Return)
    # The dialog opens once the room is read on the worker.
    then_settle(qtbot, desk, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F6))
    dialog = desk.dialog
    assert isinstance(dialog, BustDialog)
    dialog.set_busted(rid, busted_by=busted_by)
    # The bust runs on the station's worker: wait until it has landed.
    then_settle(qtbot, desk, lambda: qtbot.keyClick(dialog.table, Qt.Key.Key_Return))


@pytest.mark.slow
def test_the_last_bust_stops_the_clock_and_shows_the_winner(
    qtbot, station, cashier_window, services, tournament_id, field, tmp_path: Path
) -> None:
    display = station.display
    poll(qtbot, station.bus)
    assert not display.winner_screen.isVisible()
    assert display.registration_label.text() == "Registration closed"  # the first bust closed it
    assert services.clock.state(tournament_id).running
    out = Path(os.environ.get("CLOCKAPP_SHOTS", tmp_path))
    display.resize(1366, 768)
    qtbot.waitUntil(lambda: display.width() == 1366)
    assert display.grab().save(str(out / "wall-registration-1366x768.png"))

    _bust_at_the_desk(qtbot, cashier_window.desk, "bob", field["Ann Lee"], field["Bob Marley"])

    assert not services.clock.state(tournament_id).running
    screen = display.winner_screen
    assert screen.isVisible()
    assert screen.name_label.text() == "Ann Lee"
    paid = {r.name: r.prize for r in services.results.results(tournament_id)}
    assert screen.won_label.text() == f"${paid['Ann Lee'] // 100:,}"
    rows = [tuple(label.text() for label in row) for row in screen.place_rows if row[0].isVisible()]
    assert [row[:2] for row in rows] == [
        ("1st", "Ann Lee"),
        ("2nd", "Bob Marley"),
        ("3rd", "Cy Young"),
    ]
    assert [row[2] for row in rows] == [
        f"${paid[name] // 100:,}" for name in ("Ann Lee", "Bob Marley", "Cy Young")
    ]
    assert display.status_label.text() == "PAUSED"
    # The director's window knows it too: nobody left to count, no Resume, no estimated end,
    # quitting asks nothing; and the cashier counts nobody as left.
    director = station.director
    poll(qtbot, station.bus)
    qtbot.waitUntil(lambda: director.field_box.players_left_spin.text() == "—")
    assert "The tournament is over: Ann Lee won." in director.field_box.field_note.text()
    toggle = director.buttons[Action.TOGGLE_PAUSE]
    assert (toggle.text(), toggle.isEnabled()) == ("Finished", False)
    qtbot.waitUntil(lambda: station.estimate_line.text() == "The tournament is over")
    assert not in_play_now(station.session)
    assert "the tournament is over" in cashier_window.header.pool_label.text()

    # It looks right on a projector: rendered at the two sizes rooms use.
    for width, height in ((1920, 1080), (1366, 768)):
        display.resize(width, height)
        qtbot.waitUntil(lambda w=width: screen.width() == w)
        path = out / f"winner-{width}x{height}.png"
        assert display.grab().save(str(path))
        assert QImage(str(path)).width() == width

    # The undo at the desk brings Bob back: the tournament is open again, the clock shown.
    services.results.undo_bust(tournament_id, field["Bob Marley"])
    poll(qtbot, station.bus)
    assert not screen.isVisible()
