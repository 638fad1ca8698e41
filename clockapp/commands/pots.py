"""`clockapp pots`: settle a hand's chips: main and side pots, odd chips, payouts.

    clockapp pots --bets 40,10,40 --ranking "2;3;1" --button 1 --dead 20

Seats count from 1, as directors count them; JSON gives each seat's 0-based `index` too.
Prints plain text, or JSON with `--json`; bad input exits with status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from clockapp import formats
from clockapp.commands.poker_common import BadInput, run_tool, whole_number
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.poker import Settlement, settle

# ---------------------------------------------------------------------------------------- pots

_POTS_HELP = N_("""\
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
""")


def _pots_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clockapp pots",
        description=_(
            "Settle a hand's chips: uncalled bet, main and side pots, odd chips, payouts."
        ),
        epilog=_(_POTS_HELP),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--bets", required=True, help=_("each seat's chips in, e.g. 40,10,40"))
    parser.add_argument("--folded", help=_("fold flags by seat, e.g. 0,1,0 (default: none)"))
    parser.add_argument(
        "--ranking", help=_('seats from 1, groups best first, e.g. "2;3;1" or "2,3;1"')
    )
    parser.add_argument(
        "--button", type=whole_number, required=True, help=_("the button's seat (from 1)")
    )
    parser.add_argument("--dead", type=whole_number, default=0, help=_("dead money (default 0)"))
    parser.add_argument(
        "--chip", type=whole_number, default=1, help=_("smallest chip in play (default 1)")
    )
    parser.add_argument("--names", help=_("seat names, e.g. Alice,Bob,Cindy"))
    parser.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
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
            raise BadInput(
                _("--bets: {part!r} is not a whole number of chips").format(part=part)
            ) from None
        if bet < 0:
            raise BadInput(
                _("--bets: seat {seat}'s bet {bet} is negative").format(seat=seat, bet=bet)
            )
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
            raise BadInput(
                _("--folded: {part!r} is not 0 or 1 (1 means the seat folded)").format(part=part)
            )
    if len(flags) != seats:
        raise BadInput(
            _("--folded has {count} flags but --bets has {seats} seats").format(
                count=len(flags), seats=seats
            )
        )
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
                raise BadInput(
                    _(
                        '--ranking: {part!r} is not a seat number (write e.g. "2;3;1" or "2,3;1")'
                    ).format(part=part)
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
        raise BadInput(
            _("--button {button}: there is no seat {button}; {seat_range}").format(
                button=button, seat_range=_seat_range(seats)
            )
        )
    if ranking is None:
        return
    ranked: list[int] = []
    for group in ranking:
        for seat in group:
            if not 1 <= seat <= seats:
                raise BadInput(
                    _("--ranking names seat {seat}, but {seat_range}").format(
                        seat=seat, seat_range=_seat_range(seats)
                    )
                )
            if folded[seat - 1]:
                raise BadInput(_("--ranking names seat {seat}, which folded").format(seat=seat))
            if seat in ranked:
                raise BadInput(_("--ranking names seat {seat} twice").format(seat=seat))
            ranked.append(seat)
    missing = [seat for seat in range(1, seats + 1) if not folded[seat - 1] and seat not in ranked]
    if missing:
        names = ", ".join(str(s) for s in missing)
        raise BadInput(
            _("--ranking leaves out seat(s) {names}, still in the hand").format(names=names)
        )


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
        raise BadInput(
            _("--names has {names} names but --bets has {seats} seats").format(
                names=len(names), seats=len(bets)
            )
        )
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
    if names:
        return lambda index: names[index]
    return lambda index: _("seat {number}").format(number=index + 1)


def _pot_title(number: int) -> str:
    return _("Main pot") if number == 0 else _("Side pot {number}").format(number=number)


def _pots_text(run: _Pots, args: argparse.Namespace) -> str:
    result, name = run.settlement, _namer(run.names)
    lines = []
    if result.uncalled:
        lines.append(
            _("Uncalled bet: {amount} back to {name}").format(
                amount=formats.number(result.uncalled.amount), name=name(result.uncalled.seat)
            )
        )
    odd = False
    for i, pot in enumerate(result.pots):
        eligible = ", ".join(name(s) for s in pot.eligible)
        line = _("{pot}: {amount}  eligible: {eligible}").format(
            pot=_pot_title(i), amount=formats.number(pot.amount), eligible=eligible
        )
        if pot.shares:
            parts = []
            for share in pot.shares:
                mark = "*" if share.odd_chip else ""
                odd = odd or bool(share.odd_chip)
                parts.append(f"{name(share.seat)} {formats.number(share.amount)}{mark}")
            line += "  ->  " + ", ".join(parts)
        lines.append(line)
    if odd:
        lines.append(
            _("  * includes an odd chip (in units of {chip}, from the button's left)").format(
                chip=formats.number(args.chip)
            )
        )
    if args.ranking is None:
        lines.append(_("No --ranking given: the pots are not awarded."))
    payouts = ", ".join(f"{name(s)} {formats.number(p)}" for s, p in enumerate(result.payouts))
    lines.append(_("Payouts: {payouts}").format(payouts=payouts))
    lines.append(_("Total: {total}").format(total=formats.number(result.total)))
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
    return run_tool("clockapp pots", _pots_parser(), argv, _pots_body, _pots_text, _pots_json, out)
