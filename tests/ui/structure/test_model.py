"""The structure table model (checked with qtmodeltester) and the chip models."""

from __future__ import annotations

from PySide6.QtCore import Qt

from clockapp.core.chips import ChipSet, ChipsNeeded, chips_needed, stack_breakdown
from clockapp.core.structure import Break, Level, Structure
from clockapp.core.structure.cells import Column
from clockapp.ui.structure.chip_model import ChipDraft, ChipTableModel
from clockapp.ui.structure.model import CHIPS_ROLE, IN_PLAY_ROLE, KIND_ROLE, StructureTableModel
from clockapp.ui.structure.needs import ChipsNeededModel

CHIPS = ChipSet.standard((25, 100, 500))
STRUCTURE = Structure(
    "Test",
    (
        Level(25, 50, minutes=20),
        Level(50, 100, minutes=20),
        Break(15, label="Break 1", color_up=(25,)),
        Level(100, 200, ante=200, big_blind_ante=True, minutes=20),
        Level(200, 400, ante=400, big_blind_ante=True, minutes=20),
    ),
    planned_last_level=3,
)

Display = Qt.ItemDataRole.DisplayRole


def cell(model: StructureTableModel, row: int, column: Column, role=Display):
    return model.index(row, column).data(role)


def test_structure_model_passes_qtmodeltester(qtmodeltester) -> None:
    model = StructureTableModel()
    model.set_structure(STRUCTURE, CHIPS)
    model.set_current_row(3)
    qtmodeltester.check(model, force_py=True)
    model.set_structure(Structure("Short", (Level(5, 10),)), CHIPS)  # resets, clears current
    qtmodeltester.check(model, force_py=True)


def test_rows_read_as_the_director_expects() -> None:
    model = StructureTableModel()
    model.set_structure(STRUCTURE, CHIPS)
    assert model.rowCount() == 5
    assert [cell(model, r, Column.NUMBER) for r in range(5)] == ["1", "2", "", "3 ⚑", "4"]
    assert cell(model, 3, Column.SMALL_BLIND) == "100"
    assert cell(model, 4, Column.BIG_BLIND) == "400"
    assert cell(model, 0, Column.ANTE) == "–"
    assert cell(model, 3, Column.BB_ANTE, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert cell(model, 2, Column.GAME) == "Break 1"
    assert cell(model, 2, Column.NOTE) == "Color up T25 green"
    assert [cell(model, r, Column.STARTS) for r in range(5)] == [
        "0:00", "0:20", "0:40", "0:55", "1:15",
    ]  # fmt: skip
    assert cell(model, 2, Column.NOTE, CHIPS_ROLE)[0].color == "green"
    assert [d.value for d in cell(model, 2, Column.NOTE, IN_PLAY_ROLE)] == [25, 100, 500]
    assert cell(model, 2, Column.GAME, KIND_ROLE) == "break"
    assert model.is_extra(4)
    assert not model.is_extra(3)
    assert cell(model, 4, Column.SMALL_BLIND, Qt.ItemDataRole.FontRole).italic()


def test_played_rows_are_frozen_and_the_current_row_is_marked() -> None:
    model = StructureTableModel()
    model.set_structure(STRUCTURE, CHIPS)
    editable = Qt.ItemFlag.ItemIsEditable
    assert model.flags(model.index(0, Column.SMALL_BLIND)) & editable
    model.set_current_row(3)
    for row in range(3):
        for column in Column:
            assert not model.flags(model.index(row, column)) & editable
        assert cell(model, row, Column.SMALL_BLIND, Qt.ItemDataRole.ToolTipRole).startswith(
            "Already played"
        )
    assert model.flags(model.index(3, Column.SMALL_BLIND)) & editable
    assert cell(model, 3, Column.NUMBER).startswith("▶")
    assert not model.flags(model.index(3, Column.BB_ANTE)) & editable
    assert model.flags(model.index(3, Column.BB_ANTE)) & Qt.ItemFlag.ItemIsUserCheckable
    assert not model.flags(model.index(3, Column.STARTS)) & editable


def test_set_data_asks_instead_of_changing(qtbot) -> None:
    model = StructureTableModel()
    model.set_structure(STRUCTURE, CHIPS)
    with qtbot.waitSignal(model.edit_requested) as signal:
        assert model.setData(model.index(0, Column.BIG_BLIND), 60)
    assert signal.args == [0, Column.BIG_BLIND, 60]
    assert cell(model, 0, Column.BIG_BLIND) == "50"  # unchanged until the editor saves it
    with qtbot.assertNotEmitted(model.edit_requested):
        assert not model.setData(model.index(0, Column.BIG_BLIND), 50)  # same value
        assert not model.setData(model.index(0, Column.STARTS), "1:00")
    model.set_current_row(3)
    with qtbot.assertNotEmitted(model.edit_requested):
        assert not model.setData(model.index(0, Column.SMALL_BLIND), 30)


def test_read_only_model_for_previews() -> None:
    model = StructureTableModel(editable=False)
    model.set_structure(STRUCTURE, CHIPS)
    assert not model.flags(model.index(0, Column.SMALL_BLIND)) & Qt.ItemFlag.ItemIsEditable


def test_chip_table_model(qtmodeltester) -> None:
    model = ChipTableModel([ChipDraft(25, "green", "#2E7D32"), ChipDraft(None, "blue", "#1565C0")])
    qtmodeltester.check(model, force_py=True)
    assert model.index(1, 0).data() == "T?"
    assert model.setData(model.index(1, 1), 5)
    assert model.drafts[1].color == "red"  # followed the standard color of T5
    assert model.setData(model.index(1, 2), "blue")
    assert model.drafts[1].hex == "#1565C0"
    assert not model.setData(model.index(1, 2), "chartreuse")
    assert model.setData(model.index(0, 3), 300)
    assert model.index(0, 3).data() == "300"


def test_chips_needed_model(qtmodeltester) -> None:
    chips = ChipSet.standard((25, 100, 500), owned=(100, 400, 50))
    stack = stack_breakdown(10_000, chips)
    needed: ChipsNeeded = chips_needed(20, 0, 0, stack, chip_set=chips)
    model = ChipsNeededModel()
    model.set_needs(needed.needs, chips)
    qtmodeltester.check(model, force_py=True)
    short_rows = [r for r in range(model.rowCount()) if model.index(r, 7).data()]
    assert short_rows
    assert (
        model.index(
            short_rows[0],
            0,
        ).data(Qt.ItemDataRole.BackgroundRole)
        is not None
    )
