"""What the tables window is shown of a loaded room: each table's seats, and the balance."""

from __future__ import annotations

from clockapp.core.seating import Seating
from clockapp.core.seating.balancing import BalancePolicy
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


def balance_status(seating: Seating, policy: BalancePolicy) -> tuple[str, bool]:
    counts = {n: c for n, c in seating.counts().items()}
    if len(counts) < 2:
        return ("One table: nothing to balance." if counts else "No tables set up."), False
    allowed = policy.allowed_difference(len(counts))
    most, least = max(counts.values()), min(counts.values())
    if most - least <= allowed:
        return f"Balanced ({policy}): {least} to {most} players a table.", False
    short = [n for n, c in counts.items() if c == least]
    which = f"Table {short[0]}" if len(short) == 1 else f"Tables {', '.join(map(str, short))}"
    return (
        f"Out of balance ({policy}): {which} has {least} players, the fullest {most}. Balance.",
        True,
    )
