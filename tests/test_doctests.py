"""Doctests run once, through pytest's own collector: these tests keep the two runs in step.

`make test-gui` collects the examples of every clockapp module (`testpaths` and `--doctest-modules`
in pyproject.toml); `make test-headless` collects those outside `clockapp/ui` (tests/headless.ini
and the Makefile). Both must use the same option flags, or an example could pass in one run and
fail in the other. A few modules inside `clockapp.ui` hold plain Python (the rulings window's
dispute and its bridge to the poker library); they must stay importable without Qt.
"""

from __future__ import annotations

import configparser
import subprocess
import sys
import tomllib
from pathlib import Path

import clockapp

ROOT = Path(__file__).resolve().parents[1]
QT_FREE_UI_MODULES = (
    "clockapp.ui.rulings.state",
    "clockapp.ui.rulings.analysis",
    "clockapp.ui.rulings.settlement",
    "clockapp.ui.rulings.verdict",
)
QT_PACKAGES = ("PySide6", "shiboken6")


def _gui_settings() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        settings: dict[str, object] = tomllib.load(file)["tool"]["pytest"]["ini_options"]
    return settings


def _headless_settings() -> configparser.SectionProxy:
    parser = configparser.ConfigParser()
    parser.read(ROOT / "tests" / "headless.ini", encoding="utf-8")
    return parser["pytest"]


def test_both_runs_collect_doctests_with_the_same_flags() -> None:
    gui, headless = _gui_settings(), _headless_settings()
    assert "--doctest-modules" in gui["addopts"]
    assert "--doctest-modules" in headless["addopts"].split()
    assert gui["doctest_optionflags"] == headless["doctest_optionflags"].split()
    assert gui["doctest_optionflags"] == ["ELLIPSIS", "NORMALIZE_WHITESPACE"]
    assert gui["norecursedirs"] == headless["norecursedirs"].split()
    assert "clockapp" in gui["testpaths"]


def _makefile_list(name: str) -> list[str]:
    """The paths of one of the Makefile's test lists (`NAME := a b \\ c`)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    value = makefile.split(f"\n{name} :=")[1]
    lines = [value.split("\n")[0]]
    while lines[-1].rstrip().endswith("\\"):
        lines.append(value.split("\n")[len(lines)])
    return " ".join(line.rstrip(" \\") for line in lines).split()


def test_the_headless_run_collects_clockapp_but_not_its_ui() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "HEADLESS_SKIP := --ignore=clockapp/ui" in makefile
    assert "clockapp" in _makefile_list("HEADLESS_TESTS")
    assert "clockapp/ui" in _makefile_list("GUI_TESTS")


def test_every_test_runs_in_exactly_one_of_the_two_runs() -> None:
    # The Qt-free tests run once, without Qt; the GUI run takes only what needs Qt. A new test
    # folder that neither list names would never run.
    headless, gui = _makefile_list("HEADLESS_TESTS"), _makefile_list("GUI_TESTS")
    tests = ROOT / "tests"
    found = sorted(
        path.relative_to(ROOT).as_posix()
        for path in [*tests.iterdir()]
        if (path.is_dir() and any(path.rglob("test_*.py"))) or path.name.startswith("test_")
    )
    for path in found:
        runs = [name for name, paths in (("headless", headless), ("gui", gui)) if path in paths]
        assert len(runs) == 1, f"{path} is in {runs or 'neither run'}"
    for path in (*headless, *gui):
        assert (ROOT / path).exists(), f"the Makefile names {path}, which is not there"


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


def test_the_package_has_a_version() -> None:
    assert clockapp.__version__
