"""Shootouts and the cashier: one record of who is out.

A bust or a time limit marked in the shootout is recorded at the cashier in the same
transaction (places and prizes follow, chip counts rank players out together); a bust recorded at
the cashier puts the player out of his shootout table. The players are bought in through the
cashier here, since the cashier only records busts of players who bought in.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from clockapp.core.money.field import BustInput
from clockapp.core.seating.shootout_state import ExitCause
from clockapp.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.seating import SeatingError, ShootoutView
from tests.fakes import FakeClock
from tests.services.seating import test_seating as base
from tests.services.seating.test_seating import buy_ins, snapshot

db_path = base.db_path
template_db = base.template_db
engine = base.engine
services = base.services
tid = base.tid


def start(services: Services, tid: int, players: int, seats: int, **kwargs: int) -> ShootoutView:
    services.seating.add_tables(tid, 2, seat_count=seats)
    buy_ins(services, tid, players)
    return services.seating.start_shootout(tid, **kwargs).value


def cashier_places(services: Services, tid: int) -> dict[int, str]:
    """What the cashier's results say of each player: '3rd', '2nd-3rd (tied)', 'in play'."""
    return {r.registration_id: r.label for r in services.results.results(tid)}


@pytest.mark.slow
def test_a_shootout_bust_is_recorded_at_the_cashier(services: Services, tid: int) -> None:
    view = start(services, tid, 6, 3)
    table_1 = view.shootout.current.remaining(1)
    outcome = services.seating.shootout_bust(tid, table_1[0])
    assert outcome.changes.touches(Change.SEATING | Change.ENTRIES | Change.PAYOUTS)
    assert cashier_places(services, tid)[table_1[0]] == "6th"
    (record,) = services.results.busts(tid)
    assert (record.registration_id, record.station) == (table_1[0], services.ctx.station)
    assert "shootout round 1, table 1" in record.reason


@pytest.mark.slow
def test_players_of_two_tables_cannot_be_out_in_one_hand(services: Services, tid: int) -> None:
    view = start(services, tid, 6, 3)
    current = view.shootout.current
    before = snapshot(services, tid)
    history = services.results.busts(tid)
    with pytest.raises(SeatingError, match="must be at the same table"):
        services.seating.shootout_hand_busts(
            tid, {current.remaining(1)[0]: 900, current.remaining(2)[0]: 900}
        )
    assert snapshot(services, tid) == before
    assert services.results.busts(tid) == history


@pytest.mark.slow
def test_places_agree_with_the_cashier_to_the_champion(services: Services, tid: int) -> None:
    view = start(services, tid, 6, 3)
    current = view.shootout.current
    one, two = current.remaining(1), current.remaining(2)
    services.seating.shootout_bust(tid, one[0])
    services.seating.shootout_hand_busts(tid, {two[0]: 800, two[1]: 2500})
    services.seating.shootout_bust(tid, one[1])
    chips = {one[2]: 9000, two[2]: 9000}
    final = services.seating.advance_shootout(tid, chips).value
    assert final.shootout.current.is_final
    done = services.seating.shootout_bust(tid, one[2]).value
    assert done.shootout.champion == two[2]
    places = {p.player: p.place for p in done.places}
    labels = cashier_places(services, tid)
    ordinals = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th"}
    assert {rid: ordinals[place] for rid, place in places.items()} == labels
    assert places == {one[0]: 6, two[0]: 5, two[1]: 4, one[1]: 3, one[2]: 2, two[2]: 1}


