"""Fixtures for the Qt tests: offscreen platform, a tournament, and its bus.

`QT_QPA_PLATFORM=offscreen` is set at import, before pytest-qt creates the QApplication, so the suite
runs without a display.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator  # noqa: E402

import pytest  # noqa: E402

from clockapp.services.app import Services  # noqa: E402
from clockapp.ui.bus import TournamentBus  # noqa: E402


@pytest.fixture
def tournament_id(services: Services) -> int:
    """A fresh tournament in the test database."""
    return services.tournaments.create("Friday Night Hold'em").value.id


@pytest.fixture
def bus(services: Services, tournament_id: int, qtbot) -> Iterator[TournamentBus]:
    """The tournament bus, without its poll timer (tests call `bus.poll()` when they need it)."""
    the_bus = TournamentBus(services, tournament_id, poll_interval_ms=0)
    yield the_bus
    the_bus.deleteLater()
