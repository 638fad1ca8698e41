"""The examples in the poker library's docstrings run and say what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "clockapp.poker",
    "clockapp.poker.cards",
    "clockapp.poker.equity",
    "clockapp.poker.evaluator",
    "clockapp.poker.pots",
    "clockapp.poker.showdown",
    "clockapp.poker.tablegen",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failures == 0
