"""The wall's layouts through the services: kept by name with the tournament, files in and out,
screen sets, and each screen's choice; one transaction per action, a refusal changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from clockapp.core.house import Look
from clockapp.core.layouts.cells import Cell, CellKind, Layout, LayoutError, Rect, Style
from clockapp.core.layouts.default import DEFAULT
from clockapp.core.layouts.files import LayoutFileError, export_layout, import_layout
from clockapp.core.layouts.screen_sets import ScreenSet, Turn
from clockapp.persistence.db import make_engine, sqlite_url
from clockapp.persistence.models import WallLayoutRow
from clockapp.persistence.session import Session
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.layouts import SavedLayout, ScreenChoice
from tests.fakes import FakeClock

CLOCK_CELL = Cell(CellKind.COUNTDOWN, Rect(0, 0, 10_000, 6000), Style(size=60))
PAYOUTS_CELL = Cell(CellKind.PAYOUTS, Rect(0, 6000, 10_000, 4000), Style(size=50), rows=4)
BIG_CLOCK = Layout("Big clock", (CLOCK_CELL,))
PAYOUTS = Layout("Payouts", (PAYOUTS_CELL, CLOCK_CELL))
PAYOUTS_ONLY = Layout("Payouts", (Cell(CellKind.PAYOUTS, Rect(0, 0, 10_000, 10_000), rows=4),))
ROTATION = ScreenSet("Rotation", (Turn("Big clock", 45), Turn("Payouts", 10)))


@pytest.fixture
def tid(services: Services) -> int:
    return services.tournaments.create("Friday").value.id


@pytest.fixture
def other(db_path: Path, engine: Engine, fake_clock: FakeClock) -> Iterator[Services]:
    """Another station's services on the same database file."""
    second = make_engine(sqlite_url(db_path))
    yield Services(second, now=fake_clock, station="wall")
    second.dispose()


def _revision(services: Services, tid: int) -> int:
    return services.tournaments.revision_of(tid).tournament


def _names(services: Services, tid: int) -> list[str]:
    return [layout.name for layout in services.layouts.layouts(tid).layouts]


def test_a_new_tournament_has_todays_wall_only(services: Services, tid: int) -> None:
    walls = services.layouts.layouts(tid)
    assert walls.layouts == (DEFAULT,)
    assert walls.choice("wall") == ScreenChoice("wall")


def test_layouts_are_kept_by_name_and_another_station_reads_them(
    services: Services, other: Services, tid: int
) -> None:
    saved = services.layouts.save_layout(tid, BIG_CLOCK)
    assert saved.value == SavedLayout(BIG_CLOCK, None)
    assert saved.changes.touches(Change.WALL)
    assert saved.changes.revision == _revision(services, tid)
    assert other.layouts.layouts(tid).layouts == (DEFAULT, BIG_CLOCK)
    # Kept again under its name: it replaces the one there, and says what it replaced.
    bigger = Layout("Big clock", (CLOCK_CELL, PAYOUTS_CELL))
    again = services.layouts.save_layout(tid, bigger)
    assert again.value == SavedLayout(bigger, BIG_CLOCK)
    assert other.layouts.layouts(tid).layout("BIG CLOCK") == bigger
    # The other tournament sees none of them.
    elsewhere = services.tournaments.create("Saturday").value.id
    assert services.layouts.layouts(elsewhere).layouts == (DEFAULT,)


def test_todays_wall_cannot_be_replaced_or_removed(services: Services, tid: int) -> None:
    before = _revision(services, tid)
    with pytest.raises(LayoutError, match="the wall the app is built with"):
        services.layouts.save_layout(tid, Layout("today's wall", (CLOCK_CELL,)))
    with pytest.raises(LayoutError, match="the wall the app is built with"):
        services.layouts.delete_layout(tid, "Today's wall")
    assert _revision(services, tid) == before


