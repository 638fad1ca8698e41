"""The doctest examples of the clock, structure, chips, generator and presets modules run."""

from __future__ import annotations

import doctest
import types

import pytest

from clockapp.core import blinds, chips, clock, generator, presets, structure


@pytest.mark.parametrize("module", [blinds, chips, clock, generator, presets, structure])
def test_doctests(module: types.ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
