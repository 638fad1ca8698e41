"""The bundle keeps the translations the app loads in the languages it ships, and no others.

The spec hands `trim.prune` the files PyInstaller collected; these tests hand it the real files
of the installed PySide6 and Babel, as the bundle names them, and check that what stays is what
Qt and Babel load for each shipped language.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import babel
from PySide6.QtCore import QLibraryInfo

from clockapp.formats import locale_for
from clockapp.i18n import SOURCE_LANGUAGE, available_languages, locale_dir
from clockapp.ui.language import missing_qt_translations, qt_translations_folder
from tests.packaging.scripts import ROOT, load

trim = load("trim")
SHIPPED = tuple(lang.code for lang in available_languages() if lang.code != SOURCE_LANGUAGE)


def _entries(folder: Path, dest: str) -> list[tuple[str, str, str]]:
    files = sorted(path for path in folder.iterdir() if path.is_file())
    return [(f"{dest}/{path.name}", str(path), "DATA") for path in files]


def test_the_spec_keeps_the_languages_the_app_offers() -> None:
    assert trim.shipped_languages(ROOT / "clockapp" / "locale") == SHIPPED
    assert trim.shipped_languages(locale_dir()) == SHIPPED
    assert set(SHIPPED) >= {"de", "fr", "es", "nl", "pt_BR"}


def test_the_bundle_holds_qtbase_for_each_shipped_language_and_qt_loads_it(
    tmp_path: Path,
) -> None:
    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    kept, gone = trim.prune(
        _entries(folder, "PySide6/Qt/translations"), lambda _src: (), languages=SHIPPED
    )
    assert sorted(Path(dest).name for dest, _src, _kind in kept) == sorted(
        f"qtbase_{code}.qm" for code in SHIPPED
    )
    assert "PySide6/Qt/translations/qt_help_de.qm" in gone
    # The bundle's translations folder, as the spec leaves it: Qt finds every shipped language.
    for _dest, src, _kind in kept:
        shutil.copy(src, tmp_path)
    assert missing_qt_translations(str(tmp_path)) == []


def test_without_qtbase_the_languages_are_reported(tmp_path: Path) -> None:
    assert missing_qt_translations(str(tmp_path)) == list(SHIPPED)
    assert missing_qt_translations() == []  # PySide6's own folder has them all
    assert Path(qt_translations_folder()).is_dir()


def test_the_bundle_holds_babels_data_for_each_shipped_language() -> None:
    folder = Path(babel.__file__).parent / "locale-data"
    kept, gone = trim.prune(
        _entries(folder, "babel/locale-data"), lambda _src: (), languages=SHIPPED
    )
    names = {Path(dest).stem for dest, _src, _kind in kept}
    for code in (SOURCE_LANGUAGE, *SHIPPED):
        locale = locale_for(code)
        # What Babel reads for the locale: its own file, its language's and the root.
        assert {str(locale), locale.language, trim.CLDR_ROOT} <= names, code
    assert "babel/locale-data/ja.dat" in gone
    kept_mb = sum(Path(src).stat().st_size for _dest, src, _kind in kept) / 2**20
    assert kept_mb < 10  # the point: most of CLDR's 35 MB goes