def test_an_unreadable_layout_is_refused_with_every_broken_rule(
    services: Services, tid: int
) -> None:
    dim = Cell(CellKind.LEVEL, Rect(0, 0, 5000, 1000), Style(colour="#333333"))
    tiny = Cell(CellKind.PAYOUTS, Rect(0, 5000, 2000, 2000), Style(size=50), rows=10)
    before = _revision(services, tid)
    with pytest.raises(LayoutError) as refused:
        services.layouts.save_layout(tid, Layout("Dim", (dim, tiny, CLOCK_CELL)))
    assert str(refused.value).splitlines() == [
        'The layout "Dim" would not read from the back of the room:',
        "Cell 1 (level): its text stands 1.5:1 on its background; the wall needs 7:1 (5.5 short).",
        "Cell 2 (payouts): its letters are 1.0% of the screen's height; the wall needs at least "
        "3.2% (they are 69% too small).",
    ]
    assert _names(services, tid) == [DEFAULT.name]
    assert _revision(services, tid) == before


def test_readability_is_judged_on_the_tournaments_own_theme(services: Services, tid: int) -> None:
    pale = Layout("Pale", (Cell(CellKind.COUNTDOWN, Rect(0, 0, 5000, 5000), Style("#f0f0f0")),))
    services.layouts.save_layout(tid, pale)  # light text on the night theme: fine
    services.house.set_look(tid, Look(theme="day"))
    with pytest.raises(LayoutError, match=r"1\.0:1 on its background"):
        services.layouts.save_layout(tid, Layout("Pale again", pale.cells))


def test_a_rename_is_followed_by_the_screen_sets_and_screens(
    services: Services, other: Services, tid: int
) -> None:
    services.layouts.save_layout(tid, BIG_CLOCK)
    services.layouts.save_layout(tid, PAYOUTS)
    services.layouts.save_screen_set(tid, ROTATION)
    services.layouts.choose(tid, "bar", layout="Big clock")
    renamed = Layout("Clock", BIG_CLOCK.cells)
    outcome = services.layouts.save_layout(tid, renamed, replacing="Big clock")
    assert outcome.value == SavedLayout(renamed, BIG_CLOCK)
    walls = other.layouts.layouts(tid)
    assert [x.name for x in walls.layouts] == [DEFAULT.name, "Clock", "Payouts"]
    assert walls.screen_sets[0].turns == (Turn("Clock", 45), Turn("Payouts", 10))
    assert walls.choice("bar") == ScreenChoice("bar", layout="Clock")
    # The undo: keep the old one back under its old name.
    services.layouts.save_layout(tid, outcome.value.previous or BIG_CLOCK, replacing="Clock")
    assert services.layouts.layouts(tid).choice("bar").layout == "Big clock"


def test_a_rename_onto_another_layouts_name_is_refused(services: Services, tid: int) -> None:
    services.layouts.save_layout(tid, BIG_CLOCK)
    services.layouts.save_layout(tid, PAYOUTS)
    with pytest.raises(LayoutError, match='already a layout called "Payouts"'):
        services.layouts.save_layout(tid, Layout("payouts", BIG_CLOCK.cells), replacing="Big clock")
    with pytest.raises(LayoutError, match='no layout called "Gone"'):
        services.layouts.save_layout(tid, BIG_CLOCK, replacing="Gone")
    assert _names(services, tid) == [DEFAULT.name, "Big clock", "Payouts"]


