"""`clockapp structure suggest` and `clockapp structure presets` from the command line."""

from __future__ import annotations

import io
import itertools
import json

import pytest

from clockapp.__main__ import main as clockapp_main
from clockapp.commands.structure import main
from clockapp.errors import ValidationError
from clockapp.services.app import Services

ISSUE_EXAMPLE = [
    "suggest",
    "--players", "15",
    "--stack", "1000",
    "--hours", "5",
    "--level-minutes", "20",
    "--chips", "5,25,100,500",
    "--rebuys", "3",
]  # fmt: skip


def run(args: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    return main(args, out=out), out.getvalue()


def test_suggest_prints_a_readable_table() -> None:
    code, text = run(ISSUE_EXAMPLE)
    assert code == 0
    lines = text.splitlines()
    assert lines[0] == "Suggested structure: T1,000, 15 players, 20-minute levels, 5h00"
    assert any(line.split()[:2] == ["1", "5/10"] for line in lines)
    assert any("Break 2: 15 min, color up T5 (red)" in line for line in lines)
    # Level 13 ends at 4:50, nearest the 5-hour budget (it was level 14, ending 5:10).
    assert any("400/800" in line and "<- planned last level" in line for line in lines)
    assert "Starting stack: 6 x T100 + 12 x T25 + 20 x T5 = T1,000 (38 chips)" in lines
    assert "Rebuy: 2 x T500 = T1,000" in lines
    assert any(line.strip().startswith("T500 (purple)") for line in lines)


def test_suggest_json() -> None:
    code, text = run([*ISSUE_EXAMPLE, "--json"])
    assert code == 0
    data = json.loads(text)
    assert data["planned_last_level"] == 13
    assert data["total_chips"] == 18_000
    assert data["stack_breakdown"] == [[100, 6], [25, 12], [5, 20]]
    levels = data["structure"]["levels"]
    assert levels[0] == {
        "type": "level",
        "small_blind": 5,
        "big_blind": 10,
        "ante": 0,
        "big_blind_ante": False,
        "minutes": 20,
        "game": "NLHE",
    }
    assert [item["color_up"] for item in levels if item["type"] == "break"] == [[], [5], [25]]
    assert {n["value"]: n["for_rebuys"] for n in data["chips_needed"]}[500] == 6
    assert data["warnings"] == []


def test_coarse_chips_step_up_for_real_and_warn_of_a_thin_stack() -> None:
    """The audit's case: it used to go 7,500/15,000 -> 8,000/16,000 with a 9-chip stack."""
    args = ["suggest", "--players", "20", "--stack", "10000", "--hours", "4"]
    args += ["--level-minutes", "15", "--chips", "500,1000,5000", "--json"]
    code, text = run(args)
    assert code == 0
    data = json.loads(text)
    bigs = [item["big_blind"] for item in data["structure"]["levels"] if item["type"] == "level"]
    planned = data["planned_last_level"]
    assert (15_000, 16_000) not in itertools.pairwise(bigs)
    # Every rise a real step; up to the planned level a level may hold the blinds instead (the
    # hosts' 5% rule before smooth steps), never after it.
    for number, (before, after) in enumerate(itertools.pairwise(bigs), start=2):
        if after == before and number <= planned:
            continue
        assert 5 * after >= 6 * before, bigs
    assert (
        "A starting stack of T10,000 from T500/T1,000/T5,000 chips is only 9 chips; add a "
        "smaller denomination (T100) for a real stack."
    ) in data["warnings"]


def test_owned_chips_give_a_shortfall_report() -> None:
    # A case worth T16,750 for T18,000 in play: no stack can fit, so the report says what is short.
    code, text = run([*ISSUE_EXAMPLE, "--owned", "5=100,25=50,100=50,500=20"])
    assert code == 0
    assert "own 100, SHORT 230" in text
    assert "You need 330 x T5 chips but own 100: 230 short." in text


def test_owned_chips_choose_a_stack_the_case_can_supply() -> None:
    # The handiest stack needed 330 T5 chips of the 300 owned (30 short); another
    # stack of T1,000 fits the case, so nothing is short.
    code, text = run([*ISSUE_EXAMPLE, "--owned", "5=300,25=200,100=100,500=50"])
    assert code == 0
    assert "SHORT" not in text
    assert "short." not in text
    assert "Starting stack: 1 x T500 + 3 x T100 + 6 x T25 + 10 x T5 = T1,000 (20 chips)" in text


def test_through_the_clockapp_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert clockapp_main(["structure", *ISSUE_EXAMPLE, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["planned_last_level"] == 13


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["suggest"], "required"),
        ([*ISSUE_EXAMPLE[:-2], "--rebuys", "-3"], "negative"),
        ([*ISSUE_EXAMPLE, "--hours", "five"], "not a number of hours"),
        ([*ISSUE_EXAMPLE, "--hours", "0"], "not between 0 and 48"),
        ([*ISSUE_EXAMPLE, "--chips", "5,abc"], "'abc' is not a chip value"),
        ([*ISSUE_EXAMPLE, "--chips", ","], "at least one chip value"),
        ([*ISSUE_EXAMPLE, "--owned", "1000=5"], "not in --chips"),
        ([*ISSUE_EXAMPLE, "--owned", "5=many"], "not VALUE=COUNT"),
        ([*ISSUE_EXAMPLE, "--players", "1"], "Players must be a whole number 2 or more"),
        ([*ISSUE_EXAMPLE, "--stack", "1003"], "cannot be made"),
        ([*ISSUE_EXAMPLE, "--extra-levels", "9"], "between 3 and 5"),
        ([*ISSUE_EXAMPLE, "--ante-style", "sometimes"], "invalid choice"),
        (["explode"], "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = run(args)
    assert code == 2
    assert text == ""
    assert message in capsys.readouterr().err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["suggest", "--help"])[0] == 0
    assert "--level-minutes" in capsys.readouterr().out


def test_presets_listing() -> None:
    code, text = run(["presets"])
    assert code == 0
    assert text.splitlines()[0].startswith("home-classic-t300")
    code, text = run(["presets", "--json"])
    data = json.loads(text)
    assert {p["category"] for p in data} == {"home", "turbo", "regular", "deep"}
    assert {p["starting_stack"] for p in data} >= {300, 1000, 20_000}


def test_a_billion_owned_chips_answer_at_once() -> None:
    # The fitting once counted a case down one chip at a time: a billion chips took seconds.
    code, text = run(["suggest", *ISSUE_EXAMPLE[1:], "--owned", "5=1000000000"])
    assert code == 0
    assert "own 1,000,000,000" in text


def test_an_astronomical_owned_count_is_refused_naming_the_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # This count once kept the command running for ever.
    code, text = run([*ISSUE_EXAMPLE, "--owned", "5=99999999999999999999"])
    assert code == 2
    assert text == ""
    error = capsys.readouterr().err
    assert "--owned: '5=99999999999999999999'" in error
    assert "at most 1,000,000,000" in error


def test_every_preset_listed_can_be_used_by_the_key_shown(services: Services) -> None:
    code, text = run(["presets"])
    assert code == 0
    keys = [line.split()[0] for line in text.splitlines()]
    assert "turbo-t5000" in keys
    for key in keys:
        assert services.structure.preset_info(key).key == key
    # The file's own spelling still works.
    assert services.structure.preset_info("turbo_t5000").key == "turbo-t5000"
    with pytest.raises(ValidationError, match="`clockapp structure presets` lists them"):
        services.structure.preset_info("turbo-t9999")
