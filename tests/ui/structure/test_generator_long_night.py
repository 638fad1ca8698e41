"""The generator dialog on a long night of short levels: a structure, not an OverflowError."""

from __future__ import annotations

import pytest

from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.structure.generator import GeneratorDialog, read_generator_start
from tests.ui.structure.test_generator import fill


@pytest.fixture
def dialog(services: Services, bus: TournamentBus, shown_window) -> GeneratorDialog:
    return shown_window(
        GeneratorDialog(services, bus, read_generator_start(services, bus.tournament_id))
    )


@pytest.mark.slow
@pytest.mark.parametrize(("minutes", "hours"), [("1", 24.0), ("2", 48.0), ("1", 48.0)])
def test_short_levels_over_a_long_budget_give_a_usable_structure(
    dialog, qtbot, minutes: str, hours: float
) -> None:
    fill(qtbot, dialog.players, "10")
    fill(qtbot, dialog.stack, "10000")
    fill(qtbot, dialog.level_minutes, minutes)
    dialog.hours.setValue(hours)
    result = dialog.recompute()
    assert result is not None
    assert dialog.use_button.isEnabled()
    assert dialog.preview.rowCount() == len(result.structure.levels)
    assert any("more levels than the chips can use" in w for w in result.warnings)
