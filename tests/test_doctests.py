"""Run the doctest examples of every module outside the Qt layer: documentation that works.

A few modules inside `clockapp.ui` hold plain Python (the rulings window's dispute and its bridge
to the poker library); they are listed by name in `QT_FREE_UI_MODULES` and run here too, so their
examples are checked in the Qt-free run (`make test-headless`) as well. Each is first checked to
import without loading Qt, in a fresh interpreter.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys

import pytest

import clockapp

PACKAGES = ("clockapp.core", "clockapp.poker", "clockapp.persistence", "clockapp.services")
SKIP_PREFIXES = ("clockapp.persistence.migrations",)
QT_FREE_UI_MODULES = (
    "clockapp.ui.rulings.state",
    "clockapp.ui.rulings.analysis",
    "clockapp.ui.rulings.settlement",
)
QT_PACKAGES = ("PySide6", "shiboken6")
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _modules() -> list[str]:
    names = ["clockapp.paths", "clockapp.commands"]
    for package in PACKAGES:
        module = importlib.import_module(package)
        for info in pkgutil.walk_packages(module.__path__, prefix=f"{package}."):
            if not info.name.startswith(SKIP_PREFIXES):
                names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS)
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"


def test_the_qt_free_ui_modules_import_no_qt() -> None:
    # A fresh interpreter: in this one another test may have imported Qt already.
    script = (
        "import importlib, sys\n"
        f"for name in {QT_FREE_UI_MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {QT_PACKAGES!r}))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]", f"importing {QT_FREE_UI_MODULES} loads {run.stdout}"


@pytest.mark.parametrize("name", QT_FREE_UI_MODULES)
def test_doctests_of_qt_free_ui_modules(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS)
    assert result.attempted > 0, f"{name} is listed for its doctests but has none"
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"


def test_the_package_has_a_version() -> None:
    assert clockapp.__version__
