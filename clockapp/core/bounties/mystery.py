"""Mystery bounties: a seeded draw of the envelopes the room can replay and audit.

Each draw is numbered (1, 2, 3, ... for every draw ever made, undone ones included, so a redone
bust draws afresh). Draw `n` picks among the envelopes still in the box (by their number, lowest
first) with `random.Random(f"{seed}:{n}")`: anyone with the seed, the envelopes and the record of
draws can recompute every one (`audit`). An undone knockout puts its envelope back in the box.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from clockapp.core.bounties.rules import BountyError
from clockapp.core.money.amounts import format_cents
from clockapp.i18n import gettext as _


@dataclass(frozen=True)
class Draw:
    """One envelope drawn.

    Attributes:
        number: The draw's number (1 for the first ever made).
        bust_id: The bust that drew it.
        envelope: The envelope's index in the host's list (0 for the first).
        amount: Its cents.
        returned_by: The bust id of the undo that put it back (None: still drawn).
        box: The envelopes (indices) in the box when it was drawn (None: recorded before the
            box was kept; the audit then works it out from the other draws).
    """

    number: int
    bust_id: int
    envelope: int
    amount: int
    returned_by: int | None = None
    box: tuple[int, ...] | None = None


def in_box(envelopes: Sequence[int], draws: Sequence[Draw]) -> tuple[int, ...]:
    """The envelopes (indices) still in the box: not drawn, or put back.

    >>> in_box((500, 300, 200), [Draw(1, 7, 1, 300)])
    (0, 2)
    """
    out = {d.envelope for d in draws if d.returned_by is None}
    return tuple(i for i in range(len(envelopes)) if i not in out)


def draw_envelope(seed: int, number: int, box: Sequence[int]) -> int:
    """The envelope (an index from `box`) that draw `number` picks.

    >>> draw_envelope(2026, 1, (0, 1, 2, 3)) == draw_envelope(2026, 1, (0, 1, 2, 3))
    True
    """
    if not box:
        raise BountyError(
            _("Every mystery envelope has been drawn: there is none left for this knockout.")
        )
    rng = random.Random(f"{seed}:{number}")
    return sorted(box)[rng.randrange(len(box))]


def audit(seed: int, envelopes: Sequence[int], draws: Sequence[Draw]) -> list[str]:
    """Replay every draw from the seed; the problems found (an empty list: all as recorded).

    An earlier draw was still out at draw `n` unless it was put back by an undo recorded before
    the bust of draw `n` (bust ids grow with time).

    >>> box = in_box((500, 300, 200), [])
    >>> first = draw_envelope(9, 1, box)
    >>> audit(9, (500, 300, 200), [Draw(1, 4, first, (500, 300, 200)[first])])
    []
    """
    problems: list[str] = []
    ordered = sorted(draws, key=lambda d: d.number)
    for i, draw in enumerate(ordered):
        out = {
            d.envelope for d in ordered[:i] if d.returned_by is None or d.returned_by > draw.bust_id
        }
        if draw.box is not None:
            box = draw.box
            if out & set(box):
                problems.append(
                    f"Draw {draw.number} recorded a box holding envelope(s) already drawn: "
                    f"{', '.join(str(j + 1) for j in sorted(out & set(box)))}."
                )
        else:
            box = tuple(j for j in range(len(envelopes)) if j not in out)
        expected = draw_envelope(seed, draw.number, box) if box else -1
        known = 0 <= draw.envelope < len(envelopes)
        if expected != draw.envelope or not known or envelopes[draw.envelope] != draw.amount:
            problems.append(
                f"Draw {draw.number} recorded envelope {draw.envelope + 1} "
                f"({draw.amount} cents); the seed gives envelope {expected + 1}."
            )
    return problems


def refill(
    envelopes: Sequence[int], draws: Sequence[Draw], amounts: Sequence[int]
) -> tuple[int, ...]:
    """The envelopes after the host changes them once some were drawn: every envelope ever drawn
    keeps its number and amount (so the draws stay as recorded), and the other amounts fill the
    other numbers in order, any extra ones after the last.

    Args:
        envelopes: The envelopes now (indices as the draws recorded them).
        draws: Every draw made, undone ones included.
        amounts: The envelopes the host wants, drawn ones included, in any order.

    Raises:
        BountyError: An envelope drawn is missing from `amounts`.

    >>> refill((500, 300, 200), [Draw(1, 7, 1, 300)], (300, 450, 250))
    (450, 300, 250)
    >>> refill((500, 300, 200), [Draw(1, 7, 1, 300)], (300, 700, 100, 100))
    (700, 300, 100, 100)
    """
    drawn = {d.envelope: envelopes[d.envelope] for d in draws if 0 <= d.envelope < len(envelopes)}
    rest = list(amounts)
    for index, amount in sorted(drawn.items()):
        if amount not in rest:
            raise BountyError(
                _(
                    "Envelope {value} ({amount}) was drawn: it stays in the list as it "
                    "is (change only the envelopes still in the box)."
                ).format(value=index + 1, amount=format_cents(amount))
            )
        rest.remove(amount)
    result: list[int] = []
    last_drawn = max(drawn, default=-1)
    index = 0
    while index <= last_drawn or rest:
        if index in drawn:
            result.append(drawn[index])
        elif rest:
            result.append(rest.pop(0))
        else:
            raise BountyError(
                _(
                    "Envelope {value} was drawn: keep at least {value} envelopes (change the "
                    "amounts of those still in the box instead)."
                ).format(value=last_drawn + 1)
            )
        index += 1
    return tuple(result)
