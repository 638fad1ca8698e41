"""The chip set editor: denominations, colors and counts, saved only when valid."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView

from clockapp.core.chips import ChipSet
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.structure.chip_model import COLOR, OWNED, VALUE, next_value
from clockapp.ui.structure.chips import ChipSetEditor
from tests.ui.polling import settle

Key = Qt.Key


@pytest.fixture
def dialog(services: Services, bus: TournamentBus, shown_window) -> ChipSetEditor:
    window = ChipSetEditor(services, bus)
    return shown_window(window, focus=window.table)


def chips(services: Services, bus: TournamentBus) -> ChipSet:
    return services.structure.chip_set(bus.tournament_id)


def type_into(qtbot, dialog: ChipSetEditor, row: int, column: int, text: str) -> None:
    dialog.table.setCurrentIndex(dialog.model.index(row, column))
    qtbot.keyClick(dialog.table, Key.Key_F2)
    cell_editor = dialog.focusWidget()
    if hasattr(cell_editor, "selectAll"):
        cell_editor.selectAll()
    qtbot.keyClicks(cell_editor, text)  # a color combo picks the color whose name is typed
    qtbot.keyClick(cell_editor, Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.table.state() != QAbstractItemView.State.EditingState)


def test_shows_the_tournament_chips(dialog, services, bus) -> None:
    saved = chips(services, bus)
    assert dialog.model.rowCount() == len(saved.values)
    assert [dialog.model.index(r, VALUE).data() for r in range(dialog.model.rowCount())] == [
        f"{v:,}" for v in saved.values
    ]
    assert dialog.model.index(0, COLOR).data() == saved.denominations[0].color


@pytest.mark.slow
def test_add_a_chip_count_them_and_save(dialog, services, bus, qtbot) -> None:
    before = chips(services, bus)
    qtbot.keyClick(dialog.table, Key.Key_Insert)
    row = dialog.model.rowCount() - 1
    expected = next_value(list(before.values))
    assert dialog.model.drafts[row].value == expected
    type_into(qtbot, dialog, row, VALUE, "10")  # no standard color: blue, the custom color
    assert dialog.model.drafts[row].color == "blue"
    for r in range(dialog.model.rowCount()):
        type_into(qtbot, dialog, r, OWNED, "100")
    assert "You own" in dialog.total_label.text()
    dialog.button_box.accepted.emit()
    settle(qtbot, bus)  # saved on the worker
    assert not dialog.isVisible()
    saved = chips(services, bus)
    assert saved.values == tuple(sorted((*before.values, 10)))
    assert saved.denomination(10).color == "blue"
    assert saved.owned == (100,) * len(saved.values)


def test_counting_some_chips_counts_the_others_as_none(dialog, services, bus, qtbot) -> None:
    type_into(qtbot, dialog, 0, OWNED, "300")
    assert dialog.save()
    settle(qtbot, bus)
    saved = chips(services, bus)
    assert saved.owned == (300,) + (0,) * (len(saved.values) - 1)


def test_duplicate_value_is_refused_with_a_message(dialog, services, bus, qtbot) -> None:
    before = chips(services, bus)
    type_into(qtbot, dialog, 1, VALUE, str(before.values[0]))
    assert f"T{before.values[0]:,} is listed twice" in dialog.banner.text()
    assert not dialog.save()
    assert chips(services, bus) == before
    assert dialog.isVisible()


@pytest.mark.slow
def test_removing_a_chip_the_blinds_need_is_refused(dialog, services, bus, qtbot) -> None:
    before = chips(services, bus)
    dialog.table.setCurrentIndex(dialog.model.index(0, VALUE))
    qtbot.keyClick(dialog.table, Key.Key_Delete)
    assert dialog.model.rowCount() == len(before.values) - 1
    dialog.save()  # the service refuses it, on the worker
    settle(qtbot, bus)
    assert "cannot be paid" in dialog.banner.text()
    assert dialog.isVisible()
    assert chips(services, bus) == before


def test_standard_colors_and_cancel(dialog, services, bus, qtbot) -> None:
    before = chips(services, bus)
    type_into(qtbot, dialog, 0, COLOR, "pink")
    assert dialog.model.drafts[0].color == "pink"
    dialog.standard_button.click()
    assert dialog.model.drafts[0].color == before.denominations[0].color
    # The Cancel button drops the draft (Esc and the x ask first: tests/ui/structure/test_close.py).
    cancel = dialog.button_box.button(dialog.button_box.StandardButton.Cancel)
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    assert chips(services, bus) == before


@pytest.mark.slow
def test_editor_opens_the_chip_dialog(services, bus, shown_window, qtbot) -> None:
    from clockapp.ui.structure import StructureEditor

    editor = shown_window(StructureEditor(services, bus))
    dialog = editor.open_chip_editor()
    assert isinstance(dialog, ChipSetEditor)
    type_into(qtbot, dialog, 0, OWNED, "50")
    dialog.save()
    settle(qtbot, bus)
    assert chips(services, bus).owned is not None
    assert editor.chip_set == chips(services, bus)  # the editor refreshed from the bus
