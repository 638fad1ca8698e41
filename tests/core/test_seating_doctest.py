"""The doctest examples in the seating, balancing and shootout modules run and hold."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from clockapp.core import balancing, seating, shootout


@pytest.mark.parametrize("module", [seating, balancing, shootout], ids=lambda m: m.__name__)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
