"""Shipped presets: every file parses, its stack adds up and its chips pay every blind."""

from __future__ import annotations

import itertools
import json

import pytest

from clockapp.core.presets import (
    SHIPPED_PRESETS,
    PresetCategory,
    PresetError,
    parse_preset,
    preset_to_json,
)
from clockapp.core.structure import Level
from clockapp.paths import resource_path


def read(name: str) -> str:
    return resource_path("presets", name).read_text(encoding="utf-8")


def test_every_preset_file_is_listed() -> None:
    on_disk = sorted(p.name for p in resource_path("presets").glob("*.json"))
    assert on_disk == sorted(SHIPPED_PRESETS)


@pytest.mark.parametrize("name", SHIPPED_PRESETS)
def test_shipped_preset_parses_and_validates(name: str) -> None:
    preset = parse_preset(read(name), key=name)
    assert preset.key.replace("-", "_") + ".json" == name
    assert preset.stack.total == preset.starting_stack
    preset.structure.validate_chips(preset.stack.values)
    levels = preset.structure.play_levels()
    for before, after in itertools.pairwise(levels):
        assert before.big_blind <= after.big_blind <= 2 * before.big_blind
    planned = preset.structure.planned_last_level
    assert planned is not None
    assert preset.structure.level_count - planned >= 3
    assert parse_preset(preset_to_json(preset)) == preset


def test_the_classic_home_schedule() -> None:
    preset = parse_preset(read("home_classic_t300.json"))
    assert preset.category is PresetCategory.HOME
    assert preset.stack.parts == ((25, 10), (5, 10))
    blinds = [(lv.small_blind, lv.big_blind) for lv in preset.structure.play_levels()]
    assert blinds[:5] == [(5, 10), (10, 20), (20, 40), (40, 80), (80, 160)]
    assert all(lv.minutes == 20 for lv in preset.structure.play_levels())


def test_turbo_regular_and_deep_cover_t1000_to_t20000() -> None:
    presets = [parse_preset(read(name)) for name in SHIPPED_PRESETS]
    stacks: dict[PresetCategory, set[int]] = {p.category: set() for p in presets}
    for p in presets:
        stacks[p.category].add(p.starting_stack)
    assert min(stacks[PresetCategory.TURBO]) == 1000
    assert max(stacks[PresetCategory.DEEP]) == 20_000
    assert stacks[PresetCategory.REGULAR]
    minutes = {p.category: p.structure.play_levels()[0].minutes for p in presets}
    assert minutes[PresetCategory.TURBO] < minutes[PresetCategory.REGULAR]
    assert minutes[PresetCategory.REGULAR] < minutes[PresetCategory.DEEP]


def edited(mutate: object) -> str:
    data = json.loads(read("turbo_t1000.json"))
    mutate(data)  # type: ignore[operator]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "expected a JSON object"),
        ('{"format": "x"}', "'format' must be 'clockapp-preset'"),
        (edited(lambda d: d.pop("key")), "'key' is missing"),
        (edited(lambda d: d.update(category="slow")), "category 'slow' is not one of"),
        (edited(lambda d: d.update(starting_stack=1500)), "add up to T1,000, not"),
        (edited(lambda d: d["stack"].insert(0, [5, 5])), "list each chip once"),
        (edited(lambda d: d.update(stack=[[1000, 1]])), "uses T1,000, not in the chip set"),
        (edited(lambda d: d["chips"].pop(0)), "stack uses T5"),
        (
            edited(lambda d: d["structure"]["levels"][0].update(small_blind=7)),
            "Item 1 \\(level 1, 7/10\\): the small blind 7 cannot be paid",
        ),
        (
            edited(lambda d: d["structure"]["levels"][0].update(small_blind=70)),
            "Item 1 of 'levels': Level 70/10",
        ),
        (edited(lambda d: d["chips"][0].update(hex="red")), "#RRGGBB"),
    ],
)
def test_broken_presets_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(PresetError, match=message):
        parse_preset(text, key="turbo_t1000.json")


def test_level_type_is_shared() -> None:
    preset = parse_preset(read("regular_t5000.json"))
    assert all(isinstance(lv, Level) for lv in preset.structure.play_levels())
