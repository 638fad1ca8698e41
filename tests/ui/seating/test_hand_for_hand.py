"""Hand-for-hand on the bubble, as the director and the room see it: the tables window
offers it in one click, busts of the open hand are one hand, Next hand closes it, and the wall
says that hand-for-hand is on."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from clockapp.core.look import contrast_ratio
from clockapp.core.payouts import PayoutMode, PayoutStructure
from clockapp.core.seating import Seating, Table
from clockapp.core.seating.hand_for_hand import finish_hand, start_hand_for_hand
from clockapp.services.app import Services
from clockapp.ui.inks import READABLE
from clockapp.ui.seating.widgets import HandForHandBar
from tests.services.seating.test_hand_for_hand import LADDER, at_tables, finish
from tests.services.seating.test_seating import buy_ins
from tests.ui.accessibility import DESKTOPS, desktop, ground_of, unreadable_labels
from tests.ui.polling import settle, submit_and_wait
from tests.ui.seating.test_window import _no_modal_dialogs, db_path, open_window, seeded

__all__ = ["_no_modal_dialogs", "db_path", "open_window", "seeded"]  # borrowed fixtures


def on_the_bubble(services: Services, tid: int) -> list[int]:
    """11 players at two 9-seat tables, 10 paid: the next bust is the bubble."""
    ids = buy_ins(services, tid, 11)
    services.payouts.set_structure(tid, PayoutStructure(PayoutMode.AMOUNTS, amounts=LADDER))
    services.seating.add_tables(tid, 2, seat_count=9)
    services.seating.draw_seats(tid)
    return ids


@pytest.mark.slow
def test_the_bubble_offers_hand_for_hand_and_its_busts_are_one_hand(
    qtbot, seeded: Services, tournament_id: int, open_window, bus, tmp_path: Path
) -> None:
    on_the_bubble(seeded, tournament_id)
    window = open_window()
    bar = window.hfh_bar
    assert not bar.isHidden()
    assert "11 players left, 10 paid" in bar.hand_label.text()
    assert bar.start_button.isVisible()
    assert not bar.next_button.isVisible()
    for size in ((1920, 1080), (1366, 768)):
        window.resize(*size)
        window.grab().save(str(tmp_path / f"tables_hfh_offer_{size[0]}.png"))

    bar.start_button.click()
    settle(qtbot, window.context.bus)
    assert seeded.seating.hand_for_hand(tournament_id) is not None
    assert "Hand-for-hand, hand 1" in bar.hand_label.text()
    assert bar.next_button.isVisible()
    assert not bar.start_button.isVisible()

    # The tables report one after the other: one hand, a tie for 10th-11th, $4 each.
    first, second = at_tables(seeded, tournament_id)
    submit_and_wait(
        qtbot, bus, lambda: seeded.results.bust(tournament_id, first, follow_seating=True)
    )
    submit_and_wait(
        qtbot, bus, lambda: seeded.results.bust(tournament_id, second, follow_seating=True)
    )
    done = finish(seeded, tournament_id)
    assert done[first] == done[second] == (10, 1, 400)
    names = {r.registration_id: r.name for r in seeded.results.results(tournament_id)}
    label = bar.out_label.text()
    assert "Out this hand (one hand, ranked by stacks)" in label
    assert names[first] in label
    assert names[second] in label
    for width, height in ((1920, 1080), (1366, 768)):
        window.resize(width, height)
        window.grab().save(str(tmp_path / f"tables_hfh_on_{width}.png"))

    # Next hand (every table finished) closes it; the offer does not come back past the bubble.
    bar.table_buttons[1].click()
    settle(qtbot, window.context.bus)
    bar.table_buttons[2].click()
    settle(qtbot, window.context.bus)
    bar.next_button.click()
    settle(qtbot, window.context.bus)
    hfh = seeded.seating.hand_for_hand(tournament_id)
    assert hfh is not None
    assert hfh.hand == 2
    bar.stop_button.click()
    settle(qtbot, window.context.bus)
    assert bar.isHidden()


@pytest.mark.slow
def test_the_wall_says_hand_for_hand_while_it_is_on(
    qtbot, station, services: Services, tournament_id: int, tmp_path: Path
) -> None:
    display = station.display
    services.clock.start(tournament_id)
    services.seating.add_tables(tournament_id, 1, seat_count=9)
    submit_and_wait(qtbot, station.bus, lambda: services.seating.start_hand_for_hand(tournament_id))
    station.session.tick()
    settle(qtbot, station.bus)
    assert display.status_label.text() == "HAND-FOR-HAND"
    for size in ((1920, 1080), (1366, 768)):
        display.resize(*size)
        display.grab().save(str(tmp_path / f"wall_hfh_{size[0]}.png"))
    submit_and_wait(qtbot, station.bus, lambda: services.clock.pause(tournament_id))
    station.session.tick()
    settle(qtbot, station.bus)
    assert display.status_label.text() == "PAUSED · HAND-FOR-HAND"
    submit_and_wait(qtbot, station.bus, lambda: services.seating.stop_hand_for_hand(tournament_id))
    station.session.tick()
    settle(qtbot, station.bus)
    assert "HAND-FOR-HAND" not in display.status_label.text()


@pytest.mark.slow
@pytest.mark.parametrize("kind", DESKTOPS)
def test_the_offer_and_a_finished_table_read_on_either_desktop(kind, qtbot) -> None:
    with desktop(kind):
        bar = HandForHandBar()
        qtbot.addWidget(bar)
        bar.show_state(None, (1, 2), offer="Hand-for-hand? One more bust is in the money.")
        bar.show()
        qtbot.waitExposed(bar)
        offered = unreadable_labels(bar)
        started = start_hand_for_hand(Seating((Table(1), Table(2))))
        bar.show_state(finish_hand(started, 1), (1, 2))
        button = bar.table_buttons[1]
        QApplication.processEvents()
        picture = bar.grab().toImage()
        ground = ground_of(picture, button).name()
        # A style sheet's colour for a state (":checked") is drawn but is not in the palette:
        # the ink is read from the picture, as the inside pixel that stands out most.
        corner = button.mapTo(bar, QPoint(4, 4))
        inside = picture.copy(corner.x(), corner.y(), button.width() - 8, button.height() - 8)
        ink = max(
            (
                QColor(inside.pixel(x, y)).name()
                for x in range(inside.width())
                for y in range(inside.height())
            ),
            key=lambda colour: contrast_ratio(colour, ground),
        )
    assert not offered, offered
    assert contrast_ratio(ink, ground) >= READABLE, (ink, ground)
