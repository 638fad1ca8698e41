"""What the poker tools (`clockapp hand`, `odds`, `pots`) share: parse, compute, print.

`run_tool` is the shape of each tool: parse the arguments, compute, then print plain text or
JSON; bad input (`BadInput`, or the poker library's own `PokerError`) exits with status 2 and
one line on stderr. The argument types here (`game_type`, `whole_number`) say what they refuse.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from clockapp.i18n import gettext as _
from clockapp.poker import Card, Game, PokerError

EXIT_BAD_INPUT = 2


class BadInput(Exception):
    """An argument that cannot be understood; the message is shown to the user."""


def run_tool(
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
    except (BadInput, PokerError) as error:
        print(_("{prog}: error: {error}").format(prog=prog, error=error), file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        json.dump(to_json(result, args), stream, indent=2, ensure_ascii=False)
        stream.write("\n")
    else:
        stream.write(render(result, args))
    return 0


def card_texts(cards: Sequence[Card]) -> list[str]:
    """Cards as JSON strings, e.g. `["As", "Kd"]`."""
    return [str(card) for card in cards]


def game_type(text: str) -> str:
    """`--game`: holdem (nlhe, Texas Hold'em) or omaha (plo), as the library names them."""
    value = text.lower().replace("'", "").replace("-", "").replace(" ", "")
    if value in ("holdem", "nlhe", "texasholdem"):
        return Game.HOLDEM.value
    if value in ("omaha", "plo"):
        return Game.OMAHA.value
    raise argparse.ArgumentTypeError(
        _("{text!r} is not a game (use holdem or omaha)").format(text=text)
    )


def whole_number(text: str) -> int:
    """A whole-number argument (`1_000` allowed); anything else is refused by argparse."""
    try:
        return int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a whole number").format(text=text)
        ) from None
