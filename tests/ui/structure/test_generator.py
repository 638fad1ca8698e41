"""The "suggest a structure" dialog: inputs in, a valid structure out, applied as one undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clockapp.core.chips import ChipSet
from clockapp.core.structure import suggest_structure
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.structure import StructureEditor
from clockapp.ui.structure.generator import GeneratorDialog, read_generator_start
from tests.ui.polling import settle, submit_and_wait

Key = Qt.Key


@pytest.fixture
def dialog(services: Services, bus: TournamentBus, shown_window) -> GeneratorDialog:
    return shown_window(
        GeneratorDialog(services, bus, read_generator_start(services, bus.tournament_id))
    )


def fill(qtbot, spin, value: str) -> None:
    """Type a value into a spin box as the director would."""
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, value)


@pytest.mark.slow
def test_suggests_a_valid_structure_from_the_inputs(dialog, services, bus, qtbot) -> None:
    fill(qtbot, dialog.players, "30")
    fill(qtbot, dialog.stack, "5000")
    dialog.hours.setValue(4.0)
    result = dialog.recompute()
    assert result is not None
    chip_set = services.structure.chip_set(bus.tournament_id)
    result.structure.validate_chips(chip_set)
    # The same as the core generator gives for these inputs (the dialog adds nothing of its own).
    direct = suggest_structure(30, 5000, 20, 240, chip_set, ante_style=result_style(dialog))
    assert result.structure == direct.structure
    assert dialog.preview.rowCount() == len(result.structure.levels)
    assert f"Planned last level: {result.planned_last_level}" in dialog.headline.text()
    assert "Starting stack" in dialog.stack_label.text()
    assert dialog.needs.rowCount() == len(result.chips_needed.needs)
    assert dialog.use_button.isEnabled()


def result_style(dialog: GeneratorDialog):
    return dialog.ante_style.currentData()


@pytest.mark.slow
def test_typing_recomputes_after_a_pause(dialog, qtbot) -> None:
    first = dialog.result_
    fill(qtbot, dialog.level_minutes, "30")
    qtbot.waitUntil(lambda: dialog.result_ is not first, timeout=3000)
    assert {item.minutes for item in dialog.result_.structure.play_levels()} == {30}


@pytest.mark.slow
def test_impossible_inputs_say_why_and_cannot_be_used(dialog, qtbot) -> None:
    dialog.hours.setValue(0.25)
    fill(qtbot, dialog.level_minutes, "30")
    assert dialog.recompute() is None
    assert "shorter than one level" in dialog.banner.text()
    assert not dialog.use_button.isEnabled()
    assert not dialog.use()


@pytest.mark.slow
def test_chip_shortfall_is_a_clear_warning(services, bus, window_factory, qtbot) -> None:
    tid = bus.tournament_id
    values = services.structure.chip_set(tid).values
    services.structure.set_chip_set(tid, ChipSet.standard(values, owned=(20,) * len(values)))
    window = window_factory(
        GeneratorDialog(services, bus, read_generator_start(services, bus.tournament_id))
    )
    result = window.result_
    assert result is not None
    assert result.chips_needed.short
    text = window.shortfall_banner.text()
    assert text.startswith("You do not own enough chips.")
    assert "short" in text
    short_rows = [r for r in range(window.needs.rowCount()) if window.needs.index(r, 7).data()]
    assert len(short_rows) == len(result.chips_needed.short)


def test_enough_chips_is_said_too(services, bus, window_factory) -> None:
    tid = bus.tournament_id
    values = services.structure.chip_set(tid).values
    services.structure.set_chip_set(tid, ChipSet.standard(values, owned=(5000,) * len(values)))
    window = window_factory(
        GeneratorDialog(services, bus, read_generator_start(services, bus.tournament_id))
    )
    assert window.shortfall_banner.text() == "You own enough chips for the night."


@pytest.mark.slow
def test_use_saves_structure_and_stack(dialog, services, bus, qtbot) -> None:
    fill(qtbot, dialog.stack, "20000")
    result = dialog.recompute()
    assert dialog.use()
    settle(qtbot, bus)
    tid = bus.tournament_id
    assert services.structure.get(tid) == result.structure
    assert services.structure.settings(tid).starting_stack == 20000


@pytest.mark.slow
def test_from_the_editor_use_is_one_undoable_step(services, bus, shown_window, qtbot) -> None:
    tid = bus.tournament_id
    before = services.structure.get(tid)
    old_stack = services.structure.settings(tid).starting_stack
    editor = shown_window(StructureEditor(services, bus))
    settle(qtbot, bus)  # the editor's first read
    assert editor.open_generator()
    settle(qtbot, bus)  # what it starts from is read on the worker
    dialog = editor.generator_dialog
    assert dialog is not None
    fill(qtbot, dialog.players, "12")
    fill(qtbot, dialog.stack, str(old_stack * 2))
    dialog.level_minutes.setValue(15)
    result = dialog.recompute()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(
        dialog.focusWidget() or dialog, Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    settle(qtbot, bus)
    assert services.structure.get(tid) == result.structure
    assert services.structure.settings(tid).starting_stack == old_stack * 2
    assert editor.model.structure == result.structure
    assert editor.undo_stack.count() == 1
    editor.saving.undo()
    qtbot.waitUntil(lambda: not editor.saving.pending)
    assert services.structure.get(tid) == before
    assert services.structure.settings(tid).starting_stack == old_stack
    editor.saving.redo()
    qtbot.waitUntil(lambda: not editor.saving.pending)
    assert services.structure.get(tid) == result.structure


@pytest.mark.slow
def test_a_refused_suggestion_leaves_no_undo_step(services, bus, window_factory, qtbot) -> None:
    from clockapp.core.structure import Level, Structure

    tid = bus.tournament_id
    before = services.structure.get(tid)
    editor = window_factory(StructureEditor(services, bus))
    settle(qtbot, bus)  # the editor's first read
    odd = Structure("Odd", (Level(10, 20),))  # T10 cannot be paid with this tournament's chips
    answers: list[str | None] = []
    assert editor.saving.use_suggested(odd, 5000, answered=answers.append)
    settle(qtbot, bus)
    assert len(answers) == 1
    assert "cannot be paid" in (answers[0] or "")
    assert "cannot be paid" in editor.banner.text()
    assert editor.undo_stack.count() == 0
    assert services.structure.get(tid) == before
    assert services.structure.settings(tid).starting_stack != 5000


@pytest.mark.slow
def test_the_generator_chip_editor_checks_the_structure_being_made(
    services, bus, shown_window, qtbot
) -> None:
    """Removing the T25 chips was refused because the OLD structure needs them."""
    from clockapp.ui.structure.chip_model import VALUE

    tid = bus.tournament_id
    before, old_chips = services.structure.get(tid), services.structure.chip_set(tid)
    assert 25 in old_chips.values
    assert any(lv.small_blind % 100 for lv in before.play_levels())  # the old one needs T25
    editor = shown_window(StructureEditor(services, bus))
    settle(qtbot, bus)  # the editor's first read
    assert editor.open_generator()
    settle(qtbot, bus)  # what it starts from is read on the worker
    dialog = editor.generator_dialog
    assert dialog is not None
    fill(qtbot, dialog.stack, "20000")
    dialog.recompute()
    chips = dialog.open_chip_editor()
    qtbot.waitExposed(chips)
    row = chips.model.drafts.index(next(d for d in chips.model.drafts if d.value == 25))
    chips.table.setCurrentIndex(chips.model.index(row, VALUE))
    qtbot.mouseClick(chips.remove_button, Qt.MouseButton.LeftButton)
    assert 25 not in [d.value for d in chips.model.drafts]
    ok = chips.button_box.button(chips.button_box.StandardButton.Save)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert not chips.banner.text(), chips.banner.text()
    assert not chips.isVisible()
    # The draft is the generator's: the tournament keeps its chips until the structure is used.
    assert 25 not in dialog.chip_set.values
    assert services.structure.chip_set(tid) == old_chips
    result = dialog.recompute()
    assert result is not None
    assert all(lv.small_blind % 100 == 0 for lv in result.structure.play_levels())
    assert "T25" not in dialog.chips_label.text()
    assert dialog.use()
    settle(qtbot, bus)
    assert services.structure.get(tid) == result.structure
    assert services.structure.chip_set(tid).values == dialog.chip_set.values
    assert editor.chip_set == services.structure.chip_set(tid)
    editor.saving.undo()
    qtbot.waitUntil(lambda: not editor.saving.pending)
    assert services.structure.get(tid) == before
    assert services.structure.chip_set(tid) == old_chips
    editor.saving.redo()
    qtbot.waitUntil(lambda: not editor.saving.pending)
    assert services.structure.get(tid) == result.structure
    assert 25 not in services.structure.chip_set(tid).values


@pytest.mark.slow
def test_chips_the_new_structure_cannot_use_are_refused_in_the_generator(dialog, qtbot) -> None:
    from clockapp.ui.structure.chip_model import VALUE

    fill(qtbot, dialog.stack, "1500")
    dialog.recompute()
    chips = dialog.open_chip_editor()
    # Only T5,000 chips left: no stack of T1,500 and no first blinds.
    while chips.model.rowCount() > 1:
        chips.table.setCurrentIndex(chips.model.index(0, VALUE))
        chips.remove_chip()
    assert not chips.save()
    assert "T1,500" in chips.banner.text()
    assert chips.isVisible()
    chips.discard()


@pytest.mark.slow
def test_closing_the_generator_over_edited_chips_asks(dialog, services, bus, qtbot) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    tid = bus.tournament_id
    old_chips = services.structure.chip_set(tid)
    owned = ChipSet.standard(old_chips.values, owned=(500,) * len(old_chips.values))
    dialog.chips.on_saved(owned)  # as the chip editor's Save hands them back
    assert dialog.chip_set == owned
    seen: list[str] = []

    def answer(button: QMessageBox.StandardButton) -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, lambda: answer(button))
            return
        seen.append(box.text())
        box.button(button).click()

    QTimer.singleShot(0, lambda: answer(QMessageBox.StandardButton.Cancel))
    qtbot.keyClick(dialog, Key.Key_Escape)
    assert seen == ["Use the suggested structure with the chips you edited?"]
    assert dialog.isVisible()
    QTimer.singleShot(0, lambda: answer(QMessageBox.StandardButton.Discard))
    qtbot.mouseClick(
        dialog.button_box.button(dialog.button_box.StandardButton.Close), Qt.MouseButton.LeftButton
    )
    assert len(seen) == 2
    assert not dialog.isVisible()
    assert services.structure.chip_set(tid) == old_chips


@pytest.mark.slow
def test_a_fault_on_odd_inputs_never_leaves_the_old_structure_on_offer(
    dialog, qtbot, monkeypatch
) -> None:
    assert dialog.recompute() is not None
    assert dialog.use_button.isEnabled()

    def broken(**_inputs):
        raise ValueError("min() arg is an empty sequence")

    monkeypatch.setattr("clockapp.ui.structure.generator.suggest_structure", broken)
    fill(qtbot, dialog.players, "2000")
    assert dialog.recompute() is None
    assert dialog.result_ is None
    assert not dialog.use_button.isEnabled()
    assert "Something went wrong: ValueError" in dialog.banner.text()
    assert not dialog.use()


@pytest.mark.slow
def test_the_rebuy_and_add_on_chips_are_those_the_rules_give(
    services, bus, window_factory, qtbot
) -> None:
    from clockapp.core.money.entries import EntryPrice
    from clockapp.core.money.entry_rules import EntryRules, RebuyRule, RegistrationRule
    from clockapp.core.money.records import CashierConfig

    tid = bus.tournament_id
    rules = EntryRules(
        RegistrationRule(EntryPrice(2000, 500), chips=10_000),
        rebuy=RebuyRule(EntryPrice(2000), 8000, last_level=4),
    )
    submit_and_wait(qtbot, bus, lambda: services.cashier.set_config(tid, CashierConfig(rules)))
    dialog = window_factory(
        GeneratorDialog(services, bus, read_generator_start(services, bus.tournament_id))
    )
    assert dialog.rebuy_stack.value() == 8000
    fill(qtbot, dialog.rebuys, "6")
    fill(qtbot, dialog.addons, "18")
    fill(qtbot, dialog.addon_stack, "6000")
    result = dialog.recompute()
    assert result is not None
    assert result.rebuy_breakdown.total == 8000
    assert result.addon_breakdown.total == 6000
    players = dialog.players.value()
    assert result.total_chips == players * 10_000 + 6 * 8000 + 18 * 6000
    assert "= T8,000" in dialog.stack_label.text()
    assert "= T6,000" in dialog.stack_label.text()
