"""A clock press, its undo and its redo, as the director does them: the SQL they cost.

Counted through SQLAlchemy's engine events, everything included: the service call, the refresh
the bus triggers in the clock session, and the sound claim. A pause touches the clock and its
undo record only: the cashier's till (entries, ledger, payouts) is not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import Qt
from sqlalchemy import event
from sqlalchemy.engine import Engine

from clockapp.core.clock import ClockStatus
from clockapp.ui.display.widgets import StatBlock
from tests.ui.polling import poll, settle

#: The goal: one clock pause, undo path included, in at most ten statements.
MAX_STATEMENTS = 10
#: What a clock press may read or write: the tournament (its lock and its revision), its set-up
#: (the structure), the clock row, the change log (with the app-wide revision, read in the
#: same statement as the tournament's when a station reads the feed), and the press kept for
#: the Undo after a restart (one insert, or one update for an undo or a redo).
CLOCK_TABLES = {
    "tournament",
    "tournament_setup",
    "clock_state",
    "change",
    "app_revision",
    "clock_step",
}


@contextmanager
def counted(engine: Engine) -> Iterator[list[str]]:
    statements: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        statements.append(" ".join(statement.split()))

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", count)


def tables(statements: list[str]) -> set[str]:
    found: set[str] = set()
    for statement in statements:
        found.update(re.findall(r"\b(?:FROM|JOIN|INTO|UPDATE)\s+\"?(\w+)", statement, re.I))
    return found


def field_and_money(display) -> list[str]:
    """The figures beside the clock (players, average stack, prize pool), not the times."""
    return [b.value.text() for b in display.findChildren(StatBlock) if ":" not in b.value.text()]


@pytest.mark.slow
def test_a_pause_its_undo_and_redo_each_cost_at_most_ten_statements(
    qtbot, station, services, engine: Engine, fake_clock
) -> None:
    # The demo has a field and money: a whole snapshot would read the cashier's till.
    station.bus.switch_tournament(services.demo.create_demo().value.id)
    display = station.display
    if station.session.current_view().status is not ClockStatus.RUNNING:
        qtbot.keyClick(display, Qt.Key.Key_Space)
        settle(qtbot, station.bus)
    fake_clock.advance(minutes=2)
    station.session.tick()
    settle(qtbot, station.bus)
    figures = field_and_money(display)
    assert any(text.startswith("$") for text in figures)  # the prize pool is on the wall
    steps: dict[str, Callable[[], object]] = {
        "pause": lambda: qtbot.keyClick(display, Qt.Key.Key_Space),
        "undo": station.controller.undo,
        "redo": station.controller.redo,
    }
    expected = {"pause": "PAUSED", "undo": "", "redo": "PAUSED"}
    for name, step in steps.items():
        fake_clock.advance(seconds=5)
        with counted(engine) as statements:
            step()
            settle(qtbot, station.bus)  # the press and what it refreshes run on the worker
        assert len(statements) <= MAX_STATEMENTS, (name, statements)
        assert tables(statements) <= CLOCK_TABLES, (name, statements)
        updates = sorted(s.split()[1] for s in statements if s.startswith("UPDATE"))
        # The clock row, whole, and the tournament's revision (the change feed), once each;
        # an undo or a redo marks the press it takes back or makes again, once.
        kept = [] if name == "pause" else ["clock_step"]
        assert updates == sorted(["clock_state", "tournament", *kept]), (name, statements)
        # The wall follows, and the figures the press did not touch are still shown.
        assert display.status_label.text() == expected[name], name
        assert field_and_money(display) == figures
    assert station.session.current_view().status is ClockStatus.PAUSED
    assert services.clock.state(station.bus.tournament_id).running is False


@pytest.mark.slow
def test_a_clock_change_seen_from_another_station_rereads_the_clock_alone(
    qtbot, station, services, engine: Engine, fake_clock
) -> None:
    station.bus.switch_tournament(services.demo.create_demo().value.id)
    poll(qtbot, station.bus)  # the demo's making, seen
    tid = station.bus.tournament_id
    before = station.display.countdown_label.text()
    # A minute added at another station: this one has not published it, its poll sees it.
    services.clock.add_time(tid, 60_000)
    with counted(engine) as statements:
        poll(qtbot, station.bus)
    assert tables(statements) <= CLOCK_TABLES, statements
    assert len(statements) <= 4, statements  # the change log, then the clock row
    assert station.session.snapshot.state == services.clock.state(tid)
    minutes, seconds = (int(part) for part in before.split(":"))
    assert station.display.countdown_label.text() == f"{minutes + 1:02d}:{seconds:02d}"
