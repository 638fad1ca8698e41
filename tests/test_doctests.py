"""Run the doctest examples of every module outside the Qt layer: documentation that works."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import clockapp

PACKAGES = ("clockapp.core", "clockapp.poker", "clockapp.persistence", "clockapp.services")
SKIP_PREFIXES = ("clockapp.persistence.migrations",)


def _modules() -> list[str]:
    names = ["clockapp.paths", "clockapp.commands"]
    for package in PACKAGES:
        module = importlib.import_module(package)
        for info in pkgutil.walk_packages(module.__path__, prefix=f"{package}."):
            if not info.name.startswith(SKIP_PREFIXES):
                names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"


def test_the_package_has_a_version() -> None:
    assert clockapp.__version__
