"""The verdict line at the top of the rulings window: who wins, with what, and who takes which pot.

In a dispute the table waits for one sentence ("Seat 3 wins with kings full of sevens"), so it is
written here from the showdown and the settled pots, in plain Python (no Qt, checked by doctests),
and the window shows it above everything else, where no scrolling can take it away.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clockapp import formats
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.ui.rulings.analysis import Reading
from clockapp.ui.rulings.settlement import PotRow, chips
from clockapp.ui.rulings.state import Dispute

WAITING = N_("No verdict yet: enter the cards, or the bets and the places.")
#: What the odds headline says for each street before the river.
STREETS = {
    0: N_("Odds preflop: {chances}"),
    3: N_("Odds on the flop: {chances}"),
    4: N_("Odds on the turn: {chances}"),
}


SMALL_CHANCE = 0.05  # below this a chance is also said as "1 in N": 0.1% is hard to picture


def percent(value: float) -> str:
    """`81.9%`; a tiny but possible chance reads `<0.1%`, never a misleading `0.0%`.

    >>> percent(0.819), percent(0.0001)
    ('81.9%', '<0.1%')
    """
    if 0 < value < 0.0005:
        return "<" + formats.percent(0.001, 1)
    return formats.percent(value, 1)


def chance(value: float) -> str:
    """A chance as a percentage, and when it is small also as `1 in N` (N rounded).

    >>> chance(0.819), chance(1 / 990), chance(0.0)
    ('81.9%', '0.1% (1 in 990)', '0.0%')
    """
    if 0 < value < SMALL_CHANCE:
        return _("{percent} (1 in {count})").format(
            percent=percent(value), count=formats.number(round(1 / value))
        )
    return percent(value)


@dataclass(frozen=True)
class Verdict:
    """The two lines of the verdict.

    Attributes:
        headline: "Seat 3 wins with kings full of sevens", or `WAITING`.
        pots: Who takes which pot: "Main pot 1,500: Seat 3 1,500 · Uncalled 200 back to Seat 1",
            or "" when the chips are not entered or not yet awarded.
        decided: The headline names a winner (the window draws it as the answer, not a hint).
    """

    headline: str
    pots: str = ""
    decided: bool = False


def hand_words(description: str) -> str:
    """A hand as said after "wins with": a full house by its ranks, others in lower case.

    >>> hand_words("Full house, kings full of sevens")
    'kings full of sevens'
    >>> hand_words("Two pair, aces and sevens with a king kicker")
    'two pair, aces and sevens with a king kicker'
    """
    category, _sep, detail = description.partition(", ")
    if category == "Full house" and detail:
        return detail
    return description[:1].lower() + description[1:]


def _names(labels: Sequence[str]) -> str:
    """`Seat 1`, `Seat 1 and Seat 4`, `Seat 1, Seat 4 and Seat 6`."""
    if len(labels) <= 1:
        return "".join(labels)
    return _("{names} and {last}").format(names=", ".join(labels[:-1]), last=labels[-1])


def _showdown_headline(dispute: Dispute, reading: Reading, side_pots: bool) -> str:
    """The best hand's verdict; with side pots it is said to win the main pot (the pots line
    under it names the others' winners: a big stack with a lesser hand may take more)."""
    players = dispute.players
    live = [i for i, p in enumerate(players) if not p.folded]
    winners = [players[i].label for i in reading.winners]
    if len(live) == 1:
        return _("{seat} wins: every other hand folded").format(seat=winners[0])
    hand = reading.hands[reading.winners[0]]
    fields = {
        "seat": winners[0],
        "seats": _names(winners),
        "hand": hand_words(hand.description) if hand is not None else "",
    }
    if len(winners) == 1:
        if hand is None:
            text = _("{seat} wins the main pot") if side_pots else _("{seat} wins")
        elif side_pots:
            text = _("{seat} wins the main pot with {hand}")
        else:
            text = _("{seat} wins with {hand}")
    elif hand is None:
        text = _("{seats} split the main pot") if side_pots else _("{seats} split the pot")
    elif side_pots:
        text = _("{seats} split the main pot with {hand}")
    else:
        text = _("{seats} split the pot with {hand}")
    return text.format(**fields)


def _pots_headline(dispute: Dispute, pots: Sequence[PotRow]) -> str:
    """Without a showdown (places given by hand): who takes the main pot."""
    main = pots[0]
    names = [dispute.players[i].label for i in main.winners]
    if len(names) == 1:
        return _("{seat} takes the main pot").format(seat=names[0])
    return _("{seats} split the main pot").format(seats=_names(names))


def _odds_headline(dispute: Dispute, shares: Mapping[int, float]) -> str:
    """While the board is to come: each live hand's share of the pot, best first."""
    best_first = sorted(shares.items(), key=lambda item: (-item[1], item[0]))
    chances = " · ".join(
        _("{seat} {chance}").format(seat=dispute.players[i].label, chance=chance(s))
        if s
        else _("{seat} drawing dead").format(seat=dispute.players[i].label)
        for i, s in best_first
    )
    street = STREETS.get(len(dispute.board))
    if street is None:
        return _("Odds: {chances}").format(chances=chances)
    return _(street).format(chances=chances)


def verdict(
    dispute: Dispute,
    reading: Reading,
    pots: Sequence[PotRow] = (),
    uncalled: str = "",
    shares: Mapping[int, float] | None = None,
) -> Verdict:
    """The verdict for what is entered: from the showdown when it is final, else from the pots.

    >>> from dataclasses import replace
    >>> from clockapp.ui.rulings.analysis import read_hands
    >>> from clockapp.ui.rulings.state import Player
    >>> hands = (Player(1, cards=("As", "Qd")), Player(3, cards=("Kd", "Ks")))
    >>> d = Dispute(board=("Kh", "7d", "7c", "2s", "3h"), players=hands)
    >>> verdict(d, read_hands(d)).headline
    'Seat 3 wins with kings full of sevens'
    >>> verdict(Dispute(), read_hands(Dispute())) == Verdict(WAITING)
    True

    Before the river, once the odds are worked out (`shares`: each live hand's share of the pot):

    >>> turn = replace(d, board=d.board[:4])
    >>> verdict(turn, read_hands(turn), shares={0: 1 / 44, 1: 43 / 44}).headline
    'Odds on the turn: Seat 3 97.7% · Seat 1 2.3% (1 in 44)'
    """
    awarded = [pot for pot in pots if pot.winners]
    if reading.final:
        headline = _showdown_headline(dispute, reading, len(pots) > 1)
    elif awarded:
        headline = _pots_headline(dispute, pots)
    elif shares:
        return Verdict(_odds_headline(dispute, shares))
    else:
        return Verdict(_(WAITING))
    lines = [
        _("{pot} {chips}: {takes}").format(pot=pot.name, chips=chips(pot.amount), takes=pot.goes_to)
        for pot in awarded
    ]
    if uncalled:
        lines.append(uncalled.rstrip("."))
    return Verdict(headline, " · ".join(lines), decided=True)
