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
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from clockapp.poker import (
    Card,
    Equity,
    Game,
    HandValue,
    PokerError,
    Settlement,
    evaluate,
    format_cards,
    settle,
    showdown,
)
from clockapp.poker import equity as compute_equity
from clockapp.poker.equity import MAX_SAMPLES
from clockapp.poker.showdown import rank_groups

EXIT_BAD_INPUT = 2


class _BadInput(Exception):
    """An argument that cannot be understood; the message is shown to the user."""


def _run(
    prog: str,
    parser: argparse.ArgumentParser,
    argv: Sequence[str] | None,
    body: Callable[[argparse.Namespace], Any],
    render: Callable[[Any, argparse.Namespace], str],
    to_json: Callable[[Any, argparse.Namespace], Any],
    out: TextIO | None,
) -> int:
    """Parse, compute, print: the shape shared by the three tools."""
    stream = out if out is not None else sys.stdout
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exit_:  # argparse has printed the usage and the problem
        return exit_.code if isinstance(exit_.code, int) else EXIT_BAD_INPUT
    try:
        result = body(args)
    except (_BadInput, PokerError) as error:
        print(f"{prog}: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        json.dump(to_json(result, args), stream, indent=2, ensure_ascii=False)
        stream.write("\n")
    else:
        stream.write(render(result, args))
    return 0


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _game(text: str) -> str:
    value = text.lower().replace("'", "").replace("-", "").replace(" ", "")
    if value in ("holdem", "nlhe", "texasholdem"):
        return Game.HOLDEM.value
    if value in ("omaha", "plo"):
        return Game.OMAHA.value
    raise argparse.ArgumentTypeError(f"{text!r} is not a game (use holdem or omaha)")


# ---------------------------------------------------------------------------------------- hand


def _hand_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clockapp hand",
        description=(
            "Who wins a showdown and with what. With --board, each HAND is a player's hole "
            "cards (two for Hold'em, four for Omaha) and the hands are ranked. Without a "
            "board, each HAND is a complete 5-7 card hand. Cards are written like "
            '"As Kd", "AsKd", "10h 9c" or "A♠ K♦".'
        ),
        epilog="In --json output, hands, winners and ranking count from 0 in the order given.",
    )
    parser.add_argument("hands", nargs="+", metavar="HAND", help='hole cards, e.g. "As Ad"')
    parser.add_argument("--board", help='the board, 3 to 5 cards, e.g. "2s Ah Ac Th Jh"')
    parser.add_argument(
        "--game", type=_game, help="holdem or omaha (default: omaha when hands have 4 cards)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def _hand_body(args: argparse.Namespace) -> tuple[tuple[Card, ...], list[Any], str]:
    if args.board is not None:
        result = showdown(args.board, args.hands, args.game)
        holes = [list(hole) for hole in result.hands]
        return result.board, [*zip(holes, result.values, strict=True)], result.game.value
    if args.game == Game.OMAHA.value:
        raise _BadInput("Omaha hands need --board: two hole cards play with three from the board")
    pairs = []
    for i, hand in enumerate(args.hands):
        try:
            value = evaluate(hand)
        except PokerError as error:
            raise _BadInput(f"hand {i + 1}: {error}") from None
        pairs.append((list(value.best_five), value))
    return (), pairs, Game.HOLDEM.value


def _hand_text(result: tuple[tuple[Card, ...], list[Any], str], args: argparse.Namespace) -> str:
    board, pairs, game = result
    values: list[HandValue] = [value for _, value in pairs]
    ranking = rank_groups(values)
    lines = []
    if board:
        name = "Omaha" if game == Game.OMAHA.value else "Hold'em"
        lines.append(f"Board: {format_cards(board)} ({name})")
    width = max(len(format_cards(cards)) for cards, _ in pairs)
    describe_width = max(len(v.describe()) for v in values)
    for i, (cards, value) in enumerate(pairs):
        mark = "  WINS" if i in ranking[0] and len(ranking[0]) == 1 else ""
        mark = "  SPLITS" if i in ranking[0] and len(ranking[0]) > 1 else mark
        lines.append(
            f"  #{i + 1:<2} {format_cards(cards):<{width}}  {value.describe():<{describe_width}}"
            f"  plays {format_cards(value.best_five)}{mark}"
        )
    winners = ", ".join(f"#{i + 1}" for i in ranking[0])
    best = values[ranking[0][0]].describe()
    verb = "Winner" if len(ranking[0]) == 1 else "Split pot"
    lines.append(f"{verb}: {winners} ({best})")
    return "\n".join(lines) + "\n"


def _hand_json(result: tuple[tuple[Card, ...], list[Any], str], args: argparse.Namespace) -> Any:
    board, pairs, game = result
    values = [value for _, value in pairs]
    ranking = rank_groups(values)
    return {
        "game": game,
        "board": _cards(board),
        "hands": [
            {
                "index": i,
                "cards": _cards(cards),
                "best_five": _cards(value.best_five),
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
    return _run("clockapp hand", _hand_parser(), argv, _hand_body, _hand_text, _hand_json, out)


# ---------------------------------------------------------------------------------------- odds


def _whole(text: str) -> int:
    try:
        return int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _odds_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clockapp odds",
        description=(
            "Each hand's chance to win, tie, and its expected share of the pot, with the outs "
            "on the flop and turn. Exact (every remaining board) when feasible; otherwise a "
            "seeded Monte Carlo with its 95% margin of error (Omaha preflop)."
        ),
        epilog="Outs: cards that would put a hand ahead (or give it a share) on the next street.",
    )
    parser.add_argument("hands", nargs="+", metavar="HAND", help='hole cards, e.g. "As Ad"')
    parser.add_argument("--board", default="", help='the board so far, e.g. "2s Ah Ac"')
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    parser.add_argument(
        "--game", type=_game, help="holdem or omaha (default: omaha when hands have 4 cards)"
    )
    parser.add_argument(
        "--samples",
        type=_whole,
        help=f"force a Monte Carlo run over this many random boards (at most {MAX_SAMPLES:,})",
    )
    parser.add_argument(
        "--seed", type=_whole, default=0, help="Monte Carlo seed, 0 or more (default 0)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def _odds_body(args: argparse.Namespace) -> Equity:
    return compute_equity(
        args.hands,
        board=args.board,
        dead=args.dead,
        game=args.game,
        samples=args.samples,
        seed=args.seed,
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
        lines.append(f"Exact: every one of {result.boards:,} boards counted.")
    else:
        lines.append(
            f"Monte Carlo: {result.boards:,} random boards, seed {result.seed}; "
            "± is the 95% margin of error."
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
        "board": _cards(result.board),
        "dead": _cards(result.dead),
        "exact": result.exact,
        "boards": result.boards,
        "seed": result.seed,
        "hands": [
            {
                "index": i,
                "cards": _cards(hand.cards),
                "win": hand.win,
                "tie": hand.tie,
                "share": hand.share,
                "wins": hand.wins,
                "ties": hand.ties,
                "margin": hand.margin,
                "outs": _cards(hand.outs),
            }
            for i, hand in enumerate(result)
        ],
    }


def odds_main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run `clockapp odds ...`; returns the exit status (0, or 2 for bad input)."""
    return _run("clockapp odds", _odds_parser(), argv, _odds_body, _odds_text, _odds_json, out)


# ---------------------------------------------------------------------------------------- pots

_POTS_HELP = """\
Seats are numbered from 1 in clockwise order, in the order of --bets, as directors count them.

  --bets 40,10,40        what each seat put in this hand (all streets), by seat
  --folded 0,1,0         1 (or y/yes/true/x) for each seat that folded; default: nobody
  --ranking "2;3;1"      the showdown, best first: groups separated by ";", tied seats in a
                         group by "," (e.g. "2,3;1" = seats 2 and 3 split, then seat 1).
                         Every seat still in must appear. Leave it out to see the pots only.
  --button 1             the seat with the dealer button (odd chips go left of it first)
  --dead 20              chips in the middle from no seat (antes, a dead blind): main pot
  --chip 5               the smallest chip in play: pots are split in units of it
  --names A,B,C          names to show instead of seat numbers

Example (the rulings window's worked example): $20 dead money; Alice bets 40, Bob is all in
for 10, Cindy calls; Bob has the best hand, then Cindy:
  clockapp pots --bets 40,10,40 --ranking "2;3;1" --button 1 --dead 20 --names Alice,Bob,Cindy

In --json output every seat is given twice: "seat" counts from 1 as above, "index" from 0 (the
position in --bets, as the clockapp.poker library counts). "seats" lists each seat's bet, fold
and take; "payouts" is each seat's take as a list in --bets order.
"""


def _pots_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clockapp pots",
        description="Settle a hand's chips: uncalled bet, main and side pots, odd chips, payouts.",
        epilog=_POTS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--bets", required=True, help="each seat's chips in, e.g. 40,10,40")
    parser.add_argument("--folded", help="fold flags by seat, e.g. 0,1,0 (default: none)")
    parser.add_argument(
        "--ranking", help='seats from 1, groups best first, e.g. "2;3;1" or "2,3;1"'
    )
    parser.add_argument("--button", type=_whole, required=True, help="the button's seat (from 1)")
    parser.add_argument("--dead", type=_whole, default=0, help="dead money (default 0)")
    parser.add_argument("--chip", type=_whole, default=1, help="smallest chip in play (default 1)")
    parser.add_argument("--names", help="seat names, e.g. Alice,Bob,Cindy")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


_YES = {"1", "y", "yes", "true", "folded", "x"}
_NO = {"0", "n", "no", "false", "", "-", "in"}


def _split_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",")]


def _parse_bets(text: str) -> list[int]:
    bets = []
    for seat, part in enumerate(_split_list(text), start=1):
        try:
            bet = int(part.replace("_", ""))
        except ValueError:
            raise _BadInput(f"--bets: {part!r} is not a whole number of chips") from None
        if bet < 0:
            raise _BadInput(f"--bets: seat {seat}'s bet {bet} is negative")
        bets.append(bet)
    return bets


def _parse_folded(text: str | None, seats: int) -> list[bool]:
    if text is None:
        return [False] * seats
    flags = []
    for part in _split_list(text):
        if part.lower() in _YES:
            flags.append(True)
        elif part.lower() in _NO:
            flags.append(False)
        else:
            raise _BadInput(f"--folded: {part!r} is not 0 or 1 (1 means the seat folded)")
    if len(flags) != seats:
        raise _BadInput(f"--folded has {len(flags)} flags but --bets has {seats} seats")
    return flags


def _parse_ranking(text: str | None) -> list[list[int]] | None:
    """The groups as the user wrote them: seat numbers from 1."""
    if text is None:
        return None
    groups = []
    for group_text in text.replace(">", ";").split(";"):
        if not group_text.strip():
            continue
        group = []
        for part in _split_list(group_text):
            try:
                group.append(int(part))
            except ValueError:
                raise _BadInput(
                    f'--ranking: {part!r} is not a seat number (write e.g. "2;3;1" or "2,3;1")'
                ) from None
        groups.append(group)
    return groups


def _seat_range(seats: int) -> str:
    return f"the seats are 1 to {seats}" if seats > 1 else "the only seat is 1"


def _check_seats(button: int, ranking: list[list[int]] | None, folded: list[bool]) -> None:
    """Refuse seat numbers the hand does not have, naming them as the user counts (from 1).

    The library checks the same things, but counts seats from 0 in its messages.
    """
    seats = len(folded)
    if not 1 <= button <= seats:
        raise _BadInput(f"--button {button}: there is no seat {button}; {_seat_range(seats)}")
    if ranking is None:
        return
    ranked: list[int] = []
    for group in ranking:
        for seat in group:
            if not 1 <= seat <= seats:
                raise _BadInput(f"--ranking names seat {seat}, but {_seat_range(seats)}")
            if folded[seat - 1]:
                raise _BadInput(f"--ranking names seat {seat}, which folded")
            if seat in ranked:
                raise _BadInput(f"--ranking names seat {seat} twice")
            ranked.append(seat)
    missing = [seat for seat in range(1, seats + 1) if not folded[seat - 1] and seat not in ranked]
    if missing:
        names = ", ".join(str(s) for s in missing)
        raise _BadInput(f"--ranking leaves out seat(s) {names}, still in the hand")


@dataclass(frozen=True)
class _Pots:
    """A settled hand with what the user entered, for the text and JSON output."""

    settlement: Settlement
    bets: list[int]
    folded: list[bool]
    names: list[str] | None


def _pots_body(args: argparse.Namespace) -> _Pots:
    bets = _parse_bets(args.bets)
    names = _split_list(args.names) if args.names else None
    if names is not None and len(names) != len(bets):
        raise _BadInput(f"--names has {len(names)} names but --bets has {len(bets)} seats")
    folded = _parse_folded(args.folded, len(bets))
    ranking = _parse_ranking(args.ranking)
    _check_seats(args.button, ranking, folded)
    settlement = settle(
        bets,
        folded,
        None if ranking is None else [[seat - 1 for seat in group] for group in ranking],
        args.button - 1,  # the library counts seats from 0
        dead_money=args.dead,
        chip=args.chip,
    )
    return _Pots(settlement, bets, folded, names)


def _namer(names: list[str] | None) -> Callable[[int], str]:
    """A seat's name by its index: the name given, or `seat 3` counted from 1."""
    return (lambda index: names[index]) if names else (lambda index: f"seat {index + 1}")


def _pot_title(number: int) -> str:
    return "Main pot" if number == 0 else f"Side pot {number}"


def _pots_text(run: _Pots, args: argparse.Namespace) -> str:
    result, name = run.settlement, _namer(run.names)
    lines = []
    if result.uncalled:
        lines.append(
            f"Uncalled bet: {result.uncalled.amount:,} back to {name(result.uncalled.seat)}"
        )
    odd = False
    for i, pot in enumerate(result.pots):
        eligible = ", ".join(name(s) for s in pot.eligible)
        line = f"{_pot_title(i)}: {pot.amount:,}  eligible: {eligible}"
        if pot.shares:
            parts = []
            for share in pot.shares:
                mark = "*" if share.odd_chip else ""
                odd = odd or bool(share.odd_chip)
                parts.append(f"{name(share.seat)} {share.amount:,}{mark}")
            line += "  ->  " + ", ".join(parts)
        lines.append(line)
    if odd:
        lines.append(
            f"  * includes an odd chip (in units of {args.chip:,}, from the button's left)"
        )
    if args.ranking is None:
        lines.append("No --ranking given: the pots are not awarded.")
    lines.append("Payouts: " + ", ".join(f"{name(s)} {p:,}" for s, p in enumerate(result.payouts)))
    lines.append(f"Total: {result.total:,}")
    return "\n".join(lines) + "\n"


def _seat(index: int) -> dict[str, int]:
    return {"seat": index + 1, "index": index}


def _pots_json(run: _Pots, args: argparse.Namespace) -> Any:
    result = run.settlement
    return {
        "seats": [
            {
                **_seat(index),
                "name": run.names[index] if run.names else None,
                "bet": bet,
                "folded": run.folded[index],
                "takes": result.payouts[index],
            }
            for index, bet in enumerate(run.bets)
        ],
        "button": _seat(args.button - 1),
        "uncalled": (
            {**_seat(result.uncalled.seat), "amount": result.uncalled.amount}
            if result.uncalled
            else None
        ),
        "pots": [
            {
                "name": _pot_title(number),
                "amount": pot.amount,
                "eligible": [_seat(s) for s in pot.eligible],
                "winners": [_seat(s) for s in pot.winners],
                "shares": [
                    {**_seat(s.seat), "amount": s.amount, "odd_chip": s.odd_chip}
                    for s in pot.shares
                ],
            }
            for number, pot in enumerate(result.pots)
        ],
        "payouts": list(result.payouts),
        "total": result.total,
    }


def pots_main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run `clockapp pots ...`; returns the exit status (0, or 2 for bad input)."""
    return _run("clockapp pots", _pots_parser(), argv, _pots_body, _pots_text, _pots_json, out)
