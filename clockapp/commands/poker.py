"""`clockapp hand`, `clockapp odds` and `clockapp pots`: rulings from the command line.

    clockapp hand --board "2s Ah Ac Th Jh" "As Ad" "Kh Qh"      who wins, with what
    clockapp hand "Kh Kd Ks 5c 5d 2s 3h"                         what a 5-7 card hand is
    clockapp odds "As Ad" "Kh Qh" --board "2s Ah Ac"             each hand's chances and outs
    clockapp pots --bets 40,10,40 --ranking "2;3;1" --button 1 --dead 20
                                                                 side pots, odd chips, payouts

Each prints plain text, or JSON with `--json`. Bad input exits with status 2 and a message on
stderr that quotes what could not be used. Players and seats are counted from 1 in text and in
messages, as directors count them (`#2`, `seat 2`); `clockapp pots` takes its seat numbers from 1
too. JSON gives 0-based `index` values (the library's), and for seats also the 1-based `seat`.

The hand tool lives here; `clockapp.commands.odds` and `clockapp.commands.pots` hold the other
two, and `clockapp.commands.poker_common` the shape they share. `odds_main` and `pots_main` are
importable from here too.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, TextIO

from clockapp.commands.odds import odds_main
from clockapp.commands.poker_common import (
    EXIT_BAD_INPUT,
    BadInput,
    card_texts,
    game_type,
    run_tool,
)
from clockapp.commands.pots import pots_main
from clockapp.i18n import gettext as _
from clockapp.poker import Card, Game, HandValue, PokerError, evaluate, format_cards, showdown
from clockapp.poker.showdown import rank_groups

__all__ = ["EXIT_BAD_INPUT", "hand_main", "odds_main", "pots_main"]


# ---------------------------------------------------------------------------------------- hand


def _hand_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clockapp hand",
        description=(
            _(
                "Who wins a showdown and with what. With --board, each "
                "HAND is a player's hole cards (two for Hold'em, four for "
                "Omaha) and the hands are ranked. Without a board, each "
                "HAND is a complete 5-7 card hand. Cards are written like "
                '"As Kd", "AsKd", "10h 9c" or "A♠ K♦".'
            )
        ),
        epilog=_("In --json output, hands, winners and ranking count from 0 in the order given."),
    )
    parser.add_argument("hands", nargs="+", metavar="HAND", help=_('hole cards, e.g. "As Ad"'))
    parser.add_argument("--board", help=_('the board, 3 to 5 cards, e.g. "2s Ah Ac Th Jh"'))
    parser.add_argument(
        "--game", type=game_type, help=_("holdem or omaha (default: omaha when hands have 4 cards)")
    )
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    return parser


def _hand_body(args: argparse.Namespace) -> tuple[tuple[Card, ...], list[Any], str]:
    if args.board is not None:
        result = showdown(args.board, args.hands, args.game)
        holes = [list(hole) for hole in result.hands]
        return result.board, [*zip(holes, result.values, strict=True)], result.game.value
    if args.game == Game.OMAHA.value:
        raise BadInput(_("Omaha hands need --board: two hole cards play with three from the board"))
    pairs = []
    for i, hand in enumerate(args.hands):
        try:
            value = evaluate(hand)
        except PokerError as error:
            raise BadInput(_("hand {number}: {error}").format(number=i + 1, error=error)) from None
        pairs.append((list(value.best_five), value))
    return (), pairs, Game.HOLDEM.value


def _hand_text(result: tuple[tuple[Card, ...], list[Any], str], args: argparse.Namespace) -> str:
    board, pairs, game = result
    values: list[HandValue] = [value for _, value in pairs]
    ranking = rank_groups(values)
    lines = []
    if board:
        name = "Omaha" if game == Game.OMAHA.value else "Hold'em"
        lines.append(_("Board: {cards} ({game})").format(cards=format_cards(board), game=name))
    width = max(len(format_cards(cards)) for cards, _ in pairs)
    describe_width = max(len(v.describe()) for v in values)
    for i, (cards, value) in enumerate(pairs):
        mark = "  " + _("WINS") if i in ranking[0] and len(ranking[0]) == 1 else ""
        mark = "  SPLITS" if i in ranking[0] and len(ranking[0]) > 1 else mark
        lines.append(
            _("  #{number:<2} {cards:<{width}}  {hand:<{hand_width}}  plays {best}{mark}").format(
                number=i + 1,
                cards=format_cards(cards),
                width=width,
                hand=value.describe(),
                hand_width=describe_width,
                best=format_cards(value.best_five),
                mark=mark,
            )
        )
    winners = ", ".join(f"#{i + 1}" for i in ranking[0])
    best = values[ranking[0][0]].describe()
    said = (
        _("Winner: {winners} ({hand})")
        if len(ranking[0]) == 1
        else _("Split pot: {winners} ({hand})")
    )
    lines.append(said.format(winners=winners, hand=best))
    return "\n".join(lines) + "\n"


def _hand_json(result: tuple[tuple[Card, ...], list[Any], str], args: argparse.Namespace) -> Any:
    board, pairs, game = result
    values = [value for _, value in pairs]
    ranking = rank_groups(values)
    return {
        "game": game,
        "board": card_texts(board),
        "hands": [
            {
                "index": i,
                "cards": card_texts(cards),
                "best_five": card_texts(value.best_five),
                "category": value.category.value,
                "description": value.describe(),
                "strength": value.strength,
            }
            for i, (cards, value) in enumerate(pairs)
        ],
        "winners": list(ranking[0]),
        "ranking": [list(group) for group in ranking],
    }


def hand_main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run `clockapp hand ...`; returns the exit status (0, or 2 for bad input)."""
    return run_tool("clockapp hand", _hand_parser(), argv, _hand_body, _hand_text, _hand_json, out)
