"""The one undo command: skip once, refusals kept, obsolete steps dropped, parts in order."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QUndoStack

from clockapp.errors import DomainError
from clockapp.ui.undo_step import UndoStep


class Refused(DomainError):
    pass


def test_a_step_pushed_done_is_not_done_again_then_undoes_and_redoes() -> None:
    calls: list[str] = []
    stack = QUndoStack()
    stack.push(UndoStep("pause", lambda: calls.append("redo"), lambda: calls.append("undo")))
    assert calls == []
    stack.undo()
    stack.redo()
    assert calls == ["undo", "redo"]


def test_a_refusal_is_kept_and_an_obsolete_one_drops_the_step() -> None:
    heard: list[Exception] = []

    def refuse() -> None:
        raise Refused("the seat was taken since")

    stack = QUndoStack()
    stack.push(UndoStep("move", refuse, refuse, obsolete_on=(Refused,), on_refused=heard.append))
    step = stack.command(0)
    stack.undo()
    assert [str(e) for e in heard] == ["the seat was taken since"]
    assert stack.count() == 0  # Qt dropped the obsolete step
    assert isinstance(step, UndoStep) or step is None


def test_another_error_is_kept_but_the_step_stays() -> None:
    def fail() -> None:
        raise ValueError("disk full")

    step = UndoStep("rebuy", fail, fail)
    stack = QUndoStack()
    stack.push(step)
    stack.undo()
    error = step.take_error()
    assert isinstance(error, ValueError)
    assert step.take_error() is None
    assert stack.count() == 1


def test_false_means_refused() -> None:
    stack = QUndoStack()
    stack.push(UndoStep("save", lambda: True, lambda: False))
    stack.undo()
    assert stack.count() == 0


def test_parts_redo_in_order_undo_in_reverse_and_one_refused_drops_all() -> None:
    calls: list[str] = []
    step = UndoStep("use the suggested structure")
    step.add("levels", lambda: calls.append("levels+"), lambda: calls.append("levels-"))
    step.add("stack", lambda: calls.append("stack+"), lambda: calls.append("stack-"))
    stack = QUndoStack()
    stack.push(step)
    stack.undo()
    stack.redo()
    assert calls == ["stack-", "levels-", "levels+", "stack+"]

    broken = UndoStep("both")
    broken.add("first", lambda: True, lambda: True)
    broken.add("second", lambda: True, lambda: False)
    stack.push(broken)
    stack.undo()
    assert stack.count() == 1  # only the first step is left


@pytest.mark.parametrize("direction", ["undo", "redo"])
def test_skip_passes_over_one_move_of_the_stack(direction: str) -> None:
    calls: list[str] = []
    step = UndoStep("rebuy", lambda: calls.append("redo"), lambda: calls.append("undo"))
    stack = QUndoStack()
    stack.push(step)
    if direction == "redo":
        stack.undo()
        calls.clear()
    step.skip = True  # the history ran the work itself before moving the stack
    getattr(stack, direction)()
    assert calls == []


# ---------------------------------------------------------------- moved on the station's worker
def _outcome(services, tid: int):
    """A real service call's Outcome (the clock's mute), for the bus to publish."""
    return services.clock.set_muted(tid, True)


def test_a_step_moved_on_the_worker_runs_there_and_moves_the_stack_when_answered(
    qtbot, bus, services, tournament_id
) -> None:
    import threading

    from clockapp.ui.undo_step import move_on_worker

    threads: list[threading.Thread] = []

    def undo():
        threads.append(threading.current_thread())
        return _outcome(services, tournament_id)

    stack = QUndoStack()
    stack.push(UndoStep("mute", undo_work=undo))
    assert move_on_worker(bus, stack, undo=True, key="undo")
    assert stack.index() == 1  # not moved before it has answered
    qtbot.waitUntil(lambda: not bus.worker.busy)
    assert threads
    assert threads[0] is not threading.main_thread()
    assert stack.index() == 0
    assert stack.canRedo()


def test_a_refusal_on_the_worker_leaves_the_stack_or_drops_an_obsolete_step(
    qtbot, bus, services, tournament_id
) -> None:
    from clockapp.ui.undo_step import move_on_worker

    def refuse():
        raise DomainError("the database is busy")

    def obsolete():
        raise Refused("the seat was taken since")

    failed: list[Exception] = []
    stack = QUndoStack()
    stack.push(UndoStep("first", undo_work=obsolete, obsolete_on=(Refused,)))
    stack.push(UndoStep("second", undo_work=refuse, obsolete_on=(Refused,)))
    assert move_on_worker(bus, stack, undo=True, key="undo", on_failed=failed.append)
    qtbot.waitUntil(lambda: not bus.worker.busy)
    assert [str(e) for e in failed] == ["the database is busy"]
    assert (stack.count(), stack.index()) == (2, 2)  # not undone: the stack says so
    stack.setIndex(1)  # (as if the second had been undone)
    assert move_on_worker(bus, stack, undo=True, key="undo", on_failed=failed.append)
    qtbot.waitUntil(lambda: not bus.worker.busy)
    assert str(failed[-1]) == "the seat was taken since"
    assert stack.count() == 1  # the step that no longer applies is dropped
    assert stack.command(0).text() == "second"
