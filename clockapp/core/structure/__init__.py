"""Blind structures: levels and breaks, their validation, and CSV/JSON import and export.

A structure is an ordered tuple of items. Every item reads the same way (`small_blind`,
`big_blind`, `ante`, `big_blind_ante`, `minutes`, `game`, `label`, `color_up`, `is_break`), so a
table or a clock can show any of them without asking what it is; a `Break` simply has no blinds.
Levels are numbered 1, 2, ... counting play levels only (breaks have no number).

The generator for directors who do not know where to start lives in `clockapp.core.generator`;
`suggest_structure` is re-exported here, its documented entry point.

>>> s = Structure("Home", (Level(5, 10, minutes=20), Break(10), Level(10, 20, minutes=20)))
>>> [s.level_number(i) for i in range(len(s.levels))]
[1, None, 2]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clockapp.core.lazy import lazy_getattr
from clockapp.core.structure.items import (
    MAX_AMOUNT,
    MAX_ITEMS,
    MAX_MINUTES,
    Break,
    Item,
    Level,
    StructureError,
)
from clockapp.core.structure.json_format import (
    JSON_FORMAT,
    JSON_VERSION,
    item_from_dict,
    item_to_dict,
    structure_from_dict,
    structure_from_json,
    structure_to_dict,
    structure_to_json,
)
from clockapp.core.structure.model import Structure, item_name

if TYPE_CHECKING:  # at run time these come from the module __getattr__ at the bottom
    from clockapp.core.generator import AnteStyle as AnteStyle
    from clockapp.core.generator import SuggestedStructure as SuggestedStructure
    from clockapp.core.generator import suggest_structure as suggest_structure
    from clockapp.core.structure.csv_format import CSV_COLUMNS as CSV_COLUMNS
    from clockapp.core.structure.csv_format import structure_from_csv as structure_from_csv
    from clockapp.core.structure.csv_format import structure_to_csv as structure_to_csv

__all__ = [
    "CSV_COLUMNS",
    "JSON_FORMAT",
    "JSON_VERSION",
    "MAX_AMOUNT",
    "MAX_ITEMS",
    "MAX_MINUTES",
    "AnteStyle",
    "Break",
    "Item",
    "Level",
    "Structure",
    "StructureError",
    "SuggestedStructure",
    "item_from_dict",
    "item_name",
    "item_to_dict",
    "structure_from_csv",
    "structure_from_dict",
    "structure_from_json",
    "structure_to_csv",
    "structure_to_dict",
    "structure_to_json",
    "suggest_structure",
]


#: Names loaded on first use: the generator imports this module (imports stay one-way), and the
#: CSV format (the csv module) is not needed to paint the first clock frame from the cache.
_LAZY = {
    "suggest_structure": "clockapp.core.generator",
    "SuggestedStructure": "clockapp.core.generator",
    "AnteStyle": "clockapp.core.generator",
    "CSV_COLUMNS": "clockapp.core.structure.csv_format",
    "structure_from_csv": "clockapp.core.structure.csv_format",
    "structure_to_csv": "clockapp.core.structure.csv_format",
}


__getattr__ = lazy_getattr(__name__, _LAZY)
