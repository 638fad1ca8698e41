"""Every command-line tool cut off by a closed pipe (`clockapp ... | head`) ends quietly.

Real OS processes: the tool writes into a pipe whose reader has gone, as it does after `head`
has read its lines and exited. The net in `clockapp.commands.net.run_guarded` handles this once
for every tool, so each tool is tried here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clockapp.commands import command_names

REPO = Path(__file__).resolve().parents[2]

#: A run of each tool that writes to stdout (a new tool must be added here: see the test below).
RUNS: dict[str, list[str]] = {
    "structure": [
        "structure", "suggest", "--players", "15", "--stack", "1000", "--hours", "5",
        "--level-minutes", "20", "--chips", "5,25,100,500", "--json",
    ],
    "hand": ["hand", "As Ks Qs Js Ts", "2c 3d 4h 5s 7c"],
    "odds": ["odds", "As Ad", "Ks Kc", "--board", "2s 3h 4d"],
    "pots": ["pots", "--bets", "40,10,40", "--ranking", "2;3;1", "--button", "1"],
    "backup": ["backup", "--list"],
    "backups": ["backups"],
    "restore": ["restore", "--help"],
    "web": ["web", "--help"],  # it serves until stopped: its help is what it writes and ends
    "export-tournament": ["export-tournament", "--help"],  # a run needs a database: its help
    "import-tournament": ["import-tournament", "--help"],
}  # fmt: skip


def _env(data_dir: Path) -> dict[str, str]:
    return {**os.environ, "CLOCKAPP_DATA_DIR": str(data_dir), "PYTHONPATH": str(REPO)}


def test_every_tool_has_a_run_here() -> None:
    assert set(RUNS) == set(command_names())


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_tool_writing_into_a_closed_pipe_ends_quietly(name: str, tmp_path: Path) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone: every write fails with EPIPE
    try:
        done = subprocess.run(
            [sys.executable, "-m", "clockapp", *RUNS[name]],
            cwd=REPO,
            env=_env(tmp_path),
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert done.stderr == ""
    assert done.returncode in (0, 1)  # 1: the output was cut off, as Python's docs advise


@pytest.mark.skipif(shutil.which("head") is None, reason="needs the head command")
def test_a_real_pipeline_into_head(tmp_path: Path) -> None:
    """`clockapp structure suggest --json | head -n 1`, spelled as the shell runs it."""
    tool = subprocess.Popen(
        [sys.executable, "-m", "clockapp", *RUNS["structure"]],
        cwd=REPO,
        env=_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert tool.stdout is not None
    assert tool.stderr is not None
    head = subprocess.run(
        ["head", "-n", "1"], stdin=tool.stdout, capture_output=True, timeout=120, check=True
    )
    tool.stdout.close()  # only head holds the read end now, as in a shell pipeline
    errors = tool.stderr.read().decode()
    tool.stderr.close()
    assert tool.wait(timeout=120) in (0, 1)
    assert head.stdout.startswith(b"{")
    assert errors == ""
