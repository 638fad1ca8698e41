"""The command line's net: one clear line and a non-zero status for any error, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from clockapp.__main__ import main as clockapp_main
from clockapp.logs import LOG_FILE_NAME

REPO = Path(__file__).resolve().parents[2]
SUGGEST = [
    "structure", "suggest", "--players", "15", "--stack", "1000", "--hours", "5",
    "--level-minutes", "20", "--chips", "5,25,100,500",
]  # fmt: skip


def _clockapp(
    args: list[str], data_dir: Path, **kwargs: object
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CLOCKAPP_DATA_DIR": str(data_dir), "PYTHONPATH": str(REPO)}
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "clockapp", *args],
        cwd=REPO,
        env=env,
        text=True,
        stderr=subprocess.PIPE,
        timeout=60,
        check=False,
        **kwargs,
    )


def test_output_cut_off_by_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """`clockapp structure suggest --json | head`: the reader has gone before the tool writes."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `head` having exited: every write now fails with EPIPE
    try:
        done = _clockapp([*SUGGEST, "--json"], tmp_path, stdout=write_end)
    finally:
        os.close(write_end)
    assert "Traceback" not in done.stderr
    assert "BrokenPipeError" not in done.stderr
    assert done.stderr == ""


def test_an_unexpected_error_is_one_line_and_a_log_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import clockapp.commands.structure as structure_cli

    def broken(*args: object, **kwargs: object) -> object:
        raise OSError(28, "No space left on device")

    monkeypatch.setenv("CLOCKAPP_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(structure_cli, "suggest_structure", broken)
    assert clockapp_main(SUGGEST) == 1
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    log = tmp_path / "logs" / LOG_FILE_NAME
    assert lines[0] == (
        "clockapp structure: error: Something went wrong: OSError: [Errno 28] No space left on "
        f"device. Details were written to {log.resolve()}."
    )
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "No space left on device" in text
    assert "broken" in text  # the frame that raised


def test_the_apps_own_error_leaking_from_a_tool_is_its_message(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from clockapp.commands import poker as poker_cli
    from clockapp.poker import PokerError

    def refuse(*args: object) -> object:
        raise PokerError("the deck is short")

    monkeypatch.setattr(poker_cli, "_hand_text", refuse)
    assert clockapp_main(["hand", "Kh Kd Ks 5c 5d"]) == 2
    assert capsys.readouterr().err == "clockapp hand: error: the deck is short\n"


def test_odds_samples_are_capped_and_the_help_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert clockapp_main(["odds", "As Ad", "Kh Qh", "--samples", "1000000000000"]) == 2
    err = capsys.readouterr().err
    assert "1,000,000" in err
    assert len(err.splitlines()) == 1
    assert clockapp_main(["odds", "--help"]) == 0
    assert "at most 1,000,000" in " ".join(capsys.readouterr().out.split())


def test_odds_refuses_a_negative_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert clockapp_main(["odds", "As Ad", "Kh Qh", "--samples", "10", "--seed", "-1"]) == 2
    assert "seed" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9" * 40], "Players must be at most"),
        (["--stack", "9" * 40], "Starting stack must be at most"),
        (["--level-minutes", "9" * 40], "Level length"),
        (["--chips", "5," + "9" * 40], "Chip value"),
        (["--rebuys", "9" * 40], "Rebuys must be at most"),
        (["--break-every", "9" * 40], "Break interval"),
    ],
)
def test_huge_numbers_in_structure_suggest_are_refused_clearly(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    base = dict(zip(SUGGEST[2::2], SUGGEST[3::2], strict=True))
    base.update(zip(args[::2], args[1::2], strict=True))
    argv = ["structure", "suggest", *[part for item in base.items() for part in item]]
    assert clockapp_main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.splitlines()) == 1


def test_long_nights_of_short_levels_give_a_structure(capsys: pytest.CaptureFixture[str]) -> None:
    """One of the 300 of 3,000 inputs that raised an OverflowError traceback."""
    argv = [*SUGGEST[:2], "--players", "10", "--stack", "10000", "--hours", "30"]
    argv += ["--level-minutes", "1", "--chips", "5,25,100,500"]
    assert clockapp_main(argv) == 0
    out = capsys.readouterr().out
    assert "more levels than the chips can use" in " ".join(out.split())
