"""Per-machine window settings (geometry, the screen the clock goes to), stored with QSettings.

These belong to the computer, not to the tournament: the projector is screen 2 on this laptop and
not on the cashier's. They live in an INI file in the user data folder (so a test's temporary data
folder isolates them too).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

from clockapp.paths import user_data_dir

SETTINGS_FILE = "ui-settings.ini"


class UiSettings:
    """Typed access to the few UI settings clockapp keeps."""

    def __init__(self, path: Path | None = None) -> None:
        file = path if path is not None else user_data_dir() / SETTINGS_FILE
        self._qsettings = QSettings(str(file), QSettings.Format.IniFormat)

    @property
    def qsettings(self) -> QSettings:
        """The underlying QSettings (for tests and for windows with extra state)."""
        return self._qsettings

    def sync(self) -> None:
        """Write pending changes to disk now."""
        self._qsettings.sync()

    # ---------------------------------------------------------------- geometry

    def save_geometry(self, key: str, widget: QWidget) -> None:
        """Remember a window's position and size under `key`."""
        self._qsettings.setValue(f"geometry/{key}", widget.saveGeometry())

    def restore_geometry(self, key: str, widget: QWidget) -> bool:
        """Put a window back where it was; False when nothing was saved."""
        value = self._qsettings.value(f"geometry/{key}")
        if isinstance(value, QByteArray | bytes):
            geometry = QByteArray(value)
            if not geometry.isEmpty():
                return bool(widget.restoreGeometry(geometry))
        return False

    # ---------------------------------------------------------------- language

    @property
    def language(self) -> str | None:
        """The language this station speaks (`de`, `pt_BR`); None follows the system's."""
        value = self._qsettings.value("ui/language")
        return str(value) if value else None

    @language.setter
    def language(self, code: str | None) -> None:
        if code:
            self._qsettings.setValue("ui/language", code)
        else:
            self._qsettings.remove("ui/language")

    # ---------------------------------------------------------------- display screen

    @property
    def display_screen(self) -> str | None:
        """The name of the screen the clock display goes to, if the director chose one."""
        value = self._qsettings.value("display/screen")
        return str(value) if value else None

    @display_screen.setter
    def display_screen(self, name: str | None) -> None:
        if name:
            self._qsettings.setValue("display/screen", name)
        else:
            self._qsettings.remove("display/screen")

    @property
    def display_fullscreen(self) -> bool:
        """Whether the clock display was fullscreen when the app last closed.

        False until the host asks for it (F, --fullscreen): on a one-screen laptop a clock that
        takes the whole screen unasked hides the director's window.
        """
        return _as_bool(self._qsettings.value("display/fullscreen"), default=False)

    @display_fullscreen.setter
    def display_fullscreen(self, value: bool) -> None:
        self._qsettings.setValue("display/fullscreen", bool(value))

    # ---------------------------------------------------------------- exports

    @property
    def export_folder(self) -> Path | None:
        """The folder the last export was saved to (None before the first)."""
        value = self._qsettings.value("exports/folder")
        return Path(str(value)) if value else None

    @export_folder.setter
    def export_folder(self, folder: Path | None) -> None:
        if folder is not None:
            self._qsettings.setValue("exports/folder", str(folder))
        else:
            self._qsettings.remove("exports/folder")

    # ---------------------------------------------------------------- web view

    @property
    def web_address(self) -> str | None:
        """The LAN address the wall shows for the web view, if the director chose one."""
        value = self._qsettings.value("web/address")
        return str(value) if value else None

    @web_address.setter
    def web_address(self, address: str | None) -> None:
        if address:
            self._qsettings.setValue("web/address", address)
        else:
            self._qsettings.remove("web/address")

    # ---------------------------------------------------------------- update checks

    @property
    def update_checks(self) -> bool:
        """Whether the host allowed Help > Check for updates to connect (off until turned on)."""
        return _as_bool(self._qsettings.value("updates/allowed"), default=False)

    @update_checks.setter
    def update_checks(self, allowed: bool) -> None:
        self._qsettings.setValue("updates/allowed", bool(allowed))

    def screen_for_display(self, index: int | None = None) -> QScreen:
        """The screen for the clock: `index` if given (--screen N), else the remembered one.

        Falls back to the last screen (usually the projector) and then the primary one when the
        remembered screen is not connected today.
        """
        screens = QGuiApplication.screens()
        if index is not None and 0 <= index < len(screens):
            return screens[index]
        remembered = self.display_screen
        for screen in screens:
            if remembered and screen.name() == remembered:
                return screen
        primary = QGuiApplication.primaryScreen()
        return screens[-1] if screens else primary


def _as_bool(value: object, default: bool) -> bool:
    """QSettings' INI backend returns strings: read 'true'/'false' back as booleans.

    >>> _as_bool("false", True), _as_bool("true", False), _as_bool(None, True)
    (False, True, True)
    """
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    return str(value).lower() in ("1", "true", "yes")
