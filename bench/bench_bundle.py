"""Benchmark: the size of the packaged app's folder (PyInstaller, one folder).

It was 324 MB on Linux when PyInstaller took every Qt plugin with what each links: Qt Quick and
QML, the FFmpeg media backend, Qt PDF, GTK, every translation. The spec now leaves out what the
app never loads (packaging/trim.py: Qt's and Babel's translations but those of the shipped
languages, the modules only tests reach) and the system's own libraries, which preflight checks
the user has (the window system's, libpulse, libcups). This builds the app into a temporary folder
from this checkout (so the figure is this code's, never an old dist/), then prints its size beside
the goal (packaging/bundle_size.py), with the largest parts and files for information: what is
left is mostly what the app loads at start-up (Qt Core with its ICU data, Gui, Widgets, numpy
with the OpenBLAS its core links, Python). It needs PyInstaller (`make package` installs it) and
takes a minute or two of CPU.

Run: `.venv/bin/python bench/bench_bundle.py`
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from goals import exit_code, verdict

ROOT = Path(__file__).resolve().parents[1]


def _bundle_size() -> ModuleType:
    """packaging/bundle_size.py (packaging/ is no Python package: it would hide PyPI's)."""
    path = ROOT / "packaging" / "bundle_size.py"
    spec = importlib.util.spec_from_file_location("bundle_size", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    sizes = _bundle_size()
    with tempfile.TemporaryDirectory(prefix="clockapp-bundle-") as folder:
        dist, work = Path(folder) / "dist", Path(folder) / "build"
        spec = ROOT / "packaging" / "clockapp.spec"
        subprocess.run(
            [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
             "--distpath", str(dist), "--workpath", str(work), str(spec)],
            check=True,
        )  # fmt: skip
        app = dist / "clockapp"
        size = sizes.folder_mb(app)
        parts = sorted(
            ((sizes.folder_mb(p) if p.is_dir() else p.stat().st_size / 2**20, p.name)
             for p in (app / "_internal").iterdir() if not p.is_symlink()),
            reverse=True,
        )  # fmt: skip
        print("largest parts: " + ", ".join(f"{name} {mb:.0f} MB" for mb, name in parts[:6]))
        files = sorted(
            (p.stat().st_size / 2**20, p.name)
            for p in app.rglob("*")
            if p.is_file() and not p.is_symlink()
        )
        print("largest files: " + ", ".join(f"{name} {mb:.0f} MB" for mb, name in files[:-7:-1]))
        ok = size < sizes.GOAL_MB
        print(
            f"packaged app folder on {sys.platform}: {size:.0f} MB"
            f" (goal < {sizes.GOAL_MB} MB): {verdict(ok)}"
        )
    return exit_code([ok])


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    raise SystemExit(main())
