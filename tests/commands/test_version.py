"""One version, written in pyproject.toml: `clockapp --version` shows it, without starting Qt."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import clockapp

REPO = Path(__file__).resolve().parents[2]


def pyproject_version() -> str:
    """The version pyproject.toml declares (the only place it is written)."""
    with (REPO / "pyproject.toml").open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def test_the_package_version_is_pyprojects() -> None:
    assert clockapp.__version__ == pyproject_version()


@pytest.mark.slow
def test_clockapp_version_prints_pyprojects_version(tmp_path: Path) -> None:
    # The Qt-free run has no PySide6: the answer comes before the app (and Qt) would start.
    env = {**os.environ, "CLOCKAPP_DATA_DIR": str(tmp_path), "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-m", "clockapp", "--version"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"clockapp {pyproject_version()}"
    assert not list(tmp_path.iterdir())  # nothing written: no log, no database
