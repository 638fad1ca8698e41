"""Structures through the services: validation, frozen levels, templates, presets, import/export."""

from __future__ import annotations

import pytest

from clockapp.core.chips import ChipSet
from clockapp.core.structure import Break, Level, Structure
from clockapp.errors import DomainError, ValidationError
from clockapp.services.app import Services
from clockapp.services.changes import Change
from tests.fakes import FakeClock

SIMPLE = Structure(
    "Test",
    (Level(25, 50, minutes=20), Level(50, 100, minutes=20), Break(10), Level(100, 200, minutes=20)),
)


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.structure.replace(t, SIMPLE)
    return t


def test_replace_and_read_back(services: Services, tid: int) -> None:
    assert services.structure.get(tid) == SIMPLE
    edited = SIMPLE.with_levels((*SIMPLE.levels, Level(200, 400, minutes=20)))
    outcome = services.structure.replace(tid, edited)
    assert outcome.changes.touches(Change.STRUCTURE)
    assert services.structure.get(tid) == edited


def test_blinds_the_chips_cannot_make_are_refused(services: Services, tid: int) -> None:
    bad = SIMPLE.with_levels((Level(10, 20, minutes=20),))  # no T5 or T10 chip in the set
    with pytest.raises(DomainError):
        services.structure.replace(tid, bad)
    assert services.structure.get(tid) == SIMPLE


def test_played_levels_are_frozen(services: Services, tid: int, fake_clock: FakeClock) -> None:
    services.clock.start(tid)
    fake_clock.advance(minutes=25)  # in level 2 now
    changed_first = SIMPLE.with_levels((Level(25, 50, minutes=30), *SIMPLE.levels[1:]))
    with pytest.raises(DomainError, match="already been played"):
        services.structure.replace(tid, changed_first)
    longer_current = SIMPLE.with_levels(
        (SIMPLE.levels[0], Level(50, 100, minutes=30), *SIMPLE.levels[2:])
    )
    services.structure.replace(tid, longer_current)
    assert services.structure.get(tid) == longer_current


def test_malformed_csv_names_the_row_and_changes_nothing(services: Services, tid: int) -> None:
    text = services.structure.export_text(tid, "csv")
    lines = text.splitlines()
    lines[2] = lines[2].replace("50", "-50", 1)
    revision = services.tournaments.revision()
    with pytest.raises(ValidationError, match=r"[Rr]ow"):
        services.structure.import_text(tid, "\n".join(lines), "csv")
    assert services.structure.get(tid) == SIMPLE
    assert services.tournaments.revision() == revision


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_export_import_round_trip(services: Services, tid: int, fmt: str) -> None:
    text = services.structure.export_text(tid, fmt)  # type: ignore[arg-type]
    other = services.tournaments.create("Other").value.id
    services.structure.import_text(other, text, fmt)  # type: ignore[arg-type]
    assert services.structure.get(other).levels == SIMPLE.levels


def test_templates(services: Services, tid: int) -> None:
    info = services.structure.save_template("Friday 20 min", SIMPLE).value
    with pytest.raises(ValidationError, match="already exists"):
        services.structure.save_template("Friday 20 min", SIMPLE)
    other = services.tournaments.create("Next week").value.id
    services.structure.apply_template(other, info.id)
    assert services.structure.get(other).levels == SIMPLE.levels
    assert [t.name for t in services.structure.templates()] == ["Friday 20 min"]
    services.structure.delete_template(info.id)
    assert services.structure.templates() == ()


def test_presets_are_listed_and_apply_with_their_chips_and_stack(
    services: Services, tid: int
) -> None:
    names = services.structure.presets()
    assert len(names) >= 4
    for name in names:
        info = services.structure.preset_info(name)
        assert info.structure.level_count >= 5
        outcome = services.structure.apply_preset(tid, name)
        assert outcome.changes.touches(Change.STRUCTURE | Change.CHIPS)
        assert services.structure.get(tid) == info.structure
        assert services.structure.chip_set(tid) == info.chip_set
        assert services.structure.settings(tid).starting_stack == info.starting_stack
    with pytest.raises(ValidationError, match="no preset"):
        services.structure.apply_preset(tid, "nonsense")


def test_chip_set_change_refused_when_a_blind_cannot_be_paid(services: Services, tid: int) -> None:
    with pytest.raises(DomainError):
        services.structure.set_chip_set(tid, ChipSet.standard((100, 500)))
    services.structure.set_chip_set(tid, ChipSet.standard((25, 100, 500, 1000), (100,) * 4))
    assert services.structure.chip_set(tid).owned == (100, 100, 100, 100)


def test_settings(services: Services, tid: int) -> None:
    assert services.structure.update_settings(tid, starting_stack=20_000).value.starting_stack == (
        20_000
    )
    with pytest.raises(ValidationError):
        services.structure.update_settings(tid, starting_stack=0)


def test_breaks_round_trip(services: Services, tid: int) -> None:
    s = services.structure.get(tid)
    assert isinstance(s.levels[2], Break)


@pytest.mark.slow
def test_a_structure_longer_than_any_night_is_refused_and_changes_nothing(
    services: Services, tid: int
) -> None:
    # A million levels were accepted, and every station's first load then took seconds.
    from clockapp.core.structure import MAX_ITEMS
    from tests.dbdump import dump_database

    services.structure.replace(tid, Structure("Long", (Level(25, 50),) * MAX_ITEMS))
    before = dump_database(services.ctx.engine)
    longer = Structure("Longer", (Level(25, 50),) * (MAX_ITEMS + 1))
    with pytest.raises(ValidationError, match="501 levels and breaks; a structure holds at most"):
        services.structure.replace(tid, longer)
    assert dump_database(services.ctx.engine) == before