@pytest.mark.slow
def test_a_time_limit_ranks_by_chips_at_the_cashier_too(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    view = start(services, tid, 8, 4, time_limit_minutes=45)
    players = view.shootout.current.remaining(1)
    chips = {players[0]: 3000, players[1]: 12_000, players[2]: 3000, players[3]: 6000}
    fake_clock.advance(minutes=45)  # the time is up (a time-out before it is refused)
    done = services.seating.shootout_time_limit(tid, 1, chips).value
    assert done.shootout.current.winners[1] == players[1]
    causes = {p.player: p.cause for p in done.places}
    assert causes == {
        players[0]: ExitCause.TIME_LIMIT,
        players[2]: ExitCause.TIME_LIMIT,
        players[3]: ExitCause.TIME_LIMIT,
    }
    labels = cashier_places(services, tid)
    assert labels[players[3]] == "6th"  # the most chips of those out
    assert labels[players[0]] == labels[players[2]] == "7th-8th (tied)"
    assert labels[players[1]] == "in play"
    records = services.results.busts(tid)
    assert len({r.hand for r in records}) == 1  # one hand at the cashier
    assert {r.chips_at_hand_start for r in records} == {3000, 6000}


@pytest.mark.slow
def test_a_refused_cashier_record_leaves_the_shootout_as_it_was(
    services: Services, tid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One transaction: when the cashier refuses the bust, the shootout does not change."""
    view = start(services, tid, 6, 3)
    player = view.shootout.current.remaining(1)[0]
    before = snapshot(services, tid)

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise DomainError("The cashier refuses.")

    monkeypatch.setattr("clockapp.services.seating.shootout.record_busts", refuse)
    with pytest.raises(DomainError, match="The cashier refuses"):
        services.seating.shootout_bust(tid, player)
    assert snapshot(services, tid) == before


@pytest.mark.slow
def test_a_cashier_bust_puts_the_player_out_of_the_shootout(services: Services, tid: int) -> None:
    view = start(services, tid, 6, 3)
    table_1 = view.shootout.current.remaining(1)
    services.results.bust(tid, table_1[0])
    shown = services.seating.shootout(tid)
    assert shown is not None
    assert shown.shootout.current.remaining(1) == table_1[1:]
    assert {p.player: p.place for p in shown.places} == {table_1[0]: 6}
    # Nothing is stored until a seating action: undoing the bust puts the player back.
    services.results.undo_bust(tid, table_1[0])
    back = services.seating.shootout(tid)
    assert back is not None
    assert back.shootout.current.remaining(1) == table_1
    # The cashier calls the hook after a bust: the shootout stores it at once.
    services.results.bust(tid, table_1[0])
    outcome = services.seating.on_player_busted(tid, table_1[0])
    assert outcome.changes.touches(Change.SEATING)
    assert outcome.value is not None
    assert outcome.value.shootout.current.remaining(1) == table_1[1:]
    services.results.bust(tid, table_1[1])
    won = services.seating.on_player_busted(tid, table_1[1]).value
    assert won is not None
    assert won.shootout.current.winners == {1: table_1[2]}
    # Marking him out at the tables now is refused by name: he is out already.
    with pytest.raises(SeatingError, match=r"^S0\d is not playing in round 1"):
        services.seating.shootout_bust(tid, table_1[1])
    assert services.seating.on_player_busted(tid, table_1[1]).changes.what == Change.NONE


@pytest.mark.slow
def test_cashier_busts_on_one_hand_rank_by_their_starting_chips(
    services: Services, tid: int
) -> None:
    view = start(services, tid, 8, 4)
    table_2 = view.shootout.current.remaining(2)
    services.results.bust_players(tid, [BustInput(table_2[0], 4000), BustInput(table_2[1], 1500)])
    shown = services.seating.on_player_busted(tid, table_2[0]).value
    assert shown is not None
    exits = shown.shootout.exits
    assert [e.players for e in exits] == [(table_2[1],), (table_2[0],)]  # fewer chips: first out
    assert {p.player: p.place for p in shown.places} == {table_2[1]: 8, table_2[0]: 7}


@pytest.mark.slow
def test_what_the_shootout_cannot_follow_is_said(services: Services, tid: int) -> None:
    view = start(services, tid, 4, 2)
    one, two = view.shootout.current.remaining(1), view.shootout.current.remaining(2)
    services.seating.shootout_bust(tid, one[0])  # one[1] wins table 1
    services.results.bust(tid, one[1])  # the table winner busted at the cashier
    shown = services.seating.shootout(tid)
    assert shown is not None
    assert any("won table 1 but is out at the cashier" in note for note in shown.notes)
    services.results.undo_bust(tid, one[1])
    services.results.undo_bust(tid, one[0])  # back at the cashier, out of the shootout
    shown = services.seating.shootout(tid)
    assert shown is not None
    assert any("back in play at the cashier" in note for note in shown.notes)
    assert two  # table 2 plays on


@pytest.mark.slow
def test_each_table_shows_its_time_left(
    services: Services, tid: int, fake_clock: FakeClock
) -> None:
    view = start(services, tid, 6, 3, time_limit_minutes=30)
    assert view.deadline == fake_clock() + timedelta(minutes=30)
    fake_clock.advance(minutes=12)
    shown = services.seating.shootout(tid)
    assert shown is not None
    assert {t: left.total_seconds() for t, left in shown.time_left(fake_clock()).items()} == {
        1: 18 * 60,
        2: 18 * 60,
    }
    players = shown.shootout.current.remaining(1)
    fake_clock.advance(minutes=30)  # past the limit: a time-out before it is refused
    services.seating.shootout_time_limit(
        tid, 1, {players[0]: 500, players[1]: 700, players[2]: 900}
    )
    shown = services.seating.shootout(tid)
    assert shown is not None
    assert {t: left.total_seconds() for t, left in shown.time_left(fake_clock()).items()} == {2: 0}
    # The next round's time starts when it is drawn.
    rest = shown.shootout.current.remaining(2)
    services.seating.shootout_time_limit(tid, 2, {rest[0]: 500, rest[1]: 700, rest[2]: 900})
    winners = services.seating.shootout(tid).shootout.current.winners  # type: ignore[union-attr]
    final = services.seating.advance_shootout(tid, {p: 1000 for p in winners.values()}).value
    assert final.deadline is None  # the final table plays to the end
    assert final.time_left(fake_clock()) == {}


@pytest.mark.slow
def test_standings_list_players_in_then_places(services: Services, tid: int) -> None:
    view = start(services, tid, 6, 3)
    one = view.shootout.current.remaining(1)
    services.seating.shootout_bust(tid, one[0])
    shown = services.seating.shootout_bust(tid, one[1]).value
    rows = shown.standings()
    assert [r.place for r in rows] == [None, None, None, None, 5, 6]
    assert rows[0].status == "won table 1"
    assert rows[0].registration_id == one[2]
    assert [r.status for r in rows[1:4]] == ["playing at table 2"] * 3
    assert [r.status for r in rows[4:]] == ["busted", "busted"]
    assert rows[-1].name.startswith("S0")
