"""Where clockapp's files are: the shipped resources and the user's data directory.

Resources (sounds, icons, fonts, blind-structure presets) ship inside the package, in
`clockapp/resources/`, so an editable install, a wheel installed anywhere and the PyInstaller
bundle all find them the same way: through `importlib.resources`. `resources/` at the top of the
source tree keeps only what is not shipped (the screenshots and the scripts that make them).
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

APP_NAME = "clockapp"
#: Points the app at another resources folder (a test, a theme under development).
RESOURCES_ENV = "CLOCKAPP_RESOURCES"


def resources_dir() -> Path:
    """The folder holding the shipped resources.

    >>> (resources_dir() / "sounds" / "level.wav").is_file()
    True
    """
    override = os.environ.get(RESOURCES_ENV)
    if override:
        return Path(override)
    shipped = resources.files(APP_NAME).joinpath("resources")
    if isinstance(shipped, Path):  # a package on the file system (also inside PyInstaller's bundle)
        return shipped
    # Imported from a zip archive: its resources are not files. This module's own folder is the
    # best guess left (and `--self-test` reports what is missing there).
    return Path(__file__).resolve().parent / "resources"


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
