"""The structure editor and "Suggest a structure" never wait on the database: while another OS
process holds SQLite's write lock (the cashier on the same laptop, `clockapp backup`, a second
station), an edit or "Use this structure" keeps the event loop turning; the editor shows it is
saving (the table and its actions busy, "Saving…" in the footer), takes no second edit that could
overwrite the first, and the save lands once when the lock is released.

A real second OS process (multiprocessing, spawn) takes `BEGIN IMMEDIATE` on the tournament's
file and holds it.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QTimer
from sqlalchemy.engine import Engine

from clockapp.services.app import Services
from clockapp.ui.actions import StructureAction
from clockapp.ui.bus import TournamentBus
from clockapp.ui.structure import StructureEditor
from clockapp.ui.structure.generator import GeneratorDialog
from clockapp.ui.structure.saving import SAVING
from tests.ui.polling import settle
from tests.write_lock import other_process_holding

pytestmark = pytest.mark.slow

#: How long the other process holds the lock.
HOLD_S = 2.0


@contextmanager
def write_locked(engine: Engine, qtbot, bus: TournamentBus) -> Iterator[list[float]]:
    """Another process holds the write lock for `HOLD_S`; yields the event loop's heartbeats,
    and returns once the lock was released and the worker answered everything."""
    beats: list[float] = []
    heartbeat = QTimer()
    heartbeat.setInterval(25)
    heartbeat.timeout.connect(lambda: beats.append(time.monotonic()))
    with other_process_holding(engine.url.database, HOLD_S) as locker:
        heartbeat.start()
        yield beats
        qtbot.waitUntil(lambda: not locker.is_alive(), timeout=int(HOLD_S * 1000) + 10_000)
        settle(qtbot, bus)
        heartbeat.stop()


def largest_gap(beats: list[float]) -> float:
    return max(b - a for a, b in itertools.pairwise(beats))


def timed(press: Callable[[], object]) -> float:
    started = time.monotonic()
    press()
    return time.monotonic() - started


def test_an_edit_during_another_process_write_lock_never_stalls_the_editor(
    qtbot, services: Services, bus: TournamentBus, engine: Engine, shown_window
) -> None:
    tid = bus.tournament_id
    editor = shown_window(StructureEditor(services, bus))
    settle(qtbot, bus)
    before = services.structure.get(tid)
    add = editor.editor_actions[StructureAction.ADD_LEVEL]
    with write_locked(engine, qtbot, bus) as beats:
        pressed_in = timed(add.trigger)  # during the lock
        busy = (not editor.table.isEnabled(), not add.isEnabled(), editor.status_label.text())
        undo_enabled = editor.editor_actions[StructureAction.UNDO].isEnabled()
        add.trigger()  # pressed again while the first is on its way: nothing more
        # An edit asked another way (a typed cell) is refused in words, not saved over it.
        assert not editor.rows.add_break()
        refused = editor.banner.text()
    assert pressed_in < 1.0, f"the press took {pressed_in:.2f} s"
    assert largest_gap(beats) < 1.0, f"the event loop stalled {largest_gap(beats):.2f} s"
    assert busy == (True, True, SAVING), busy
    assert not undo_enabled
    assert "still being saved" in refused
    after = services.structure.get(tid)
    assert len(after.levels) == len(before.levels) + 1  # once, not twice, and no break
    assert not after.levels[-1].is_break
    assert editor.structure == after
    assert editor.table.isEnabled()
    assert add.isEnabled()
    assert editor.status_label.text() == "Saved: add a level."
    assert not editor.banner.text()
    assert editor.undo_stack.count() == 1


def test_use_this_structure_during_another_process_write_lock_never_stalls_the_dialog(
    qtbot, services: Services, bus: TournamentBus, engine: Engine, shown_window
) -> None:
    tid = bus.tournament_id
    editor = shown_window(StructureEditor(services, bus))
    settle(qtbot, bus)
    assert editor.open_generator()
    settle(qtbot, bus)  # what it starts from is read on the worker
    dialog = editor.generator_dialog
    assert dialog is not None
    assert isinstance(dialog, GeneratorDialog)
    qtbot.waitExposed(dialog)
    stack = services.structure.settings(tid).starting_stack * 2
    dialog.stack.setValue(stack)
    result = dialog.recompute()
    assert result is not None
    closed: list[int] = []
    dialog.finished.connect(closed.append)
    with write_locked(engine, qtbot, bus) as beats:
        pressed_in = timed(dialog.use)
        busy = (not dialog.use_button.isEnabled(), dialog.use_button.text(), dialog.isVisible())
        assert not dialog.use()  # pressed again: nothing more
    assert pressed_in < 1.0, f"the press took {pressed_in:.2f} s"
    assert largest_gap(beats) < 1.0, f"the event loop stalled {largest_gap(beats):.2f} s"
    assert busy == (True, "Saving…", True), busy
    assert services.structure.get(tid) == result.structure
    assert services.structure.settings(tid).starting_stack == stack
    assert closed, "the dialog did not close once the structure was saved"
    assert editor.undo_stack.count() == 1  # one step: the structure and its stack
