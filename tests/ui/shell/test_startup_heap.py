"""Start-up's objects are frozen out of the garbage collector's way once the windows are up."""

from __future__ import annotations

import gc
import weakref

import pytest

from clockapp.ui.shell.launcher import freeze_startup_heap


class _Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the garbage collector frees it


@pytest.mark.slow
def test_what_start_up_built_is_frozen_and_later_garbage_still_collected():
    gc.unfreeze()
    try:
        freeze_startup_heap()
        assert gc.get_freeze_count() > 0
        node = _Node()  # built after start-up
        ref = weakref.ref(node)
        del node
        gc.collect()
        assert ref() is None
    finally:
        gc.unfreeze()
