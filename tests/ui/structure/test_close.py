"""Closing the structure editor (or a sibling dialog) in the middle of an edit asks first.

A director who closes the window with a cell still open used to have the half-typed value saved
without a word. Now the editor asks: Save, Discard or Keep editing (the default). The same goes for
the structure's name, the chip set editor's unsaved draft and the generator's unsaved chip draft.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QAbstractItemView, QApplication, QMessageBox

from clockapp.core.structure import Structure
from clockapp.core.structure.cells import Column
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.structure import StructureEditor
from clockapp.ui.structure.chip_model import OWNED
from clockapp.ui.structure.chips import ChipSetEditor
from tests.ui.polling import settle

Key = Qt.Key
Button = QMessageBox.StandardButton


@pytest.fixture
def editor(services: Services, bus: TournamentBus, shown_window, qtbot) -> StructureEditor:
    ed = StructureEditor(services, bus)
    settle(qtbot, bus)  # its first read is on the worker
    return shown_window(ed, focus=ed.table)


def saved(services: Services, bus: TournamentBus) -> Structure:
    return services.structure.get(bus.tournament_id)


def start_typing(qtbot, editor: StructureEditor, row: int, column: Column, text: str) -> None:
    """Open a cell by typing into it, and leave it open (no Enter)."""
    editor.table.setCurrentIndex(editor.model.index(row, column))
    qtbot.keyClicks(editor.table, text[0])
    cell = editor.focusWidget()
    assert cell is not editor.table, "typing should have opened a cell editor"
    qtbot.keyClicks(cell, text[1:])
    assert editor.table.state() == QAbstractItemView.State.EditingState


def answer_next_question(qtbot, button: Button, seen: list[str]) -> None:
    """When the question appears, note its text and choose `button` as the director would."""

    tries = [0]

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            tries[0] += 1
            if tries[0] < 300:  # about 3 s; a test whose question never comes fails on `seen`
                QTimer.singleShot(10, answer)
            return
        seen.append(box.text())
        # Keep editing is the default: a stray Enter loses nothing.
        seen.append(box.defaultButton().text())
        box.button(button).click()

    QTimer.singleShot(0, answer)


@pytest.mark.slow
def test_close_mid_edit_keeps_editing_by_default(editor, services, bus, qtbot) -> None:
    before = saved(services, bus)
    start_typing(qtbot, editor, 0, Column.SMALL_BLIND, "75")
    seen: list[str] = []
    answer_next_question(qtbot, Button.Cancel, seen)
    editor.close()
    assert seen[0] == "Save your change to Row 1, level 1: small blind?"
    assert seen[1] == "&Keep editing"
    assert editor.isVisible()
    assert editor.table.state() == QAbstractItemView.State.EditingState
    assert saved(services, bus) == before
    # Still typing in the same cell: finish with Enter, and it is saved as usual.
    cell = editor.focusWidget()
    assert cell is not editor.table
    qtbot.keyClick(cell, Key.Key_Return)
    qtbot.waitUntil(lambda: editor.table.state() != QAbstractItemView.State.EditingState)
    settle(qtbot, bus)
    assert saved(services, bus).levels[0].small_blind == 75


@pytest.mark.slow
def test_close_mid_edit_discard_saves_nothing(editor, services, bus, qtbot) -> None:
    before = saved(services, bus)
    start_typing(qtbot, editor, 0, Column.SMALL_BLIND, "75")
    seen: list[str] = []
    answer_next_question(qtbot, Button.Discard, seen)
    editor.close()
    assert seen
    assert not editor.isVisible()
    assert saved(services, bus) == before


@pytest.mark.slow
def test_close_mid_edit_save_saves_the_value(editor, services, bus, qtbot) -> None:
    start_typing(qtbot, editor, 0, Column.BIG_BLIND, "150")
    seen: list[str] = []
    answer_next_question(qtbot, Button.Save, seen)
    editor.close()
    settle(qtbot, bus)  # it closes once the save answered
    assert seen
    assert not editor.isVisible()
    assert saved(services, bus).levels[0].big_blind == 150


@pytest.mark.slow
def test_close_with_a_half_typed_name_asks_too(editor, services, bus, qtbot) -> None:
    before = saved(services, bus)
    editor.name_edit.setFocus()
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "Sunday deep stack")
    seen: list[str] = []
    answer_next_question(qtbot, Button.Discard, seen)
    editor.close()
    assert seen
    assert saved(services, bus).name == before.name


@pytest.mark.slow
def test_close_without_an_edit_just_closes(editor, qtbot) -> None:
    editor.close()
    assert not editor.isVisible()


@pytest.mark.slow
def test_save_of_a_refused_value_stays_open_and_says_why(editor, services, bus, qtbot) -> None:
    before = saved(services, bus)
    start_typing(qtbot, editor, 0, Column.BIG_BLIND, "60")  # T60 cannot be paid with T25 chips
    seen: list[str] = []
    answer_next_question(qtbot, Button.Save, seen)
    editor.close()
    settle(qtbot, bus)
    assert seen
    assert editor.isVisible()
    assert "cannot be paid" in editor.banner.text()
    assert saved(services, bus) == before


@pytest.mark.slow
def test_escape_asks_the_same_question(editor, services, bus, qtbot) -> None:
    before = saved(services, bus)
    editor.name_edit.setFocus()
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "Sunday deep stack")
    seen: list[str] = []
    answer_next_question(qtbot, Button.Cancel, seen)
    qtbot.keyClick(editor.name_edit, Key.Key_Escape)
    assert seen == ["Save your change to the structure's name?", "&Keep editing"]
    assert editor.isVisible()
    assert editor.name_edit.text() == "Sunday deep stack"
    assert saved(services, bus).name == before.name
    qtbot.keyClick(editor.name_edit, Key.Key_Return)
    settle(qtbot, bus)
    assert saved(services, bus).name == "Sunday deep stack"


# ---------------------------------------------------------------- the chip set editor


@pytest.fixture
def chip_editor(services: Services, bus: TournamentBus, shown_window) -> ChipSetEditor:
    window = ChipSetEditor(services, bus)
    return shown_window(window, focus=window.table)


def count_chips(qtbot, dialog: ChipSetEditor, row: int, text: str) -> None:
    """Type an owned count into a row, as the director would (Enter included)."""
    dialog.table.setCurrentIndex(dialog.model.index(row, OWNED))
    qtbot.keyClick(dialog.table, Key.Key_F2)
    cell = dialog.focusWidget()
    cell.selectAll()
    qtbot.keyClicks(cell, text)
    qtbot.keyClick(cell, Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.table.state() != QAbstractItemView.State.EditingState)


@pytest.mark.parametrize(
    ("button", "kept_open", "saved_count"),
    [(Button.Cancel, True, None), (Button.Discard, False, None), (Button.Save, False, 300)],
)
def test_closing_the_chip_editor_over_a_changed_draft_asks(
    chip_editor, services, bus, qtbot, button, kept_open, saved_count
) -> None:
    assert services.structure.chip_set(bus.tournament_id).owned is None
    count_chips(qtbot, chip_editor, 0, "300")
    seen: list[str] = []
    answer_next_question(qtbot, button, seen)
    qtbot.keyClick(chip_editor.table, Key.Key_Escape)
    assert seen == ["Save your changes to the chips?", "&Keep editing"]
    settle(qtbot, bus)  # Save closes the dialog when the worker has saved the chips
    assert chip_editor.isVisible() is kept_open
    owned = services.structure.chip_set(bus.tournament_id).owned
    assert (owned[0] if owned else None) == saved_count
    if kept_open:
        assert chip_editor.model.drafts[0].owned == 300  # the draft is still there
        chip_editor.discard()


def test_the_chip_editor_cancel_button_drops_the_draft_without_asking(
    chip_editor, services, bus, qtbot
) -> None:
    count_chips(qtbot, chip_editor, 0, "300")
    cancel = chip_editor.button_box.button(chip_editor.button_box.StandardButton.Cancel)
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert not chip_editor.isVisible()
    assert services.structure.chip_set(bus.tournament_id).owned is None


def test_closing_an_unchanged_chip_editor_does_not_ask(chip_editor) -> None:
    chip_editor.close()
    assert not chip_editor.isVisible()