def test_a_layout_in_use_cannot_be_removed_and_one_not_in_use_can(
    services: Services, tid: int
) -> None:
    services.layouts.save_layout(tid, BIG_CLOCK)
    services.layouts.save_layout(tid, PAYOUTS)
    services.layouts.save_screen_set(tid, ROTATION)
    with pytest.raises(LayoutError, match='screen set "Rotation" shows the layout "Payouts"'):
        services.layouts.delete_layout(tid, "payouts")
    services.layouts.save_screen_set(tid, ScreenSet("Rotation", (Turn("Big clock", 45),)))
    services.layouts.choose(tid, "bar", layout="Payouts")
    with pytest.raises(LayoutError, match='screen "bar" shows the layout "Payouts"'):
        services.layouts.delete_layout(tid, "Payouts")
    services.layouts.choose(tid, "bar")
    removed = services.layouts.delete_layout(tid, "Payouts")
    assert removed.value == PAYOUTS
    assert removed.changes.touches(Change.WALL)
    assert _names(services, tid) == [DEFAULT.name, "Big clock"]
    with pytest.raises(LayoutError, match="removed at another station"):
        services.layouts.delete_layout(tid, "Payouts")


def test_layout_files_go_out_and_come_back_under_a_free_name(services: Services, tid: int) -> None:
    services.layouts.save_layout(tid, PAYOUTS)
    data = services.layouts.export_layout(tid, "Payouts")
    assert import_layout(data) == PAYOUTS
    first = services.layouts.import_layout(tid, data).value.layout
    second = services.layouts.import_layout(tid, data).value.layout
    assert (first.name, second.name) == ("Payouts (2)", "Payouts (3)")
    assert first.cells == PAYOUTS.cells
    todays = services.layouts.export_layout(tid, "Today's wall")
    default = services.layouts.import_layout(tid, todays)
    assert default.value.layout.name == "Today's wall (2)"
    with pytest.raises(LayoutError, match='no layout called "Gone"'):
        services.layouts.export_layout(tid, "Gone")


def test_a_hostile_file_is_refused_and_nothing_is_kept(services: Services, tid: int) -> None:
    before = _revision(services, tid)
    newer = export_layout(BIG_CLOCK).replace(b'"version": 1', b'"version": 2')
    for data, message in [
        (newer, "made by a newer clockapp"),
        (b'{"format": "clockapp-layout", "version": 1, "layout": [[[[[[[[]]]]]]]]}', "deep"),
        (b"\x00\x01", "not a layout file"),
    ]:
        with pytest.raises(LayoutFileError, match=message):
            services.layouts.import_layout(tid, data)
    assert _names(services, tid) == [DEFAULT.name]
    assert _revision(services, tid) == before


def test_a_screen_set_keeps_the_countdown_through_every_level(services: Services, tid: int) -> None:
    services.layouts.save_layout(tid, BIG_CLOCK)
    services.layouts.save_layout(tid, PAYOUTS_ONLY)
    with pytest.raises(LayoutError, match='"Payouts" shows no countdown'):
        services.layouts.save_screen_set(tid, ROTATION)
    with pytest.raises(LayoutError, match='shows "Slides", but there is no layout'):
        services.layouts.save_screen_set(
            tid, ScreenSet("S", (Turn("Big clock", 45),), (Turn("Slides", 10),))
        )
    assert services.layouts.layouts(tid).screen_sets == ()
    breaks_only = ScreenSet("Breaks", (Turn("Big clock", 45),), (Turn("Payouts", 10),))
    kept = services.layouts.save_screen_set(tid, breaks_only)
    assert kept.value.previous is None
    assert services.layouts.layouts(tid).screen_sets == (breaks_only,)


def test_a_layout_edit_that_would_hide_a_sets_countdown_is_refused(
    services: Services, tid: int
) -> None:
    services.layouts.save_layout(tid, BIG_CLOCK)
    services.layouts.save_layout(tid, PAYOUTS)
    services.layouts.save_screen_set(tid, ROTATION)
    with pytest.raises(LayoutError, match=r'screen set "Rotation" would break.*no countdown'):
        services.layouts.save_layout(tid, PAYOUTS_ONLY)
    assert services.layouts.layouts(tid).layout("Payouts") == PAYOUTS


