"""A tournament created from the two-round team event template: the tables window's shootout
dialog starts from the template's plan (round 1 to one winner a table, or 90 minutes), and the
shootout drawn from it runs with that limit."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from clockapp.core.event_templates import TWO_ROUND_TEAM_EVENT
from clockapp.services.app import Services
from clockapp.ui.actions import TablesAction
from clockapp.ui.seating import TablesWindow
from tests.services.seating.test_seating import buy_ins
from tests.services.test_event_templates import PLAN
from tests.ui.polling import settle
from tests.ui.seating import test_window as base

db_path = base.db_path
seeded = base.seeded
open_window = base.open_window
_no_modal_dialogs = base._no_modal_dialogs


@pytest.fixture
def tournament_id(services: Services) -> int:
    """The tournament the window shows: created from the two-round template."""
    return services.tournaments.create_planned(PLAN, TWO_ROUND_TEAM_EVENT).value.id


@pytest.mark.slow
def test_the_shootout_dialog_starts_from_the_templates_plan(
    qtbot, seeded: Services, tournament_id: int, open_window: Callable[[], TablesWindow]
) -> None:
    seeded.seating.add_tables(tournament_id, 2, seat_count=4)
    buy_ins(seeded, tournament_id, 8)
    window = open_window()
    dialog = window.shootout.shootout_dialog()
    qtbot.addWidget(dialog)
    assert dialog.minutes_box.value() == 90
    assert dialog.later_box.text() == "as round 1"
    assert dialog.through_box.value() == 1
    window.shootout.ask_shootout = dialog.value  # the director accepts it as it stands
    window.actions_by_name[TablesAction.SHOOTOUT].trigger()
    settle(qtbot, window.context.bus)
    assert "each plays down to one winner" in window.banner.text()
    items = window.room_view.items_by_table
    assert (items[1].status, items[2].status) == ("1:30:00 left", "1:30:00 left")
    view = seeded.seating.shootout(tournament_id)
    assert view is not None
    assert view.shootout.limit_of() == 90
