"""Teams stay spread through the services' balancing and breaks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from clockapp.core.seating import MoveKind
from clockapp.services.app import Services
from clockapp.services.seating.room_view import SeatInfo
from tests.services.seating.test_seating import bust, db_path, engine, field, services, tid

__all__ = ["db_path", "engine", "services", "tid"]  # the fixtures this module borrows


def first_player_seat(seats: Sequence[SeatInfo]) -> int:
    return next(s.number for s in seats if s.registration_id is not None)


@pytest.mark.slow
def test_a_balancing_move_keeps_a_team_two_and_two(services: Services, tid: int) -> None:
    """Table 1 (6 players) gives to table 2 (4); the big blind next at table 1 is on team A,
    which sits 2/2: the move must not take it to 1/3, and it is still one move."""
    services.seating.add_tables(tid, 2, seat_count=9)
    ids = field(services, tid, 10, teams={3: "A", 4: "A", 8: "A", 9: "A"})
    for n, rid in enumerate(ids[:6], start=1):
        services.seating.seat_player(tid, rid, 1, n)
    for n, rid in enumerate(ids[6:], start=1):
        services.seating.seat_player(tid, rid, 2, n)
    services.seating.set_button(tid, 1, 1)  # big blind next at table 1: seat 3, team A
    services.seating.set_button(tid, 2, 1)
    result = services.seating.balance(tid).value
    assert [m.kind for m in result.moves] == [MoveKind.BALANCE]
    assert result.moves[0].name == "P05"  # P03 and P04 are on the team: the next player moves
    room = services.seating.room(tid)
    team = {"P03", "P04", "P08", "P09"}
    assert sorted(sum(s.name in team for s in t.seats) for t in room.tables) == [2, 2]


@pytest.mark.slow
def test_teams_stay_spread_from_six_tables_to_two(services: Services, tid: int) -> None:
    """Teams of 10/3/2 on six 9-seat tables ended 4/6 and 2/0 where 5/5 and 1/1 were possible.

    Players without a team go out one by one, the director balancing after each bust (tables
    break on the way); at two tables the teams are as even as the room allows."""
    services.seating.add_tables(tid, 6, seat_count=9)
    teams = dict.fromkeys(range(1, 11), "Ten") | dict.fromkeys(range(11, 14), "Three")
    teams |= {14: "Two", 15: "Two"}
    ids = field(services, tid, 54, teams=teams)
    services.seating.draw_seats(tid)
    for table in services.seating.room(tid).tables:
        services.seating.set_button(tid, table.number, first_player_seat(table.seats))
    others = ids[15:]
    while len(services.seating.room(tid).tables) > 2:
        bust(services, others.pop())
        result = services.seating.balance(tid).value
        while result.need_button is not None:
            number = result.need_button.table
            table = next(t for t in services.seating.room(tid).tables if t.number == number)
            services.seating.set_button(tid, number, first_player_seat(table.seats))
            result = services.seating.balance(tid).value
    room = services.seating.room(tid)
    split = {}
    for team, members in (("Ten", range(1, 11)), ("Three", (11, 12, 13)), ("Two", (14, 15))):
        names = {f"P{n:02d}" for n in members}
        split[team] = sorted(sum(s.name in names for s in t.seats) for t in room.tables)
    assert split == {"Ten": [5, 5], "Three": [1, 2], "Two": [1, 1]}
