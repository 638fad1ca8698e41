"""Where clockapp's files are: the shipped resources and the user's data directory.

Resources (sounds, icons, fonts, blind-structure presets) ship inside the package, in
`clockapp/resources/`, so an editable install, a wheel installed anywhere and the PyInstaller
bundle all find them the same way: in the package's own folder, where `importlib.resources`
would look (it is imported only for a package that is not on the file system). `resources/` at
the top of the source tree keeps only what is not shipped (the screenshots and the scripts that
make them).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "clockapp"
#: Points the app at another resources folder (a test, a theme under development).
RESOURCES_ENV = "CLOCKAPP_RESOURCES"
#: Points the app at another data folder (the database, settings, backups and logs).
DATA_DIR_ENV = "CLOCKAPP_DATA_DIR"


def resources_dir() -> Path:
    """The folder holding the shipped resources.

    >>> (resources_dir() / "sounds" / "level.wav").is_file()
    True
    """
    override = os.environ.get(RESOURCES_ENV)
    if override:
        return Path(override)
    here = Path(__file__).parent / "resources"
    if here.is_dir():
        # A package on the file system (also inside PyInstaller's bundle): the folder that
        # `importlib.resources` would name, without importing it before the first clock frame.
        return here
    from importlib import resources

    shipped = resources.files(APP_NAME).joinpath("resources")
    if isinstance(shipped, Path):
        return shipped
    # Imported from a zip archive: its resources are not files. This module's own folder is the
    # best guess left (and `--self-test` reports what is missing there).
    return Path(__file__).resolve().parent / "resources"


def resource_path(*parts: str) -> Path:
    """A file under the resources folder, e.g. `resource_path("sounds", "level.wav")`."""
    return resources_dir().joinpath(*parts)


def user_data_dir() -> Path:
    """The per-user data folder (created on first use); `DATA_DIR_ENV` overrides it."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        path = Path(override)
    else:
        import platformdirs  # only when needed: no override names the folder

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
