"""The structure editor's import with hostile files: read when it can be, refused clearly if not."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from clockapp.core.structure import Level, Structure
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.structure import StructureEditor, files
from clockapp.ui.userfiles import read_import_file
from tests.ui.polling import settle


@pytest.fixture
def editor(services: Services, bus: TournamentBus, shown_window, qtbot) -> StructureEditor:
    ed = StructureEditor(services, bus)
    settle(qtbot, bus)  # its first read is on the worker
    return shown_window(ed, focus=ed.table)


def saved(services: Services, bus: TournamentBus) -> Structure:
    return services.structure.get(bus.tournament_id)


@pytest.mark.slow
def test_a_csv_saved_with_cr_line_endings_is_imported(
    editor, services, bus, qtbot, tmp_path
) -> None:
    path = tmp_path / "old_mac.csv"
    path.write_bytes(b'\xef\xbb\xbfsmall_blind,big_blind,minutes,label\r25,50,20,"A, b"\r')
    assert editor.files.import_file(path)
    settle(qtbot, bus)
    assert saved(services, bus).levels == (Level(25, 50, minutes=20, label="A, b"),)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("deep.json", b"[" * 100_000, "nested more than 32 deep"),
        ("huge.json", b'{"levels": [{"minutes": ' + b"9" * 5000 + b"}]}", "too long"),
        ("latin1.csv", "small_blind,big_blind,minutes,label\n25,50,20,Café\n".encode("cp1252"),
         "not UTF-8"),
        ("wide.csv", b'minutes,label\n20,"' + b"x" * 200_000 + b'"\n', "Row 1 (file line 2)"),
    ],
)  # fmt: skip
def test_a_hostile_file_is_refused_and_changes_nothing(
    editor, services, bus, qtbot, tmp_path: Path, name: str, data: bytes, message: str
) -> None:
    before = saved(services, bus)
    path = tmp_path / name
    path.write_bytes(data)
    editor.files.import_file(path)  # refused as it is read, or by the save on the worker
    settle(qtbot, bus)
    assert message in editor.banner.text()
    assert saved(services, bus) == before
    assert editor.undo_stack.count() == 0


@pytest.mark.slow
def test_a_missing_file_is_refused(editor, services, bus, qtbot, tmp_path: Path) -> None:
    before = saved(services, bus)
    editor.files.import_file(tmp_path / "gone.csv")  # refused as it is read on the worker
    settle(qtbot, bus)
    assert "gone.csv cannot be read" in editor.banner.text()
    assert saved(services, bus) == before
    assert editor.undo_stack.count() == 0


@pytest.mark.slow
def test_the_file_is_read_on_the_worker_not_the_gui_thread(
    editor, services, bus, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file near the import limit takes a while to read and decode: the wall keeps running.
    path = tmp_path / "friday.csv"
    path.write_text("small_blind,big_blind,minutes\n25,50,20\n", encoding="utf-8")
    read_on: list[threading.Thread] = []

    def read(file: Path) -> str:
        read_on.append(threading.current_thread())
        return read_import_file(file)

    monkeypatch.setattr(files, "read_import_file", read)
    assert editor.files.import_file(path)
    settle(qtbot, bus)
    assert read_on
    assert threading.main_thread() not in read_on
    assert saved(services, bus).levels == (Level(25, 50, minutes=20),)


@pytest.mark.slow
def test_the_export_reads_and_writes_on_the_worker_and_says_why_it_failed(
    editor, services, bus, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    exported_on: list[threading.Thread] = []
    export_text = services.structure.export_text

    def export(tid: int, fmt: str) -> str:
        exported_on.append(threading.current_thread())
        return export_text(tid, fmt)  # type: ignore[arg-type]

    monkeypatch.setattr(services.structure, "export_text", export)
    path = tmp_path / "friday.csv"
    assert editor.files.export_file(path)
    settle(qtbot, bus)
    assert exported_on
    assert threading.main_thread() not in exported_on
    assert "small_blind" in path.read_text(encoding="utf-8-sig")
    gone = tmp_path / "no such folder" / "friday.csv"
    assert editor.files.export_file(gone)
    settle(qtbot, bus)
    assert editor.banner.text().startswith(f"Could not export to {gone}")
