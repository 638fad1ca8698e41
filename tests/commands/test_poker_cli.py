"""`clockapp hand`, `clockapp odds` and `clockapp pots` from the command line."""

from __future__ import annotations

import json

import pytest

from clockapp.__main__ import main as clockapp_main
from clockapp.commands.poker import hand_main, odds_main, pots_main

# Seats count from 1, as directors count them: Bob (seat 2) best, then Cindy (seat 3).
ISSUE_POTS = ["--bets", "40,10,40", "--folded", "0,0,0", "--ranking", "2;3;1", "--button", "1"]
ISSUE_POTS += ["--dead", "20", "--chip", "1"]


def test_hand_showdown_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert hand_main(["--board", "2s Ah Ac Th Jh", "As Ad", "Kh Qh"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Board: 2s Ah Ac Th Jh (Hold'em)"
    assert "Four of a kind, aces with a jack kicker" in lines[1]
    assert "plays As Ad Ah Ac Jh" in lines[1]
    assert "Royal flush" in lines[2]
    assert lines[2].endswith("plays Ah Kh Qh Jh Th  WINS")
    assert lines[3] == "Winner: #2 (Royal flush)"


def test_hand_showdown_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert hand_main(["--board", "2s Ah Ac Th Jh", "As Ad", "Kh Qh", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "holdem"
    assert data["board"] == ["2s", "Ah", "Ac", "Th", "Jh"]
    assert data["winners"] == [1]
    assert data["ranking"] == [[1], [0]]
    assert data["hands"][1] == {
        "index": 1,
        "cards": ["Kh", "Qh"],
        "best_five": ["Ah", "Kh", "Qh", "Jh", "Th"],
        "category": "straight flush",
        "description": "Royal flush",
        "strength": 7462,
    }


def test_hand_split_pot_and_omaha(capsys: pytest.CaptureFixture[str]) -> None:
    assert hand_main(["--board", "Ks Kd 8c 8h 4s", "4d 2c", "3d 2s"]) == 0
    out = capsys.readouterr().out
    assert "Split pot: #1, #2 (Two pair, kings and eights with a four kicker)" in out
    assert hand_main(["--board", "Kh Qh Jh Th 3c", "Ah 7c 7d 2s", "9h 8h 4c 4d"]) == 0
    out = capsys.readouterr().out
    assert "(Omaha)" in out
    assert "Winner: #2 (Straight flush, queen high)" in out


def test_hand_without_a_board_evaluates_whole_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert hand_main(["Kh Kd Ks 5c 5d 2s 3h", "Ah Ad 9c 9s Qd 4h 2c", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [h["description"] for h in data["hands"]] == [
        "Full house, kings full of fives",
        "Two pair, aces and nines with a queen kicker",
    ]
    assert data["winners"] == [0]


def test_odds_text_with_outs(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_main(["As Kd", "Qh Qc", "--board", "2s 7h 9c"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Board: 2s 7h 9c (Hold'em)"
    assert lines[1] == "Exact: every one of 990 boards counted."
    assert "share  23.94%" in lines[2]
    assert lines[2].endswith("outs (6): Ks Kh Kc Ah Ad Ac")
    assert "share  76.06%" in lines[3]


def test_odds_issue_example_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_main(["As Ad", "Kh Qh", "--board", "2s Ah Ac", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is True
    assert data["boards"] == 990
    assert data["seed"] is None
    assert data["hands"][0]["wins"] == 989
    assert data["hands"][0]["share"] + data["hands"][1]["share"] == pytest.approx(1.0)


def test_odds_monte_carlo_states_its_margin(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_main(["As Ad Kc Qd", "Kh Qh Jh Th", "--samples", "5000", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "Monte Carlo: 5,000 random boards, seed 7" in out
    assert "±" in out
    assert odds_main(["As Ad Kc Qd", "Kh Qh Jh Th", "--samples", "5000", "--seed", "7"]) == 0
    assert capsys.readouterr().out == out


def test_odds_omaha_preflop_is_exact_up_to_four_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_main(["As Ad Kc Qd", "Kh Qh Jh Th"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Board: (none yet) (Omaha)"
    assert lines[1] == "Exact: every one of 1,086,008 boards counted."
    assert "±" not in "".join(lines)


FIVE_OMAHA = ["As Ad Kc Qd", "Kh Qh Jh Th", "9c 9d 8h 7h", "2s 3s 4c 5c", "6d 6h 7s 8s"]


def test_odds_exact_counts_what_would_be_sampled(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_main(FIVE_OMAHA) == 0
    sampled = capsys.readouterr().out
    assert "Monte Carlo: 60,000 random boards, seed 0" in sampled
    assert "±" in sampled
    assert odds_main([*FIVE_OMAHA, "--exact", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is True
    assert data["boards"] == 201_376
    assert all(hand["margin"] == 0 for hand in data["hands"])


def test_odds_exact_and_samples_are_refused_together(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_main(["As Ad", "Kh Qh", "--exact", "--samples", "100"]) == 2
    err = capsys.readouterr().err
    assert "--samples: not allowed with argument --exact" in err


def test_pots_issue_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert pots_main(ISSUE_POTS) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "Main pot: 50  eligible: seat 1, seat 2, seat 3  ->  seat 2 50",
        "Side pot 1: 60  eligible: seat 1, seat 3  ->  seat 3 60",
        "Payouts: seat 1 0, seat 2 50, seat 3 60",
        "Total: 110",
    ]


def test_pots_text_counts_seats_from_1_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    # Seat 1 bets 100, seat 2 is all in for 30, seat 3 calls 60: 40 of seat 1's bet is
    # uncalled; seat 2 wins the main pot, seat 3 the side pot.
    args = ["--bets", "100,30,60", "--ranking", "2;3;1", "--button", "3"]
    assert pots_main(args) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Uncalled bet: 40 back to seat 1",
        "Main pot: 90  eligible: seat 1, seat 2, seat 3  ->  seat 2 90",
        "Side pot 1: 60  eligible: seat 1, seat 3  ->  seat 3 60",
        "Payouts: seat 1 40, seat 2 90, seat 3 60",
        "Total: 190",
    ]


def test_pots_odd_chip_goes_left_of_the_button_counted_from_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seats 2 and 3 split 85 in T5 chips: the odd T5 goes to the first of them left of the
    # button. With the button on seat 2, that is seat 3; with it on seat 1, seat 2.
    args = ["--bets", "25,25,25,10", "--folded", "0,0,0,1", "--ranking", "2,3;1", "--chip", "5"]
    assert pots_main([*args, "--button", "2"]) == 0
    assert "seat 3 45*, seat 2 40" in capsys.readouterr().out
    assert pots_main([*args, "--button", "1"]) == 0
    assert "seat 2 45*, seat 3 40" in capsys.readouterr().out


def test_pots_json_gives_seats_from_1_and_indexes_from_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--bets", "25,25,25,10", "--folded", "0,0,0,1", "--ranking", "2,3;1"]
    assert pots_main([*args, "--button", "1", "--chip", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "seats": [
            {"seat": 1, "index": 0, "name": None, "bet": 25, "folded": False, "takes": 0},
            {"seat": 2, "index": 1, "name": None, "bet": 25, "folded": False, "takes": 45},
            {"seat": 3, "index": 2, "name": None, "bet": 25, "folded": False, "takes": 40},
            {"seat": 4, "index": 3, "name": None, "bet": 10, "folded": True, "takes": 0},
        ],
        "button": {"seat": 1, "index": 0},
        "uncalled": None,
        "pots": [
            {
                "name": "Main pot",
                "amount": 85,
                "eligible": [
                    {"seat": 1, "index": 0},
                    {"seat": 2, "index": 1},
                    {"seat": 3, "index": 2},
                ],
                "winners": [{"seat": 2, "index": 1}, {"seat": 3, "index": 2}],
                "shares": [
                    {"seat": 2, "index": 1, "amount": 45, "odd_chip": 5},
                    {"seat": 3, "index": 2, "amount": 40, "odd_chip": 0},
                ],
            }
        ],
        "payouts": [0, 45, 40, 0],
        "total": 85,
    }


def test_pots_json_uncalled_bet_and_names(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--bets", "100,30,60", "--button", "1", "--names", "Ann,Bo,Cy", "--json"]
    assert pots_main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["uncalled"] == {"seat": 1, "index": 0, "amount": 40}
    assert [s["name"] for s in data["seats"]] == ["Ann", "Bo", "Cy"]
    assert [pot["winners"] for pot in data["pots"]] == [[], []]  # no --ranking: not awarded


def test_pots_names_and_unawarded_pots(capsys: pytest.CaptureFixture[str]) -> None:
    assert pots_main(["--bets", "100,30,60", "--button", "1", "--names", "Ann,Bo,Cy"]) == 0
    out = capsys.readouterr().out
    assert "Uncalled bet: 40 back to Ann" in out
    assert "Side pot 1: 60  eligible: Ann, Cy" in out
    assert "No --ranking given: the pots are not awarded." in out


def test_pots_help_documents_the_syntax(capsys: pytest.CaptureFixture[str]) -> None:
    assert pots_main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "Seats are numbered from 1" in out
    assert '--ranking "2;3;1"' in out
    assert "tied seats in a" in out
    # The JSON's two ways of naming a seat are explained.
    assert '"seat" counts from 1' in out
    assert '"index" from 0' in out


POTS = ["--bets", "40,10,40", "--folded", "0,1,0"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--button", "5"], "--button 5: there is no seat 5; the seats are 1 to 3"),
        (["--button", "0"], "--button 0: there is no seat 0; the seats are 1 to 3"),
        (["--button", "1", "--ranking", "1;4"], "--ranking names seat 4, but the seats are 1 to 3"),
        (["--button", "1", "--ranking", "0;1;3"], "--ranking names seat 0, but the seats are 1"),
        (["--button", "1", "--ranking", "1;2;3"], "--ranking names seat 2, which folded"),
        (["--button", "1", "--ranking", "1,1;3"], "--ranking names seat 1 twice"),
        (["--button", "1", "--ranking", "3"], "--ranking leaves out seat(s) 1, still in the hand"),
    ],
)
def test_pots_errors_name_seats_from_1(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert pots_main([*POTS, *argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("tool", "argv", "message"),
    [
        (hand_main, ["--board", "2s Ah Ac Th Jh", "As Ad", "Kh Qx"], '"Qx" in "Kh Qx"'),
        (hand_main, ["--board", "2s Ah Ac Th Jh", "As Ad", "Ah Qh"], '"Ah" is on the board'),
        (hand_main, ["As Ad Kc"], "hand 1: a hand has 5, 6 or 7 cards, not 3"),
        (hand_main, ["--game", "stud", "As Ad"], "'stud' is not a game"),
        (hand_main, ["--game", "omaha", "As Ad Kd Kc Qs"], "Omaha hands need --board"),
        (odds_main, ["As Ad", "Kh Qh", "--board", "2s Ah Zc"], '"Zc" in "2s Ah Zc"'),
        (odds_main, ["As Ad"], "at least two hands"),
        (odds_main, ["As Ad", "Kh Qh", "--samples", "many"], "'many' is not a whole number"),
        (pots_main, ["--bets", "40,x,40", "--button", "1"], "--bets: 'x' is not a whole number"),
        (pots_main, ["--bets", "40,10", "--folded", "0,maybe", "--button", "1"], "'maybe'"),
        (pots_main, ["--bets", "40,10", "--folded", "0", "--button", "1"], "1 flags"),
        (pots_main, ["--bets", "40,10", "--ranking", "1;z", "--button", "1"], "'z' is not a seat"),
        (pots_main, ["--bets", "40,-10", "--button", "1"], "seat 2's bet -10 is negative"),
        (pots_main, ["--bets", "40,10", "--button", "1", "--names", "A"], "--names has 1"),
        (pots_main, ["--bets", "40,10"], "--button"),
    ],
)
def test_bad_input_exits_2_naming_the_offending_text(
    capsys: pytest.CaptureFixture[str], tool: object, argv: list[str], message: str
) -> None:
    assert callable(tool)
    assert tool(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""


def test_the_clockapp_command_dispatches_to_the_tools(capsys: pytest.CaptureFixture[str]) -> None:
    assert clockapp_main(["pots", *ISSUE_POTS, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["payouts"] == [0, 50, 60]
    assert clockapp_main(["hand", "--board", "2s Ah Ac Th Jh", "As Ad", "Kh Qh", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == [1]
    assert clockapp_main(["odds", "As Ad", "Kh Qh", "--board", "2s Ah Ac Th"]) == 0
    assert "Exact: every one of 44 boards counted." in capsys.readouterr().out
