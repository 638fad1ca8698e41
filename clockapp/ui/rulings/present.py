"""What the hand rows and the pot panel say, from the dispute, the reading and the odds.

Kept apart from the window so the wording ("WINS SIDE 2", "Win 81.9%", "Enter 2 more cards",
where the finishing order comes from, what looks wrong in the chips) is decided in one place and
the window only moves values into widgets. The pots are settled before the hands are drawn: a
hand's badge says which pots it takes, so a big stack that wins only a side pot is marked as well
as the best hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.poker.errors import PokerError
from clockapp.ui.rulings.analysis import OddsAnswer, OddsJob, Reading
from clockapp.ui.rulings.cards import FOUR_COLOURS, TWO_COLOURS, Look, card_face
from clockapp.ui.rulings.hands import HandShown
from clockapp.ui.rulings.settlement import (
    NO_BADGE,
    Badge,
    PayoutRow,
    PotRow,
    Ranking,
    button_warning,
    chip_warnings,
    manual_ranking,
    pot_badge,
    settle_dispute,
)
from clockapp.ui.rulings.state import Dispute
from clockapp.ui.rulings.verdict import chance


def odds_text(win: float, tie: float, share: float) -> str:
    """`Win 81.9% · Tie 0.4% (1 in 250) · Share 82.1%`; a hand that cannot win is `Drawing dead`.

    >>> odds_text(1 / 990, 0.0, 1 / 990)
    'Win 0.1% (1 in 990) · Tie 0.0% · Share 0.1% (1 in 990)'
    """
    if share == 0:
        return _("Drawing dead: no card can save this hand")
    return _("Win {win} · Tie {tie} · Share {share}").format(
        win=chance(win), tie=chance(tie), share=chance(share)
    )


def outs_html(outs: tuple[str, ...], four_colour: bool) -> str:
    """`Outs (2): K♥ K♦` with each card in its suit's colour."""
    if not outs:
        return ""
    inks = FOUR_COLOURS if four_colour else TWO_COLOURS
    faces = " ".join(
        f'<span style="color:{inks[c[1]]}; font-weight:bold">{escape(card_face(c))}</span>'
        for c in outs
    )
    return _("Outs ({count}): {cards}").format(count=len(outs), cards=faces)


def hand_shown(
    dispute: Dispute,
    index: int,
    reading: Reading,
    odds: OddsAnswer | None,
    pending: OddsJob | None,
    error: str | None,
    four_colour: bool,
    pots: Sequence[PotRow] = (),
) -> HandShown:
    """Everything hand row `index` shows; `pots` are the settled pots (their winners badge the
    hands), empty when the chips are not entered or not yet awarded."""
    player = dispute.players[index]
    hand = reading.hands[index] if index < len(reading.hands) else None
    looks: tuple[Look, ...]
    if player.folded:
        hand = None  # a folded hand's cards are dead: it has no value to show
        looks = tuple(Look.IDLE for _i in player.cards)
    elif hand is not None:
        looks = tuple(Look.PLAYS if c in hand.best_five else Look.IDLE for c in player.cards)
    else:
        looks = tuple(Look.FREE for _i in player.cards)
    badge = hand_badge(index, player.folded, reading, pots)
    missing = dispute.game.hole_cards - len(player.cards)
    description = hand.description if hand is not None else ""
    line = ""
    if player.folded:
        line = _("Folded: these cards are out of play") if player.cards else _("Folded")
    elif missing:
        line = (
            ngettext("Enter {count} more card", "Enter {count} more cards", missing)
            if player.cards
            else ngettext("Enter {count} card", "Enter {count} cards", missing)
        ).format(count=missing)
    elif odds is not None and index in odds.hands:
        chances = odds.hands[index]
        line = odds_text(chances.win, chances.tie, chances.share)
    elif pending is not None and index in pending.players:
        line = _("Working out the odds…")
    outs = ""
    if odds is not None and index in odds.hands:
        outs = outs_html(odds.hands[index].outs, four_colour)
    return HandShown(
        cards=player.cards,
        looks=looks,
        targeted=dispute.target == index,
        error=error,
        badge=badge.text,
        badge_kind=badge.kind,
        description=description,
        best_five=hand.best_five if hand is not None else (),
        odds=line,
        outs=outs,
    )


def hand_badge(index: int, folded: bool, reading: Reading, pots: Sequence[PotRow]) -> Badge:
    """The badge of hand `index`: from the awarded pots when the chips are settled, else from the
    showdown alone (the best hand WINS, tied best hands SPLIT)."""
    if folded:
        return Badge(_("FOLDED"), "FOLDED")
    if any(pot.winners for pot in pots):
        return pot_badge(index, pots)
    if reading.final and index in reading.winners:
        if len(reading.winners) == 1:
            return Badge(_("WINS"), "WINS")
        return Badge(_("SPLITS"), "SPLITS")
    return NO_BADGE


@dataclass(frozen=True)
class PotsShown:
    """Everything the pot panel shows besides its inputs.

    Attributes:
        places: Each player's place from the showdown (0 for a folded player), or None when the
            director gives the order by hand.
        pots: The pots, main pot first.
        payouts: Each seat's take; empty until the finishing order is known.
        uncalled: "Uncalled bet: 175 goes back to Ann." or "".
        note: Where the finishing order comes from, or what is still needed.
        error: What stops the chips from being settled, or None.
        warnings: What looks wrong in what was entered though the pots can be settled: bets
            that are not whole chips, an odd chip given out without knowing the button.
        knockouts: Who busts each seat that wins nothing, should it be all in.
    """

    places: tuple[int, ...] | None
    pots: tuple[PotRow, ...] = ()
    payouts: tuple[PayoutRow, ...] = ()
    uncalled: str = ""
    note: str = ""
    error: str | None = None
    warnings: tuple[str, ...] = ()
    knockouts: tuple[str, ...] = ()


def pots_shown(dispute: Dispute, reading: Reading) -> PotsShown:
    """The side pots for the chips entered, ranked by the showdown or by the places given."""
    places: tuple[int, ...] | None = None
    if reading.final:
        by_player = [0] * len(dispute.players)
        for place, group in enumerate(reading.ranking, start=1):
            for index in group:
                by_player[index] = place
        places = tuple(by_player)
    if not any(p.bet for p in dispute.players) and not dispute.dead:
        return PotsShown(places, note=_("Enter each seat's total bet for the hand."))
    error = None
    ranking: Ranking | None
    if reading.final:
        ranking = reading.ranking
        note = _("Finishing order from the showdown.")
    else:
        ranking, error = manual_ranking(dispute)
        note = (
            _("Finishing order given by hand (1 = best, equal places split).")
            if ranking is not None
            else _("Give each live seat's place (1 = best, equal places split) to award the pots.")
        )
    warnings = chip_warnings(dispute)
    try:
        answer = settle_dispute(dispute, ranking)
    except PokerError as problem:
        return PotsShown(places, error=str(problem), warnings=warnings)
    # Until the order is known nobody takes anything but an uncalled bet: no take table.
    payouts = answer.payouts if ranking is not None else ()
    unknown_button = button_warning(dispute, answer.pots)
    if unknown_button is not None:
        warnings = (*warnings, unknown_button)
    return PotsShown(
        places, answer.pots, payouts, answer.uncalled, note, error, warnings, answer.knockouts
    )
