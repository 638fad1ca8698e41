"""Where clockapp's files are: the shipped resources and the user's data directory.

Resources (sounds, icons, fonts, blind-structure presets) live in the top-level `resources/`
folder of the source tree; the packaged app (PyInstaller) carries the same folder next to its code.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "clockapp"


def resources_dir() -> Path:
    """The folder holding the shipped resources."""
    override = os.environ.get("CLOCKAPP_RESOURCES")
    if override:
        return Path(override)
    bundle = getattr(sys, "_MEIPASS", None)  # set by PyInstaller's bootloader
    if bundle is not None:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    """A file under the resources folder, e.g. `resource_path("sounds", "level.wav")`."""
    return resources_dir().joinpath(*parts)


def user_data_dir() -> Path:
    """The per-user data folder (created on first use); `CLOCKAPP_DATA_DIR` overrides it."""
    override = os.environ.get("CLOCKAPP_DATA_DIR")
    import platformdirs  # only when needed: it is not on the first-frame path of start-up

    default = platformdirs.user_data_dir(APP_NAME, appauthor=False)
    path = Path(override) if override else Path(default)
    path.mkdir(parents=True, exist_ok=True)
    return path
