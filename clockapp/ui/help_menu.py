"""The Help menu's commands and Edit > Preferences: About, the data folder, update checks.

`HelpControls` is the part a station builds with the computer's `UiSettings` and the window its
dialogs belong to. Checking for updates is off until the host turns it on (Preferences, or the
question Help > Check for updates asks), it asks before every connection, and nothing checks on
its own: a machine whose host said no never connects. The check itself runs off the GUI thread
(`clockapp.services.updates`, plain urllib with a timeout) and its answer comes back by a signal.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from html import escape
from importlib.metadata import PackageNotFoundError, metadata
from urllib.parse import urlsplit

from PySide6.QtCore import QObject, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from clockapp import __version__
from clockapp.i18n import gettext as _
from clockapp.paths import user_data_dir
from clockapp.services.updates import LATEST_URL, UpdateCheckError, UpdateInfo, check_for_update
from clockapp.ui.settings import UiSettings

#: Where a problem is reported when the package's metadata names no place.
FALLBACK_ISSUES_URL = "https://github.com/clockapp/clockapp/issues"


def project_urls() -> dict[str, str]:
    """The package's Project-URL entries ("Issues", "Source", ...), from pyproject.toml."""
    try:
        entries = metadata("clockapp").get_all("Project-URL") or []
    except PackageNotFoundError:
        return {}
    return dict((name.strip(), url.strip()) for name, _, url in (e.partition(",") for e in entries))


#: The licence pyproject.toml declares, for metadata written before it had the field (an
#: install from an older checkout); the installed package's own field wins.
DECLARED_LICENCE = "MIT AND OFL-1.1"


def licence_expression() -> str:
    """The licence the package declares (its SPDX expression)."""
    try:
        declared = metadata("clockapp").get_all("License-Expression") or [DECLARED_LICENCE]
    except PackageNotFoundError:
        return DECLARED_LICENCE
    return str(declared[0])


def about_html() -> str:
    """What Help > About says: the version, the licence, where to report a problem."""
    issues = project_urls().get("Issues", FALLBACK_ISSUES_URL)
    return (
        _("<h3>clockapp {version}</h3>").format(version=escape(__version__))
        + _("<p>Run a live poker tournament: blinds clock, cashier, seating and rulings.</p>")
        + _(
            "<p>Licence: {licence} (the app under the MIT licence, the Inter Display fonts "
            "under the SIL Open Font License).</p>"
        ).format(licence=escape(licence_expression()))
        + _(
            "<p>Found a problem? Report it at <a href='{url}'>{url}</a>; the files in the "
            "<i>logs</i> folder (Help &gt; Open the data folder) help find it.</p>"
        ).format(url=escape(issues))
    )


class PreferencesDialog(QDialog):
    """This computer's settings: whether Help > Check for updates may connect."""

    def __init__(self, settings: UiSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self.setWindowTitle(_("Preferences"))
        self.updates_box = QCheckBox(_("Let Help > Check for updates connect to the internet"))
        self.updates_box.setChecked(settings.update_checks)
        host = urlsplit(LATEST_URL).netloc
        note = QLabel(
            _(
                "It asks {host} for the latest version number, only when you choose Check for "
                "updates, and asks you first. Nothing about this computer or its tournaments is "
                "sent."
            ).format(host=host)
        )
        note.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.updates_box)
        layout.addWidget(note)
        layout.addWidget(buttons)

    def accept(self) -> None:
        """Keep the choice on this computer."""
        self._settings.update_checks = self.updates_box.isChecked()
        self._settings.sync()
        super().accept()


class HelpControls(QObject):
    """Help > About, Open the data folder, Check for updates, and Edit > Preferences."""

    #: The update check's answer: an `UpdateInfo`, or the `UpdateCheckError` it ended with.
    update_checked = Signal(object)

    def __init__(
        self,
        settings: UiSettings,
        window: QWidget,
        *,
        url: str = LATEST_URL,
        check: Callable[[str], UpdateInfo] = check_for_update,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._window = window
        self._url = url
        self._check = check
        self.message_box: QMessageBox | None = None
        self.preferences_dialog: PreferencesDialog | None = None
        self.update_checked.connect(self._on_update_checked)

    # ---------------------------------------------------------------- about, folder, preferences
    def about(self) -> QMessageBox:
        """Help > About clockapp (a window that does not block the clock)."""
        return self._show(_("About clockapp"), about_html())

    def open_data_folder(self) -> bool:
        """Help > Open the data folder: the system's file manager on it."""
        folder = user_data_dir()
        opened = QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
        if not opened:
            self._show(
                _("Data folder"),
                _("The data folder is <b>{folder}</b>.").format(folder=escape(str(folder))),
            )
        return bool(opened)

    def preferences(self) -> PreferencesDialog:
        """Edit > Preferences…"""
        self.preferences_dialog = PreferencesDialog(self._settings, self._window)
        self.preferences_dialog.open()
        return self.preferences_dialog

    # ---------------------------------------------------------------- updates
    def check_for_updates(self) -> bool:
        """Help > Check for updates…: ask, then check off the GUI thread; False when not asked
        to connect (the answer arrives later through `update_checked`)."""
        host = urlsplit(self._url).netloc or self._url
        if not self._settings.update_checks:
            allowed = self._ask(
                _("Check for updates"),
                _(
                    "Checking for updates is off on this computer. Turn it on and ask {host} "
                    "for the latest version number now? Nothing else is sent."
                ).format(host=host),
            )
            self._settings.update_checks = allowed  # a "no" stays a no until changed
            self._settings.sync()
        else:
            allowed = self._ask(
                _("Check for updates"),
                _("Ask {host} for the latest version number now?").format(host=host),
            )
        if not allowed:
            return False
        url, check, answered = self._url, self._check, self.update_checked

        def run() -> None:
            try:
                answered.emit(check(url))
            except UpdateCheckError as error:
                answered.emit(error)

        threading.Thread(target=run, name="clockapp-update-check", daemon=True).start()
        return True

    def _on_update_checked(self, result: object) -> None:
        if isinstance(result, UpdateInfo) and result.newer:
            link = escape(result.url) if result.url else ""
            fields = {"latest": escape(result.latest), "current": escape(result.current)}
            text = (
                _("clockapp {latest} is out (this is {current}). <a href='{url}'>{url}</a>")
                if link
                else _("clockapp {latest} is out (this is {current}).")
            )
            self._show(_("Check for updates"), text.format(url=link, **fields))
        elif isinstance(result, UpdateInfo):
            self._show(
                _("Check for updates"),
                _("clockapp {version} is up to date.").format(version=escape(result.current)),
            )
        else:
            self._show(_("Check for updates"), escape(str(result)))

    # ---------------------------------------------------------------- questions (tests replace)
    def _ask(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(
            self._window,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _show(self, title: str, html: str) -> QMessageBox:
        """A message that does not block the clock (the last one is kept for tests)."""
        box = QMessageBox(self._window)
        box.setWindowTitle(title)
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(html)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.message_box = box
        return box
