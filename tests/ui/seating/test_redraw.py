"""The tables window draws again only the tables whose seats changed: a bust or a buy-in at one
table of a 30-table room redraws that table, not the room (the room's other items are neither
given new seats nor asked to repaint)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QGraphicsObject

from clockapp.services.app import Services
from clockapp.ui.seating.table_item import TableItem
from tests.services.seating.test_seating import bust, field, place
from tests.ui.polling import settle
from tests.ui.seating.test_window import _no_modal_dialogs, open_window, seeded

__all__ = ["_no_modal_dialogs", "open_window", "seeded"]  # fixtures used here

TABLES = 30


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The tables whose item was given new seats or asked to repaint (in that order)."""
    numbers: list[int] = []
    update_info = TableItem.update_info

    def counted_update(item: TableItem, *args: object) -> None:
        numbers.append(item.info.number)
        QGraphicsObject.update(item, *args)  # type: ignore[arg-type]

    def counted_update_info(item: TableItem, info: object) -> None:
        numbers.append(item.info.number)
        update_info(item, info)  # type: ignore[arg-type]

    monkeypatch.setattr(TableItem, "update", counted_update)
    monkeypatch.setattr(TableItem, "update_info", counted_update_info)
    return numbers


def full_room(services: Services, tid: int) -> dict[tuple[int, int], int]:
    """Thirty tables of ten with nine players each (balanced: one bust leaves it balanced)."""
    services.seating.add_tables(tid, TABLES, seat_count=10)
    return place(services, tid, {t: list(range(1, 10)) for t in range(1, TABLES + 1)})


@pytest.mark.slow
def test_a_bust_redraws_only_its_table(
    qtbot, seeded: Services, tournament_id: int, open_window, drawn: list[int]
) -> None:
    seats = full_room(seeded, tournament_id)
    window = open_window()
    assert len(window.room_view.items_by_table) == TABLES
    drawn.clear()
    bust(seeded, seats[(17, 4)])
    window.reload()  # as the bus asks after the cashier's bust
    settle(qtbot, window.context.bus)
    assert set(drawn) == {17}
    assert window.room_view.redrawn == frozenset({17})
    assert window.room_view.items_by_table[17].info.seat(4).registration_id is None
    assert window.room_view.items_by_table[16].info.seat(4).registration_id is not None


@pytest.mark.slow
def test_a_buy_in_seated_at_one_table_redraws_only_that_table(
    qtbot, seeded: Services, tournament_id: int, open_window, drawn: list[int]
) -> None:
    full_room(seeded, tournament_id)
    window = open_window()
    drawn.clear()
    (new,) = field(seeded, tournament_id, 1)
    seeded.seating.seat_player(tournament_id, new, 5, 10)
    window.reload()
    settle(qtbot, window.context.bus)
    assert set(drawn) == {5}
    assert window.room_view.items_by_table[5].info.seat(10).registration_id == new


@pytest.mark.slow
def test_nothing_changed_redraws_nothing(
    qtbot, seeded: Services, tournament_id: int, open_window, drawn: list[int]
) -> None:
    full_room(seeded, tournament_id)
    window = open_window()
    drawn.clear()
    window.reload()
    settle(qtbot, window.context.bus)
    assert drawn == []
    assert window.room_view.redrawn == frozenset()


@pytest.mark.slow
def test_an_empty_move_list_says_so_from_the_first_read(
    qtbot, seeded: Services, tournament_id: int, open_window
) -> None:
    seeded.seating.add_tables(tournament_id, 1, seat_count=9)
    window = open_window()
    assert window.moves.model.rowCount() == 0
    assert window.moves.detail.text() == "No moves on the display."
