"""`lazy_getattr`: a package's module `__getattr__` that imports a name's module on first use.

A package re-exports names whose modules are heavy or not needed yet (the first clock frame
needs neither the structure's CSV format nor the chip stacks); listing them with the module that
holds each keeps `from package import name` working while `import package` stays light.

>>> getattr_ = lazy_getattr("clockapp.core", {"DomainError": "clockapp.errors"})
>>> getattr_("DomainError").__name__
'DomainError'
>>> getattr_("Nothing")
Traceback (most recent call last):
...
AttributeError: module 'clockapp.core' has no attribute 'Nothing'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_getattr(package: str, modules: Mapping[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` for `package`: each name in `modules` from the module named there.

    Any other name raises the `AttributeError` Python's own lookup would.
    """

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

    return __getattr__
