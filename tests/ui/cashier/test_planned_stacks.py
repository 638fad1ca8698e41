"""One starting stack, as the host sees it: the stack "Suggest a structure" checked against the
chips owned is the one the cashier's confirm and last sale hand out, and the desk warns before a
colour runs out."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.chips import ChipSet, StackBreakdown
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.structure import Level, Structure
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.entry_dialog import EntryDialog
from clockapp.ui.structure.generator import GeneratorDialog, read_generator_start
from tests.ui.cashier.test_desk import find
from tests.ui.cashier.waiting import take_money, then_settle
from tests.ui.polling import settle

#: The host's case: 300 of each small colour, 200 T500, 100 T1,000.
CHIPS = ChipSet.standard((25, 100, 500, 1000), owned=(300, 300, 200, 100))
FITTING = StackBreakdown(((1000, 2), (500, 4), (100, 8), (25, 8)))
STACK = 5000
BY_HAND = Structure("By hand", (Level(25, 50, minutes=20), Level(50, 100, minutes=20)))


def fill(qtbot, spin, value: str) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, value)


def lines(breakdown: StackBreakdown, chips: ChipSet) -> list[str]:
    return [f"{c} × T{v:,} {chips.denomination(v).color}" for v, c in breakdown.parts]


def sell_at_desk(qtbot, desk, name: str) -> EntryDialog:
    """Find the player, B, and confirm; returns the confirm that was on screen."""
    find(qtbot, desk, name)
    then_settle(qtbot, desk.table, lambda: qtbot.keyClick(desk.table, Qt.Key.Key_F2))
    dialog = desk.dialog
    assert isinstance(dialog, EntryDialog)
    assert dialog.isVisible()
    shown = list(dialog.handout.lines)
    take_money(qtbot, dialog.tendered_edit)
    assert desk.dialog is None
    return shown  # type: ignore[return-value]


@pytest.mark.slow
def test_the_suggested_stack_is_the_one_the_cashier_hands_out(
    qtbot, services, bus, shown_window, cashier_window
) -> None:
    tid = bus.tournament_id
    services.structure.replace(tid, BY_HAND, chips=CHIPS)
    services.cashier.set_config(
        tid, CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000, 500), STACK)))
    )
    generator = shown_window(
        GeneratorDialog(services, bus, read_generator_start(services, bus.tournament_id))
    )
    fill(qtbot, generator.players, "18")
    fill(qtbot, generator.stack, str(STACK))
    result = generator.recompute()
    assert result is not None
    assert result.breakdown == FITTING  # the one checked against the 300 T25 owned
    qtbot.mouseClick(generator.use_button, Qt.MouseButton.LeftButton)
    settle(qtbot, bus)  # "Use this structure" answers from the station's worker
    assert not generator.isVisible()

    desk = cashier_window.desk
    names = [f"Player {n:02d}" for n in range(18)]
    for name in names:
        services.players.create(PlayerDetails(name))
    desk.refresh()
    want = lines(FITTING, CHIPS)
    for name in names:
        assert sell_at_desk(qtbot, desk, name) == want  # the confirm on screen
        assert desk.handout.lines == want  # the last sale, while the chips are counted out
        assert not desk.last.chip_warning.isVisible()


@pytest.mark.slow
def test_the_desk_warns_before_a_colour_runs_out(qtbot, services, bus, cashier_window) -> None:
    tid = bus.tournament_id
    services.structure.replace(tid, BY_HAND, chips=CHIPS)  # no suggested stack: 20 T25 each
    services.cashier.set_config(
        tid, CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000, 500), STACK)))
    )
    for n in range(14):
        pid = services.players.create(PlayerDetails(f"Early {n:02d}")).value.id
        services.cashier.buy_in(tid, pid)
    for name in ("Ann Lee", "Bob Marley"):
        services.players.create(PlayerDetails(name))
    desk = cashier_window.desk
    desk.refresh()
    sell_at_desk(qtbot, desk, "Ann Lee")  # the 15th buy-in takes the last 20 T25
    warning = desk.last.chip_warning
    assert warning.isVisible()
    assert warning.text() == "T25 chips are running out: 0 left, a buy-in takes 20."
    sell_at_desk(qtbot, desk, "Bob Marley")  # still possible: the host may colour up
    assert desk.selected().player.name == "Bob Marley"
    assert services.cashier.registration_of(tid, desk.selected().player.id) is not None
    assert len(services.cashier.ledger(tid)) == 16
    assert warning.isVisible()
    assert warning.text().startswith("T25 chips have run out: 20 more handed out than you own")