def test_each_screen_chooses_its_own_layout_or_screen_set(
    services: Services, other: Services, tid: int
) -> None:
    services.layouts.save_layout(tid, BIG_CLOCK)
    services.layouts.save_layout(tid, PAYOUTS)
    services.layouts.save_screen_set(tid, ROTATION)
    first = services.layouts.choose(tid, "wall", screen_set="rotation")
    assert first.value == ScreenChoice("wall")  # what it showed before, for an undo
    assert first.changes.touches(Change.WALL)
    services.layouts.choose(tid, "second wall", layout="payouts")
    walls = other.layouts.layouts(tid)
    assert walls.choice("wall") == ScreenChoice("wall", screen_set="Rotation")
    assert walls.choice("second wall") == ScreenChoice("second wall", layout="Payouts")
    assert walls.choice("bar") == ScreenChoice("bar")
    back = services.layouts.choose(tid, "wall", layout="Today's wall")
    assert back.value == ScreenChoice("wall", screen_set="Rotation")
    assert services.layouts.layouts(tid).choice("wall") == ScreenChoice("wall")


def test_a_choice_the_wall_cannot_follow_is_refused(services: Services, tid: int) -> None:
    services.layouts.save_layout(tid, BIG_CLOCK)
    services.layouts.save_screen_set(tid, ScreenSet("Only clock", (Turn("Big clock", 30),)))
    services.layouts.choose(tid, "wall", screen_set="Only clock")
    before = _revision(services, tid)
    with pytest.raises(LayoutError, match="not both"):
        services.layouts.choose(tid, "wall", layout="Big clock", screen_set="Only clock")
    with pytest.raises(LayoutError, match='no layout called "Gone"'):
        services.layouts.choose(tid, "wall", layout="Gone")
    with pytest.raises(LayoutError, match='no screen set called "Gone"'):
        services.layouts.choose(tid, "wall", screen_set="Gone")
    with pytest.raises(LayoutError, match="needs a name"):
        services.layouts.choose(tid, "  ", layout="Big clock")
    with pytest.raises(LayoutError, match='screen "wall" shows the screen set'):
        services.layouts.delete_screen_set(tid, "Only clock")
    assert _revision(services, tid) == before
    services.layouts.choose(tid, "wall")
    assert services.layouts.delete_screen_set(tid, "only clock").value.name == "Only clock"
    assert services.layouts.layouts(tid).screen_sets == ()


def test_a_damaged_stored_layout_is_left_out_not_fatal(
    services: Services, engine: Engine, tid: int
) -> None:
    services.layouts.save_layout(tid, BIG_CLOCK)
    with Session(engine) as session, session.begin():
        session.add(WallLayoutRow(tournament_id=tid, name="Broken", body='{"name": 3}'))
    assert _names(services, tid) == [DEFAULT.name, "Big clock"]


def test_what_a_screen_shows_follows_its_choice_and_the_seconds_into_the_level(
    services: Services, tid: int
) -> None:
    services.layouts.save_layout(tid, BIG_CLOCK)
    services.layouts.save_layout(tid, PAYOUTS)
    with_breaks = ScreenSet("Rotation", ROTATION.turns, (Turn("Payouts", 20),))
    services.layouts.save_screen_set(tid, with_breaks)
    services.layouts.choose(tid, "wall", screen_set="Rotation")
    services.layouts.choose(tid, "bar", layout="Payouts")
    walls = services.clock.snapshot(tid).layouts  # the walls read it with the clock
    assert walls == services.layouts.layouts(tid)
    assert [walls.shown("wall", t, on_break=False).name for t in (0, 44, 45, 54, 55)] == [
        "Big clock", "Big clock", "Payouts", "Payouts", "Big clock",
    ]  # fmt: skip
    assert walls.shown("wall", 3, on_break=True).name == "Payouts"
    assert walls.shown("bar", 0, on_break=False) == PAYOUTS
    assert walls.shown("lobby", 0, on_break=False) == DEFAULT
