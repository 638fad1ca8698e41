"""`clockapp odds`: each hand's chance to win, tie and its share of the pot, with the outs.

    clockapp odds "As Ad" "Kh Qh" --board "2s Ah Ac"
    clockapp odds "As Ad Kc Qd" "Kh Qh Jh Th" --exact

Exact over every remaining board when feasible (Omaha up to four hands preflop), else a seeded
Monte Carlo with its margin of error; `--exact` counts every board whatever the default.
Prints plain text, or JSON with `--json`; bad input exits with status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, TextIO

from clockapp import formats
from clockapp.commands.poker_common import card_texts, game_type, run_tool, whole_number
from clockapp.i18n import gettext as _
from clockapp.poker import Equity, Game, format_cards
from clockapp.poker import equity as compute_equity
from clockapp.poker.equity import MAX_SAMPLES

# ---------------------------------------------------------------------------------------- odds


def _odds_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clockapp odds",
        description=(
            _(
                "Each hand's chance to win, tie, and its expected share of "
                "the pot, with the outs on the flop and turn. Exact (every "
                "remaining board) when feasible; otherwise a seeded Monte "
                "Carlo with its 95% margin of error (Omaha preflop with "
                "five or more hands), unless --exact."
            )
        ),
        epilog=_(
            "Outs: cards that would put a hand ahead (or give it a share) on the next street."
        ),
    )
    parser.add_argument("hands", nargs="+", metavar="HAND", help=_('hole cards, e.g. "As Ad"'))
    parser.add_argument("--board", default="", help=_('the board so far, e.g. "2s Ah Ac"'))
    parser.add_argument("--dead", default="", help=_("cards known to be out of play"))
    parser.add_argument(
        "--game", type=game_type, help=_("holdem or omaha (default: omaha when hands have 4 cards)")
    )
    how = parser.add_mutually_exclusive_group()
    how.add_argument(
        "--exact",
        action="store_true",
        help=_("count every remaining board, even where a Monte Carlo run is the default"),
    )
    how.add_argument(
        "--samples",
        type=whole_number,
        help=_(
            "force a Monte Carlo run over this many random boards (at most {max_samples})"
        ).format(max_samples=formats.number(MAX_SAMPLES)),
    )
    parser.add_argument(
        "--seed", type=whole_number, default=0, help=_("Monte Carlo seed, 0 or more (default 0)")
    )
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    return parser


def _odds_body(args: argparse.Namespace) -> Equity:
    return compute_equity(
        args.hands,
        board=args.board,
        dead=args.dead,
        game=args.game,
        samples=args.samples,
        seed=args.seed,
        exact=args.exact,
    )


def _percent(value: float) -> str:
    return f"{100 * value:6.2f}%"


def _odds_text(result: Equity, args: argparse.Namespace) -> str:
    lines = []
    name = "Omaha" if result.game is Game.OMAHA else "Hold'em"
    board = format_cards(result.board) if result.board else "(none yet)"
    lines.append(
        f"Board: {board} ({name})" + (f"; dead: {format_cards(result.dead)}" if result.dead else "")
    )
    if result.exact:
        lines.append(
            _("Exact: every one of {boards} boards counted.").format(
                boards=formats.number(result.boards)
            )
        )
    else:
        lines.append(
            _(
                "Monte Carlo: {boards} random boards, seed {seed}; ± is the 95% margin of error."
            ).format(boards=formats.number(result.boards), seed=result.seed)
        )
    width = max(len(format_cards(h.cards)) for h in result)
    for i, hand in enumerate(result):
        margin = "" if result.exact else f" ±{100 * hand.margin:.2f}%"
        text = (
            f"  #{i + 1:<2} {format_cards(hand.cards):<{width}}  win {_percent(hand.win)}  "
            f"tie {_percent(hand.tie)}  share {_percent(hand.share)}{margin}"
        )
        if hand.outs:
            text += f"  outs ({len(hand.outs)}): {format_cards(hand.outs)}"
        lines.append(text)
    return "\n".join(lines) + "\n"


def _odds_json(result: Equity, args: argparse.Namespace) -> Any:
    return {
        "game": result.game.value,
        "board": card_texts(result.board),
        "dead": card_texts(result.dead),
        "exact": result.exact,
        "boards": result.boards,
        "seed": result.seed,
        "hands": [
            {
                "index": i,
                "cards": card_texts(hand.cards),
                "win": hand.win,
                "tie": hand.tie,
                "share": hand.share,
                "wins": hand.wins,
                "ties": hand.ties,
                "margin": hand.margin,
                "outs": card_texts(hand.outs),
            }
            for i, hand in enumerate(result)
        ],
    }


def odds_main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run `clockapp odds ...`; returns the exit status (0, or 2 for bad input)."""
    return run_tool("clockapp odds", _odds_parser(), argv, _odds_body, _odds_text, _odds_json, out)
