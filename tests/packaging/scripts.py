"""The scripts under packaging/, loaded by path.

packaging/ is not a Python package (an importable `packaging` would hide the PyPI library of that
name), so its scripts are loaded from their files.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"


def load(name: str) -> ModuleType:
    """packaging/<name>.py as a module."""
    spec = importlib.util.spec_from_file_location(
        f"clockapp_packaging_{name}", PACKAGING / f"{name}.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
