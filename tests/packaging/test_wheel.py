"""The built wheel carries everything the app needs: installed into a fresh environment outside
the checkout, `clockapp --self-test` finds its sounds, fonts, icon and presets.

The wheel is built from a copy of the project without build isolation, and the new environment
gets the dependencies through a `.pth` file naming this interpreter's site-packages, so the test
needs neither the network nor a large download.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Not part of a build: environments, caches, earlier builds.
IGNORED = shutil.ignore_patterns(
    ".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
)

pytestmark = pytest.mark.slow


def run(args: list[str | Path], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a command; its output, or a failure that shows it."""
    done = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def build_wheel(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=IGNORED)
    out = tmp_path / "wheel"
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-q",
            "-w",
            out,
            source,
        ],
        cwd=tmp_path,
    )
    (wheel,) = out.glob("clockapp-*.whl")
    return wheel


def fresh_env(folder: Path) -> Path:
    """A virtual environment that sees this interpreter's packages but not the checkout."""
    venv.EnvBuilder(with_pip=False).create(folder)
    scripts = "Scripts" if os.name == "nt" else "bin"
    python = folder / scripts / ("python.exe" if os.name == "nt" else "python")
    site = run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=folder
    ).strip()
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (Path(site) / "_clockapp_test_deps.pth").write_text("\n".join(sorted(ours)) + "\n")
    return python


def clean_env(data: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "CLOCKAPP_RESOURCES", "VIRTUAL_ENV", "PYTHONHOME")
    }
    env.update(QT_QPA_PLATFORM="offscreen", CLOCKAPP_DATA_DIR=str(data))
    return env


def test_the_installed_wheel_passes_its_self_test(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    python = fresh_env(tmp_path / "env")
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            python,
            "install",
            "--no-deps",
            "--no-index",
            "-q",
            wheel,
        ],
        cwd=tmp_path,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    data = tmp_path / "data"
    env = clean_env(data)
    where = run([python, "-c", "import clockapp; print(clockapp.__file__)"], elsewhere, env)
    assert Path(where.strip()).is_relative_to(tmp_path / "env"), where  # the wheel's, not ours
    clockapp = python.parent / ("clockapp.exe" if os.name == "nt" else "clockapp")
    out = run([clockapp, "--self-test"], elsewhere, env)
    assert "self-test: ok" in out
    listed = run([clockapp, "structure", "presets"], elsewhere, env)
    assert listed.strip()
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert run([clockapp, "--version"], elsewhere, env).strip() == f"clockapp {declared['version']}"
    # The compiled catalogs travel in the wheel: the installed app speaks German.
    said = (
        "from clockapp.i18n import gettext, set_language; "
        "set_language('de'); print(gettext('Break'))"
    )
    assert run([python, "-c", said], elsewhere, env).strip() == "Pause"


def test_the_wheel_declares_its_licence_the_pep_639_way(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata,) = (n for n in names if n.endswith(".dist-info/METADATA"))
        headers = archive.read(metadata).decode("utf-8").split("\n\n")[0].splitlines()
    assert "License-Expression: MIT AND OFL-1.1" in headers
    assert not [h for h in headers if h.startswith("License:")]  # the deprecated field
    assert {"License-File: LICENSE", "License-File: clockapp/resources/fonts/OFL.txt"} <= set(
        headers
    )
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
