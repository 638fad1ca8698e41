"""PySide's per-import check, answered from the module's file (`clockapp.ui.shell.import_scan`)."""

from __future__ import annotations

import importlib
import sys
import types
from pathlib import Path

import pytest

from clockapp.ui.shell import import_scan


@pytest.fixture
def pyside_check():
    """PySide's own check, whatever the app put in its place."""
    import PySide6.QtCore  # noqa: F401  (puts PySide's import hook in place)

    feature = sys.modules[import_scan.FEATURE_MODULE]
    check = getattr(feature, import_scan.CHECK)
    return getattr(check, "slow", check)


def test_the_quick_check_answers_as_pyside_does_for_every_module_loaded(pyside_check) -> None:
    # One module that uses PySide and one that does not, loaded for sure.
    display = importlib.import_module("clockapp.ui.clock.display")
    texts = importlib.import_module("clockapp.ui.clock.texts")

    quick = import_scan.quick_check(pyside_check)
    modules = [m for m in list(sys.modules.values()) if isinstance(m, types.ModuleType)]
    with_source = [m for m in modules if str(getattr(m, "__file__", "")).endswith(".py")]
    assert len(with_source) > 100
    differ = [m.__name__ for m in modules if quick(m) != pyside_check(m)]
    assert differ == []
    assert quick(display) is True
    assert quick(texts) is False


def test_a_module_without_a_source_file_is_asked_of_pyside(tmp_path: Path) -> None:
    asked = []

    def slow(module: types.ModuleType) -> bool:
        asked.append(module.__name__)
        return False

    quick = import_scan.quick_check(slow)
    gone = types.ModuleType("gone")
    gone.__file__ = str(tmp_path / "gone.py")  # removed since it was imported
    compiled = types.ModuleType("compiled")
    compiled.__file__ = str(tmp_path / "compiled.cpython-311-x86_64-linux-gnu.so")
    assert [quick(m) for m in (sys, gone, compiled)] == [False, False, False]
    assert asked == ["sys", "gone", "compiled"]


def test_quicken_puts_the_quick_check_in_place_once(monkeypatch) -> None:
    feature = types.ModuleType(import_scan.FEATURE_MODULE)

    def own(module: types.ModuleType) -> bool:
        return False

    setattr(feature, import_scan.CHECK, own)
    monkeypatch.setitem(sys.modules, import_scan.FEATURE_MODULE, feature)
    assert import_scan.quicken()
    quick = getattr(feature, import_scan.CHECK)
    assert quick is not own
    assert quick.slow is own
    assert import_scan.quicken()
    assert getattr(feature, import_scan.CHECK) is quick  # not wrapped twice


def test_quicken_leaves_a_pyside_without_the_check_alone(monkeypatch) -> None:
    monkeypatch.setitem(
        sys.modules, import_scan.FEATURE_MODULE, types.ModuleType(import_scan.FEATURE_MODULE)
    )
    assert not import_scan.quicken()
    monkeypatch.delitem(sys.modules, import_scan.FEATURE_MODULE)
    assert not import_scan.quicken()


def test_what_is_not_a_module_or_names_no_path_is_asked_of_pyside() -> None:
    # PySide walks all of sys.modules once (`__init__`), where anything may sit; a path with
    # a NUL byte makes open() raise ValueError. Neither may fail the import being checked.
    asked: list[object] = []

    def slow(module: object) -> bool:
        asked.append(module)
        return False

    quick = import_scan.quick_check(slow)
    odd = types.ModuleType("odd")
    odd.__file__ = "odd\0name.py"
    thing = types.SimpleNamespace(__file__=__file__)  # not a module, though it names one
    assert quick(odd) is False
    assert quick(thing) is False  # type: ignore[arg-type]
    assert asked == [odd, thing]
