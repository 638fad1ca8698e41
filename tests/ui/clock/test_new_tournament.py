"""A new tournament set up in one dialog: the host's plan becomes its structure, chips and rules;
a ready template (the two-round team event) adds its shootout and team scoring."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import Qt

from clockapp.core.event_templates import ShootoutPlan
from clockapp.core.money.entry_rules import EntryRules
from clockapp.core.money.rules_fit import breaks_after
from clockapp.core.payouts import PayoutMode
from clockapp.core.points import TEAM_EVENT_FORMULA, Formula
from clockapp.services.app import Services
from clockapp.ui.clock.new_tournament import NewTournamentDialog
from clockapp.ui.station.station import ClockStation
from tests.ui.polling import settle

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def fill(qtbot, dialog: NewTournamentDialog) -> None:
    """The host's Friday night: $20 + $5, 6 rebuys of T8,000 for $20, a $10 add-on of T6,000."""
    qtbot.keyClicks(dialog.name_edit, "Friday night")
    for edit, text in (
        (dialog.pool_edit, "20"),
        (dialog.fee_edit, "5"),
        (dialog.rebuy_price, "20"),
        (dialog.add_on_price, "10"),
    ):
        edit.selectAll()
        qtbot.keyClicks(edit, text)
    for spin, value in (
        (dialog.stack, "10000"),
        (dialog.players, "18"),
        (dialog.rebuys, "6"),
        (dialog.rebuy_chips, "8000"),
        (dialog.add_on_chips, "6000"),
        (dialog.level_minutes, "20"),
        (dialog.night_minutes, "240"),
    ):
        spin.lineEdit().selectAll()
        qtbot.keyClicks(spin, value)
    for spin in dialog.owned:
        spin.lineEdit().selectAll()
        qtbot.keyClicks(spin, "400")


@pytest.mark.slow
def test_ctrl_shift_n_sets_up_the_whole_tournament_in_one_dialog(
    qtbot, station: ClockStation, services: Services, tournament_id: int
) -> None:
    seen: list[NewTournamentDialog] = []

    def host() -> int | None:
        dialog = station.tournaments.new_tournament_dialog()
        qtbot.addWidget(dialog)
        dialog.show()
        seen.append(dialog)
        fill(qtbot, dialog)
        # The structure is suggested from the plan and previewed before anything is stored.
        assert dialog.preview.rowCount() > 5
        assert "Planned last level" in dialog.headline.text()
        assert "Rebuy + add-on" in dialog.rules_label.text()
        revision = services.tournaments.revision()
        assert revision == services.tournaments.revision()
        qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not dialog.isVisible())  # created on the worker
        return dialog.created_id

    station.tournaments.ask_new_tournament = host
    qtbot.keyClick(station.display, Qt.Key.Key_N, CTRL_SHIFT)
    settle(qtbot, station.bus)
    assert seen
    tid = station.bus.tournament_id
    assert tid != tournament_id
    assert station.display.name_label.text().startswith("Friday night ")
    config = services.cashier.config(tid)
    rules: EntryRules = config.rules
    assert (rules.registration.price.prize_pool, rules.registration.price.house_fee) == (2000, 500)
    assert rules.registration.chips == 10_000
    assert rules.rebuy is not None
    assert (rules.rebuy.price.total, rules.rebuy.chips) == (2000, 8000)
    assert rules.add_on is not None
    assert (rules.add_on.price.total, rules.add_on.chips) == (1000, 6000)
    assert rules.registration.late_until_level == rules.rebuy.last_level
    assert config.payouts.mode is PayoutMode.PRESET
    snapshot = services.clock.snapshot(tid)
    assert snapshot.settings.starting_stack == 10_000
    assert snapshot.chip_set.owned == (400,) * len(snapshot.chip_set.denominations)
    structure = services.structure.get(tid)
    assert structure.name.startswith("Friday night")
    assert structure.planned_last_level is not None


