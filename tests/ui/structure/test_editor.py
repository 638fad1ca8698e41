"""The structure editor as a director uses it: keys and typing change the table AND the database.

Every test acts on real widgets (offscreen) and then checks what the director sees (table cells,
the message banner) and what is saved (`services.structure.get`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView

from clockapp.core.structure import Break, Level, Structure
from clockapp.core.structure.cells import Column
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.structure import StructureEditor
from tests.fakes import FakeClock
from tests.ui.polling import poll, settle, submit_and_wait

Key = Qt.Key
Ctrl = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def editor(services: Services, bus: TournamentBus, shown_window, qtbot) -> StructureEditor:
    ed = StructureEditor(services, bus)
    settle(qtbot, bus)  # its first read is on the worker
    return shown_window(ed, focus=ed.table)


def saved(services: Services, bus: TournamentBus) -> Structure:
    return services.structure.get(bus.tournament_id)


def shown(editor: StructureEditor, row: int, column: Column) -> str:
    return editor.model.index(row, column).data()


def type_into(qtbot, editor: StructureEditor, row: int, column: Column, text: str) -> None:
    """Put the cursor on a cell, type as the director would, and press Enter."""
    editor.table.setCurrentIndex(editor.model.index(row, column))
    # The first key opens the cell editor (and goes into it); the rest go to the editor.
    qtbot.keyClicks(editor.table, text[0])
    cell_editor = editor.focusWidget()
    assert cell_editor is not editor.table, "typing should have opened a cell editor"
    qtbot.keyClicks(cell_editor, text[1:])
    qtbot.keyClick(cell_editor, Key.Key_Return)
    # Qt commits the cell on the next turn of the event loop; the save answers from the worker.
    qtbot.waitUntil(lambda: editor.table.state() != QAbstractItemView.State.EditingState)
    qtbot.waitUntil(lambda: not editor.saving.pending)


# ------------------------------------------------------------------------------ rows


def test_opens_on_the_saved_structure(editor, services, bus) -> None:
    structure = saved(services, bus)
    assert editor.model.rowCount() == len(structure.levels)
    assert editor.name_edit.text() == structure.name
    assert "levels" in editor.summary_label.text()
    assert editor.clock_label.text().startswith("Clock not started")


@pytest.mark.slow
def test_insert_key_inserts_a_level_in_table_and_database(editor, services, bus, qtbot) -> None:
    before = saved(services, bus)
    editor.table.select_rows([1])
    qtbot.keyClick(editor.table, Key.Key_Insert)
    settle(qtbot, bus)
    after = saved(services, bus)
    assert len(after.levels) == len(before.levels) + 1
    new = after.levels[1]
    assert isinstance(new, Level)
    assert before.levels[0].small_blind <= new.small_blind <= before.levels[1].small_blind
    assert after.levels[2:] == before.levels[1:]
    assert editor.model.rowCount() == len(after.levels)
    assert editor.table.selected_rows() == [1]
    assert not editor.banner.text()


@pytest.mark.slow
def test_ctrl_j_duplicates_and_delete_removes(editor, services, bus, qtbot) -> None:
    before = saved(services, bus)
    editor.table.select_rows([3])
    qtbot.keyClick(editor.table, Key.Key_J, Ctrl)
    settle(qtbot, bus)
    after = saved(services, bus)
    assert after.levels[3] == after.levels[4] == before.levels[3]
    assert editor.table.selected_rows() == [4]
    qtbot.keyClick(editor.table, Key.Key_Delete)
    settle(qtbot, bus)
    assert saved(services, bus) == before
    assert editor.model.rowCount() == len(before.levels)


@pytest.mark.slow
def test_ctrl_up_and_down_reorder(editor, services, bus, qtbot) -> None:
    before = saved(services, bus)
    break_row = next(i for i, item in enumerate(before.levels) if item.is_break)
    editor.table.select_rows([break_row])
    qtbot.keyClick(editor.table, Key.Key_Up, Ctrl)
    settle(qtbot, bus)
    moved = saved(services, bus)
    assert moved.levels[break_row - 1].is_break
    assert moved.levels[break_row] == before.levels[break_row - 1]
    assert editor.model.index(break_row - 1, 0).data(Qt.ItemDataRole.UserRole + 3) == "break"
    qtbot.keyClick(editor.table, Key.Key_Down, Ctrl)
    settle(qtbot, bus)
    assert saved(services, bus) == before


@pytest.mark.slow
def test_add_level_and_break_at_the_end(editor, services, bus, qtbot) -> None:
    before = saved(services, bus)
    qtbot.keyClick(editor.table, Key.Key_N, Ctrl)
    settle(qtbot, bus)
    qtbot.keyClick(editor.table, Key.Key_B, Ctrl | Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot, bus)
    after = saved(services, bus)
    assert len(after.levels) == len(before.levels) + 2
    last_level, new_level, new_break = before.levels[-1], after.levels[-2], after.levels[-1]
    assert isinstance(new_level, Level)
    assert new_level.big_blind > last_level.big_blind
    assert isinstance(new_break, Break)
    assert new_break.minutes == 15
    assert editor.table.selected_rows() == [len(after.levels) - 1]


@pytest.mark.slow
def test_deleting_every_level_is_refused(editor, services, bus, qtbot) -> None:
    before = saved(services, bus)
    editor.table.selectAll()
    qtbot.keyClick(editor.table, Key.Key_Delete)
    settle(qtbot, bus)
    assert "at least one level" in editor.banner.text()
    assert saved(services, bus) == before


# ------------------------------------------------------------------------------ typing


@pytest.mark.slow
def test_typing_an_amount_saves_it_and_moves_down(editor, services, bus, qtbot) -> None:
    type_into(qtbot, editor, 0, Column.BIG_BLIND, "200")
    assert saved(services, bus).levels[0].big_blind == 200
    assert shown(editor, 0, Column.BIG_BLIND) == "200"
    assert editor.table.currentIndex().row() == 1
    type_into(qtbot, editor, 0, Column.MINUTES, "25")
    assert saved(services, bus).levels[0].minutes == 25
    assert shown(editor, 1, Column.STARTS) == "0:25"


@pytest.mark.slow
def test_amount_editor_takes_digits_only(editor, services, bus, qtbot) -> None:
    before = saved(services, bus).levels[0]
    type_into(qtbot, editor, 0, Column.BIG_BLIND, "-2x00")
    assert saved(services, bus).levels[0].big_blind == 200 != before.big_blind


@pytest.mark.slow
@pytest.mark.parametrize(
    ("column", "text", "message"),
    [
        (
            Column.SMALL_BLIND,
            "5000",
            "Row 1, level 1: the small blind (5,000) is above the big blind (100).",
        ),
        (Column.MINUTES, "0", "Row 1, level 1: the duration in minutes must be above 0"),
        (Column.SMALL_BLIND, "30", "the small blind 30 cannot be paid with the chips in play"),
    ],
)
def test_invalid_edit_shows_the_row_and_changes_nothing(
    editor, services, bus, qtbot, column, text, message
) -> None:
    before = saved(services, bus)
    type_into(qtbot, editor, 0, column, text)
    assert message in editor.banner.text()
    assert saved(services, bus) == before
    assert editor.model.structure == before
    assert shown(editor, 0, Column.SMALL_BLIND) == f"{before.levels[0].small_blind:,}"
    assert editor.undo_stack.count() == 0
    # The next good edit clears the message.
    type_into(qtbot, editor, 0, Column.BIG_BLIND, "200")
    assert not editor.banner.text()


@pytest.mark.slow
def test_checkbox_gives_a_big_blind_ante(editor, services, bus, qtbot) -> None:
    editor.table.setCurrentIndex(editor.model.index(0, Column.BB_ANTE))
    qtbot.keyClick(editor.table, Key.Key_Return)
    settle(qtbot, bus)
    level = saved(services, bus).levels[0]
    assert level.big_blind_ante
    assert level.ante == level.big_blind


@pytest.mark.slow
def test_break_color_up_is_edited_with_check_boxes(editor, services, bus, qtbot) -> None:
    structure = saved(services, bus)
    row = max(i for i, item in enumerate(structure.levels) if item.is_break)
    index = editor.model.index(row, Column.NOTE)
    editor.table.setCurrentIndex(index)
    qtbot.keyClick(editor.table, Key.Key_F2)
    settle(qtbot, bus)
    color_up_editor = editor.focusWidget().parent()
    in_play = structure.denominations_in_play(editor.chip_set.values)[row - 1]
    assert tuple(color_up_editor.boxes) == in_play
    for value, box in color_up_editor.boxes.items():
        assert box.isChecked() == (value in structure.levels[row].color_up)
    # Tick exactly the smallest chip in play (untick the rest) with the keyboard.
    smallest = in_play[0]
    for value, box in color_up_editor.boxes.items():
        if box.isChecked() != (value == smallest):
            qtbot.keyClick(box, Key.Key_Space)
    qtbot.keyClick(color_up_editor.boxes[smallest], Key.Key_Return)
    settle(qtbot, bus)
    qtbot.waitUntil(lambda: editor.table.state() != QAbstractItemView.State.EditingState)
    assert saved(services, bus).levels[row].color_up == (smallest,)
    assert shown(editor, row, Column.NOTE).startswith(f"Color up T{smallest:,}")


@pytest.mark.slow
def test_rename_the_structure(editor, services, bus, qtbot) -> None:
    editor.name_edit.setFocus()
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "Friday deep stack")
    qtbot.keyClick(editor.name_edit, Key.Key_Return)
    settle(qtbot, bus)
    assert saved(services, bus).name == "Friday deep stack"


# ------------------------------------------------------------------------------ the clock


@pytest.mark.slow
def test_played_levels_are_frozen_while_the_clock_runs(
    editor, services, bus, qtbot, fake_clock: FakeClock
) -> None:
    submit_and_wait(qtbot, bus, lambda: services.clock.start(bus.tournament_id))
    fake_clock.advance(minutes=45)  # into level 3
    editor.refresh_clock()
    assert editor.current_row == 2
    assert editor.clock_label.text().startswith("▶ The clock is on level 3")
    before = saved(services, bus)
    # A played cell does not even open an editor; typing on it says why.
    editor.table.setCurrentIndex(editor.model.index(0, Column.SMALL_BLIND))
    qtbot.keyClicks(editor.table, "60")
    assert editor.focusWidget() is editor.table
    assert editor.table.currentIndex().row() == 0
    assert "Row 1, level 1 has already been played" in editor.banner.text()
    # Deleting or moving it is refused, with the row named.
    editor.table.select_rows([0])
    qtbot.keyClick(editor.table, Key.Key_Delete)
    settle(qtbot, bus)
    assert "Row 1, level 1 has already been played" in editor.banner.text()
    editor.table.select_rows([2])
    qtbot.keyClick(editor.table, Key.Key_Up, Ctrl)
    settle(qtbot, bus)
    assert "is being played" in editor.banner.text()
    # The service refuses too, if a change reaches it.
    changed = Structure(before.name, (Level(25, 50), *before.levels[1:]), None)
    editor.saving.apply(changed, "edit played level")
    settle(qtbot, bus)
    assert "already been played" in editor.banner.text()
    assert saved(services, bus) == before
    # The level being played can still be edited.
    type_into(qtbot, editor, 2, Column.MINUTES, "30")
    assert saved(services, bus).levels[2].minutes == 30


@pytest.mark.slow
def test_clock_moving_on_freezes_more_rows(editor, services, bus, fake_clock, qtbot) -> None:
    submit_and_wait(qtbot, bus, lambda: services.clock.start(bus.tournament_id))
    editor.refresh_clock()
    assert editor.current_row == 0
    fake_clock.advance(minutes=21)
    editor.clock_timer.timeout.emit()
    assert editor.current_row == 1
    assert not editor.model.flags(editor.model.index(0, Column.SMALL_BLIND)) & (
        Qt.ItemFlag.ItemIsEditable
    )


@pytest.mark.slow
def test_refreshes_when_another_station_edits(qtbot, editor, services, bus) -> None:
    before = saved(services, bus)
    services.structure.replace(bus.tournament_id, before.with_levels(before.levels[:5]))
    poll(qtbot, bus)
    assert editor.model.rowCount() == 5


# ------------------------------------------------------------------------------ undo


@pytest.mark.slow
def test_undo_and_redo(editor, services, bus, qtbot) -> None:
    before = saved(services, bus)
    editor.table.select_rows([0, 1])
    qtbot.keyClick(editor.table, Key.Key_Delete)
    settle(qtbot, bus)
    deleted = saved(services, bus)
    assert len(deleted.levels) == len(before.levels) - 2
    type_into(qtbot, editor, 0, Column.MINUTES, "30")
    assert editor.undo_stack.count() == 2
    qtbot.keyClick(editor.table, Key.Key_Z, Ctrl)
    settle(qtbot, bus)
    assert saved(services, bus) == deleted
    qtbot.keyClick(editor.table, Key.Key_Z, Ctrl)
    settle(qtbot, bus)
    assert saved(services, bus) == before
    assert editor.model.rowCount() == len(before.levels)
    qtbot.keyClick(editor.table, Key.Key_Z, Ctrl | Qt.KeyboardModifier.ShiftModifier)
    settle(qtbot, bus)
    assert saved(services, bus) == deleted
    editor.saving.redo()
    qtbot.waitUntil(lambda: not editor.saving.pending)
    assert saved(services, bus).levels[0].minutes == 30


@pytest.mark.slow
def test_undo_is_refused_once_the_level_is_played(editor, services, bus, qtbot, fake_clock) -> None:
    type_into(qtbot, editor, 0, Column.MINUTES, "30")
    submit_and_wait(qtbot, bus, lambda: services.clock.start(bus.tournament_id))
    fake_clock.advance(minutes=31)
    editor.refresh_clock()
    edited = saved(services, bus)
    editor.saving.undo()
    qtbot.waitUntil(lambda: not editor.saving.pending)
    assert "Cannot undo" in editor.banner.text()
    assert "already been played" in editor.banner.text()
    assert saved(services, bus) == edited
    assert editor.undo_stack.count() == 0  # the refused step was dropped


@pytest.mark.slow
def test_undo_is_refused_after_another_station_changed_it(editor, services, bus, qtbot) -> None:
    type_into(qtbot, editor, 0, Column.MINUTES, "30")
    other = saved(services, bus)
    services.structure.replace(bus.tournament_id, other.with_levels(other.levels[:4]))
    poll(qtbot, bus)
    editor.saving.undo()
    qtbot.waitUntil(lambda: not editor.saving.pending)
    assert "changed since" in editor.banner.text()
    assert len(saved(services, bus).levels) == 4


# ------------------------------------------------------------------------------ templates


@pytest.mark.slow
def test_template_save_and_load_round_trip(editor, services, bus, qtbot, monkeypatch) -> None:
    original = saved(services, bus)
    assert editor.files.save_template("Friday regular")
    settle(qtbot, bus)  # saved on the worker, then listed by the read that follows
    assert "Saved as template" in editor.status_label.text()
    template = next(t for t in services.structure.templates() if t.name == "Friday regular")
    assert any(e.kind == "template" and e.key == template.id for e in editor.library.entries())
    selected = editor.library.list.current_entry()
    assert selected is not None
    assert (selected.kind, selected.key) == ("template", template.id)
    editor.table.select_rows(list(range(5)))
    qtbot.keyClick(editor.table, Key.Key_Delete)
    settle(qtbot, bus)
    assert saved(services, bus) != original
    # Loading asks first; "Cancel" changes nothing.
    asked: list[str] = []
    monkeypatch.setattr(editor.files, "_confirm", lambda title, text: asked.append(text) or False)
    editor.library.select("template", template.id)
    qtbot.keyClick(editor.library.list, Key.Key_Return)
    settle(qtbot, bus)
    assert asked
    assert "replaces the" in asked[0]
    assert saved(services, bus) != original
    monkeypatch.setattr(editor.files, "_confirm", lambda title, text: True)
    qtbot.keyClick(editor.library.list, Key.Key_Return)
    settle(qtbot, bus)
    assert saved(services, bus) == original
    editor.saving.undo()
    qtbot.waitUntil(lambda: not editor.saving.pending)
    assert saved(services, bus) != original
    # Saving under the same name asks before replacing; deleting forgets it.
    assert editor.files.save_template("Friday regular")
    settle(qtbot, bus)
    assert [t.name for t in services.structure.templates()] == ["Friday regular"]
    assert editor.files.delete_template(template.id, "Friday regular")
    settle(qtbot, bus)
    assert services.structure.templates() == ()
    assert not any(e.kind == "template" for e in editor.library.entries())


@pytest.mark.slow
def test_presets_are_listed_and_load_or_say_why(editor, services, bus, qtbot, monkeypatch) -> None:
    presets = services.structure.presets()
    assert [e.key for e in editor.library.entries() if e.kind == "preset"] == list(presets)
    monkeypatch.setattr(editor.files, "_confirm", lambda title, text: True)
    for name in presets:
        before = saved(services, bus)
        assert editor.files.load_preset(name)
        settle(qtbot, bus)
        if not editor.banner.text():
            assert saved(services, bus) == services.structure.preset(name)
            assert editor.undo_stack.undoText().startswith("load preset")
        else:
            # Refused (e.g. the preset's blinds need chips this tournament does not have): the
            # director is told why and nothing changed.
            assert saved(services, bus) == before


# ------------------------------------------------------------------------------ files


@pytest.mark.slow
def test_malformed_csv_import_names_the_row_and_changes_nothing(
    editor, services, bus, qtbot, tmp_path: Path
) -> None:
    before = saved(services, bus)
    bad = tmp_path / "friday.csv"
    bad.write_text("small_blind,big_blind,minutes\n25,50,20\n50,abc,20\n", encoding="utf-8")
    editor.files.import_file(bad)
    settle(qtbot, bus)
    text = editor.banner.text()
    assert "Nothing was imported from friday.csv" in text
    assert "Row 2" in text
    assert "'abc' is not a whole number" in text
    assert saved(services, bus) == before
    assert editor.model.structure == before
    assert editor.undo_stack.count() == 0


@pytest.mark.slow
def test_unpayable_import_is_refused(editor, services, bus, qtbot, tmp_path: Path) -> None:
    before = saved(services, bus)
    bad = tmp_path / "odd.csv"
    bad.write_text("small_blind,big_blind,minutes\n10,20,20\n", encoding="utf-8")
    editor.files.import_file(bad)
    settle(qtbot, bus)
    assert "cannot be paid" in editor.banner.text()
    assert saved(services, bus) == before


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_export_then_import_round_trip(editor, services, bus, qtbot, tmp_path, suffix) -> None:
    original = saved(services, bus)
    path = tmp_path / f"structure{suffix}"
    assert editor.files.export_file(path)
    settle(qtbot, bus)  # read and written on the worker
    assert path.read_text(encoding="utf-8")
    assert editor.status_label.text() == f"Exported to {path.name}."
    editor.table.select_rows([0, 1, 2])
    qtbot.keyClick(editor.table, Key.Key_Delete)
    settle(qtbot, bus)
    assert editor.files.import_file(path)
    settle(qtbot, bus)
    imported = saved(services, bus)
    assert imported.levels == original.levels
    assert imported.planned_last_level == original.planned_last_level
    editor.saving.undo()
    qtbot.waitUntil(lambda: not editor.saving.pending)
    assert len(saved(services, bus).levels) == len(original.levels) - 3


@pytest.mark.slow
def test_file_dialogs_are_used_when_no_path_is_given(
    editor, bus, qtbot, tmp_path, monkeypatch
) -> None:
    target = tmp_path / "out.json"
    monkeypatch.setattr(editor.files, "_ask_save_path", lambda: str(target))
    assert editor.files.export_file()
    settle(qtbot, bus)
    assert target.exists()
    monkeypatch.setattr(editor.files, "_ask_open_path", lambda: None)
    assert not editor.files.import_file()


# ------------------------------------------------------------------------------ the clock station


@pytest.mark.slow
def test_e_on_the_clock_opens_the_editor_and_edits_reach_the_display(station, services, qtbot):
    station.windows.open_structure_editor()
    editor = station.windows.structure_editor
    assert isinstance(editor, StructureEditor)
    qtbot.waitExposed(editor)
    settle(qtbot, station.bus)  # the editor's first read
    type_into(qtbot, editor, 0, Column.BIG_BLIND, "200")
    settle(qtbot, station.bus)
    assert station.session.snapshot.structure.levels[0].big_blind == 200
