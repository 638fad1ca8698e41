"""`install-desktop` puts clockapp in the user's application menu, under $XDG_DATA_HOME."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.scripts import PACKAGING, ROOT

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="desktop entries are Linux's")


def bundle(folder: Path) -> Path:
    """A folder laid out as the Linux bundle: the executable, the entry, the icon, the script."""
    folder.mkdir(parents=True)
    program = folder / "clockapp"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    shutil.copy2(PACKAGING / "clockapp.desktop", folder / "clockapp.desktop")
    shutil.copy2(
        ROOT / "clockapp" / "resources" / "icons" / "clockapp.svg", folder / "clockapp.svg"
    )
    shutil.copy2(PACKAGING / "install_desktop.py", folder / "install-desktop")
    return folder


def run(script: Path, data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "XDG_DATA_HOME"}
    env["XDG_DATA_HOME"] = str(data)
    env["PATH"] = ""  # no update-desktop-database: the install works without it
    return subprocess.run(
        [sys.executable, str(script), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_entry_starts_the_bundles_program_and_shows_its_icon(tmp_path: Path) -> None:
    folder = bundle(tmp_path / "poker night" / "clockapp")
    data = tmp_path / "data"
    done = run(folder / "install-desktop", data)
    assert done.returncode == 0, done.stderr
    entry = data / "applications" / "clockapp.desktop"
    icon = data / "icons" / "hicolor" / "scalable" / "apps" / "clockapp.svg"
    assert icon.read_bytes() == (folder / "clockapp.svg").read_bytes()
    parsed = configparser.ConfigParser(interpolation=None)
    parsed.read(entry, encoding="utf-8")
    desktop = parsed["Desktop Entry"]
    assert desktop["Exec"] == f'"{folder / "clockapp"}" %F'  # quoted: the path has a space
    assert desktop["Icon"] == "clockapp"
    assert desktop["Type"] == "Application"

    done = run(folder / "install-desktop", data, "--uninstall")
    assert done.returncode == 0, done.stderr
    assert not entry.exists()
    assert not icon.exists()


def test_from_the_checkout_it_finds_the_entry_and_icon_and_names_the_program(
    tmp_path: Path,
) -> None:
    program = bundle(tmp_path / "elsewhere") / "clockapp"
    data = tmp_path / "data"
    done = run(PACKAGING / "install_desktop.py", data, "--exec", str(program))
    assert done.returncode == 0, done.stderr
    text = (data / "applications" / "clockapp.desktop").read_text(encoding="utf-8")
    assert f'Exec="{program}" %F' in text.splitlines()


def test_a_missing_program_is_refused_with_one_line_and_nothing_written(tmp_path: Path) -> None:
    data = tmp_path / "data"
    done = run(PACKAGING / "install_desktop.py", data, "--exec", str(tmp_path / "nothing"))
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1
    assert "is not a program to start" in done.stderr
    assert not data.exists()
