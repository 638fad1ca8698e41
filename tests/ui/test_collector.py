"""Cyclic garbage is freed on the GUI thread, never on a worker that happened to allocate."""

from __future__ import annotations

import gc
import threading

import pytest

from clockapp.ui.collector import GuiCollector


class Cycle:
    """An object in a reference cycle that says which thread freed it."""

    freed_on: list[str] = []  # noqa: RUF012 - shared on purpose: the test reads it

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        Cycle.freed_on.append(threading.current_thread().name)


@pytest.mark.slow
def test_a_worker_that_allocates_never_collects_qt_garbage(gui_collector: GuiCollector) -> None:
    assert not gc.isenabled()  # the app's collector is in charge (see tests/ui/conftest.py)
    gc.collect()
    Cycle.freed_on.clear()
    for _ in range(gc.get_threshold()[0] - 50):
        Cycle()  # garbage now, in cycles: freed only by a collection, nearly due

    def busy() -> None:  # a worker that builds rows, as a refresh does
        junk = [[index] for index in range(100_000)]
        del junk

    worker = threading.Thread(target=busy, name="worker")
    worker.start()
    worker.join()
    assert "worker" not in Cycle.freed_on  # with Python's own collection, the worker freed them
    for _ in range(gc.get_threshold()[0]):
        Cycle()  # more garbage: a collection is due now
    gui_collector.collect()
    assert Cycle.freed_on
    assert set(Cycle.freed_on) == {threading.main_thread().name}


def test_the_collector_hands_collection_back_when_it_stops() -> None:
    collector = GuiCollector()
    collector.start()
    assert not gc.isenabled()
    collector.stop()
    assert gc.isenabled()
    collector.deleteLater()
