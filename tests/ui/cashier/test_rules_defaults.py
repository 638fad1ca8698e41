"""The cashier desk: every amount the rules dialog fills in is the tournament's own.

The rebuy price came up as the old $20 default: the director set tonight's buy-in in the
dialog, then ticked Rebuys, and the rebuy, add-on and re-entry still showed the price (and
stack) the dialog had opened with. A part not yet turned on now follows the buy-in as it is
typed, until the director types in that part.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.money.entries import EntryPrice
from clockapp.ui.cashier.rules_dialog import EntryRulesDialog
from tests.ui.cashier.waiting import settle_on, then_settle


def typed(qtbot, edit, text: str) -> None:
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def open_rules(qtbot, window) -> EntryRulesDialog:
    qtbot.mouseClick(window.header.rules_button, Qt.MouseButton.LeftButton)
    settle_on(qtbot, window)  # the rules are read on the worker, then the dialog opens
    dialog = window.dialog
    assert isinstance(dialog, EntryRulesDialog)
    return dialog


def parts(dialog):
    return {
        "rebuy": (dialog.rebuy_group, dialog.rebuy_price, dialog.rebuy_chips),
        "add-on": (dialog.add_on_group, dialog.add_on_price, dialog.add_on_chips),
        "re-entry": (dialog.re_entry_group, dialog.re_entry_price, dialog.re_entry_chips),
    }


@pytest.mark.slow
@pytest.mark.parametrize("part", ["rebuy", "add-on", "re-entry"])
def test_a_part_turned_on_offers_tonights_buy_in(qtbot, cashier_window, services, part):
    dialog = open_rules(qtbot, cashier_window)
    typed(qtbot, dialog.buy_in_price.total_edit, "50")
    typed(qtbot, dialog.buy_in_price.fee_edit, "10")
    typed(qtbot, dialog.buy_in_price.bounty_edit, "5")
    dialog.stack_spin.setValue(25_000)
    group, price, chips = parts(dialog)[part]
    group.setChecked(True)
    assert (price.total_edit.text(), price.fee_edit.text(), price.bounty_edit.text()) == (
        "50",
        "10",
        "5",
    )
    assert price.price() == EntryPrice.from_total(5000, house_fee=1000, bounty=500)
    assert chips.value() == 25_000
    dialog.reject()


@pytest.mark.slow
def test_a_part_the_director_typed_in_keeps_its_own_price(qtbot, cashier_window):
    dialog = open_rules(qtbot, cashier_window)
    dialog.rebuy_group.setChecked(True)
    typed(qtbot, dialog.rebuy_price.total_edit, "30")
    dialog.rebuy_chips.setValue(15_000)
    typed(qtbot, dialog.buy_in_price.total_edit, "60")
    dialog.stack_spin.setValue(20_000)
    assert dialog.rebuy_price.total_edit.text() == "30"
    assert dialog.rebuy_chips.value() == 15_000
    assert dialog.add_on_price.total_edit.text() == "60"  # not touched: still follows
    assert dialog.add_on_chips.value() == 20_000
    dialog.reject()


@pytest.mark.slow
def test_a_part_already_on_is_never_changed_by_the_buy_in(
    qtbot, cashier_window, services, tournament_id, bus
):
    dialog = open_rules(qtbot, cashier_window)
    dialog.rebuy_group.setChecked(True)
    typed(qtbot, dialog.rebuy_price.total_edit, "30")
    then_settle(
        qtbot, cashier_window, lambda: qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    )
    assert services.cashier.config(tournament_id).rules.rebuy is not None
    dialog = open_rules(qtbot, cashier_window)
    typed(qtbot, dialog.buy_in_price.total_edit, "100")
    assert dialog.rebuy_price.total_edit.text() == "30"
    dialog.reject()
