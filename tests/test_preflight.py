"""`make run` checks the system libraries Qt needs before starting, and names the packages.

A fresh Debian desktop lacked libxcb-icccm4 and libxcb-keysyms1 (and Qt's own hint names
libxcb-cursor0 only); Qt aborted naming one library at a time.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clockapp import preflight

ROOT = Path(__file__).resolve().parents[1]
DESKTOP = {"DISPLAY": ":0"}


def loader(*absent: str):
    """A fake `can_load`: every library loads but those named."""
    return lambda soname: soname not in absent


def test_a_missing_library_is_named_with_its_package_and_fails(capsys) -> None:
    code = preflight.main(
        load=loader("libxcb-icccm.so.4", "libxcb-keysyms.so.1"), platform="linux", env=DESKTOP
    )
    out, err = capsys.readouterr()
    assert code == 1
    assert out == ""
    assert "libxcb-icccm.so.4  (package libxcb-icccm4)" in err
    assert "libxcb-keysyms.so.1  (package libxcb-keysyms1)" in err
    assert "sudo apt install libxcb-icccm4 libxcb-keysyms1\n" in err


def test_all_present_passes_silently(capsys) -> None:
    assert preflight.main(load=loader(), platform="linux", env=DESKTOP) == 0
    assert capsys.readouterr() == ("", "")


def test_a_missing_optional_library_is_a_warning_not_a_failure(capsys) -> None:
    assert preflight.main(load=loader("libpulse.so.0"), platform="linux", env=DESKTOP) == 0
    out, err = capsys.readouterr()
    assert "libpulse0" in out
    assert "sound cues and spoken announcements will be off" in out
    assert err == ""


def test_one_package_for_two_libraries_is_named_once(capsys) -> None:
    code = preflight.main(
        load=loader("libglib-2.0.so.0", "libgthread-2.0.so.0"), platform="linux", env=DESKTOP
    )
    assert code == 1
    assert "sudo apt install libglib2.0-0\n" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("platform", "env"),
    [
        ("linux", {}),  # no display: nothing opens a window
        ("linux", {"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}),
        ("win32", DESKTOP),
        ("darwin", DESKTOP),
    ],
)
def test_it_checks_only_where_it_applies(platform: str, env: dict[str, str]) -> None:
    def never(soname: str) -> bool:
        raise AssertionError(f"{soname} checked where the check does not apply")

    assert preflight.main(load=never, platform=platform, env=env) == 0


def test_the_real_loader_finds_the_c_library() -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("sonames are Linux's")
    assert preflight.can_load("libc.so.6")
    assert not preflight.can_load("libclockapp-does-not-exist.so.1")


def test_it_runs_as_a_script_with_the_standard_library_only() -> None:
    # `make run` calls it with the system's python3 before the virtual environment exists.
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(ROOT / "clockapp" / "preflight.py")],
        env={k: v for k, v in os.environ.items() if k != "DISPLAY"},  # so the check does not apply
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_make_run_checks_before_installing_or_starting() -> None:
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    # Run under `make test` too: the outer make's variables would make this one print
    # "Entering directory" lines and share its jobserver.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    done = subprocess.run(
        [make, "--no-print-directory", "-n", "run", "VENV=/nonexistent-venv"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert "preflight.py" in lines[0]
    assert any("-m clockapp" in line for line in lines[1:])


def test_the_readme_lists_every_package_the_check_knows() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Installing") :]
    section = section[: section.index("\n## ", 1)]
    listed = set(section.replace("\\\n", " ").split())
    wanted = preflight.packages([*preflight.REQUIRED, *preflight.OPTIONAL])
    assert [package for package in wanted if package not in listed] == []
