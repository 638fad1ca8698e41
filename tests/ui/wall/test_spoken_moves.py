"""Seat moves and table breaks are spoken as well as shown, and never stop the clock."""

from __future__ import annotations

import pytest

from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.optional import OptionalParts, Part
from clockapp.ui.sound import Sound
from clockapp.ui.station.station import ClockStation
from tests.services.seating.test_seating import place
from tests.ui.polling import poll, settle, submit_and_wait


@pytest.mark.slow
def test_a_move_is_spoken_once_with_the_new_seat(
    qtbot,
    station: ClockStation,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    fake_sound,
) -> None:
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(services, tournament_id, {1: [1, 2, 3, 4], 2: [1, 2, 3]})
    station.controller.set_announce(True)
    settle(qtbot, station.bus)
    fake_sound.said.clear()
    move = submit_and_wait(
        qtbot, bus, lambda: services.seating.move_player(tournament_id, seats[(1, 3)], 2, 7)
    )
    assert fake_sound.said == [f"Seat move. {move.name}, table 2, seat 7."]
    assert station.display.moves_banner.shown()[0][0] == move.name  # shown as well
    station.session.reload_moves()
    poll(qtbot, bus)
    assert len(fake_sound.said) == 1  # said once, not at every refresh


@pytest.mark.slow
def test_a_table_break_is_spoken_with_every_new_seat(
    qtbot,
    station: ClockStation,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    fake_sound,
) -> None:
    services.seating.add_tables(tournament_id, 3, seat_count=9)
    place(services, tournament_id, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5], 3: [1, 2, 3, 4]})
    station.controller.set_announce(True)
    settle(qtbot, station.bus)
    fake_sound.said.clear()
    submit_and_wait(qtbot, bus, lambda: services.seating.break_tables(tournament_id))
    (sentence,) = fake_sound.said
    assert sentence.startswith("Table 3 is broken. ")
    assert len(station.session.moves) == 4
    for move in station.session.moves:
        assert f"{move.name}, table {move.to_seat.table}, seat {move.to_seat.number}." in sentence


@pytest.mark.slow
def test_with_announcements_off_a_move_is_shown_only(
    qtbot,
    station: ClockStation,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    fake_sound,
) -> None:
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(services, tournament_id, {1: [1, 2, 3, 4], 2: [1, 2, 3]})
    station.controller.set_announce(False)
    settle(qtbot, station.bus)
    fake_sound.said.clear()
    move = submit_and_wait(
        qtbot, bus, lambda: services.seating.move_player(tournament_id, seats[(1, 3)], 2, 7)
    )
    assert fake_sound.said == []
    assert station.display.moves_banner.shown()[0][0] == move.name


@pytest.mark.slow
def test_moves_pending_before_the_station_opened_are_not_spoken_again(
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    fake_sound,
    ui_settings,
    fake_timer,
    qtbot,
) -> None:
    services.clock.set_announce(tournament_id, True)
    services.seating.add_tables(tournament_id, 2, seat_count=9)
    seats = place(services, tournament_id, {1: [1, 2, 3, 4], 2: [1, 2, 3]})
    services.seating.move_player(tournament_id, seats[(1, 3)], 2, 7)
    station = ClockStation(services, bus, fake_sound, ui_settings, timer=fake_timer)
    qtbot.addWidget(station.display)
    qtbot.addWidget(station.director)
    try:
        assert len(station.session.moves) == 1
        assert fake_sound.said == []
    finally:
        station.close()


@pytest.mark.slow
def test_without_a_speech_engine_a_move_is_shown_and_the_clock_goes_on(
    without_optional_qt,
    qtbot,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    ui_settings,
    fake_timer,
    fake_clock,
) -> None:
    parts = OptionalParts()
    station = ClockStation(
        services, bus, Sound(parts=parts), ui_settings, timer=fake_timer, parts=parts
    )
    qtbot.addWidget(station.display)
    qtbot.addWidget(station.director)
    try:
        station.controller.set_announce(True)
        settle(qtbot, station.bus)
        services.seating.add_tables(tournament_id, 2, seat_count=9)
        seats = place(services, tournament_id, {1: [1, 2, 3, 4], 2: [1, 2, 3]})
        move = submit_and_wait(
            qtbot, bus, lambda: services.seating.move_player(tournament_id, seats[(1, 3)], 2, 7)
        )
        assert station.display.moves_banner.shown()[0][0] == move.name
        # Saying the move found speech missing: reported once, on the director's screen.
        assert parts.failed(Part.SPEECH)
        speech = [n for n in station.director.notices.messages() if n.startswith("Spoken")]
        assert len(speech) == 1
        station.controller.toggle_pause()  # the clock runs on
        settle(qtbot, station.bus)
        before = station.display.countdown_label.text()
        fake_clock.advance(seconds=5)
        fake_timer.fire()
        assert fake_timer.isActive()
        assert station.display.countdown_label.text() != before
        more = submit_and_wait(
            qtbot, bus, lambda: services.seating.move_player(tournament_id, seats[(1, 2)], 2, 8)
        )
        assert more.name in [name for name, _where in station.display.moves_banner.shown()]
        speech = [n for n in station.director.notices.messages() if n.startswith("Spoken")]
        assert len(speech) == 1
    finally:
        station.close()
