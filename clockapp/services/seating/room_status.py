"""What the tables window is shown of a loaded room: each table's seats, and the balance."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from clockapp import formats
from clockapp.core.seating import Seating
from clockapp.core.seating.balancing import BalancePolicy, NeedButton, plan_balance
from clockapp.core.seating.planning import MoveStats
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.seating.room import Room
from clockapp.services.seating.room_view import SeatInfo, TableInfo


def table_infos(room: Room) -> tuple[TableInfo, ...]:
    seating = room.seating
    infos = []
    for table in seating.tables:
        players = seating.players_at(table.number)
        seats = []
        for number in range(1, table.seat_count + 1):
            rid = players.get(number)
            if rid is None:
                seats.append(SeatInfo(number, closed=number in table.closed_seats))
            else:
                seats.append(
                    SeatInfo(
                        number,
                        rid,
                        room.name(rid),
                        fixed=rid in seating.fixed,
                        moves=room.counts.get(rid, 0),
                    )
                )
        row = room.tables[table.number]
        infos.append(
            TableInfo(
                table.number,
                table.name,
                table.label,
                table.seat_count,
                table.button,
                tuple(seats),
                row.gives,
                last_button=row.button,
                button_set_at=row.button_set_at,
            )
        )
    return tuple(infos)


def balance_status(
    seating: Seating,
    policy: BalancePolicy,
    stats: MoveStats | None = None,
    teams: Mapping[int, str] | None = None,
) -> tuple[str, bool]:
    """One plain sentence on the balance, and whether the room is out of balance.

    Out of balance, the sentence names the moves to make, the ones Balance would make: the
    planner's own moves when it has the buttons it needs, else the same count of players from
    the fullest tables to the shortest (which player moves waits for the button).
    """
    counts = dict(seating.counts())
    if len(counts) < 2:
        return (_("One table: nothing to balance.") if counts else _("No tables set up.")), False
    allowed = policy.allowed_difference(len(counts))
    most, least = max(counts.values()), min(counts.values())
    if most - least <= allowed:
        return _("Balanced: {least} to {most} players a table.").format(
            least=least, most=most
        ), False
    plan = plan_balance(seating, policy, stats, teams=teams)
    if isinstance(plan, NeedButton):
        flows = _flows_by_count(counts, allowed, seating)
        warnings: tuple[str, ...] = ()
    else:
        flows = Counter((m.from_seat.table, m.to_seat.table) for m in plan.moves)
        warnings = plan.warnings
    labels = {t.number: t.label for t in seating.tables}
    moves = [
        ngettext(
            "{count} player from {giver} to {receiver}",
            "{count} players from {giver} to {receiver}",
            n,
        ).format(count=n, giver=labels[giver], receiver=labels[receiver])
        for (giver, receiver), n in flows.items()
    ]
    if not moves:
        why = " ".join(warnings) or _("{least} to {most} players a table.").format(
            least=least, most=most
        )
        return _("Out of balance: {why}").format(why=why), True
    return _("Out of balance: move {moves}.").format(moves=formats.listing(moves)), True


def balance_notice(seating: Seating, policy: BalancePolicy) -> str | None:
    """The notice a bust that unbalanced the room gives the cashier and the director: the move
    to make, in plain words, with each table's count (None while the room is in balance).

    The moves are counted as the planner makes them (fullest table to shortest); which player
    moves is Balance's choice, at the tables window.

    >>> from clockapp.core.seating import Seat, Table
    >>> room = Seating((Table(1), Table(2)),
    ...                {n: Seat(1 if n <= 9 else 2, n if n <= 9 else n - 9) for n in range(1, 17)})
    >>> balance_notice(room, BalancePolicy())
    'Tables out of balance: move a player from table 1 (9) to table 2 (7).'
    """
    counts = dict(seating.counts())
    if len(counts) < 2:
        return None
    allowed = policy.allowed_difference(len(counts))
    if max(counts.values()) - min(counts.values()) <= allowed:
        return None
    flows = _flows_by_count(counts, allowed, seating)
    if not flows:
        return None
    moves = [
        ngettext(
            "a player from table {giver} ({giver_count}) to table {receiver} ({receiver_count})",
            "{count} players from table {giver} ({giver_count}) to table {receiver} "
            "({receiver_count})",
            n,
        ).format(
            count=n,
            giver=giver,
            giver_count=counts[giver],
            receiver=receiver,
            receiver_count=counts[receiver],
        )
        for (giver, receiver), n in flows.items()
    ]
    return _("Tables out of balance: move {moves}.").format(moves=formats.listing(moves))


def _flows_by_count(
    counts: Mapping[int, int], allowed: int, seating: Seating
) -> Counter[tuple[int, int]]:
    """The players to move between tables, by count alone: one at a time from the fullest table
    (lowest number first) to the shortest with a free seat, as the planner picks them."""
    room = dict(counts)
    free = {t.number: t.seat_count - len(t.closed_seats) for t in seating.tables}
    flows: Counter[tuple[int, int]] = Counter()
    while max(room.values()) - min(room.values()) > allowed:
        receivers = [n for n in sorted(room) if room[n] < free.get(n, 0)]
        if not receivers:
            break
        receiver = min(receivers, key=lambda n: (room[n], n))
        givers = [n for n in sorted(room) if room[n] >= room[receiver] + 2]
        if not givers:
            break
        giver = max(givers, key=lambda n: (room[n], -n))
        room[giver] -= 1
        room[receiver] += 1
        flows[(giver, receiver)] += 1
    return flows