@pytest.mark.slow
def test_cancel_waits_while_the_tournament_is_being_created(
    qtbot, station: ClockStation, services: Services, tournament_id: int
) -> None:
    """Closed before the worker answered, the station would never show the new tournament."""
    seen: list[NewTournamentDialog] = []

    def host() -> int | None:
        dialog = station.tournaments.new_tournament_dialog()
        qtbot.addWidget(dialog)
        dialog.show()
        seen.append(dialog)
        qtbot.keyClicks(dialog.name_edit, "Monday Freeze-out")
        qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
        dialog.reject()  # Esc before the answer came
        assert dialog.isVisible()
        assert "Creating the tournament" in dialog.banner.label.text()
        qtbot.waitUntil(lambda: not dialog.isVisible())
        return dialog.created_id

    station.tournaments.ask_new_tournament = host
    qtbot.keyClick(station.display, Qt.Key.Key_N, CTRL_SHIFT)
    settle(qtbot, station.bus)
    assert seen
    assert seen[0].created_id is not None
    assert station.bus.tournament_id == seen[0].created_id != tournament_id
    assert station.display.name_label.text().startswith("Monday Freeze-out")


@pytest.mark.slow
def test_the_next_tournament_starts_from_the_last_one(qtbot, services: Services) -> None:
    first = NewTournamentDialog(services.tournaments, date(2026, 12, 4))
    qtbot.addWidget(first)
    fill(qtbot, first)
    assert first.create_tournament()
    again = NewTournamentDialog(services.tournaments, date(2026, 12, 11))
    qtbot.addWidget(again)
    assert again.pool_edit.text() == "20"
    assert again.fee_edit.text() == "5"
    assert again.rebuy_price.text() == "20"
    assert again.rebuy_chips.value() == 8000
    assert again.add_on_chips.value() == 6000
    assert [spin.value() for spin in again.owned] == [400] * len(again.owned)


def test_a_refused_plan_writes_nothing(qtbot, services: Services) -> None:
    dialog = NewTournamentDialog(services.tournaments, date(2026, 12, 4))
    qtbot.addWidget(dialog)
    before = services.tournaments.revision()
    assert not dialog.create_tournament()  # no name
    assert "needs a name" in dialog.banner.label.text()
    dialog.night_minutes.setValue(30)
    dialog.level_minutes.setValue(60)
    assert not dialog.create_button.isEnabled()
    assert services.tournaments.revision() == before


@pytest.mark.slow
def test_the_director_picks_the_two_round_team_event(qtbot, services: Services) -> None:
    dialog = NewTournamentDialog(services.tournaments, date(2026, 12, 4))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.template_box.currentText() == "Regular tournament"
    fill(qtbot, dialog)
    dialog.template_box.setFocus()
    qtbot.keyClick(dialog.template_box, Qt.Key.Key_Down)
    assert dialog.template_box.currentText() == "Two-round team event"
    assert dialog.template_label.text().startswith("Round 1 at tables until one player is left")
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    tid = dialog.created_id
    assert tid is not None
    assert services.seating.room(tid).shootout_plan == ShootoutPlan(first_round_minutes=90)
    event = services.team_event.view(tid)
    assert event is not None
    assert event.formula == Formula.parse(TEAM_EVENT_FORMULA).text
    # The night's plan is kept as filled in: the template adds to it.
    assert services.cashier.config(tid).rules.registration.chips == 10_000


@pytest.mark.slow
def test_the_rebuys_last_level_and_the_add_ons_break_are_the_hosts(
    qtbot, services: Services
) -> None:
    dialog = NewTournamentDialog(services.tournaments, date(2026, 12, 4))
    qtbot.addWidget(dialog)
    dialog.show()
    fill(qtbot, dialog)
    planned = dialog.recompute()
    assert planned is not None
    # The add-on at the night's second break, rebuys until the level before it.
    second_break = breaks_after(planned.suggested.structure)[1]
    hosts = ((dialog.rebuy_until, second_break - 1), (dialog.add_on_after, second_break))
    for spin, value in hosts:
        spin.lineEdit().selectAll()
        qtbot.keyClicks(spin, str(value))
    qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    tid = dialog.created_id
    assert tid is not None, dialog.banner.label.text()
    rules = services.cashier.config(tid).rules
    assert rules.rebuy is not None
    assert rules.rebuy.last_level == second_break - 1
    assert rules.add_on is not None
    assert rules.add_on.at_break_after_level == second_break
    assert rules.registration.late_until_level == second_break - 1
