"""The evaluator's lookup tables, loaded once from the shipped `data/tables.npz`.

`clockapp.poker.tablegen` explains the tables and rebuilds the file. Arrays are read-only; the
numpy paths use int64 copies of the index tables because `np.take` is fastest with native indexes,
and the one-hand path (`evaluator.strength`) makes plain Python lists of them, because
indexing a list beats indexing an array.
"""

from __future__ import annotations

from importlib import resources
from typing import Final

import numpy as np
import numpy.typing as npt

from clockapp.poker.layout import RANK_BITS, RANK_MASK, SIZES

Int64Array = npt.NDArray[np.int64]


def _load() -> dict[str, npt.NDArray[np.generic]]:
    try:
        with (
            resources.files("clockapp.poker").joinpath("data/tables.npz").open("rb") as file,
            np.load(file, allow_pickle=False) as npz,
        ):
            arrays = {name: npz[name] for name in npz.files}
    except FileNotFoundError:
        # Only while regenerating the file from a checkout that lacks it: build in memory (slow).
        from clockapp.poker.tablegen import build_tables

        arrays = build_tables()
    for array in arrays.values():
        array.flags.writeable = False
    return arrays


def _frozen(array: npt.NDArray[np.generic]) -> Int64Array:
    result = np.ascontiguousarray(array, dtype=np.int64)
    result.flags.writeable = False
    return result


SHIPPED: Final = _load()
"""The arrays exactly as shipped (compared with a fresh build in the tests)."""

CLASS_CATEGORY: Final = SHIPPED["class_category"]
CLASS_RANKS: Final = SHIPPED["class_ranks"]

# numpy paths: int64 everywhere so sums and shifts are ready-made `np.take` indexes.
CARD_KEY: Final = _frozen(SHIPPED["card_key"])
CARD_FLUSH_BITS: Final = _frozen(np.array([1 << (13 * (c & 3) + (c >> 2)) for c in range(52)]))
FLUSH: Final = _frozen(SHIPPED["flush"])
FSUIT: Final = {size: _frozen(SHIPPED["fsuit"][size]) for size in SIZES}
OFFSETS: Final = {size: _frozen(SHIPPED[f"offsets{size}"]) for size in SIZES}
NOFLUSH: Final = {size: _frozen(SHIPPED[f"noflush{size}"]) for size in SIZES}
SHIFT: Final = {size: int(SHIPPED[f"shift{size}"]) for size in SIZES}
FLUSH5: Final = _frozen(SHIPPED["flush5"])

# The one-hand path sums card keys as Python ints.
KEY_LIST: Final[list[int]] = CARD_KEY.tolist()

__all__ = [
    "CARD_FLUSH_BITS",
    "CARD_KEY",
    "CLASS_CATEGORY",
    "CLASS_RANKS",
    "FLUSH",
    "FLUSH5",
    "FSUIT",
    "KEY_LIST",
    "NOFLUSH",
    "OFFSETS",
    "RANK_BITS",
    "RANK_MASK",
    "SHIFT",
    "SHIPPED",
    "SIZES",
]
