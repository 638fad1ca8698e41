"""Wall moments on the demo tournament, for `clockapp --screenshot --demo --wall KIND`.

Each builds its moment through the kind's own service from the demo's players in play, so a
screenshot in the README stays true as the code changes.
"""

from __future__ import annotations

from clockapp.core.money.records import RegistrationInfo
from clockapp.errors import ValidationError
from clockapp.poker.allin import AllInHand
from clockapp.services.cashier.service import CashierService
from clockapp.services.showdown import ShowdownService

#: Three players all in on the flop: a set, a straight-flush draw and overcards.
DEMO_HANDS = (("Qs Qc", 14_500, 14_500), ("Jh Th", 21_000, 14_500), ("As Kd", 6_800, 6_800))
DEMO_BOARD = "Qh 9h 2c"
DEMO_KINDS = ("showdown",)


def show_demo_moment(
    cashier: CashierService, showdown: ShowdownService, tournament_id: int, kind: str
) -> None:
    """Put the demo's `kind` moment on the wall of `tournament_id`.

    Raises:
        ValidationError: `kind` has no demo.
    """
    if kind != "showdown":
        raise ValidationError(f"There is no demo of the {kind!r} moment (try: showdown).")
    playing = [r for r in cashier.registrations(tournament_id) if _in_play(r)]
    entries = []
    for index, (cards, stack, bet) in enumerate(DEMO_HANDS):
        reg = playing[index] if index < len(playing) else None
        name = reg.name if reg is not None else f"Player {index + 1}"
        entries.append(AllInHand(name, cards, stack, bet, None if reg is None else reg.id))
    showdown.show(tournament_id, entries, DEMO_BOARD)


def _in_play(reg: RegistrationInfo) -> bool:
    return reg.in_play
