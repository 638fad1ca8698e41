"""The station's language: our catalogs and Qt's own words (qtbase: OK, Cancel, the file dialog).

Each station keeps its own choice in its `UiSettings` (empty: follow the system). A choice made in
View > Language takes effect for every window opened after it; the windows already open keep
their words until the app restarts (the menu says so).
"""

from __future__ import annotations

import os

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from clockapp.i18n import SOURCE_LANGUAGE, available_languages, set_language, system_language
from clockapp.i18n import gettext as _
from clockapp.ui.settings import UiSettings

#: The object name of the translator this module installs, so a switch replaces it.
QT_TRANSLATOR = "clockapp_qtbase"


def qt_translations_folder() -> str:
    """Where Qt keeps its own catalogs (inside PySide6, and inside the packaged app)."""
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def missing_qt_translations(folder: str | None = None) -> list[str]:
    """The languages the app ships whose qtbase catalog Qt cannot load from `folder` (default:
    Qt's own): their standard dialogs would speak English. `--self-test` reports them."""
    folder = qt_translations_folder() if folder is None else folder
    return [
        lang.code
        for lang in available_languages()
        if lang.code != SOURCE_LANGUAGE and not QTranslator().load(f"qtbase_{lang.code}", folder)
    ]


def install_qt_translations(app: QCoreApplication, code: str) -> bool:
    """Make Qt's standard dialogs speak `code`; False when Qt has no catalog for it (English)."""
    for old in app.findChildren(QTranslator, QT_TRANSLATOR):
        app.removeTranslator(old)
        old.setObjectName("")  # gone from the search at once; deleted by the event loop
        old.deleteLater()
    QLocale.setDefault(QLocale(code))
    if code == SOURCE_LANGUAGE:
        return False
    translator = QTranslator(app)
    translator.setObjectName(QT_TRANSLATOR)
    if not translator.load(f"qtbase_{code}", qt_translations_folder()):
        translator.setObjectName("")
        translator.deleteLater()
        return False
    app.installTranslator(translator)
    return True


def desktop_language() -> str | None:
    """The language the desktop asks for where no LANG-style variable says it (Windows and
    macOS set none): Qt reads the system's own setting. None when the variables decide."""
    if any(os.environ.get(name) for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")):
        return None
    return QLocale.system().name()


def apply_language(app: QCoreApplication, code: str | None) -> str:
    """Switch the app to `code` (None or "": the system's); returns the code in force."""
    chosen = set_language(code or desktop_language())
    install_qt_translations(app, chosen)
    return chosen


class LanguageMenu(QMenu):
    """View > Language: the system's language, then each catalog in its own name."""

    def __init__(self, settings: UiSettings, parent: QWidget | None = None) -> None:
        super().__init__(_("&Language"), parent)
        self.setObjectName("language_menu")
        self._settings = settings
        self._group = QActionGroup(self)
        self._group.setExclusive(True)
        chosen = settings.language or ""
        system = next(
            (lang.name for lang in available_languages() if lang.code == system_language()),
            "English",
        )
        self.actions_by_code: dict[str, QAction] = {}
        choices = [("", _("System ({language})").format(language=system))]
        choices += [(lang.code, lang.name) for lang in available_languages()]
        for code, name in choices:
            action = QAction(name, self)
            action.setCheckable(True)
            action.setChecked(code == chosen)
            action.setData(code)
            self._group.addAction(action)
            self.addAction(action)
            self.actions_by_code[code] = action
        self.addSeparator()
        self.note = QAction(
            _("New windows open in the chosen language; restart to apply it everywhere."), self
        )
        self.note.setEnabled(False)
        self.addAction(self.note)
        self._group.triggered.connect(self._on_group_triggered)

    def _on_group_triggered(self, action: QAction) -> None:
        code = str(action.data() or "")
        self._settings.language = code or None
        self._settings.sync()
        app = QCoreApplication.instance()
        if app is not None:
            apply_language(app, code or None)
